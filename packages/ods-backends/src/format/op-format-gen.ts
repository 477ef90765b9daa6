// C++ generation for an op's declarative assembly format: the `parse` and `print` methods that
// mlir-tblgen 22 emits from the format elements (see op-format-parser.ts), written into the op
// class model. Fixed C++ snippets are named templates with numbered slots ({0}, {1}, ...).
import type { Class, MethodBody } from '../cpp/class.js';
import { MethodParameter, MethodProp } from '../cpp/class.js';
import type { NamedAttribute } from '../ods/attribute.js';
import type { NamedTypeConstraint } from '../ods/constraint.js';
import type { Operator } from '../ods/operator.js';
import { conditionOf } from '../ods/predicate.js';
import { FmtContext, formatIndexed, tgfmt } from '../fmt.js';
import { EnumAttrModel, canFormatEnumAttr, isUnitAttr, isUnitProp, shouldFormatSymbolNameAttr, typeBuilderOf } from './op-format-model.js';
import { canFormatStringAsKeyword, isKeywordLiteral, literalParserCall, shouldEmitSpaceBefore } from './literals.js';
import { type FormatElement, type OperationFormat, type TypeResolution, collectVariables, parseOpFormat } from './op-format-parser.js';

function fill(template: string, ...args: string[]): string {
  return formatIndexed(template, args, true);
}

// ---------------------------------------------------------------------------------------------
// Parser templates

/** {0}: attribute name, {1}: its type. */
const attrParserCode = `
  if (parser.parseCustomAttributeWithFallback({0}Attr, {1})) {
    return ::mlir::failure();
  }
`;
const genericAttrParserCode = `
  if (parser.parseAttribute({0}Attr, {1}))
    return ::mlir::failure();
`;
const optionalAttrParserCode = `
  ::mlir::OptionalParseResult parseResult{0}Attr =
    parser.parseOptionalAttribute({0}Attr, {1});
  if (parseResult{0}Attr.has_value() && failed(*parseResult{0}Attr))
    return ::mlir::failure();
  if (parseResult{0}Attr.has_value() && succeeded(*parseResult{0}Attr))
`;
const symbolNameAttrParserCode = `
  if (parser.parseSymbolName({0}Attr))
    return ::mlir::failure();
`;
const optionalSymbolNameAttrParserCode = `
  // Parsing an optional symbol name doesn't fail, so no need to check the
  // result.
  (void)parser.parseOptionalSymbolName({0}Attr);
`;
/** {0} name, {1} namespace, {2} symbolize fn, {3} attr builder, {4} keywords, {5} error, {6} assignment. */
const enumAttrParserCode = `
  {
    ::llvm::StringRef attrStr;
    ::mlir::NamedAttrList attrStorage;
    auto loc = parser.getCurrentLocation();
    if (parser.parseOptionalKeyword(&attrStr, {4})) {
      ::mlir::StringAttr attrVal;
      ::mlir::OptionalParseResult parseResult =
        parser.parseOptionalAttribute(attrVal,
                                      parser.getBuilder().getNoneType(),
                                      "{0}", attrStorage);
      if (parseResult.has_value()) {
        if (failed(*parseResult))
          return ::mlir::failure();
        attrStr = attrVal.getValue();
      } else {
        {5}
      }
    }
    if (!attrStr.empty()) {
      auto attrOptional = {1}::{2}(attrStr);
      if (!attrOptional)
        return parser.emitError(loc, "invalid ")
               << "{0} attribute specification: \\"" << attrStr << '"';;

      {0}Attr = {3};
      {6}
    }
  }
`;
const variadicOperandParserCode = `
  {0}OperandsLoc = parser.getCurrentLocation();
  if (parser.parseOperandList({0}Operands))
    return ::mlir::failure();
`;
const optionalOperandParserCode = `
  {
    {0}OperandsLoc = parser.getCurrentLocation();
    ::mlir::OpAsmParser::UnresolvedOperand operand;
    ::mlir::OptionalParseResult parseResult =
                                    parser.parseOptionalOperand(operand);
    if (parseResult.has_value()) {
      if (failed(*parseResult))
        return ::mlir::failure();
      {0}Operands.push_back(operand);
    }
  }
`;
const operandParserCode = `
  {0}OperandsLoc = parser.getCurrentLocation();
  if (parser.parseOperand({0}RawOperand))
    return ::mlir::failure();
`;
const variadicOfVariadicOperandParserCode = `
  {
    {0}OperandsLoc = parser.getCurrentLocation();
    int32_t curSize = 0;
    do {
      if (parser.parseOptionalLParen())
        break;
      if (parser.parseOperandList({0}Operands) || parser.parseRParen())
        return ::mlir::failure();
      {0}OperandGroupSizes.push_back({0}Operands.size() - curSize);
      curSize = {0}Operands.size();
    } while (succeeded(parser.parseOptionalComma()));
  }
`;
const variadicOfVariadicTypeParserCode = `
  do {
    if (parser.parseOptionalLParen())
      break;
    if (parser.parseOptionalRParen() &&
        (parser.parseTypeList({0}Types) || parser.parseRParen()))
      return ::mlir::failure();
  } while (succeeded(parser.parseOptionalComma()));
`;
const variadicTypeParserCode = `
  if (parser.parseTypeList({0}Types))
    return ::mlir::failure();
`;
const optionalTypeParserCode = `
  {
    ::mlir::Type optionalType;
    ::mlir::OptionalParseResult parseResult =
                                    parser.parseOptionalType(optionalType);
    if (parseResult.has_value()) {
      if (failed(*parseResult))
        return ::mlir::failure();
      {0}Types.push_back(optionalType);
    }
  }
`;
/** {0}: C++ type class, {1}: list name. */
const typeParserCode = `
  {
    {0} type;
    if (parser.parseCustomTypeWithFallback(type))
      return ::mlir::failure();
    {1}RawType = type;
  }
`;
const qualifiedTypeParserCode = `
  if (parser.parseType({1}RawType))
    return ::mlir::failure();
`;
const functionalTypeParserCode = `
  ::mlir::FunctionType {0}__{1}_functionType;
  if (parser.parseType({0}__{1}_functionType))
    return ::mlir::failure();
  {0}Types = {0}__{1}_functionType.getInputs();
  {1}Types = {0}__{1}_functionType.getResults();
`;
const inferReturnTypesParserCode = `
  ::llvm::SmallVector<::mlir::Type> inferredReturnTypes;
  if (::mlir::failed({0}::inferReturnTypes(parser.getContext(),
      result.location, result.operands,
      result.attributes.getDictionary(parser.getContext()),
      result.getRawProperties(),
      result.regions, inferredReturnTypes)))
    return ::mlir::failure();
  result.addTypes(inferredReturnTypes);
`;
const regionListParserCode = `
  {
    std::unique_ptr<::mlir::Region> region;
    auto firstRegionResult = parser.parseOptionalRegion(region);
    if (firstRegionResult.has_value()) {
      if (failed(*firstRegionResult))
        return ::mlir::failure();
      {0}Regions.emplace_back(std::move(region));

      // Parse any trailing regions.
      while (succeeded(parser.parseOptionalComma())) {
        region = std::make_unique<::mlir::Region>();
        if (parser.parseRegion(*region))
          return ::mlir::failure();
        {0}Regions.emplace_back(std::move(region));
      }
    }
  }
`;
const regionListEnsureTerminatorParserCode = `
  for (auto &region : {0}Regions)
    ensureTerminator(*region, parser.getBuilder(), result.location);
`;
const regionListEnsureSingleBlockParserCode = `
  for (auto &region : {0}Regions)
    if (region->empty()) region->emplaceBlock();
`;
const optionalRegionParserCode = `
  {
     auto parseResult = parser.parseOptionalRegion(*{0}Region);
     if (parseResult.has_value() && failed(*parseResult))
       return ::mlir::failure();
  }
`;
const regionParserCode = `
  if (parser.parseRegion(*{0}Region))
    return ::mlir::failure();
`;
const regionEnsureTerminatorParserCode = `
  ensureTerminator(*{0}Region, parser.getBuilder(), result.location);
`;
const regionEnsureSingleBlockParserCode = `
  if ({0}Region->empty()) {0}Region->emplaceBlock();
`;
const successorListParserCode = `
  {
    ::mlir::Block *succ;
    auto firstSucc = parser.parseOptionalSuccessor(succ);
    if (firstSucc.has_value()) {
      if (failed(*firstSucc))
        return ::mlir::failure();
      {0}Successors.emplace_back(succ);

      // Parse any trailing successors.
      while (succeeded(parser.parseOptionalComma())) {
        if (parser.parseSuccessor(succ))
          return ::mlir::failure();
        {0}Successors.emplace_back(succ);
      }
    }
  }
`;
const successorParserCode = `
  if (parser.parseSuccessor({0}Successor))
    return ::mlir::failure();
`;
const oilistParserCode = `
  if ({0}Clause) {
    return parser.emitError(parser.getNameLoc())
          << "\`{0}\` clause can appear at most once in the expansion of the "
             "oilist directive";
  }
  {0}Clause = true;
`;

/**
 * A property parsed in place into the op's Properties struct.
 * {0}: property name, {1}: op class, {2}: the property's `parser` body, {3}: its summary.
 */
const propertyParserCode = `
  auto {0}PropLoc = parser.getCurrentLocation();
  auto {0}PropParseResult = [&](auto& propStorage) -> ::mlir::ParseResult {
    {2}
    return ::mlir::success();
  }(result.getOrAddProperties<{1}::Properties>().{0});
  if (failed({0}PropParseResult)) {
    return parser.emitError({0}PropLoc, "invalid value for property {0}, expected {3}");
  }
`;
/**
 * A property anchoring (and starting) an optional group, parsed with its `optionalParser`; the
 * text is followed by the condition opening the group.
 * {0}: property name, {1}: op class, {2}: the property's `optionalParser` body.
 */
const optionalPropertyParserCode = `
  auto {0}PropParseResult = [&](auto& propStorage) -> ::mlir::OptionalParseResult {
    {2}
    return ::mlir::success();
  }(result.getOrAddProperties<{1}::Properties>().{0});
  if ({0}PropParseResult.has_value() && failed(*{0}PropParseResult)) {
    return ::mlir::failure();
  }
if ({0}PropParseResult.has_value() && succeeded(*{0}PropParseResult)) `;

type LengthKind = 'vov' | 'variadic' | 'optional' | 'single';

function lengthKindOf(v: NamedTypeConstraint): LengthKind {
  if (v.isOptional()) return 'optional';
  if (v.isVariadicOfVariadic()) return 'vov';
  if (v.isVariadic()) return 'variadic';
  return 'single';
}

function typeListName(arg: FormatElement): { name: string; kind: LengthKind } {
  if (arg.k === 'operand' || arg.k === 'result') return { name: arg.v.name, kind: lengthKindOf(arg.v) };
  if (arg.k === 'operands') return { name: 'allOperand', kind: 'variadic' };
  return { name: 'allResult', kind: 'variadic' };
}

class FormatGen {
  readonly cls: string;
  /** Whether parsed attributes go to the op's Properties (else to `result.attributes`). */
  readonly useProperties: boolean;
  /** Whether the dialect keeps inherent attributes in Properties: where segment sizes are set. */
  readonly attrsInProperties: boolean;
  constructor(
    readonly op: Operator,
    readonly fmt: OperationFormat,
  ) {
    this.cls = op.getCppClassName();
    this.attrsInProperties = op.getDialect().usePropertiesForAttributes();
    this.useProperties = this.attrsInProperties || op.properties.length > 0;
  }

  // -- parser ----------------------------------------------------------------------------------

  private genStorage(el: FormatElement, body: MethodBody): void {
    switch (el.k) {
      case 'optional': {
        const anchor = el.anchor;
        const elided = anchor !== el.thenElements[0] && isUnitVariable(anchor) ? anchor : undefined;
        for (const c of el.thenElements) if (c !== elided) this.genStorage(c, body);
        for (const c of el.elseElements) this.genStorage(c, body);
        return;
      }
      case 'oilist':
        for (const p of el.parsing) if (!unitAttrParsingElement(p)) for (const c of p) this.genStorage(c, body);
        return;
      case 'custom':
        for (const c of el.args) this.genStorage(c, body);
        return;
      case 'operands':
        body.write('  ::llvm::SmallVector<::mlir::OpAsmParser::UnresolvedOperand, 4> allOperands;\n');
        return;
      case 'regions':
        body.write('  ::llvm::SmallVector<std::unique_ptr<::mlir::Region>, 2> fullRegions;\n');
        return;
      case 'successors':
        body.write('  ::llvm::SmallVector<::mlir::Block *, 2> fullSuccessors;\n');
        return;
      case 'attr':
        body.write(`  ${el.v.attr.getStorageType()} ${el.v.name}Attr;\n`);
        return;
      case 'operand': {
        const name = el.v.name;
        if (el.v.isVariableLength()) {
          body.write(`  ::llvm::SmallVector<::mlir::OpAsmParser::UnresolvedOperand, 4> ${name}Operands;\n`);
          if (el.v.isVariadicOfVariadic()) body.write(`    llvm::SmallVector<int32_t> ${name}OperandGroupSizes;\n`);
        } else
          body.write(
            `  ::mlir::OpAsmParser::UnresolvedOperand ${name}RawOperand{};\n  ::llvm::ArrayRef<::mlir::OpAsmParser::UnresolvedOperand> ${name}Operands(&${name}RawOperand, 1);`,
          );
        body.write(`  ::llvm::SMLoc ${name}OperandsLoc;\n  (void)${name}OperandsLoc;\n`);
        return;
      }
      case 'region':
        if (el.v.isVariadic()) body.write(`  ::llvm::SmallVector<std::unique_ptr<::mlir::Region>, 2> ${el.v.name}Regions;\n`);
        else body.write(`  std::unique_ptr<::mlir::Region> ${el.v.name}Region = std::make_unique<::mlir::Region>();\n`);
        return;
      case 'successor':
        if (el.v.isVariadic()) body.write(`  ::llvm::SmallVector<::mlir::Block *, 2> ${el.v.name}Successors;\n`);
        else body.write(`  ::mlir::Block *${el.v.name}Successor = nullptr;\n`);
        return;
      case 'type': {
        const { name, kind } = typeListName(el.arg);
        if (kind !== 'single') body.write(`  ::llvm::SmallVector<::mlir::Type, 1> ${name}Types;\n`);
        else body.write(`  ::mlir::Type ${name}RawType{};\n  ::llvm::ArrayRef<::mlir::Type> ${name}Types(&${name}RawType, 1);\n`);
        return;
      }
      case 'functional-type':
        body.write(`  ::llvm::ArrayRef<::mlir::Type> ${typeListName(el.inputs).name}Types;\n`);
        body.write(`  ::llvm::ArrayRef<::mlir::Type> ${typeListName(el.results).name}Types;\n`);
        return;
      default:
        return;
    }
  }

  private customParameter(el: FormatElement): string {
    switch (el.k) {
      case 'attr':
        return `${el.v.name}Attr`;
      case 'attr-dict':
        return 'result.attributes';
      case 'prop-dict':
        return 'result';
      case 'operand': {
        const kind = lengthKindOf(el.v);
        const n = el.v.name;
        return kind === 'vov' ? `${n}OperandGroups` : kind === 'variadic' ? `${n}Operands` : kind === 'optional' ? `${n}Operand` : `${n}RawOperand`;
      }
      case 'region':
        return el.v.isVariadic() ? `${el.v.name}Regions` : `*${el.v.name}Region`;
      case 'successor':
        return el.v.isVariadic() ? `${el.v.name}Successors` : `${el.v.name}Successor`;
      case 'ref':
        return this.customParameter(el.arg);
      case 'type': {
        const { name, kind } = typeListName(el.arg);
        return kind === 'vov' ? `${name}TypeGroups` : kind === 'variadic' ? `${name}Types` : kind === 'optional' ? `${name}Type` : `${name}RawType`;
      }
      case 'string':
        return tgfmt(el.value, new FmtContext().withBuilder('parser.getBuilder()').addSubst('_ctxt', 'parser.getContext()'));
      case 'property':
        return `result.getOrAddProperties<Properties>().${el.v.name}`;
      default:
        return '';
    }
  }

  private genCustomParser(dir: Extract<FormatElement, { k: 'custom' }>, body: MethodBody, isOptional: boolean): void {
    body.write('  {\n');
    for (const p of dir.args) {
      if (p.k === 'operand') {
        const v = p.v;
        body.write(`    ${v.name}OperandsLoc = parser.getCurrentLocation();\n`);
        if (v.isOptional()) body.write(`    ::std::optional<::mlir::OpAsmParser::UnresolvedOperand> ${v.name}Operand;\n`);
        else if (v.isVariadicOfVariadic())
          body.write(`    ::llvm::SmallVector<::llvm::SmallVector<::mlir::OpAsmParser::UnresolvedOperand>> ${v.name}OperandGroups;\n`);
      } else if (p.k === 'type') {
        const { name, kind } = typeListName(p.arg);
        if (kind === 'optional') body.write(`    ::mlir::Type ${name}Type;\n`);
        else if (kind === 'vov') body.write(`    ::llvm::SmallVector<llvm::SmallVector<::mlir::Type>> ${name}TypeGroups;\n`);
      } else if (p.k === 'ref') {
        const input = p.arg;
        if (input.k === 'operand') {
          if (!input.v.isOptional()) continue;
          const t = '::std::optional<::mlir::OpAsmParser::UnresolvedOperand>';
          body.write(`    ${t} ${input.v.name}Operand = ${input.v.name}Operands.empty() ? ${t}() : ${input.v.name}Operands[0];\n`);
        } else if (input.k === 'type') {
          const { name, kind } = typeListName(input.arg);
          if (kind === 'optional') body.write(`    ::mlir::Type ${name}Type = ${name}Types.empty() ? ::mlir::Type() : ${name}Types[0];\n`);
        }
      }
    }
    body.write(`    auto odsResult = parse${dir.name}(parser`);
    for (const p of dir.args) body.write(', ' + this.customParameter(p));
    body.write(');\n');
    if (isOptional) body.write('    if (!odsResult.has_value()) return {};\n    if (::mlir::failed(*odsResult)) return ::mlir::failure();\n');
    else body.write('    if (odsResult) return ::mlir::failure();\n');
    for (const p of dir.args) {
      if (p.k === 'attr') {
        const v = p.v;
        if (v.attr.isOptional() || v.attr.hasDefaultValue()) body.write(`    if (${v.name}Attr)\n  `);
        body.write(
          this.useProperties
            ? `    result.getOrAddProperties<${this.cls}::Properties>().${v.name} = ${v.name}Attr;\n`
            : `    result.addAttribute("${v.name}", ${v.name}Attr);\n`,
        );
      } else if (p.k === 'operand') {
        const v = p.v;
        if (v.isOptional()) body.write(`    if (${v.name}Operand.has_value())\n      ${v.name}Operands.push_back(*${v.name}Operand);\n`);
        else if (v.isVariadicOfVariadic())
          body.write(
            `    for (const auto &subRange : ${v.name}OperandGroups) {\n      ${v.name}Operands.append(subRange.begin(), subRange.end());\n      ${v.name}OperandGroupSizes.push_back(subRange.size());\n    }\n`,
          );
      } else if (p.k === 'type') {
        const { name, kind } = typeListName(p.arg);
        if (kind === 'optional') body.write(`    if (${name}Type)\n      ${name}Types.push_back(${name}Type);\n`);
        else if (kind === 'vov') body.write(`    for (const auto &subRange : ${name}TypeGroups)\n      ${name}Types.append(subRange.begin(), subRange.end());\n`);
      }
    }
    body.write('  }\n');
  }

  /**
   * Sets an elided unit attribute or property when its optional group or oilist clause is present
   * (an oilist clause's attribute kept in the dictionary is written otherwise, in its caller).
   */
  private unitAssignment(el: UnitVariable): string {
    const value = el.k === 'attr' ? 'parser.getBuilder().getUnitAttr()' : 'true';
    if (el.k === 'attr' && !this.useProperties) return `    result.addAttribute("${el.v.name}", ${value});\n`;
    return `    result.getOrAddProperties<${this.cls}::Properties>().${el.v.name} = ${value};`;
  }

  /** A property's parser or printer code with its substitutions. */
  private propertyCode(code: string, ctxt: 'parser' | 'printer', storage = 'propStorage'): string {
    const ctx = new FmtContext();
    if (ctxt === 'parser') ctx.addSubst('_parser', 'parser').addSubst('_ctxt', 'parser.getContext()');
    else ctx.addSubst('_printer', '_odsPrinter').addSubst('_ctxt', 'getContext()');
    return tgfmt(code, ctx.addSubst('_storage', storage));
  }

  private genEnumAttrParser(v: NamedAttribute, body: MethodBody, attrTypeCtx: FmtContext, parseAsOptional: boolean): void {
    const e = EnumAttrModel.of(v.attr)!;
    const cases = e.getAllCases();
    const builder = tgfmt(e.getConstBuilderTemplate(), attrTypeCtx, '*attrOptional');
    let keywords = '{';
    for (const c of cases) if (canFormatStringAsKeyword(c.str)) keywords += `"${c.str}",`;
    keywords = keywords.slice(0, -1) + '}';
    let error = '';
    if (!parseAsOptional)
      error = `return parser.emitError(loc, "expected string or keyword containing one of the following enum values for attribute '${v.name}' [${cases.map((c) => c.str).join(', ')}]");`;
    const assign = this.useProperties
      ? `  result.getOrAddProperties<${this.cls}::Properties>().${v.name} = ${v.name}Attr;`
      : `result.addAttribute("${v.name}", ${v.name}Attr);`;
    body.write(fill(enumAttrParserCode, v.name, e.getCppNamespace(), e.getStringToSymbolFnName(), builder, keywords, error, assign));
  }

  private genAttrParser(el: Extract<FormatElement, { k: 'attr' }>, body: MethodBody, attrTypeCtx: FmtContext, parseAsOptional: boolean): void {
    const v = el.v;
    if (canFormatEnumAttr(v.attr)) {
      this.genEnumAttrParser(v, body, attrTypeCtx, parseAsOptional);
      return;
    }
    if (shouldFormatSymbolNameAttr(v.attr)) body.write(fill(parseAsOptional ? optionalSymbolNameAttrParserCode : symbolNameAttrParserCode, v.name));
    else {
      const tb = typeBuilderOf(v.attr);
      const typeStr = tb !== undefined ? tgfmt(tb, attrTypeCtx) : '::mlir::Type{}';
      if (parseAsOptional) body.write(fill(optionalAttrParserCode, v.name, typeStr));
      else if (el.qualified || v.attr.getStorageType() === '::mlir::Attribute') body.write(fill(genericAttrParserCode, v.name, typeStr));
      else body.write(fill(attrParserCode, v.name, typeStr));
    }
    body.write(
      this.useProperties
        ? `  if (${v.name}Attr) result.getOrAddProperties<${this.cls}::Properties>().${v.name} = ${v.name}Attr;\n`
        : `  if (${v.name}Attr) result.attributes.append("${v.name}", ${v.name}Attr);\n`,
    );
  }

  private genElementParser(el: FormatElement, body: MethodBody, attrTypeCtx: FmtContext, inOptional = false): void {
    const fmt = this.fmt;
    switch (el.k) {
      case 'optional': {
        const genParsers = (first: FormatElement, elements: readonly FormatElement[], thenGroup: boolean): void => {
          let elided: FormatElement | undefined;
          const anchor = el.anchor;
          if (anchor !== first && isUnitVariable(anchor)) {
            elided = anchor;
            if (!thenGroup === el.inverted) body.write(this.unitAssignment(anchor));
          }
          for (const c of elements) if (c !== elided) this.genElementParser(c, body, attrTypeCtx, true);
        };
        const thenElements = el.thenElements.slice(el.thenParseStart);
        const first = thenElements[0]!;
        if (first.k === 'attr') {
          this.genAttrParser(first, body, attrTypeCtx, true);
          body.write(`  if (${first.v.name}Attr) {\n`);
        } else if (first.k === 'literal') {
          body.write(`  if (::mlir::succeeded(parser.parseOptional${literalParserCall(first.value)})) {\n`);
        } else if (first.k === 'operand') {
          this.genElementParser(first, body, attrTypeCtx);
          body.write(`  if (!${first.v.name}Operands.empty()) {\n`);
        } else if (first.k === 'region') {
          const r = first.v;
          if (r.isVariadic()) {
            this.genElementParser(first, body, attrTypeCtx);
            body.write(`  if (!${r.name}Regions.empty()) {\n`);
          } else {
            body.write(fill(optionalRegionParserCode, r.name));
            body.write(`  if (!${r.name}Region->empty()) {\n  `);
            if (fmt.hasImplicitTermTrait) body.write(fill(regionEnsureTerminatorParserCode, r.name));
            else if (fmt.hasSingleBlockTrait) body.write(fill(regionEnsureSingleBlockParserCode, r.name));
          }
        } else if (first.k === 'property') {
          body.write(fill(optionalPropertyParserCode, first.v.name, this.cls, this.propertyCode(first.v.prop.fields.optionalParserCall, 'parser')));
          body.write(' {\n');
        } else if (first.k === 'custom') {
          body.write('  if (auto optResult = [&]() -> ::mlir::OptionalParseResult {\n');
          this.genCustomParser(first, body, true);
          body.write('    return ::mlir::success();\n  }(); optResult.has_value() && ::mlir::failed(*optResult)) {\n    return ::mlir::failure();\n  } else if (optResult.has_value()) {\n');
        }
        genParsers(first, thenElements.slice(1), true);
        body.write('  }');
        if (el.elseElements.length > 0) {
          body.write(' else {\n');
          const elseElements = el.elseElements.slice(el.elseParseStart);
          genParsers(elseElements[0]!, elseElements, false);
          body.write('  }');
        }
        body.write('\n');
        return;
      }
      case 'oilist': {
        for (const l of el.literals) if (l.k === 'literal') body.write(`  bool ${l.value}Clause = false;\n`);
        body.write('  while(true) {\n');
        el.literals.forEach((l, i) => {
          if (l.k !== 'literal') return;
          const p = el.parsing[i]!;
          body.write(`if (succeeded(parser.parseOptional${literalParserCall(l.value)})) {\n`);
          body.write(fill(oilistParserCode, l.value));
          const unit = unitAttrParsingElement(p);
          if (unit) body.write(unit.k === 'attr' && !this.useProperties ? `  result.addAttribute("${unit.v.name}", UnitAttr::get(parser.getContext()));\n` : this.unitAssignment(unit));
          else for (const c of p) this.genElementParser(c, body, attrTypeCtx);
          body.write('    } else ');
        });
        body.write(' {\n    break;\n  }\n}\n');
        return;
      }
      case 'literal':
        body.write(`  if (parser.parse${literalParserCall(el.value)})\n    return ::mlir::failure();\n`);
        return;
      case 'space':
        return;
      case 'attr':
        this.genAttrParser(el, body, attrTypeCtx, !inOptional && el.v.attr.isOptional());
        return;
      case 'property': {
        const f = el.v.prop.fields;
        body.write(fill(propertyParserCode, el.v.name, this.cls, this.propertyCode(f.parserCall, 'parser'), f.summary));
        return;
      }
      case 'operand': {
        const kind = lengthKindOf(el.v);
        const name = el.v.name;
        const t =
          kind === 'vov' ? variadicOfVariadicOperandParserCode : kind === 'variadic' ? variadicOperandParserCode : kind === 'optional' ? optionalOperandParserCode : operandParserCode;
        body.write(fill(t, name, el.v.constraint.isVariadicOfVariadic() ? el.v.constraint.getVariadicOfVariadicSegmentSizeAttr() : ''));
        return;
      }
      case 'region': {
        const variadic = el.v.isVariadic();
        body.write(fill(variadic ? regionListParserCode : regionParserCode, el.v.name));
        if (fmt.hasImplicitTermTrait) body.write(fill(variadic ? regionListEnsureTerminatorParserCode : regionEnsureTerminatorParserCode, el.v.name));
        else if (fmt.hasSingleBlockTrait) body.write(fill(variadic ? regionListEnsureSingleBlockParserCode : regionEnsureSingleBlockParserCode, el.v.name));
        return;
      }
      case 'successor':
        body.write(fill(el.v.isVariadic() ? successorListParserCode : successorParserCode, el.v.name));
        return;
      case 'attr-dict':
        body.indent().write('{\n');
        body.indent().write('auto loc = parser.getCurrentLocation();(void)loc;\n');
        body.write(`if (parser.parseOptionalAttrDict${el.withKeyword ? 'WithKeyword' : ''}(result.attributes))\n  return ::mlir::failure();\n`);
        if (this.useProperties) {
          body.write('if (failed(verifyInherentAttrs(result.name, result.attributes, [&]() {\n');
          body.write('    return parser.emitError(loc) << "\'" << result.name.getStringRef() << "\' op ";\n');
          body.write('  })))\n  return ::mlir::failure();\n');
        }
        body.unindent().write('}\n');
        body.unindent();
        return;
      case 'prop-dict':
        // An op without Properties parses nothing here (the reference's behaviour).
        if (this.useProperties) body.write('  if (parseProperties(parser, result))\n    return ::mlir::failure();\n');
        return;
      case 'custom':
        this.genCustomParser(el, body, false);
        return;
      case 'operands':
        body.write('  [[maybe_unused]] ::llvm::SMLoc allOperandLoc = parser.getCurrentLocation();\n  if (parser.parseOperandList(allOperands))\n    return ::mlir::failure();\n');
        return;
      case 'regions':
        body.write(fill(regionListParserCode, 'full'));
        if (fmt.hasImplicitTermTrait) body.write(fill(regionListEnsureTerminatorParserCode, 'full'));
        else if (fmt.hasSingleBlockTrait) body.write(fill(regionListEnsureSingleBlockParserCode, 'full'));
        return;
      case 'successors':
        body.write(fill(successorListParserCode, 'full'));
        return;
      case 'type': {
        const { name, kind } = typeListName(el.arg);
        if (kind === 'vov') body.write(fill(variadicOfVariadicTypeParserCode, name));
        else if (kind === 'variadic') body.write(fill(variadicTypeParserCode, name));
        else if (kind === 'optional') body.write(fill(optionalTypeParserCode, name));
        else {
          const code = el.qualified ? qualifiedTypeParserCode : typeParserCode;
          const cpp = el.arg.k === 'operand' || el.arg.k === 'result' ? el.arg.v.constraint.getCppType() : '::mlir::Type';
          body.write(fill(code, cpp, name));
        }
        return;
      }
      case 'functional-type':
        body.write(fill(functionalTypeParserCode, typeListName(el.inputs).name, typeListName(el.results).name));
        return;
      default:
        return;
    }
  }

  private typeResolver(res: TypeResolution, curVar: string): string {
    if (res.builderIdx !== undefined) return `odsBuildableType${res.builderIdx}`;
    if (res.variable) {
      const v = res.variable;
      if (res.transformer !== undefined) {
        const ctx = new FmtContext().addSubst('_ctxt', 'parser.getContext()').withSelf(v.isVariadic() ? `${v.name}Types` : `${v.name}Types[0]`);
        return tgfmt(res.transformer, ctx);
      }
      return `${v.name}Types` + (v.isVariadic() ? '' : '[0]');
    }
    if (res.attribute) {
      const a = res.attribute;
      if (res.transformer !== undefined) return tgfmt(res.transformer, new FmtContext().withSelf(`${a.name}Attr.getType()`));
      return `${a.name}Attr.getType()`;
    }
    return `${curVar}Types`;
  }

  private genTypeResolution(body: MethodBody): void {
    const op = this.op;
    const fmt = this.fmt;
    const verified = new Set<NamedTypeConstraint>();
    const verifierCtx = new FmtContext();
    for (const r of [...fmt.resultTypes, ...fmt.operandTypes]) {
      if (r.transformer === undefined) continue;
      const v = r.variable;
      if (!v || verified.has(v)) continue;
      verified.add(v);
      body.write(`  for (::mlir::Type type : ${v.name}Types) {\n    (void)type;\n    if (!(`);
      body.write(tgfmt(conditionOf(v.constraint.def), verifierCtx.withSelf('type')));
      body.write(`)) {\n      return parser.emitError(parser.getNameLoc()) << "'${v.name}' must be ${v.constraint.def.getValueAsOptionalString('summary') ?? v.constraint.def.getName()}, but got " << type;\n    }\n  }\n`);
    }
    if (fmt.buildableTypes.size > 0) {
      const ctx = new FmtContext().withBuilder('parser.getBuilder()');
      for (const [b, i] of fmt.buildableTypes) body.write(`  ::mlir::Type odsBuildableType${i} = ${tgfmt(b, ctx)};\n`);
    }
    if (!fmt.infersResultTypes) {
      if (fmt.allResultTypes) body.write('  result.addTypes(allResultTypes);\n');
      else op.results.forEach((r, i) => body.write(`  result.addTypes(${this.typeResolver(fmt.resultTypes[i]!, r.name)});\n`));
    }
    this.genOperandTypeResolution(body);
    if (fmt.infersResultTypes) body.write(fill(inferReturnTypesParserCode, op.getCppClassName()));
  }

  private genOperandTypeResolution(body: MethodBody): void {
    const op = this.op;
    const fmt = this.fmt;
    if (op.getNumOperands() === 0) return;
    if (fmt.allOperandTypes) {
      if (fmt.allOperands) {
        body.write('  if (parser.resolveOperands(allOperands, allOperandTypes, allOperandLoc, result.operands))\n    return ::mlir::failure();\n');
        return;
      }
      body.write('  if (parser.resolveOperands(');
      if (op.getNumOperands() > 1)
        body.write(`::llvm::concat<const ::mlir::OpAsmParser::UnresolvedOperand>(${op.operands.map((o) => `${o.name}Operands`).join(', ')})`);
      else body.write(`${op.operands[0]!.name}Operands`);
      body.write(', allOperandTypes, parser.getNameLoc(), result.operands))\n    return ::mlir::failure();\n');
      return;
    }
    if (fmt.allOperands) {
      body.write('  if (parser.resolveOperands(allOperands, ');
      if (op.getNumOperands() > 1)
        body.write(
          `::llvm::concat<const ::mlir::Type>(${op.operands.map((o, i) => `::llvm::ArrayRef<::mlir::Type>(${this.typeResolver(fmt.operandTypes[i]!, o.name)})`).join(', ')})`,
        );
      else body.write(this.typeResolver(fmt.operandTypes[0]!, op.operands[0]!.name));
      body.write(', allOperandLoc, result.operands))\n    return ::mlir::failure();\n');
      return;
    }
    op.operands.forEach((o, i) => {
      body.write(`  if (parser.resolveOperands(${o.name}Operands, ${this.typeResolver(fmt.operandTypes[i]!, o.name)}, ${o.name}OperandsLoc, result.operands))\n    return ::mlir::failure();\n`);
    });
  }

  private genRegionResolution(body: MethodBody): void {
    if (this.fmt.elements.some((e) => e.k === 'regions')) {
      body.write('  result.addRegions(fullRegions);\n');
      return;
    }
    for (const r of this.op.regions)
      body.write(r.isVariadic() ? `  result.addRegions(${r.name}Regions);\n` : `  result.addRegion(std::move(${r.name}Region));\n`);
  }

  private genSuccessorResolution(body: MethodBody): void {
    if (this.fmt.elements.some((e) => e.k === 'successors')) {
      body.write('  result.addSuccessors(fullSuccessors);\n');
      return;
    }
    for (const s of this.op.successors) body.write(`  result.addSuccessors(${s.name}${s.isVariadic() ? 'Successors' : 'Successor'});\n`);
  }

  private genVariadicSegmentResolution(body: MethodBody): void {
    const op = this.op;
    const fmt = this.fmt;
    if (!fmt.allOperands) {
      if (op.getTrait('::mlir::OpTrait::AttrSizedOperandSegments')) {
        const sizes = op.operands.map((o) => (o.isVariableLength() ? `static_cast<int32_t>(${o.name}Operands.size())` : '1')).join(', ');
        body.write(
          this.attrsInProperties
            ? `::llvm::copy(::llvm::ArrayRef<int32_t>({${sizes}}), result.getOrAddProperties<${this.cls}::Properties>().operandSegmentSizes.begin());\n`
            : `  result.addAttribute("operandSegmentSizes", parser.getBuilder().getDenseI32ArrayAttr({${sizes}}));\n`,
        );
      }
      for (const o of op.operands) {
        if (!o.isVariadicOfVariadic()) continue;
        const segAttr = o.constraint.getVariadicOfVariadicSegmentSizeAttr();
        const value = `parser.getBuilder().getDenseI32ArrayAttr(${o.name}OperandGroupSizes)`;
        body.write(
          this.attrsInProperties
            ? `  result.getOrAddProperties<${this.cls}::Properties>().${segAttr} = ${value};\n`
            : `  result.addAttribute("${segAttr}", ${value});\n`,
        );
      }
    }
    if (!fmt.allResultTypes && op.getTrait('::mlir::OpTrait::AttrSizedResultSegments')) {
      const sizes = op.results.map((r) => (r.isVariableLength() ? `static_cast<int32_t>(${r.name}Types.size())` : '1')).join(', ');
      body.write(
        this.attrsInProperties
          ? `::llvm::copy(::llvm::ArrayRef<int32_t>({${sizes}}), result.getOrAddProperties<${this.cls}::Properties>().resultSegmentSizes.begin());\n`
          : `  result.addAttribute("resultSegmentSizes", parser.getBuilder().getDenseI32ArrayAttr({${sizes}}));\n`,
      );
    }
  }

  genParser(cls: Class): void {
    const m = cls.addStaticMethod('::mlir::ParseResult', 'parse', [
      new MethodParameter('::mlir::OpAsmParser &', 'parser'),
      new MethodParameter('::mlir::OperationState &', 'result'),
    ]);
    if (!m) return;
    const body = m.body;
    for (const el of this.fmt.elements) this.genStorage(el, body);
    const attrTypeCtx = new FmtContext().withBuilder('parser.getBuilder()');
    for (const el of this.fmt.elements) this.genElementParser(el, body, attrTypeCtx);
    this.genRegionResolution(body);
    this.genSuccessorResolution(body);
    this.genVariadicSegmentResolution(body);
    this.genTypeResolution(body);
    body.write('  return ::mlir::success();\n');
  }

  // -- printer ---------------------------------------------------------------------------------

  private shouldEmitSpace = true;
  private lastWasPunctuation = false;

  private genLiteralPrinter(value: string, body: MethodBody): void {
    body.write('  _odsPrinter');
    if (this.shouldEmitSpace && shouldEmitSpaceBefore(value, this.lastWasPunctuation)) body.write(" << ' '");
    body.write(` << "${value}";\n`);
    this.shouldEmitSpace = value.length !== 1 || !'<({['.includes(value[0]!);
    this.lastWasPunctuation = !isKeywordLiteral(value);
  }

  /**
   * The elided names (`elidedAttrs` / `elidedProps`): segment sizes, inferred attributes, the
   * properties (`elidedProps` only) and attributes the format binds, attributes at their default
   * value, then (`elidedProps` only) properties at their default value.
   */
  private genElisions(body: MethodBody, list: 'elidedAttrs' | 'elidedProps'): void {
    const op = this.op;
    const fmt = this.fmt;
    body.write(`  ::llvm::SmallVector<::llvm::StringRef, 2> ${list};\n`);
    if (!fmt.allOperands && op.getTrait('::mlir::OpTrait::AttrSizedOperandSegments')) body.write(`  ${list}.push_back("operandSegmentSizes");\n`);
    if (!fmt.allResultTypes && op.getTrait('::mlir::OpTrait::AttrSizedResultSegments')) body.write(`  ${list}.push_back("resultSegmentSizes");\n`);
    for (const k of [...fmt.inferredAttributes].sort()) body.write(`  ${list}.push_back("${k}");\n`);
    if (list === 'elidedProps') for (const p of fmt.usedProperties) body.write(`  ${list}.push_back("${p.name}");\n`);
    for (const a of fmt.usedAttributes) body.write(`  ${list}.push_back("${a.name}");\n`);
    for (const na of op.attributes) {
      const a = na.attr;
      if (a.isDerivedAttr() || !a.hasDefaultValue()) continue;
      const dv = tgfmt(a.getConstBuilderTemplate(), new FmtContext().withBuilder('odsBuilder'), a.getDefaultValue());
      body.write('  {\n');
      body.write('     ::mlir::Builder odsBuilder(getContext());\n');
      body.write(`     ::mlir::Attribute attr = ${op.getGetterName(na.name)}Attr();\n`);
      body.write(`     if(attr && (attr == ${dv}))\n`);
      body.write(`       ${list}.push_back("${na.name}");\n`);
      body.write('  }\n');
    }
    if (list !== 'elidedProps') return;
    for (const { name, prop } of op.properties) {
      if (!prop.hasDefaultValue()) continue;
      body.write(`  if (${op.getGetterName(name)}() == ${prop.getDefaultValue()}) {    ${list}.push_back("${name}");\n  }\n`);
    }
  }

  private genAttrDictPrinter(body: MethodBody, withKeyword: boolean): void {
    this.genElisions(body, 'elidedAttrs');
    const attrs = this.fmt.hasPropDict ? 'llvm::to_vector((*this)->getDiscardableAttrs())' : '(*this)->getAttrs()';
    body.write(`  _odsPrinter.printOptionalAttrDict${withKeyword ? 'WithKeyword' : ''}(${attrs}, elidedAttrs);\n`);
  }

  private customParamPrinter(el: FormatElement): string {
    const op = this.op;
    switch (el.k) {
      case 'attr':
        return `${op.getGetterName(el.v.name)}Attr()`;
      case 'attr-dict':
        return 'getOperation()->getAttrDictionary()';
      case 'prop-dict':
        return 'getProperties()';
      case 'operand':
      case 'region':
      case 'successor':
        return `${op.getGetterName(el.v.name)}()`;
      case 'ref':
        return this.customParamPrinter(el.arg);
      case 'type': {
        const arg = el.arg;
        if (arg.k !== 'operand' && arg.k !== 'result') return '';
        const v = arg.v;
        const name = op.getGetterName(v.name);
        if (v.isVariadic()) return `${name}().getTypes()`;
        if (v.isOptional()) return `(${name}() ? ${name}().getType() : ::mlir::Type())`;
        return `${name}().getType()`;
      }
      case 'string':
        return tgfmt(el.value, new FmtContext().withBuilder('::mlir::Builder(getContext())').addSubst('_ctxt', 'getContext()'));
      case 'property':
        return tgfmt(el.v.prop.fields.convertFromStorageCall, new FmtContext().addSubst('_ctxt', 'getContext()').addSubst('_storage', `getProperties().${el.v.name}`));
      default:
        return '';
    }
  }

  private regionPrinter(name: string): string {
    if (this.fmt.hasImplicitTermTrait)
      return `
  {
    bool printTerminator = true;
    if (auto *term = ${name}.empty() ? nullptr : ${name}.begin()->getTerminator()) {
      printTerminator = !term->getAttrDictionary().empty() ||
                        term->getNumOperands() != 0 ||
                        term->getNumResults() != 0;
    }
    _odsPrinter.printRegion(${name}, /*printEntryBlockArgs=*/true,
      /*printBlockTerminators=*/printTerminator);
  }
`;
    return `  _odsPrinter.printRegion(${name});\n`;
  }

  private variadicRegionPrinter(list: string): string {
    return `    llvm::interleaveComma(${list}, _odsPrinter, [&](::mlir::Region &region) {\n      ${this.regionPrinter('region')}    });\n`;
  }

  private typeOperandPrinter(arg: FormatElement, useArrayRef = true): string {
    const op = this.op;
    if (arg.k === 'operands') return 'getOperation()->getOperandTypes()';
    if (arg.k === 'results') return 'getOperation()->getResultTypes()';
    if (arg.k !== 'operand' && arg.k !== 'result') return '';
    const v = arg.v;
    const name = op.getGetterName(v.name);
    if (v.isVariadicOfVariadic()) return `${name}().join().getTypes()`;
    if (v.isVariadic()) return `${name}().getTypes()`;
    if (v.isOptional()) return `(${name}() ? ::llvm::ArrayRef<::mlir::Type>(${name}().getType()) : ::llvm::ArrayRef<::mlir::Type>())`;
    if (useArrayRef) return `::llvm::ArrayRef<::mlir::Type>(${name}().getType())`;
    return `${name}().getType()`;
  }

  private genEnumAttrPrinter(v: NamedAttribute, body: MethodBody): void {
    const e = EnumAttrModel.of(v.attr)!;
    const cases = e.getAllCases();
    body.write(`
  {
    auto caseValue = ${(v.attr.isOptional() ? '*' : '') + this.op.getGetterName(v.name)}();
    auto caseValueStr = ${e.getSymbolToStringFnName()}(caseValue);
`);
    const nonKeyword = cases.map((c) => !canFormatStringAsKeyword(c.str));
    if (e.isBitEnum())
      cases.forEach((c, i) => {
        if (c.value < 0n || c.value === 0n || (c.value & (c.value - 1n)) !== 0n) nonKeyword[i] = true;
      });
    if (nonKeyword.some((x) => x)) {
      body.write('    switch (caseValue) {\n');
      cases.forEach((c, i) => {
        if (nonKeyword[i]) return;
        body.write(`    case ${e.getCppNamespace()}::${e.getEnumClassName()}::${/^[0-9]/.test(c.symbol) ? '_' + c.symbol : c.symbol}:\n`);
      });
      body.write('      _odsPrinter << caseValueStr;\n      break;\n    default:\n      _odsPrinter << \'"\' << caseValueStr << \'"\';\n      break;\n    }\n  }\n');
      return;
    }
    body.write('    _odsPrinter << caseValueStr;\n  }\n');
  }

  private anchorCheck(anchor: FormatElement): string {
    const op = this.op;
    switch (anchor.k) {
      case 'operand':
      case 'result': {
        const v = anchor.v;
        const name = op.getGetterName(v.name);
        if (v.isOptional()) return `${name}()`;
        if (v.isVariadic()) return `!${name}().empty()`;
        return '';
      }
      case 'region':
        return `!${op.getGetterName(anchor.v.name)}().empty()`;
      case 'type':
        return this.anchorCheck(anchor.arg);
      case 'functional-type':
        return this.anchorCheck(anchor.inputs);
      case 'attr': {
        const a = anchor.v.attr;
        const getter = `${op.getGetterName(anchor.v.name)}Attr()`;
        return attrPresenceCheck(getter, a);
      }
      case 'property':
        return `${op.getGetterName(anchor.v.name)}() != ${anchor.v.prop.getDefaultValue()}`;
      case 'custom':
        return '(' + anchor.args.map((c) => `(${this.anchorCheck(c)})`).join(' || ') + ')';
      default:
        return '';
    }
  }

  private genElementPrinter(el: FormatElement, body: MethodBody): void {
    const op = this.op;
    if (el.k === 'literal') {
      this.genLiteralPrinter(el.value, body);
      return;
    }
    if (el.k === 'space') {
      if (el.value === '\\n') body.write('  _odsPrinter.printNewline();\n');
      else {
        if (el.value !== '') {
          body.write("  _odsPrinter << ' ';\n");
          this.lastWasPunctuation = false;
        } else this.lastWasPunctuation = true;
        this.shouldEmitSpace = false;
      }
      return;
    }
    if (el.k === 'optional') {
      const anchor = el.anchor;
      body.write('  if (' + (el.inverted ? '!' : '') + this.anchorCheck(anchor) + ') {\n');
      body.indent();
      const thenEls = el.thenElements;
      const elseEls = el.elseElements;
      let elided: FormatElement | undefined;
      if (anchor !== thenEls[0] && (elseEls.length === 0 || anchor !== elseEls[0]) && isUnitVariable(anchor)) elided = anchor;
      for (const c of thenEls) if (c !== elided) this.genElementPrinter(c, body);
      body.write('}');
      if (elseEls.length > 0) {
        body.write(' else {\n');
        for (const c of elseEls) if (c !== elided) this.genElementPrinter(c, body);
        body.write('}');
      }
      body.unindent().write('\n');
      return;
    }
    if (el.k === 'oilist') {
      el.literals.forEach((l, i) => {
        const p = el.parsing[i]!;
        const vars: FormatElement[] = [];
        for (const c of p) collectVariables(c, vars);
        body.write('  if (false');
        for (const v of vars) {
          if (v.k === 'attr') body.write(` || (${attrPresenceCheck(`${op.getGetterName(v.v.name)}Attr()`, v.v.attr)})`);
          else if (v.k === 'property') body.write(` || (${this.anchorCheck(v)})`);
          else if (v.k === 'operand' || v.k === 'result') body.write(` || ${op.getGetterName(v.v.name)}()${v.v.isVariadic() ? '.size()' : ''}`);
          else if (v.k === 'region') body.write(` || ${op.getGetterName(v.v.name)}()`);
        }
        body.write(') {\n');
        if (l.k === 'literal') this.genLiteralPrinter(l.value, body);
        if (!unitAttrParsingElement(p)) for (const c of p) this.genElementPrinter(c, body);
        body.write('  }\n');
      });
      return;
    }
    if (el.k === 'attr-dict') {
      this.genAttrDictPrinter(body, el.withKeyword);
      this.lastWasPunctuation = false;
      return;
    }
    if (el.k === 'prop-dict') {
      this.genElisions(body, 'elidedProps');
      if (this.useProperties) body.write('  _odsPrinter << " ";\n  printProperties(this->getContext(), _odsPrinter, getProperties(), elidedProps);\n');
      this.lastWasPunctuation = false;
      return;
    }
    if (this.shouldEmitSpace || !this.lastWasPunctuation) body.write("  _odsPrinter << ' ';\n");
    this.lastWasPunctuation = false;
    this.shouldEmitSpace = true;
    switch (el.k) {
      case 'attr': {
        const v = el.v;
        if (canFormatEnumAttr(v.attr)) {
          this.genEnumAttrPrinter(v, body);
          return;
        }
        if (shouldFormatSymbolNameAttr(v.attr)) {
          body.write(`  _odsPrinter.printSymbolName(${op.getGetterName(v.name)}Attr().getValue());\n`);
          return;
        }
        if (typeBuilderOf(v.attr) !== undefined) body.write(`  _odsPrinter.printAttributeWithoutType(${op.getGetterName(v.name)}Attr());\n`);
        else if (el.qualified || v.attr.getStorageType() === '::mlir::Attribute') body.write(`  _odsPrinter.printAttribute(${op.getGetterName(v.name)}Attr());\n`);
        else body.write(`_odsPrinter.printStrippedAttrOrType(${op.getGetterName(v.name)}Attr());\n`);
        return;
      }
      case 'operand': {
        const v = el.v;
        const name = op.getGetterName(v.name);
        if (v.isVariadicOfVariadic())
          body.write(`  ::llvm::interleaveComma(${name}(), _odsPrinter, [&](const auto &operands) { _odsPrinter << "(" << operands << ")"; });\n`);
        else if (v.isOptional()) body.write(`  if (::mlir::Value value = ${name}())\n    _odsPrinter << value;\n`);
        else body.write(`  _odsPrinter << ${name}();\n`);
        return;
      }
      case 'region': {
        const name = op.getGetterName(el.v.name) + '()';
        body.write(el.v.isVariadic() ? this.variadicRegionPrinter(name) : this.regionPrinter(name));
        return;
      }
      case 'successor': {
        const name = op.getGetterName(el.v.name);
        body.write(el.v.isVariadic() ? `  ::llvm::interleaveComma(${name}(), _odsPrinter);\n` : `  _odsPrinter << ${name}();\n`);
        return;
      }
      case 'property':
        body.write(this.propertyCode(el.v.prop.fields.printerCall, 'printer', `getProperties().${el.v.name}`) + ';\n');
        return;
      case 'custom':
        body.write(`  print${el.name}(_odsPrinter, *this`);
        for (const p of el.args) body.write(', ' + this.customParamPrinter(p));
        body.write(');\n');
        return;
      case 'operands':
        body.write('  _odsPrinter << getOperation()->getOperands();\n');
        return;
      case 'regions':
        body.write(this.variadicRegionPrinter('getOperation()->getRegions()'));
        return;
      case 'successors':
        body.write('  ::llvm::interleaveComma(getOperation()->getSuccessors(), _odsPrinter);\n');
        return;
      case 'type': {
        const arg = el.arg;
        if (arg.k === 'operand' && arg.v.isVariadicOfVariadic()) {
          body.write(
            `  ::llvm::interleaveComma(${op.getGetterName(arg.v.name)}().getTypes(), _odsPrinter, [&](::mlir::TypeRange types) { _odsPrinter << "(" << types << ")"; });\n`,
          );
          return;
        }
        const v = arg.k === 'operand' || arg.k === 'result' ? arg.v : undefined;
        if (v && !v.isVariadicOfVariadic() && !v.isVariadic() && !v.isOptional()) {
          const name = op.getGetterName(v.name);
          if (el.qualified) {
            body.write(`   _odsPrinter << ${name}().getType();\n`);
            return;
          }
          body.write(
            `  {\n    auto type = ${name}().getType();\n    if (auto validType = ::llvm::dyn_cast<${v.constraint.getCppType()}>(type))\n      _odsPrinter.printStrippedAttrOrType(validType);\n   else\n     _odsPrinter << type;\n  }\n`,
          );
          return;
        }
        body.write(`  _odsPrinter << ${this.typeOperandPrinter(arg, false)};\n`);
        return;
      }
      case 'functional-type':
        body.write(`  _odsPrinter.printFunctionalType(${this.typeOperandPrinter(el.inputs)}, ${this.typeOperandPrinter(el.results)});\n`);
        return;
      default:
        return;
    }
  }

  genPrinter(cls: Class): void {
    const m = cls.addMethod('void', 'print', MethodProp.None, [new MethodParameter('::mlir::OpAsmPrinter &', '_odsPrinter')]);
    if (!m) return;
    this.shouldEmitSpace = true;
    this.lastWasPunctuation = false;
    for (const el of this.fmt.elements) this.genElementPrinter(el, m.body);
  }
}

/** Whether an optional or default-valued attribute is present (and not its default value). */
function attrPresenceCheck(getter: string, a: NamedAttribute['attr']): string {
  if (!a.hasDefaultValue()) return getter;
  const dflt = tgfmt(a.getConstBuilderTemplate(), new FmtContext().withBuilder('::mlir::OpBuilder((*this)->getContext())'), a.getDefaultValue());
  return a.isOptional() ? `(${getter} && ${getter} != ${dflt})` : `${getter} != ${dflt}`;
}


type UnitVariable = Extract<FormatElement, { k: 'attr' | 'property' }>;

/** A unit attribute or unit property: only its presence is printed (as the keyword before it). */
function isUnitVariable(el: FormatElement): el is UnitVariable {
  return (el.k === 'attr' && isUnitAttr(el.v.attr)) || (el.k === 'property' && isUnitProp(el.v.prop));
}

/** The oilist clause made of a single unit attribute or property, which is elided. */
function unitAttrParsingElement(p: readonly FormatElement[]): UnitVariable | undefined {
  if (p.length !== 1) return undefined;
  const e = p[0]!;
  return isUnitVariable(e) ? e : undefined;
}

/** Add the `parse` and `print` methods of the op's verified format `fmt` to the op class. */
export function generateOpFormat(op: Operator, fmt: OperationFormat, cls: Class): void {
  const gen = new FormatGen(op, fmt);
  gen.genParser(cls);
  gen.genPrinter(cls);
}
