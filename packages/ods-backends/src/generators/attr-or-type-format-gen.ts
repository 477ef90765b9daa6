// The declarative assembly format of attributes and types (`assemblyFormat`): generates the
// bodies of the `parse` and `print` methods from the elements parsed by
// ods/attr-or-type-format.ts, and reports format errors like mlir-tblgen 22.
import { fatalAt } from '@ods-ts/tablegen-core';
import type { MethodBody } from '../cpp/class.js';
import type { AttrOrTypeDef } from '../ods/attr-or-type-def.js';
import {
  type CustomElement,
  type FormatElement,
  type OptionalElement,
  type ParamElement,
  type ParamsElement,
  type StructElement,
  capturedParams,
  elseElementsOf,
  isOptionalParam,
  parseAttrOrTypeFormat,
  structEntryParam,
  thenElementsOf,
} from '../ods/attr-or-type-format.js';
import { FmtContext, tgfmt } from '../fmt.js';
import { printFormatErrors } from '../format/format-parser.js';
import { isKeywordLiteral, literalParserCall, shouldEmitSpaceBefore } from '../format/literals.js';

/** The parser of a parameter without a custom `parser` ($0: the C++ storage type). */
const DEFAULT_PARAMETER_PARSER = '::mlir::FieldParser<$0>::parse($_parser)';
/** The printer of a parameter without a custom `printer`. */
const DEFAULT_PARAMETER_PRINTER = '$_printer.printStrippedAttrOrType($_self)';
/** The printer of a `qualified` parameter (keeps the dialect prefix and mnemonic). */
const QUALIFIED_PARAMETER_PRINTER = '$_printer << $_self';
/** The start of an error report in the parser (the message follows). */
const PARSER_ERROR = '$_parser.emitError($_parser.getCurrentLocation(), ';

// ---------------------------------------------------------------------------------------------
// Code templates

/**
 * Parse one variable. Slots: `name` the parameter, `parse` its parse expression, `error` the
 * start of the error call, `defName` the record name, `cppType` the parameter's C++ type,
 * `loadDialect` '' or a statement (on its own line) loading the dialect of the parameter.
 */
function variableParserTemplate(
  name: string,
  parse: string,
  error: string,
  defName: string,
  cppType: string,
  loadDialect: string,
): string {
  return `
// Parse variable '${name}'${loadDialect}
_result_${name} = ${parse};
if (::mlir::failed(_result_${name})) {
  ${error}"failed to parse ${defName} parameter '${name}' which is to be a \`${cppType}\`");
  return {};
}
`;
}

/**
 * Check the optional trailing type of an attribute against its self-type parameter (`$_type`,
 * `$_parser`, `$_loc` left for tgfmt). Slots: `storageType` the parameter's C++ storage type,
 * `name` the parameter, `required` whether a missing type is an error.
 */
function selfTypeParserTemplate(storageType: string, name: string, required: boolean): string {
  const check = `
if ($_type) {
  if (auto reqType = ::llvm::dyn_cast<${storageType}>($_type)) {
    _result_${name} = reqType;
  } else {
    $_parser.emitError($_loc, "invalid kind of type specified");
    return {};
  }
}`;
  const missing = ` else {
  $_parser.emitError($_loc, "expected a trailing type");
  return {};
}`;
  return check + (required ? missing : '') + '\n';
}

/** The `for` loop over the keys of a struct whose parameters are all required. Slot: `count`. */
function structLoopHeaderTemplate(count: number): string {
  return `
  for (unsigned odsStructIndex = 0; odsStructIndex < ${count}; ++odsStructIndex) {
`;
}

/** The start of the body of the struct loop: parse a key and dispatch on it. */
const STRUCT_LOOP_START = `
    ::llvm::StringRef _paramKey;
    if ($_parser.parseKeyword(&_paramKey)) {
      $_parser.emitError($_parser.getCurrentLocation(),
                         "expected a parameter name in struct");
      return {};
    }
    if (!_loop_body(_paramKey)) return {};
`;

/** The end of the key dispatch: an unknown or repeated key. Slot: `error` the error call start. */
function structLoopEndTemplate(error: string): string {
  return `{
  ${error}"duplicate or unknown struct parameter name: ") << _paramKey;
  return {};
}
`;
}

/** The end of the struct loop: a comma between keys. Slot: `count` the number of keys. */
function structLoopTerminatorTemplate(count: number): string {
  return `
  if ((odsStructIndex != ${count} - 1) && odsParser.parseComma())
    return {};
}
`;
}

/** After the struct loop: a required key was not seen. Slots: `name` the key, `error`. */
function structCheckParamTemplate(name: string, error: string): string {
  return `
    if (!_seen_${name}) {
      ${error}"struct is missing required parameter: ") << "${name}";
      return {};
    }
`;
}

/** The first iteration of a struct whose parameters are all optional (the struct may be absent). */
const OPTIONAL_STRUCT_FIRST = `
  ::llvm::StringRef _paramKey;
  if (!$_parser.parseOptionalKeyword(&_paramKey)) {
    if (!_loop_body(_paramKey)) return {};
    while (!$_parser.parseOptionalComma()) {
`;

// ---------------------------------------------------------------------------------------------
// Generator

/** The parser and printer generator of one format (DefFormat). */
class DefFormat {
  private shouldEmitSpace = true;
  private lastWasPunctuation = false;

  constructor(
    private readonly def: AttrOrTypeDef,
    private readonly elements: readonly FormatElement[],
  ) {}

  // -------------------------------------------------------------------------------------------
  // Parser

  genParser(os: MethodBody): void {
    const ctx = new FmtContext()
      .addSubst('_parser', 'odsParser')
      .addSubst('_ctxt', 'odsParser.getContext()')
      .withBuilder('odsBuilder');
    if (this.def.isAttrDef()) ctx.addSubst('_type', 'odsType');
    os.indent();
    os.write('::mlir::Builder odsBuilder(odsParser.getContext());\n');
    ctx.addSubst('_loc', 'odsLoc');
    os.write(tgfmt('::llvm::SMLoc $_loc = $_parser.getCurrentLocation();\n(void) $_loc;\n', ctx));
    const params = this.def.getParameters();
    for (const p of params) {
      os.write(`::mlir::FailureOr<${p.getCppStorageType()}> _result_${p.getName()};\n`);
      if (p.isAttributeSelfTypeParameter())
        os.write(tgfmt(selfTypeParserTemplate(p.getCppStorageType(), p.getName(), !p.isOptional()), ctx));
    }
    for (const el of this.elements) this.genElementParser(el, ctx, os);
    for (const p of params) if (!p.isOptional()) os.write(`assert(::mlir::succeeded(_result_${p.getName()}));\n`);
    const cls = this.def.getCppClassName();
    if (this.def.genVerifyDecl() || this.def.genVerifyInvariantsImpl())
      os.write(tgfmt('return $_parser.getChecked<$0>($_loc, $_parser.getContext()', ctx, cls));
    else os.write(tgfmt('return $0::get($_parser.getContext()', ctx, cls));
    for (const p of params) {
      os.write(',\n    ');
      const dflt = p.getDefaultValue();
      const self =
        dflt !== undefined ? `(_result_${p.getName()}.value_or(${tgfmt(dflt, ctx)}))` : `(*_result_${p.getName()})`;
      ctx.addSubst(p.getName(), self);
      os.write(`${p.getCppType()}(${tgfmt(p.getConvertFromStorage(), ctx.withSelf(self))})`);
    }
    os.write(');');
  }

  private genElementParser(el: FormatElement, ctx: FmtContext, os: MethodBody): void {
    switch (el.kind) {
      case 'literal':
        return this.genLiteralParser(el.value, ctx, os);
      case 'param':
        return this.genVariableParser(el, ctx, os);
      case 'params':
        return this.genParamsParser(el, ctx, os);
      case 'struct':
        return this.genStructParser(el, ctx, os);
      case 'custom':
        return this.genCustomParser(el, ctx, os);
      case 'optional':
        return this.genOptionalGroupParser(el, ctx, os);
      case 'whitespace':
      case 'string':
      case 'ref':
        return;
    }
  }

  /** Parse a literal; an optional one leaves its `if (` condition open. */
  private genLiteralParser(value: string, ctx: FmtContext, os: MethodBody, isOptional = false): void {
    os.write(`// Parse literal '${value}'\n`);
    os.write(tgfmt('if ($_parser.parse', ctx));
    if (isOptional) os.write('Optional');
    os.write(literalParserCall(value));
    if (isOptional) return;
    os.write(') return {};\n');
  }

  private genVariableParser(el: ParamElement, ctx: FmtContext, os: MethodBody): void {
    const p = el.param;
    os.write(
      variableParserTemplate(
        p.getName(),
        tgfmt(p.getParser() ?? DEFAULT_PARAMETER_PARSER, ctx, p.getCppStorageType()),
        tgfmt(PARSER_ERROR, ctx),
        this.def.getName(),
        p.getCppType(),
        this.genDialectLoading(el, ctx),
      ),
    );
  }

  /**
   * A parameter that is an attribute or type of a dialect other than the builtin one makes the
   * parser load that dialect first: '\n' and the statement, or ''.
   */
  private genDialectLoading(el: ParamElement, ctx: FmtContext): string {
    const dialect = el.param.getDialect();
    if (!dialect) return '';
    const ns = dialect.getCppNamespace();
    const cls = dialect.getCppClassName();
    if (cls === 'BuiltinDialect' && ns === '::mlir') return '';
    return `\n${tgfmt('$_parser', ctx)}.getContext()->getOrLoadDialect<${ns}::${cls}>();`;
  }

  /** The condition "the optional parameter has a value other than its default". */
  private genIsPresent(el: ParamElement, ctx: FmtContext, self: string): string {
    const value = tgfmt(el.param.getDefaultValue() ?? '', ctx);
    ctx.addSubst('_lhs', self).addSubst('_rhs', value);
    return tgfmt(el.param.getComparator(), ctx);
  }

  private genParamsParser(el: ParamsElement, ctx: FmtContext, os: MethodBody): void {
    os.write('// Parse parameter list\n');
    const hasOptional = el.params.some(isOptionalParam);
    if (hasOptional) {
      // A do-while lets the parser `break` out after a missing optional comma.
      os.write('do {\n');
      os.indent();
    }
    // Commas after the last required parameter are optional.
    let lastReq = 0;
    el.params.forEach((p, i) => {
      if (!p.param.isOptional()) lastReq = i;
    });
    el.params.forEach((p, i) => {
      if (i > 0) {
        const prev = el.params[i - 1]!;
        if (prev.param.isOptional()) {
          const name = prev.param.getName();
          os.write(`if (::mlir::succeeded(_result_${name}) && !(${this.genIsPresent(prev, ctx, `(*_result_${name})`)})) {\n`);
          os.indent();
        }
        if (i <= lastReq) {
          this.genLiteralParser(',', ctx, os);
        } else {
          this.genLiteralParser(',', ctx, os, true);
          os.write(') break;\n');
        }
        if (prev.param.isOptional()) os.unindent().write('}\n');
      }
      this.genVariableParser(p, ctx, os);
    });
    if (hasOptional) os.unindent().write('} while(false);\n');
  }

  private genStructParser(el: StructElement, ctx: FmtContext, os: MethodBody): void {
    os.write('// Parse parameter struct\n');
    const params = capturedParams(el);
    for (const p of params) os.write(`bool _seen_${p.param.getName()} = false;\n`);
    // The parser of one key-value pair, in a lambda.
    os.write('{\n');
    os.indent().write('const auto _loop_body = [&](::llvm::StringRef _paramKey) -> bool {\n');
    this.genLiteralParser('=', ctx, os.indent());
    for (const entry of el.elements) {
      const name = structEntryParam(entry).param.getName();
      os.write(`if (!_seen_${name} && _paramKey == "${name}") {\n  _seen_${name} = true;\n`);
      if (entry.kind === 'param') this.genVariableParser(entry, ctx, os.indent());
      else this.genCustomParser(entry, ctx, os.indent());
      os.unindent().write('} else ');
    }
    os.printReindented(structLoopEndTemplate(tgfmt(PARSER_ERROR, ctx)));
    os.write('return true;\n');
    os.unindent().write('};\n');
    // The loop over the keys; commas separate them.
    const numOptional = params.filter(isOptionalParam).length;
    const allOptional = numOptional === params.length;
    if (numOptional > 0) {
      if (allOptional) {
        os.printReindented(tgfmt(OPTIONAL_STRUCT_FIRST, ctx));
        os.indent();
      } else {
        os.write('do {\n');
      }
    } else {
      os.printReindented(tgfmt(structLoopHeaderTemplate(params.length), ctx));
    }
    os.indent();
    os.printReindented(tgfmt(STRUCT_LOOP_START, ctx));
    os.unindent();
    if (numOptional > 0) {
      if (allOptional) {
        os.write('}\n');
        os.unindent().write('}\n');
      } else {
        os.write(tgfmt('} while(!$_parser.parseOptionalComma());\n', ctx));
        for (const p of params) {
          if (p.param.isOptional()) continue;
          os.printReindented(structCheckParamTemplate(p.param.getName(), tgfmt(PARSER_ERROR, ctx)));
        }
      }
    } else {
      // The loop runs once per key and each iteration sets one flag: all keys were seen.
      os.printReindented(structLoopTerminatorTemplate(params.length));
    }
    os.unindent().write('}\n');
  }

  /**
   * Call a custom parser. An optional one (the first element of an optional group, inside a
   * lambda returning an OptionalParseResult) returns `{}` when nothing was parsed.
   */
  private genCustomParser(el: CustomElement, ctx: FmtContext, os: MethodBody, isOptional = false): void {
    os.write('{\n');
    os.indent();
    // Bound parameters are passed as `FailureOr<T> &`, referenced ones as `T`.
    os.write(tgfmt('auto odsCustomLoc = $_parser.getCurrentLocation();\n', ctx));
    os.write('(void)odsCustomLoc;\n');
    os.write(tgfmt('auto odsCustomResult = parse$0($_parser', ctx, el.name));
    os.indent();
    for (const arg of el.args) {
      os.write(',\n');
      if (arg.kind === 'param') os.write(`::mlir::detail::unwrapForCustomParse(_result_${arg.param.getName()})`);
      else if (arg.kind === 'ref' && arg.arg.kind === 'param') os.write(`*_result_${arg.arg.param.getName()}`);
      else if (arg.kind === 'string') os.write(tgfmt(arg.value, ctx));
    }
    os.unindent().write(');\n');
    if (isOptional) {
      os.write('if (!odsCustomResult.has_value()) return {};\n');
      os.write('if (::mlir::failed(*odsCustomResult)) return ::mlir::failure();\n');
    } else {
      os.write('if (::mlir::failed(odsCustomResult)) return {};\n');
    }
    for (const arg of el.args) {
      if (arg.kind !== 'param' || arg.param.isOptional()) continue;
      const name = arg.param.getName();
      os.write(`if (::mlir::failed(_result_${name})) {\n`);
      os.indent().write(tgfmt('$_parser.emitError(odsCustomLoc, ', ctx));
      os.write(`"custom parser failed to parse parameter '${name}'");\n`);
      os.write('return {};\n');
      os.unindent().write('}\n');
    }
    os.unindent().write('}\n');
  }

  private genOptionalGroupParser(el: OptionalElement, ctx: FmtContext, os: MethodBody): void {
    const thenElements = thenElementsOf(el, true);
    const first = thenElements[0]!;
    const guardOn = (params: readonly ParamElement[]) => {
      const conds = params.map((p) => `(::mlir::succeeded(_result_${p.param.getName()}) && *_result_${p.param.getName()})`);
      os.write(`if (!(${conds.join(' || ')})) {\n`);
    };
    if (first.kind === 'literal') {
      this.genLiteralParser(first.value, ctx, os, true);
      os.write(') {\n');
    } else if (first.kind === 'param') {
      this.genVariableParser(first, ctx, os);
      guardOn([first]);
    } else if (first.kind === 'params') {
      this.genParamsParser(first, ctx, os);
      guardOn(first.params);
    } else if (first.kind === 'custom') {
      // The else branch is taken when the custom parser parsed something (as mlir-tblgen 22).
      os.write('if (auto result = [&]() -> ::mlir::OptionalParseResult {\n');
      os.indent();
      this.genCustomParser(first, ctx, os, true);
      os.write('return ::mlir::success();\n');
      os.unindent().write('}(); result.has_value() && ::mlir::failed(*result)) {\n');
      os.indent().write('return {};\n');
      os.unindent().write('} else if (result.has_value()) {\n');
    }
    os.indent();
    for (const e of elseElementsOf(el, true)) this.genElementParser(e, ctx, os);
    os.unindent().write('} else {\n');
    os.indent();
    for (const e of thenElements.slice(1)) this.genElementParser(e, ctx, os);
    os.unindent().write('}\n');
  }

  // -------------------------------------------------------------------------------------------
  // Printer

  genPrinter(os: MethodBody): void {
    const ctx = new FmtContext().addSubst('_printer', 'odsPrinter').addSubst('_ctxt', 'getContext()').withBuilder('odsBuilder');
    os.indent();
    os.write('::mlir::Builder odsBuilder(getContext());\n');
    this.shouldEmitSpace = true;
    this.lastWasPunctuation = false;
    for (const el of this.elements) this.genElementPrinter(el, ctx, os);
  }

  private genElementPrinter(el: FormatElement, ctx: FmtContext, os: MethodBody): void {
    switch (el.kind) {
      case 'literal':
        return this.genLiteralPrinter(el.value, ctx, os);
      case 'params':
        return this.genCommaSeparatedPrinter(el.params, ctx, os, () => {});
      case 'struct':
        return this.genCommaSeparatedPrinter(el.elements, ctx, os, (p) =>
          os.write(tgfmt('$_printer << "$0 = ";\n', ctx, p.param.getName())),
        );
      case 'custom':
        return this.genCustomPrinter(el, ctx, os);
      case 'param':
        return this.genVariablePrinter(el, ctx, os);
      case 'optional':
        return this.genOptionalGroupPrinter(el, ctx, os);
      case 'whitespace':
        return this.genWhitespacePrinter(el.value, ctx, os);
      case 'string':
      case 'ref':
        return;
    }
  }

  private genLiteralPrinter(value: string, ctx: FmtContext, os: MethodBody): void {
    const needSpace = this.shouldEmitSpace && shouldEmitSpaceBefore(value, this.lastWasPunctuation);
    os.write(tgfmt('$_printer$0 << "$1";\n', ctx, needSpace ? " << ' '" : '', value));
    this.shouldEmitSpace = value.length !== 1 || !'<({['.includes(value[0]!);
    this.lastWasPunctuation = !isKeywordLiteral(value);
  }

  /** `!(present)`: the parameter is printed only when it differs from its default. */
  private genPrintGuard(el: ParamElement, ctx: FmtContext): string {
    return `!(${this.genIsPresent(el, ctx, `${el.param.getAccessorName()}()`)})`;
  }

  private genVariablePrinter(el: ParamElement, ctx: FmtContext, os: MethodBody): void {
    const p = el.param;
    ctx.withSelf(`${p.getAccessorName()}()`);
    const guarded = p.isOptional();
    if (guarded) {
      os.write(`if (${this.genPrintGuard(el, ctx)}) {\n`);
      os.indent();
    }
    if (this.shouldEmitSpace || !this.lastWasPunctuation) os.write(tgfmt("$_printer << ' ';\n", ctx));
    this.shouldEmitSpace = true;
    this.lastWasPunctuation = false;
    const printer = el.qualified ? QUALIFIED_PARAMETER_PRINTER : (p.getPrinter() ?? DEFAULT_PARAMETER_PRINTER);
    os.write(tgfmt(printer, ctx) + ';\n');
    if (guarded) os.unindent().write('}\n');
  }

  /** `if ([!(]guard || guard...[)]) {` and indent. */
  private guardOnAny(ctx: FmtContext, os: MethodBody, params: readonly ParamElement[], inverted = false): void {
    const conds = params.map((p) => this.genPrintGuard(p, ctx)).join(' || ');
    os.write(`if (${inverted ? `!(${conds})` : conds}) {\n`);
    os.indent();
  }

  /** Print entries separated by commas; `extra` prints what precedes each (a struct key). */
  private genCommaSeparatedPrinter(
    entries: readonly (ParamElement | CustomElement)[],
    ctx: FmtContext,
    os: MethodBody,
    extra: (p: ParamElement) => void,
  ): void {
    const params = entries.map(structEntryParam);
    // A space, if needed, but only when something is printed.
    if (this.shouldEmitSpace || !this.lastWasPunctuation) {
      const allOptional = params.every(isOptionalParam);
      if (allOptional) this.guardOnAny(ctx, os, params);
      os.write(tgfmt("$_printer << ' ';\n", ctx));
      if (allOptional) os.unindent().write('}\n');
    }
    os.write('{\n');
    os.indent().write('bool _firstPrinted = true;\n');
    entries.forEach((entry, i) => {
      const p = params[i]!;
      if (p.param.isOptional()) {
        os.write(`if (${this.genPrintGuard(p, ctx)}) {\n`);
        os.indent();
      }
      os.write(tgfmt('if (!_firstPrinted) $_printer << ", ";\n', ctx));
      os.write('_firstPrinted = false;\n');
      extra(p);
      this.shouldEmitSpace = false;
      this.lastWasPunctuation = true;
      if (entry.kind === 'param') this.genVariablePrinter(entry, ctx, os);
      else this.genCustomPrinter(entry, ctx, os);
      if (p.param.isOptional()) os.unindent().write('}\n');
    });
    os.unindent().write('}\n');
  }

  private genCustomPrinter(el: CustomElement, ctx: FmtContext, os: MethodBody): void {
    if (this.shouldEmitSpace || !this.lastWasPunctuation) os.write(tgfmt("$_printer << ' ';\n", ctx));
    this.shouldEmitSpace = true;
    this.lastWasPunctuation = false;
    os.write(tgfmt('print$0($_printer', ctx, el.name));
    os.indent();
    for (const arg of el.args) {
      os.write(',\n');
      if (arg.kind === 'param') os.write(`${arg.param.getAccessorName()}()`);
      else if (arg.kind === 'ref' && arg.arg.kind === 'param') os.write(`${arg.arg.param.getAccessorName()}()`);
      else if (arg.kind === 'string') os.write(tgfmt(arg.value, ctx));
    }
    os.unindent().write(');\n');
  }

  private genOptionalGroupPrinter(el: OptionalElement, ctx: FmtContext, os: MethodBody): void {
    const anchor = el.anchor;
    let params: readonly ParamElement[] = [];
    if (anchor.kind === 'param') params = [anchor];
    else if (anchor.kind === 'params' || anchor.kind === 'struct') params = capturedParams(anchor);
    else if (anchor.kind === 'custom') params = anchor.args.filter((a): a is ParamElement => a.kind === 'param');
    this.guardOnAny(ctx, os, params, el.inverted);
    // The spacing state after the group is the one before it.
    const savedSpace = this.shouldEmitSpace;
    const savedPunct = this.lastWasPunctuation;
    for (const e of thenElementsOf(el)) this.genElementPrinter(e, ctx, os);
    this.shouldEmitSpace = savedSpace;
    this.lastWasPunctuation = savedPunct;
    os.unindent().write('} else {\n');
    os.indent();
    for (const e of elseElementsOf(el)) this.genElementPrinter(e, ctx, os);
    os.unindent().write('}\n');
  }

  private genWhitespacePrinter(value: string, ctx: FmtContext, os: MethodBody): void {
    if (value === '\\n') os.write(tgfmt('$_printer.printNewline();\n', ctx));
    else if (value !== '') os.write(tgfmt('$_printer << "$0";\n', ctx, value));
    else this.lastWasPunctuation = true;
    this.shouldEmitSpace = false;
  }
}

/**
 * Fill the parse and print method bodies of `def` from its `assemblyFormat`. A bad format is
 * reported; then it is fatal when `errorIsFatal` (`--asmformat-error-is-fatal`, the default),
 * otherwise the bodies stay empty.
 */
export function generateAttrOrTypeFormat(
  def: AttrOrTypeDef,
  parser: MethodBody,
  printer: MethodBody,
  errorIsFatal = true,
): void {
  const format = def.getAssemblyFormat();
  if (format === undefined) return;
  const parsed = parseAttrOrTypeFormat(def, format);
  if (!parsed.ok) {
    printFormatErrors(def.def, format, parsed.errors);
    if (errorIsFatal) fatalAt(def.def, 'failed to parse assembly format');
    return;
  }
  const gen = new DefFormat(def, parsed.elements);
  gen.genParser(parser);
  gen.genPrinter(printer);
}
