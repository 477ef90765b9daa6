// Shared by op-decls and op-defs: builds the C++ class models of an op (the op class, its
// generic adaptor base, generic adaptor and adaptor) from the ODS Operator model, as
// mlir-tblgen 22's OpDefinitionsGen does, and the op selection/sharding options.
import { DefInit, type Record, type RecordKeeper, fatalAt, warnAt } from '@ods-ts/tablegen-core';
import {
  Class,
  type ClassOutput,
  ExtraClassDeclaration,
  Field,
  type Method,
  type MethodBody,
  MethodParameter,
  MethodProp,
  ParentClass,
  UsingDeclaration,
  Visibility,
  VisibilityDeclaration,
} from '../cpp/class.js';
import type { NamedAttribute, NamedProperty } from '../ods/attribute.js';
import { Property } from '../ods/attribute.js';
import { convertToCamelFromSnakeCase } from '../ods/dialect.js';
import { Interface } from '../ods/interface.js';
import { type Operator, setDefLookup } from '../ods/operator.js';
import { SideEffect, type Trait } from '../ods/trait.js';
import type { GeneratorOption } from '../registry.js';
import { FmtContext, formatIndexed, tgfmt } from '../fmt.js';
import { generateOpFormat } from '../format/op-format-gen.js';
import { opFormatOrReport } from '../format/op-format-parser.js';
import { ASMFORMAT_ERROR_IS_FATAL_OPTION } from '../format/format-parser.js';
import { derivedDefsOf, llvmRegexMatcher } from './gen-util.js';
import { conditionOf } from '../ods/predicate.js';
import {
  type StaticVerifier,
  type VerifyHelper,
  canEmitAttrVerifier,
  genAttributeVerifier,
  genOperandResultVerifier,
  genPropertyVerifier,
  genRegionVerifier,
  genSuccessorVerifier,
  populateSubstitutions,
} from './op-verifier.js';

export const opGenOptions: GeneratorOption[] = [
  { name: 'op-include-regex', description: 'Regex of name of op to include (no filter if empty)', kind: 'string' },
  { name: 'op-exclude-regex', description: 'Regex of name of op to exclude (no filter if empty)', kind: 'string' },
  { name: 'op-shard-count', description: 'The number of shards into which the op classes will be divided', kind: 'string' },
  ASMFORMAT_ERROR_IS_FATAL_OPTION,
];

const operandSegmentAttrName = 'operandSegmentSizes';
const resultSegmentAttrName = 'resultSegmentSizes';
const builderOpStateProperties = 'odsState.getOrAddProperties<Properties>()';

/** `Dialect.opName` of an op def without building the whole Operator. */
function operationNameOf(def: Record): string {
  const dialect = def.getValueAsDef('opDialect').getValueAsString('name');
  const opName = def.getValueAsString('opName');
  return dialect === '' ? opName : `${dialect}.${opName}`;
}

/** The op defs to generate: every `Op` def sorted by name, filtered by the include/exclude regexes. */
export function getRequestedOpDefinitions(records: RecordKeeper, options: ReadonlyMap<string, string | boolean | string[]>): Record[] {
  if (!records.getClass('Op')) fatalAt(undefined, "ERROR: Couldn't find the 'Op' class!\n");
  setDefLookup(records);
  const inc = options.get('op-include-regex');
  const exc = options.get('op-exclude-regex');
  const incRe = typeof inc === 'string' && inc !== '' ? llvmRegexMatcher(inc) : undefined;
  const excRe = typeof exc === 'string' && exc !== '' ? llvmRegexMatcher(exc) : undefined;
  // mlir-tblgen lists ops in the RecordKeeper's map order: names compared byte-wise.
  const byName = [...derivedDefsOf(records, 'Op')].sort((a, b) => (a.getName() < b.getName() ? -1 : a.getName() > b.getName() ? 1 : 0));
  return byName.filter((d) => {
    if (incRe && !incRe(operationNameOf(d))) return false;
    if (excRe && excRe(operationNameOf(d))) return false;
    return true;
  });
}

/** Split the defs into `--op-shard-count` shards (the first ones one larger when uneven). */
export function shardOpDefinitions(defs: Record[], options: ReadonlyMap<string, string | boolean | string[]>): Record[][] {
  const v = options.get('op-shard-count');
  const count = typeof v === 'string' && v !== '' ? Number(v) : 1;
  if (!(count > 1)) return [defs];
  const min = Math.floor(defs.length / count);
  const missing = defs.length - min * count;
  const out: Record[][] = [];
  let start = 0;
  for (let i = 0; i < count; i++) {
    const size = min + (i < missing ? 1 : 0);
    out.push(defs.slice(start, start + size));
    start += size;
  }
  return out;
}

/** Python-like `{0}` formatting used for the fixed code templates below. */
function fmt(template: string, ...args: (string | number)[]): string {
  return formatIndexed(template, args, false);
}

interface AttributeMetadata {
  readonly attrName: string;
  readonly isRequired: boolean;
  readonly constraint: NamedAttribute['attr'] | undefined;
  lowerBound: number;
  upperBound: number;
}

/** Textual parser of a segment sizes property; slot {0}: the number of segments. */
const parseTextualSegmentSizeFormat = `
  size_t i = 0;
  auto parseElem = [&]() -> ::mlir::ParseResult {
    if (i >= {0})
      return $_parser.emitError($_parser.getCurrentLocation(),
        "expected \`]\` after {0} segment sizes");
    if (failed($_parser.parseInteger($_storage[i])))
      return ::mlir::failure();
    i += 1;
    return ::mlir::success();
  };
  if (failed($_parser.parseCommaSeparatedList(
      ::mlir::AsmParser::Delimeter::Square, parseElem)))
    return failure();
  if (i < {0})
    return $_parser.emitError($_parser.getCurrentLocation(),
      "expected {0} segment sizes, found only ") << i;
  return success();
`;

const printTextualSegmentSize = `
  [&]() {
    $_printer << '[';
    ::llvm::interleaveComma($_storage, $_printer);
    $_printer << ']';
  }()
`;

const readBytecodeSegmentSizeNative = `
  if ($_reader.getBytecodeVersion() >= /*kNativePropertiesODSSegmentSize=*/6)
    return $_reader.readSparseArray(::llvm::MutableArrayRef($_storage));
`;

const readBytecodeSegmentSizeLegacy = `
  if ($_reader.getBytecodeVersion() < /*kNativePropertiesODSSegmentSize=*/6) {
    auto &$_storage = prop.$_propName;
    ::mlir::DenseI32ArrayAttr attr;
    if (::mlir::failed($_reader.readAttribute(attr))) return ::mlir::failure();
    if (attr.size() > static_cast<int64_t>(sizeof($_storage) / sizeof(int32_t))) {
      $_reader.emitError("size mismatch for operand/result_segment_size");
      return ::mlir::failure();
    }
    ::llvm::copy(::llvm::ArrayRef<int32_t>(attr), $_storage.begin());
  }
`;

const writeBytecodeSegmentSizeNative = `
  if ($_writer.getBytecodeVersion() >= /*kNativePropertiesODSSegmentSize=*/6)
    $_writer.writeSparseArray(::llvm::ArrayRef($_storage));
`;

const writeBytecodeSegmentSizeLegacy = `
if ($_writer.getBytecodeVersion() < /*kNativePropertiesODSSegmentSize=*/6) {
  auto &$_storage = prop.$_propName;
  $_writer.writeAttribute(::mlir::DenseI32ArrayAttr::get($_ctxt, $_storage));
}
`;

/** The segment sizes property synthesized for AttrSized{Operand,Result}Segments. */
function segmentSizesProperty(n: number): Property {
  return new Property(undefined, {
    summary: '',
    storageType: `std::array<int32_t, ${n}>`,
    interfaceType: '::llvm::ArrayRef<int32_t>',
    convertFromStorageCall: '$_storage',
    assignToStorageCall: '::llvm::copy($_value, $_storage.begin())',
    convertToAttributeCall: 'return ::mlir::DenseI32ArrayAttr::get($_ctxt, $_storage);',
    convertFromAttributeCall: 'return convertFromAttribute($_storage, $_attr, $_diag);',
    parserCall: fmt(parseTextualSegmentSizeFormat, n),
    optionalParserCall: '',
    printerCall: printTextualSegmentSize,
    readFromMlirBytecodeCall: readBytecodeSegmentSizeNative,
    writeToMlirBytecodeCall: writeBytecodeSegmentSizeNative,
    hashPropertyCall: '::llvm::hash_combine_range(std::begin($_storage), std::end($_storage));',
    defaultValue: '',
    storageTypeValueOverride: '',
  });
}

/** Attribute metadata and properties shared by the op and adaptor emitters (OpOrAdaptorHelper). */
export class OpHelper {
  readonly attrMetadata = new Map<string, AttributeMetadata>();
  operandSegmentsSize: NamedProperty | undefined;
  resultSegmentsSize: NamedProperty | undefined;

  constructor(
    readonly op: Operator,
    readonly emitForOp: boolean,
  ) {
    for (const na of op.attributes) {
      const a = na.attr;
      const isOptional = a.hasDefaultValue() || a.isOptional() || a.isDerivedAttr();
      if (!this.attrMetadata.has(na.name))
        this.attrMetadata.set(na.name, { attrName: na.name, isRequired: !isOptional, constraint: a, lowerBound: 0, upperBound: 0 });
    }
    // Without properties for attributes, the segment sizes are required attributes of their own.
    const inProps = op.getDialect().usePropertiesForAttributes();
    const segments = (name: string, count: number): NamedProperty | undefined => {
      if (inProps) return { name, prop: segmentSizesProperty(count) };
      if (!this.attrMetadata.has(name)) this.attrMetadata.set(name, { attrName: name, isRequired: true, constraint: undefined, lowerBound: 0, upperBound: 0 });
      return undefined;
    };
    if (op.getTrait('::mlir::OpTrait::AttrSizedOperandSegments')) this.operandSegmentsSize = segments(operandSegmentAttrName, op.getNumOperands());
    if (op.getTrait('::mlir::OpTrait::AttrSizedResultSegments')) this.resultSegmentsSize = segments(resultSegmentAttrName, op.getNumResults());
    const sorted = [...this.attrMetadata.values()].sort((a, b) => (a.attrName < b.attrName ? -1 : a.attrName > b.attrName ? 1 : 0));
    let numRequired = 0;
    for (const m of sorted) {
      m.lowerBound = numRequired;
      numRequired += m.isRequired ? 1 : 0;
    }
    for (const m of sorted) m.upperBound = numRequired - m.lowerBound - (m.isRequired ? 1 : 0);
    // The metadata is kept sorted by attribute name.
    this.attrMetadata.clear();
    for (const m of sorted) this.attrMetadata.set(m.attrName, m);
  }

  /** Whether the op has a Properties struct: always unless its dialect keeps attributes in the dictionary. */
  hasProperties(): boolean {
    return this.op.properties.length > 0 || this.op.getDialect().usePropertiesForAttributes();
  }

  hasNonEmptyPropertiesStruct(): boolean {
    if (this.op.properties.length > 0) return true;
    if (!this.hasProperties()) return false;
    if (this.op.getTrait('::mlir::OpTrait::AttrSizedOperandSegments') || this.op.getTrait('::mlir::OpTrait::AttrSizedResultSegments'))
      return true;
    for (const m of this.attrMetadata.values()) if (!m.constraint || !m.constraint.isDerivedAttr()) return true;
    return false;
  }

  /** The code reading attribute `attrName`: from Properties, or a subrange lookup of the sorted dictionary. */
  getAttr(attrName: string, isNamed = false): string {
    if (this.hasProperties()) return `getProperties().${attrName}`;
    const m = this.attrMetadata.get(attrName)!;
    const range = this.emitForOp ? '(*this)->getAttrs()' : 'odsAttrs';
    return `::mlir::impl::get${isNamed ? 'Named' : ''}AttrFromSortedRange(${range}.begin() + ${m.lowerBound}, ${range}.end() - ${m.upperBound}, ${this.getAttrName(attrName)})`;
  }

  /**
   * Whether builders and setters store inherent attributes in Properties: not when the dialect
   * keeps them in the dictionary, even for ops whose own properties give them a struct.
   */
  attrsInProperties(): boolean {
    return this.op.getDialect().usePropertiesForAttributes();
  }

  /** The code that sets `sizeAttr` to the segment sizes named `name` in getODS{Operand,Result}IndexAndLength. */
  segmentSizesInit(name: string): string {
    if (this.op.getDialect().usePropertiesForAttributes()) return fmt(adapterSegmentSizeAttrInitCode, `getProperties().${name}`);
    const get = this.getAttr(name);
    const check = this.emitForOp ? '' : `  assert(${get} && "missing segment size attribute for op");\n`;
    return `\n${check}  auto sizeAttr = ::llvm::cast<::mlir::DenseI32ArrayAttr>(${get});\n`;
  }

  /** The code naming attribute `attrName` (the adaptor asks the op class). */
  getAttrName(attrName: string): string {
    const getter = this.op.getGetterName(attrName);
    return this.emitForOp ? `${getter}AttrName()` : `${this.op.getCppClassName()}::${getter}AttrName(*odsOpName)`;
  }

  /** Attributes (non-derived) then properties then segment sizes, as stored in Properties. */
  attrOrProperties(): ({ kind: 'attr'; meta: AttributeMetadata } | { kind: 'prop'; prop: NamedProperty })[] {
    const out: ({ kind: 'attr'; meta: AttributeMetadata } | { kind: 'prop'; prop: NamedProperty })[] = [];
    for (const m of this.attrMetadata.values()) if (!m.constraint || !m.constraint.isDerivedAttr()) out.push({ kind: 'attr', meta: m });
    for (const p of this.op.properties) out.push({ kind: 'prop', prop: p });
    if (this.operandSegmentsSize) out.push({ kind: 'prop', prop: this.operandSegmentsSize });
    if (this.resultSegmentsSize) out.push({ kind: 'prop', prop: this.resultSegmentsSize });
    return out;
  }
}

/** Whether a parameter of `params` is named `name`. */
function hasParamNamed(params: readonly MethodParameter[], name: string): boolean {
  for (let i = 0; i < params.length; i++) if (params[i]!.name === name) return true;
  return false;
}

/**
 * The reference reports a generated method that an already declared one (an interface method
 * declared on the op) prunes, naming the line of its own source that checked: `line` is that
 * number as mlir-tblgen-22 prints it, where a fixture reaches the check (0 elsewhere).
 */
function errorIfPruned(m: Method | undefined, name: string, op: Operator, line = 0): asserts m is Method {
  if (m) return;
  fatalAt(op.def, `Unexpected overlap when generating \`${name}\` for ${op.getOperationName()} (from line ${line})`);
}

/**
 * An assembly format's `parse` or `print` pruned by a method declared before it (an interface
 * method of the same signature): the reference crashes there; this reports it at the op.
 */
function errorIfFormatPruned(m: Method | undefined, op: Operator): asserts m is Method {
  if (m) return;
  fatalAt(op.def, `Unexpected overlap when generating the assembly format of ${op.getOperationName()}: a method of the same signature is already declared (by an interface)`);
}

/**
 * mlir-tblgen-22's source lines in its reports of a pruned method, per check (each measured by
 * making the method collide: two arguments whose getters share a name, `foo_bar` and `fooBar`,
 * or an interface declaring `getEffects`).
 */
const PRUNED_AT = {
  propGetter: 1387,
  attrGetter: 1399,
  optionalOperandGetter: 2324,
  variadicOfVariadicOperandGetter: 2336,
  variadicOperandGetter: 2348,
  operandGetter: 2355,
  operandMutableGetter: 2411,
  optionalResultGetter: 2516,
  variadicResultGetter: 2524,
  resultGetter: 2528,
  variadicRegionGetter: 2548,
  regionGetter: 2555,
  variadicSuccessorGetter: 2570,
  successorGetter: 2579,
  getEffects: 3820,
  adaptorAttrGetter: 4708,
  adaptorVariadicRegionGetter: 4768,
  adaptorRegionGetter: 4774,
} as const;

function canUseUnwrappedRawValue(attr: NamedAttribute['attr']): boolean {
  return attr.getReturnType() !== attr.getStorageType() && attr.getConstBuilderTemplate() !== '';
}

function constBuildAttrFromParam(attr: NamedAttribute['attr'], fctx: FmtContext, paramName: string): string {
  let t = attr.getConstBuilderTemplate();
  if (t.includes('"$0"')) t = t.split('"$0"').join('$0');
  return tgfmt(t, fctx, paramName);
}

function getArgumentName(op: Operator, index: number): string {
  const o = op.operands[index]!;
  return o.name !== '' ? o.name : `odsArg_${index}`;
}

const valueRangeReturnCode = `
  auto valueRange = {1};
  return {std::next({0}, valueRange.first),
           std::next({0}, valueRange.first + valueRange.second)};
`;

const sameVariadicSizeValueRangeCalcCode = `
  bool isVariadic[] = {{0}};
  int prevVariadicCount = 0;
  for (unsigned i = 0; i < index; ++i)
    if (isVariadic[i]) ++prevVariadicCount;

  // Calculate how many dynamic values a static variadic {4} corresponds to.
  // This assumes all static variadic {4}s have the same dynamic value count.
  int variadicSize = ({3} - {1}) / {2};
  // \`index\` passed in as the parameter is the static index which counts each
  // {4} (variadic or not) as size 1. So here for each previous static variadic
  // {4}, we need to offset by (variadicSize - 1) to get where the dynamic
  // value pack for this static {4} starts.
  int start = index + (variadicSize - 1) * prevVariadicCount;
  int size = isVariadic[index] ? variadicSize : 1;
  return {start, size};
`;

const attrSizedSegmentValueRangeCalcCode = `
  unsigned start = 0;
  for (unsigned i = 0; i < index; ++i)
    start += sizeAttr[i];
  return {start, sizeAttr[index]};
`;

const adapterSegmentSizeAttrInitCode = `
  ::llvm::ArrayRef<int32_t> sizeAttr = {0};
`;

const variadicOfVariadicAdaptorCalcCode = `
  auto tblgenTmpOperands = getODSOperands({1});
  auto sizes = {0}();

  ::llvm::SmallVector<{2}> tblgenTmpOperandGroups;
  for (int i = 0, e = sizes.size(); i < e; ++i) {
    tblgenTmpOperandGroups.push_back(tblgenTmpOperands.take_front(sizes[i]));
    tblgenTmpOperands = tblgenTmpOperands.drop_front(sizes[i]);
  }
  return tblgenTmpOperandGroups;
`;

function generateValueRangeStartAndEnd(
  cls: Class,
  isGenericAdaptorBase: boolean,
  methodName: string,
  numVariadic: number,
  numNonVariadic: number,
  rangeSizeCall: string,
  hasAttrSegmentSize: boolean,
  sizeAttrInit: string,
  values: readonly { isVariableLength(): boolean }[],
  valueKindWord: string,
): void {
  const params = [new MethodParameter('unsigned', 'index')];
  let sizeCall = rangeSizeCall;
  if (isGenericAdaptorBase) {
    params.push(new MethodParameter('unsigned', 'odsOperandsSize'));
    sizeCall = 'odsOperandsSize';
  }
  const m = cls.addMethod('std::pair<unsigned, unsigned>', methodName, numVariadic === 0 ? MethodProp.Inline : MethodProp.None, params);
  if (!m) return;
  if (numVariadic === 0) m.body.write('  return {index, 1};\n');
  else if (hasAttrSegmentSize) m.body.write(sizeAttrInit).write(attrSizedSegmentValueRangeCalcCode);
  else {
    const list = values.map((v) => (v.isVariableLength() ? 'true' : 'false')).join(', ');
    m.body.write(
      sameVariadicSizeValueRangeCalcCode
        .replace('{{0}}', `{${list}}`)
        .replaceAll('{4}', valueKindWord)
        .replaceAll('{3}', sizeCall)
        .replaceAll('{1}', String(numNonVariadic))
        .replaceAll('{2}', String(numVariadic)),
    );
  }
}

function typeForGetter(cppType: string): string {
  return `::mlir::TypedValue<${cppType}>`;
}

function generateNamedOperandGetters(
  op: Operator,
  cls: Class,
  genericAdaptorBase: Class | undefined,
  sizeAttrInit: string,
  rangeType: string,
  rangeElementType: string,
  rangeBeginCall: string,
  rangeSizeCall: string,
): void {
  const numOperands = op.getNumOperands();
  const numVariadic = op.getNumVariableLengthOperands();
  const sameVariadicSize = op.getTrait('::mlir::OpTrait::SameVariadicOperandSize');
  const attrSized = op.getTrait('::mlir::OpTrait::AttrSizedOperandSegments');
  if (numVariadic > 1 && !sameVariadicSize && !attrSized)
    fatalAt(op.def, 'op has multiple variadic operands but no specification over their sizes');
  if (numVariadic < 2 && attrSized) fatalAt(op.def, "op must have at least two variadic operands to use 'AttrSizedOperandSegments' trait");
  if (attrSized && sameVariadicSize)
    fatalAt(op.def, "op cannot have both 'AttrSizedOperandSegments' and 'SameVariadicOperandSize' traits");
  op.operands.forEach((o, i) => {
    if (o.name !== '') cls.declare(new Field('static constexpr int', `odsIndex_${o.name} = ${i}`));
  });
  const isBase = genericAdaptorBase !== undefined;
  generateValueRangeStartAndEnd(
    genericAdaptorBase ?? cls,
    isBase,
    'getODSOperandIndexAndLength',
    numVariadic,
    numOperands - numVariadic,
    rangeSizeCall,
    attrSized !== undefined,
    sizeAttrInit,
    op.operands,
    'operand',
  );
  if (isBase) {
    const m = cls.addInlineMethod('std::pair<unsigned, unsigned>', 'getODSOperandIndexAndLength', [new MethodParameter('unsigned', 'index')]);
    errorIfPruned(m, 'getODSOperandIndexAndLength', op);
    m.body.indent().write(`return Base::getODSOperandIndexAndLength(index, ${rangeSizeCall});`);
  }
  const m = cls.addInlineMethod(rangeType, 'getODSOperands', [new MethodParameter('unsigned', 'index')]);
  errorIfPruned(m, 'getODSOperands', op);
  m.body.write(fmt(valueRangeReturnCode, rangeBeginCall, 'getODSOperandIndexAndLength(index)'));
  op.operands.forEach((operand, i) => {
    if (operand.name === '') return;
    const name = op.getGetterName(operand.name);
    if (operand.isOptional()) {
      const mm = cls.addInlineMethod(isBase ? rangeElementType : typeForGetter(operand.constraint.getCppType()), name);
      errorIfPruned(mm, name, op, PRUNED_AT.optionalOperandGetter);
      mm.body.indent().write(`auto operands = getODSOperands(${i});\nreturn operands.empty() ? ${mm.returnType}{} : `);
      if (!isBase) mm.body.write(`::llvm::cast<${mm.returnType}>`);
      mm.body.write('(*operands.begin());');
    } else if (operand.isVariadicOfVariadic()) {
      const segmentAttr = op.getGetterName(operand.constraint.getVariadicOfVariadicSegmentSizeAttr());
      if (isBase) {
        const mm = cls.addMethod(`::llvm::SmallVector<${rangeType}>`, name);
        errorIfPruned(mm, name, op, PRUNED_AT.variadicOfVariadicOperandGetter);
        mm.body.write(fmt(variadicOfVariadicAdaptorCalcCode, segmentAttr, i, rangeType));
        return;
      }
      const mm = cls.addInlineMethod('::mlir::OperandRangeRange', name);
      errorIfPruned(mm, name, op, PRUNED_AT.variadicOfVariadicOperandGetter);
      mm.body.write(`  return getODSOperands(${i}).split(${segmentAttr}Attr());`);
    } else if (operand.isVariadic()) {
      const mm = cls.addInlineMethod(rangeType, name);
      errorIfPruned(mm, name, op, PRUNED_AT.variadicOperandGetter);
      mm.body.write(`  return getODSOperands(${i});`);
    } else {
      const mm = cls.addInlineMethod(isBase ? rangeElementType : typeForGetter(operand.constraint.getCppType()), name);
      errorIfPruned(mm, name, op, PRUNED_AT.operandGetter);
      mm.body.indent().write('return ');
      if (!isBase) mm.body.write(`::llvm::cast<${mm.returnType}>`);
      mm.body.write(`(*getODSOperands(${i}).begin());`);
    }
  });
}

/** The getter returning the attribute's C++ value (`getFoo()`), shared by op and adaptor. */
function emitAttrGetterWithReturnType(fctx: FmtContext, cls: Class, op: Operator, name: string, attr: NamedAttribute['attr']): void {
  const m = cls.addMethod(attr.getReturnType(), name);
  errorIfPruned(m, name, op, PRUNED_AT.attrGetter);
  m.body.write(`  auto attr = ${name}Attr();\n`);
  if (attr.hasDefaultValue() && attr.isOptional()) {
    if (!attr.isConstBuildable()) fatalAt(op.def, `DefaultValuedAttr of type ${attr.getAttrDefName()} must have a constBuilder`);
    const dflt = tgfmt(attr.getConstBuilderTemplate(), fctx, tgfmt(attr.getDefaultValue(), fctx));
    m.body.write(`    if (!attr)\n      return ${tgfmt(attr.getConvertFromStorageCall(), cloneCtx(fctx).withSelf(dflt))};\n`);
  }
  m.body.write(`  return ${tgfmt(attr.getConvertFromStorageCall(), cloneCtx(fctx).withSelf('attr'))};\n`);
}

function emitPropGetter(cls: Class, op: Operator, name: string, prop: Property): void {
  const m = cls.addInlineMethod(prop.getInterfaceType(), name);
  errorIfPruned(m, name, op, PRUNED_AT.propGetter);
  m.body.write(`  return getProperties().${name}();`);
}

/** A copy of a format context (tgfmt contexts are mutated by withSelf). */
function cloneCtx(c: FmtContext): FmtContext {
  return Object.assign(Object.create(Object.getPrototypeOf(c) as object) as FmtContext, c);
}

/** The op class model (OpClass): `::mlir::Op<Cls, traits...>` with the standard usings. */
export class OpClass extends Class {
  readonly parent: ParentClass;
  constructor(
    name: string,
    readonly extraDecl: string,
    readonly extraDef: string,
  ) {
    super(name);
    this.parent = this.addParent('::mlir::Op');
    this.parent.addTemplateParam(name);
    this.declare(new VisibilityDeclaration(Visibility.Public));
    this.declare(new UsingDeclaration('Op::Op'));
    this.declare(new UsingDeclaration('Op::print'));
    this.declare(new UsingDeclaration('Adaptor', `${name}Adaptor`));
    this.declare(new UsingDeclaration('GenericAdaptor', `${name}GenericAdaptor<RangeT>`)).addTemplateParam('RangeT');
    this.declare(new UsingDeclaration('FoldAdaptor', 'GenericAdaptor<::llvm::ArrayRef<::mlir::Attribute>>'));
  }
  addTrait(t: string): void {
    this.parent.addTemplateParam(t);
  }
  override finalize(): void {
    super.finalize();
    this.declare(new VisibilityDeclaration(Visibility.Public));
    this.declare(new ExtraClassDeclaration(this.extraDecl, this.extraDef));
  }
}

function formatExtraDeclarations(op: Operator): string {
  const parts: string[] = [];
  for (const t of op.traits) {
    if (t.kind !== 'native') continue;
    const v = t.getExtraConcreteClassDeclaration();
    if (v !== '') parts.push(v);
  }
  parts.push(op.getExtraClassDeclaration());
  return parts.join('\n');
}

function formatExtraDefinitions(op: Operator): string {
  const parts: string[] = [];
  for (const t of op.traits) {
    if (t.kind !== 'native') continue;
    const v = t.getExtraConcreteClassDefinition();
    if (v !== '') parts.push(v);
  }
  parts.push(op.getExtraClassDefinition());
  return tgfmt(parts.join('\n'), new FmtContext().addSubst('cppClass', op.getCppClassName()));
}

const inlineCreateBody = `
  ::mlir::OperationState __state__({0}, getOperationName());
  build(builder, __state__{1});
  auto __res__ = ::llvm::dyn_cast<{2}>(builder.create(__state__));
  assert(__res__ && "builder didn't return the right type");
  return __res__;
`;

const inlineCreateBodyImplicitLoc = `
  return create(builder, builder.getLoc(){0});
`;

type TypeParamKind = 'none' | 'separate' | 'collective';
type AttrParamKind = 'wrapped' | 'unwrapped';

/** Builds the op class (OpEmitter). */
export class OpEmitter {
  readonly opClass: OpClass;
  readonly helper: OpHelper;
  private readonly interfaceUsingNames = new Set<string>();

  private readonly verifyCtx = new FmtContext().addSubst('_op', '(*this->getOperation())').addSubst('_ctxt', 'this->getOperation()->getContext()');

  /**
   * `sv`: the file's uniqued constraint functions, needed for definitions (verifier bodies).
   * `output`: what the class is built for: op-decls passes no `sv` and builds for declarations
   * only, op-defs builds for definitions, and both outputs share one class built for both
   * (sharedOpClasses).
   */
  constructor(
    readonly op: Operator,
    readonly sv?: StaticVerifier,
    /** `--asmformat-error-is-fatal`: whether a bad assembly format stops the generator. */
    private readonly formatErrorIsFatal = true,
    output: ClassOutput = sv ? 'def' : 'decl',
  ) {
    this.opClass = new OpClass(op.getCppClassName(), formatExtraDeclarations(op), formatExtraDefinitions(op));
    this.opClass.output = output;
    this.helper = new OpHelper(op, true);
    this.genTraits();
    this.genAttrNameGetters();
    this.genOpAsmInterface();
    this.genOpNameGetter();
    this.genNamedOperandGetters();
    this.genNamedOperandSetters();
    this.genNamedResultGetters();
    this.genNamedRegionGetters();
    this.genNamedSuccessorGetters();
    if (this.helper.hasProperties()) this.genPropertiesSupport();
    this.genPropGetters();
    this.genPropSetters();
    this.genAttrGetters();
    this.genAttrSetters();
    this.genOptionalAttrRemovers();
    this.genBuilder();
    this.genPopulateDefaultAttributes();
    this.genParser();
    this.genPrinter();
    this.genVerifier();
    this.genCustomVerifier();
    this.genCanonicalizerDecls();
    this.genFolderDecls();
    this.genTypeInterfaceMethods();
    this.genOpInterfaceMethods();
    this.genOpFormat();
    this.genSideEffectInterfaceMethods();
  }

  private addSizeCountTrait(kind: string, numTotal: number, numVariadic: number): void {
    const c = this.opClass;
    if (numVariadic !== 0) {
      if (numTotal === numVariadic) c.addTrait(`::mlir::OpTrait::Variadic${kind}s`);
      else c.addTrait(`::mlir::OpTrait::AtLeastN${kind}s<${numTotal - numVariadic}>::Impl`);
      return;
    }
    if (numTotal === 0) c.addTrait(`::mlir::OpTrait::Zero${kind}s`);
    else if (numTotal === 1) c.addTrait(`::mlir::OpTrait::One${kind}`);
    else c.addTrait(`::mlir::OpTrait::N${kind}s<${numTotal}>::Impl`);
  }

  private genTraits(): void {
    const op = this.op;
    this.addSizeCountTrait('Region', op.getNumRegions(), op.getNumVariadicRegions());
    const numResults = op.getNumResults();
    const numVarResults = op.getNumVariableLengthResults();
    this.addSizeCountTrait('Result', numResults, numVarResults);
    if (numResults === 1 && numVarResults === 0)
      this.opClass.addTrait(`::mlir::OpTrait::OneTypedResult<${op.results[0]!.constraint.getCppType()}>::Impl`);
    this.addSizeCountTrait('Successor', op.getNumSuccessors(), op.getNumVariadicSuccessors());
    this.addSizeCountTrait('Operand', op.getNumOperands(), op.getNumVariableLengthOperands());
    for (const t of op.traits) if (t.kind === 'native' && t.isStructuralOpTrait()) this.opClass.addTrait(t.getFullyQualifiedTraitName());
    this.opClass.addTrait('::mlir::OpTrait::OpInvariants');
    if (this.helper.hasNonEmptyPropertiesStruct()) this.opClass.addTrait('::mlir::BytecodeOpInterface::Trait');
    for (const t of op.traits) {
      if (t.kind === 'native' && !t.isStructuralOpTrait()) this.opClass.addTrait(t.getFullyQualifiedTraitName());
      else if (t.kind === 'interface') this.opClass.addTrait(t.getFullyQualifiedTraitName());
    }
  }

  private genAttrNameGetters(): void {
    const op = this.op;
    const attributes = [...this.helper.attrMetadata.keys()];
    // Without properties the segment sizes are among the attributes already.
    const hasOperandSegmentsSize = op.getDialect().usePropertiesForAttributes() && op.getTrait('::mlir::OpTrait::AttrSizedOperandSegments') !== undefined;
    {
      const m = this.opClass.addStaticInlineMethod('::llvm::ArrayRef<::llvm::StringRef>', 'getAttributeNames');
      errorIfPruned(m, 'getAttributeNames', op);
      if (!hasOperandSegmentsSize && attributes.length === 0) {
        m.body.write('  return {};');
        return;
      }
      let s = '  static ::llvm::StringRef attrNames[] = {';
      s += attributes.map((a) => `::llvm::StringRef("${a}")`).join(', ');
      if (hasOperandSegmentsSize) {
        if (attributes.length > 0) s += ', ';
        s += `::llvm::StringRef("${operandSegmentAttrName}")`;
      }
      s += '};\n  return ::llvm::ArrayRef(attrNames);';
      m.body.write(s);
    }
    {
      const m = this.opClass.addMethod('::mlir::StringAttr', 'getAttributeNameForIndex', MethodProp.Inline | MethodProp.Private, [
        new MethodParameter('unsigned', 'index'),
      ]);
      errorIfPruned(m, 'getAttributeNameForIndex', op);
      m.body.write('  return getAttributeNameForIndex((*this)->getName(), index);');
    }
    {
      const m = this.opClass.addMethod('::mlir::StringAttr', 'getAttributeNameForIndex', MethodProp.StaticInline | MethodProp.Private, [
        new MethodParameter('::mlir::OperationName', 'name'),
        new MethodParameter('unsigned', 'index'),
      ]);
      errorIfPruned(m, 'getAttributeNameForIndex', op);
      if (attributes.length === 0) m.body.write('  return {};');
      else
        m.body.write(`
  assert(index < ${attributes.length} && "invalid attribute index");
  assert(name.getStringRef() == getOperationName() && "invalid operation name");
  assert(name.isRegistered() && "Operation isn't registered, missing a "
        "dependent dialect loading?");
  return name.getAttributeNames()[index];
`);
    }
    attributes.forEach((attr, index) => {
      const methodName = op.getGetterName(attr) + 'AttrName';
      const m1 = this.opClass.addInlineMethod('::mlir::StringAttr', methodName);
      errorIfPruned(m1, methodName, op);
      m1.body.write(`  return getAttributeNameForIndex(${index});`);
      const m2 = this.opClass.addStaticInlineMethod('::mlir::StringAttr', methodName, [new MethodParameter('::mlir::OperationName', 'name')]);
      errorIfPruned(m2, methodName, op);
      m2.body.write(`  return getAttributeNameForIndex(name, ${index});`);
    });
    if (hasOperandSegmentsSize) {
      const methodName = op.getGetterName(operandSegmentAttrName) + 'AttrName';
      const m1 = this.opClass.addInlineMethod('::mlir::StringAttr', methodName);
      errorIfPruned(m1, methodName, op);
      m1.body.write(' return (*this)->getName().getAttributeNames().back();');
      const m2 = this.opClass.addStaticInlineMethod('::mlir::StringAttr', methodName, [new MethodParameter('::mlir::OperationName', 'name')]);
      errorIfPruned(m2, methodName, op);
      m2.body.write(' return name.getAttributeNames().back();');
    }
  }

  private genOpAsmInterface(): void {
    const op = this.op;
    const n = op.getNumResults();
    if (n <= 1 || op.getTrait('::mlir::OpAsmOpInterface::Trait')) return;
    const names = op.results.map((r) => r.name);
    if (names.every((x) => x === '')) return;
    this.opClass.addTrait('::mlir::OpAsmOpInterface::Trait');
    const m = this.opClass.addMethod('void', 'getAsmResultNames', MethodProp.None, [new MethodParameter('::mlir::OpAsmSetValueNameFn', 'setNameFn')]);
    errorIfPruned(m, 'getAsmResultNames', op);
    for (let i = 0; i < n; i++)
      m.body.write(`  auto resultGroup${i} = getODSResults(${i});\n  if (!resultGroup${i}.empty())\n    setNameFn(*resultGroup${i}.begin(), "${names[i]}");\n`);
  }

  private genOpNameGetter(): void {
    const m = this.opClass.addMethod('::llvm::StringLiteral', 'getOperationName', MethodProp.Static | MethodProp.Constexpr);
    errorIfPruned(m, 'getOperationName', this.op);
    m.body.write(`  return ::llvm::StringLiteral("${this.op.getOperationName()}");`);
  }

  private genNamedOperandGetters(): void {
    const init = this.op.getTrait('::mlir::OpTrait::AttrSizedOperandSegments') ? this.helper.segmentSizesInit(operandSegmentAttrName) : '';
    generateNamedOperandGetters(
      this.op,
      this.opClass,
      undefined,
      init,
      '::mlir::Operation::operand_range',
      '::mlir::Value',
      'getOperation()->operand_begin()',
      'getOperation()->getNumOperands()',
    );
  }

  private genNamedOperandSetters(): void {
    const op = this.op;
    const attrSized = op.getTrait('::mlir::OpTrait::AttrSizedOperandSegments');
    op.operands.forEach((operand, i) => {
      if (operand.name === '') return;
      const name = op.getGetterName(operand.name);
      const returnType = operand.isVariadicOfVariadic()
        ? '::mlir::MutableOperandRangeRange'
        : operand.isVariableLength()
          ? '::mlir::MutableOperandRange'
          : '::mlir::OpOperand &';
      const isVar = operand.isVariadicOfVariadic() || operand.isVariableLength();
      const m = this.opClass.addMethod(returnType, name + 'Mutable', isVar ? MethodProp.None : MethodProp.Inline);
      errorIfPruned(m, name, op, PRUNED_AT.operandMutableGetter);
      const b = m.body;
      b.write(`  auto range = getODSOperandIndexAndLength(${i});\n`);
      if (!isVar) {
        b.write('  return getOperation()->getOpOperand(range.first);\n');
        return;
      }
      b.write('  auto mutableRange = ::mlir::MutableOperandRange(getOperation(), range.first, range.second');
      if (attrSized && !this.helper.hasProperties())
        b.write(`, ::mlir::MutableOperandRange::OperandSegment(${i}u, *${this.helper.getAttr(operandSegmentAttrName, true)})`);
      else if (attrSized)
        b.write(
          `, ::mlir::MutableOperandRange::OperandSegment(${i}u, {getOperandSegmentSizesAttrName(), ::mlir::DenseI32ArrayAttr::get(getContext(), getProperties().operandSegmentSizes)})`,
        );
      b.write(');\n');
      if (operand.isVariadicOfVariadic())
        b.write(
          `  return mutableRange.split(*(*this)->getAttrDictionary().getNamed(${op.getGetterName(operand.constraint.getVariadicOfVariadicSegmentSizeAttr())}AttrName()));\n`,
        );
      else b.write('  return mutableRange;\n');
    });
  }

  private genNamedResultGetters(): void {
    const op = this.op;
    const numResults = op.getNumResults();
    const numVar = op.getNumVariableLengthResults();
    const same = op.getTrait('::mlir::OpTrait::SameVariadicResultSize');
    const attrSized = op.getTrait('::mlir::OpTrait::AttrSizedResultSegments');
    if (numVar > 1 && !same && !attrSized) fatalAt(op.def, 'op has multiple variadic results but no specification over their sizes');
    if (numVar < 2 && attrSized) fatalAt(op.def, "op must have at least two variadic results to use 'AttrSizedResultSegments' trait");
    if (attrSized && same) fatalAt(op.def, "op cannot have both 'AttrSizedResultSegments' and 'SameVariadicResultSize' traits");
    const init = attrSized ? this.helper.segmentSizesInit(resultSegmentAttrName) : '';
    generateValueRangeStartAndEnd(
      this.opClass,
      false,
      'getODSResultIndexAndLength',
      numVar,
      numResults - numVar,
      'getOperation()->getNumResults()',
      attrSized !== undefined,
      init,
      op.results,
      'operand',
    );
    const m = this.opClass.addInlineMethod('::mlir::Operation::result_range', 'getODSResults', [new MethodParameter('unsigned', 'index')]);
    errorIfPruned(m, 'getODSResults', op);
    m.body.write(fmt(valueRangeReturnCode, 'getOperation()->result_begin()', 'getODSResultIndexAndLength(index)'));
    op.results.forEach((result, i) => {
      if (result.name === '') return;
      const name = op.getGetterName(result.name);
      if (result.isOptional()) {
        const mm = this.opClass.addInlineMethod(typeForGetter(result.constraint.getCppType()), name);
        errorIfPruned(mm, name, op, PRUNED_AT.optionalResultGetter);
        mm.body.write(`  auto results = getODSResults(${i});\n  return results.empty() ? ${mm.returnType}() : ::llvm::cast<${mm.returnType}>(*results.begin());`);
      } else if (result.isVariadic()) {
        const mm = this.opClass.addInlineMethod('::mlir::Operation::result_range', name);
        errorIfPruned(mm, name, op, PRUNED_AT.variadicResultGetter);
        mm.body.write(`  return getODSResults(${i});`);
      } else {
        const mm = this.opClass.addInlineMethod(typeForGetter(result.constraint.getCppType()), name);
        errorIfPruned(mm, name, op, PRUNED_AT.resultGetter);
        mm.body.write(`  return ::llvm::cast<${mm.returnType}>(*getODSResults(${i}).begin());`);
      }
    });
  }

  private genNamedRegionGetters(): void {
    const op = this.op;
    op.regions.forEach((region, i) => {
      if (region.name === '') return;
      const name = op.getGetterName(region.name);
      if (region.isVariadic()) this.addNamedGetter('::mlir::MutableArrayRef<::mlir::Region>', name, `  return (*this)->getRegions().drop_front(${i});`, PRUNED_AT.variadicRegionGetter);
      else this.addNamedGetter('::mlir::Region &', name, `  return (*this)->getRegion(${i});`, PRUNED_AT.regionGetter);
    });
  }

  /** An inline getter of a named region or successor. */
  private addNamedGetter(returnType: string, name: string, body: string, prunedAt: number): void {
    const m = this.opClass.addInlineMethod(returnType, name);
    errorIfPruned(m, name, this.op, prunedAt);
    m.body.write(body);
  }

  private genNamedSuccessorGetters(): void {
    const op = this.op;
    op.successors.forEach((s, i) => {
      if (s.name === '') return;
      const name = op.getGetterName(s.name);
      if (s.isVariadic()) this.addNamedGetter('::mlir::SuccessorRange', name, `  return {std::next((*this)->successor_begin(), ${i}), (*this)->successor_end()};`, PRUNED_AT.variadicSuccessorGetter);
      else this.addNamedGetter('::mlir::Block *', name, `  return (*this)->getSuccessor(${i});`, PRUNED_AT.successorGetter);
    });
  }

  private genPropertiesSupport(): void {
    const c = this.opClass;
    const items = this.helper.attrOrProperties();
    const setProp = c.addStaticMethod('::llvm::LogicalResult', 'setPropertiesFromAttr', [
      new MethodParameter('Properties &', 'prop'),
      new MethodParameter('::mlir::Attribute', 'attr'),
      new MethodParameter('::llvm::function_ref<::mlir::InFlightDiagnostic()>', 'emitError'),
    ])!.body;
    const getProp = c.addStaticMethod('::mlir::Attribute', 'getPropertiesAsAttr', [
      new MethodParameter('::mlir::MLIRContext *', 'ctx'),
      new MethodParameter('const Properties &', 'prop'),
    ])!.body;
    const hash = c.addStaticMethod('llvm::hash_code', 'computePropertiesHash', [new MethodParameter('const Properties &', 'prop')])!.body;
    const getInherent = c.addStaticMethod('std::optional<mlir::Attribute>', 'getInherentAttr', [
      new MethodParameter('::mlir::MLIRContext *', 'ctx'),
      new MethodParameter('const Properties &', 'prop'),
      new MethodParameter('llvm::StringRef', 'name'),
    ])!.body;
    const setInherent = c.addStaticMethod('void', 'setInherentAttr', [
      new MethodParameter('Properties &', 'prop'),
      new MethodParameter('llvm::StringRef', 'name'),
      new MethodParameter('mlir::Attribute', 'value'),
    ])!.body;
    const populate = c.addStaticMethod('void', 'populateInherentAttrs', [
      new MethodParameter('::mlir::MLIRContext *', 'ctx'),
      new MethodParameter('const Properties &', 'prop'),
      new MethodParameter('::mlir::NamedAttrList &', 'attrs'),
    ])!.body;
    const verifyInherent = c.addStaticMethod('::llvm::LogicalResult', 'verifyInherentAttrs', [
      new MethodParameter('::mlir::OperationName', 'opName'),
      new MethodParameter('::mlir::NamedAttrList &', 'attrs'),
      new MethodParameter('llvm::function_ref<::mlir::InFlightDiagnostic()>', 'emitError'),
    ])!.body;
    c.declare(new UsingDeclaration('Properties', 'FoldAdaptor::Properties'));
    this.fillPropertiesBodies(items, setProp, getProp, hash, getInherent, setInherent, populate, verifyInherent);
    this.genPropertiesSupportForBytecode(items);
  }

  private fillPropertiesBodies(
    items: ReturnType<OpHelper['attrOrProperties']>,
    setProp: MethodBody,
    getProp: MethodBody,
    hash: MethodBody,
    getInherent: MethodBody,
    setInherent: MethodBody,
    populate: MethodBody,
    verifyInherent: MethodBody,
  ): void {
    setProp.write(`
  ::mlir::DictionaryAttr dict = ::llvm::dyn_cast<::mlir::DictionaryAttr>(attr);
  if (!dict) {
    emitError() << "expected DictionaryAttr to set properties";
    return ::mlir::failure();
  }
    `);
    for (const it of items) {
      if (it.kind === 'prop') {
        const name = it.prop.name;
        const p = it.prop.prop;
        let getAttr = `   auto attr = dict.get("${name}");`;
        if (name === operandSegmentAttrName) getAttr += '   if (!attr) attr = dict.get("operand_segment_sizes");';
        if (name === resultSegmentAttrName) getAttr += '   if (!attr) attr = dict.get("result_segment_sizes");';
        const fctx = new FmtContext().withBuilder('odsBuilder').addSubst('_attr', 'propAttr').addSubst('_storage', 'propStorage').addSubst('_diag', 'emitError');
        setProp.write('{\n');
        setProp.write(`
      auto setFromAttr = [] (auto &propStorage, ::mlir::Attribute propAttr,
               ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError) -> ::mlir::LogicalResult {
        ${tgfmt(p.fields.convertFromAttributeCall, fctx)}
      };
      ${getAttr};
`);
        if (p.hasStorageTypeValueOverride() || p.hasDefaultValue()) {
          const dv = p.hasStorageTypeValueOverride() ? p.getStorageTypeValueOverride() : tgfmt(p.getDefaultValue(), fctx);
          setProp.write(`;
      if (attr) {
        if (::mlir::failed(setFromAttr(prop.${name}, attr, emitError)))
          return ::mlir::failure();
      } else {
        prop.${name} = ${dv};
      }
`);
        } else {
          setProp.write(`;
      if (attr && ::mlir::failed(setFromAttr(prop.${name}, attr, emitError)))
        return ::mlir::failure();
`);
        }
        setProp.write('  }\n');
      } else {
        const name = it.meta.attrName;
        let getAttr = `   auto attr = dict.get("${name}");`;
        // Segment sizes kept as attributes (properties of their own beside a dialect that keeps attributes out of them).
        if (name === operandSegmentAttrName && !it.meta.constraint) getAttr += '   if (!attr) attr = dict.get("operand_segment_sizes");';
        if (name === resultSegmentAttrName && !it.meta.constraint) getAttr += '   if (!attr) attr = dict.get("result_segment_sizes");';
        setProp.write(`
  {
    auto &propStorage = prop.${name};
    ${getAttr}
    if (attr) {
      auto convertedAttr = ::llvm::dyn_cast<std::remove_reference_t<decltype(propStorage)>>(attr);
      if (convertedAttr) {
        propStorage = convertedAttr;
      } else {
        emitError() << "Invalid attribute \`${name}\` in property conversion: " << attr;
        return ::mlir::failure();
      }
    }
  }
`);
      }
    }
    setProp.write('  return ::mlir::success();\n');

    getProp.write('    ::mlir::SmallVector<::mlir::NamedAttribute> attrs;\n    ::mlir::Builder odsBuilder{ctx};\n');
    for (const it of items) {
      if (it.kind === 'prop') {
        const fctx = new FmtContext().addSubst('_ctxt', 'ctx').addSubst('_storage', 'propStorage');
        getProp.write(`
    {
      const auto &propStorage = prop.${it.prop.name};
      auto attr = [&]() -> ::mlir::Attribute {
        ${tgfmt(it.prop.prop.fields.convertToAttributeCall, fctx)}
      }();
      attrs.push_back(odsBuilder.getNamedAttr("${it.prop.name}", attr));
    }
`);
        continue;
      }
      getProp.write(`
    {
      const auto &propStorage = prop.${it.meta.attrName};
      if (propStorage)
        attrs.push_back(odsBuilder.getNamedAttr("${it.meta.attrName}",
                                       propStorage));
    }
`);
    }
    getProp.write(`
  if (!attrs.empty())
    return odsBuilder.getDictionaryAttr(attrs);
  return {};
`);

    for (const it of items) {
      if (it.kind !== 'prop') continue;
      const hc = it.prop.prop.fields.hashPropertyCall;
      if (hc !== '')
        hash.write(`
  auto hash_${it.prop.name}_ = [] (const auto &propStorage) -> llvm::hash_code {
    using ::llvm::hash_value;
    return ${tgfmt(hc, new FmtContext().addSubst('_storage', 'propStorage'))};
  };
`);
    }
    hash.write('  using llvm::hash_value;\n');
    hash.write('  return llvm::hash_combine(');
    hash.write(
      items
        .map((it) => {
          if (it.kind === 'prop')
            return it.prop.prop.fields.hashPropertyCall !== ''
              ? `\n    hash_${it.prop.name}_(prop.${it.prop.name})`
              : `\n    hash_value(prop.${it.prop.name})`;
          return `\n    llvm::hash_value(prop.${it.meta.attrName}.getAsOpaquePointer())`;
        })
        .join(', '),
    );
    hash.write(');\n');

    for (const it of items) {
      if (it.kind === 'attr') {
        const name = it.meta.attrName;
        getInherent.write(`
    if (name == "${name}")
      return prop.${name};
`);
        setInherent.write(`
    if (name == "${name}") {
       prop.${name} = ::llvm::dyn_cast_or_null<std::remove_reference_t<decltype(prop.${name})>>(value);
       return;
    }
`);
        populate.write(`
    if (prop.${name}) attrs.append("${name}", prop.${name});
`);
        continue;
      }
      const name = it.prop.name;
      if (name !== operandSegmentAttrName && name !== resultSegmentAttrName) continue;
      const fctx = new FmtContext().addSubst('_ctxt', 'ctx').addSubst('_storage', `prop.${name}`);
      const legacy = name === operandSegmentAttrName ? 'operand_segment_sizes' : 'result_segment_sizes';
      getInherent.write(`    if (name == "${legacy}" || name == "${name}") return `);
      getInherent.write(`[&]() -> ::mlir::Attribute { ${tgfmt(it.prop.prop.fields.convertToAttributeCall, fctx)} }();\n`);
      setInherent.write(`        if (name == "${legacy}" || name == "${name}") {`);
      setInherent.write(`
       auto arrAttr = ::llvm::dyn_cast_or_null<::mlir::DenseI32ArrayAttr>(value);
       if (!arrAttr) return;
       if (arrAttr.size() != sizeof(prop.${name}) / sizeof(int32_t))
         return;
       llvm::copy(arrAttr.asArrayRef(), prop.${name}.begin());
       return;
    }
`);
      populate.write(`  attrs.append("${name}", [&]() -> ::mlir::Attribute { ${tgfmt(it.prop.prop.fields.convertToAttributeCall, fctx)} }());\n`);
    }
    getInherent.write('  return std::nullopt;\n');
    for (const it of items) {
      if (it.kind !== 'attr' || !it.meta.constraint) continue;
      // No op here: a condition that uses `$_op` is checked by the op's verifier only.
      if (!canEmitAttrVerifier(it.meta.constraint, false)) continue;
      const fn = this.sv?.getAttrConstraintFn(it.meta.constraint.def);
      if (fn === undefined) continue;
      const name = it.meta.attrName;
      verifyInherent.write(`
    {
      ::mlir::Attribute attr = attrs.get(${this.op.getGetterName(name)}AttrName(opName));
      if (attr && ::mlir::failed(${fn}(attr, "${name}", emitError)))
        return ::mlir::failure();
    }
`);
    }
    verifyInherent.write('    return ::mlir::success();');
  }

  private genPropertiesSupportForBytecode(items: ReturnType<OpHelper['attrOrProperties']>): void {
    if (items.length === 0) return;
    const c = this.opClass;
    if (this.op.useCustomPropertiesEncoding()) {
      c.declareStaticMethod('::llvm::LogicalResult', 'readProperties', [
        new MethodParameter('::mlir::DialectBytecodeReader &', 'reader'),
        new MethodParameter('::mlir::OperationState &', 'state'),
      ]);
      c.declareMethod('void', 'writeProperties', [new MethodParameter('::mlir::DialectBytecodeWriter &', 'writer')]);
      return;
    }
    const read = c.addStaticMethod('::llvm::LogicalResult', 'readProperties', [
      new MethodParameter('::mlir::DialectBytecodeReader &', 'reader'),
      new MethodParameter('::mlir::OperationState &', 'state'),
    ])!.body;
    const write = c.addMethod('void', 'writeProperties', MethodProp.None, [new MethodParameter('::mlir::DialectBytecodeWriter &', 'writer')])!.body;
    read.write('  auto &prop = state.getOrAddProperties<Properties>(); (void)prop;');
    write.write('  auto &prop = getProperties(); (void)prop;\n');
    const emitItem = this.bytecodeItemEmitter(read, write);
    const legacyIndex = (legacy: string): number => [...this.helper.attrMetadata.keys()].filter((n) => n < legacy).length;
    const opLegacy = legacyIndex('operand_segment_sizes');
    const resLegacy = legacyIndex('result_segment_sizes');
    items.forEach((it, index) => {
      const lctx = (propName: string): FmtContext =>
        new FmtContext()
          .addSubst('_reader', 'reader')
          .addSubst('_writer', 'writer')
          .addSubst('_storage', 'propStorage')
          .addSubst('_ctxt', 'this->getContext()')
          .addSubst('_propName', propName);
      if (this.helper.operandSegmentsSize && index === opLegacy) {
        read.write(tgfmt(readBytecodeSegmentSizeLegacy, lctx(operandSegmentAttrName)));
        write.write(tgfmt(writeBytecodeSegmentSizeLegacy, lctx(operandSegmentAttrName)));
      }
      if (this.helper.resultSegmentsSize && index === resLegacy) {
        read.write(tgfmt(readBytecodeSegmentSizeLegacy, lctx(resultSegmentAttrName)));
        write.write(tgfmt(writeBytecodeSegmentSizeLegacy, lctx(resultSegmentAttrName)));
      }
      emitItem(it);
    });
    read.write('  return ::mlir::success();');
  }

  private bytecodeItemEmitter(read: MethodBody, write: MethodBody): (it: ReturnType<OpHelper['attrOrProperties']>[number]) => void {
    return (it) => {
      if (it.kind === 'prop') {
        const fctx = new FmtContext()
          .addSubst('_reader', 'reader')
          .addSubst('_writer', 'writer')
          .addSubst('_storage', 'propStorage')
          .addSubst('_ctxt', 'this->getContext()');
        read.write(`
  {
    auto &propStorage = prop.${it.prop.name};
    auto readProp = [&]() {
      ${tgfmt(it.prop.prop.fields.readFromMlirBytecodeCall, fctx)};
      return ::mlir::success();
    };
    if (::mlir::failed(readProp()))
      return ::mlir::failure();
  }
`);
        write.write(`
  {
    auto &propStorage = prop.${it.prop.name};
    ${tgfmt(it.prop.prop.fields.writeToMlirBytecodeCall, fctx)};
  }
`);
        return;
      }
      const name = it.meta.attrName;
      if (it.meta.isRequired) {
        read.write(`
  if (::mlir::failed(reader.readAttribute(prop.${name})))
    return ::mlir::failure();
`);
        write.write(`  writer.writeAttribute(prop.${name});\n`);
      } else {
        read.write(`
  if (::mlir::failed(reader.readOptionalAttribute(prop.${name})))
    return ::mlir::failure();
`);
        write.write(`
  writer.writeOptionalAttribute(prop.${name});
`);
      }
    };
  }

  private genPropGetters(): void {
    for (const p of this.op.properties) emitPropGetter(this.opClass, this.op, this.op.getGetterName(p.name), p.prop);
  }

  private genPropSetters(): void {
    for (const p of this.op.properties) {
      const name = this.op.getSetterName(p.name);
      const argName = 'new' + convertToCamelFromSnakeCase(p.name, true);
      const m = this.opClass.addInlineMethod('void', name, [new MethodParameter(p.prop.getInterfaceType(), argName)]);
      if (!m) return;
      m.body.write(`  getProperties().${name}(${argName});`);
    }
  }

  private genAttrGetters(): void {
    const op = this.op;
    const fctx = new FmtContext().withBuilder('::mlir::Builder((*this)->getContext())');
    for (const na of op.attributes) {
      const name = op.getGetterName(na.name);
      if (na.attr.isDerivedAttr()) {
        const m = this.opClass.addMethod(na.attr.getReturnType(), name);
        // Three writes, as upstream streams them: the indent alone is kept even before a body
        // that opens with a newline (a blank first line the output keeps).
        if (m) m.body.write('  ').write(na.attr.getDerivedCodeBody()).write('\n');
      } else {
        const m = this.opClass.addInlineMethod(na.attr.getStorageType(), name + 'Attr');
        if (m)
          m.body.write(
            `  return ::llvm::${na.attr.isOptional() || na.attr.hasDefaultValue() ? 'dyn_cast_or_null' : 'cast'}<${na.attr.getStorageType()}>(${this.helper.getAttr(na.name)});`,
          );
        emitAttrGetterWithReturnType(fctx, this.opClass, op, name, na.attr);
      }
    }
    const derived = op.attributes.filter((a) => a.attr.isDerivedAttr());
    if (derived.length === 0) return;
    this.opClass.addTrait('::mlir::DerivedAttributeOpInterface::Trait');
    {
      const m = this.opClass.addStaticMethod('bool', 'isDerivedAttribute', [new MethodParameter('::llvm::StringRef', 'name')]);
      errorIfPruned(m, 'isDerivedAttribute', op);
      for (const d of derived) m.body.write(`  if (name == "${d.name}") return true;\n`);
      m.body.write(' return false;');
    }
    {
      const m = this.opClass.addMethod('::mlir::DictionaryAttr', 'materializeDerivedAttributes');
      errorIfPruned(m, 'materializeDerivedAttributes', op);
      const nonMat = derived.filter((d) => d.attr.getConvertFromStorageCall() === '');
      if (nonMat.length > 0) {
        const attrs = nonMat.map((d) => op.getGetterName(d.name)).join(', ');
        warnAt(op.def, `op has non-materializable derived attributes '${attrs}', skipping`);
        m.body.write(`  emitOpError("op has non-materializable derived attributes '${attrs}'");\n`);
        m.body.write('  return nullptr;');
        return;
      }
      m.body.write('  ::mlir::MLIRContext* ctx = getContext();\n');
      m.body.write('  ::mlir::Builder odsBuilder(ctx); (void)odsBuilder;\n');
      m.body.write('  return ::mlir::DictionaryAttr::get(');
      m.body.write('  ctx, {\n');
      m.body.write(
        derived
          .map((d) => {
            const name = op.getGetterName(d.name);
            const c = new FmtContext().withSelf(name + '()').withBuilder('odsBuilder').addSubst('_ctxt', 'ctx').addSubst('_storage', 'ctx');
            return `    {${name}AttrName(),\n${tgfmt(d.attr.getConvertFromStorageCall(), c)}}`;
          })
          .join(',\n'),
      );
      m.body.write('});');
    }
  }

  private genAttrSetters(): void {
    const op = this.op;
    for (const na of op.attributes) {
      if (na.attr.isDerivedAttr()) continue;
      const setterName = op.getSetterName(na.name);
      const m = this.opClass.addInlineMethod('void', setterName + 'Attr', [new MethodParameter(na.attr.getStorageType(), 'attr')]);
      if (m) m.body.write(this.helper.attrsInProperties() ? `  getProperties().${na.name} = attr;` : `  (*this)->setAttr(${this.helper.getAttrName(na.name)}, attr);`);
      const attr = na.attr;
      const base = attr.getBaseAttr();
      if (!canUseUnwrappedRawValue(base)) continue;
      const fctx = new FmtContext().withBuilder('::mlir::Builder((*this)->getContext())');
      const isUnit = attr.getAttrDefName() === 'UnitAttr';
      const isOptional = attr.isOptional();
      const paramType = isUnit ? 'bool' : isOptional ? `::std::optional<${base.getReturnType()}>` : attr.getReturnType();
      const mm = this.opClass.addMethod('void', setterName, MethodProp.None, [new MethodParameter(paramType, 'attrValue')]);
      if (!mm) continue;
      if (!isOptional) {
        const value = constBuildAttrFromParam(attr, fctx, 'attrValue');
        mm.body.write(this.helper.attrsInProperties() ? `  getProperties().${na.name} = ${value};` : `  (*this)->setAttr(${this.helper.getAttrName(na.name)}, ${value});`);
        continue;
      }
      if (!this.helper.attrsInProperties()) {
        const attrName = this.helper.getAttrName(na.name);
        mm.body.write(`
    if (attrValue)
      return (*this)->setAttr(${attrName}, ${constBuildAttrFromParam(base, fctx, isUnit ? 'attrValue' : '*attrValue')});
    (*this)->removeAttr(${attrName});`);
        continue;
      }
      mm.body.write(`
    auto &odsProp = getProperties().${na.name};
    if (attrValue)
      odsProp = ${constBuildAttrFromParam(base, fctx, isUnit ? 'attrValue' : '*attrValue')};
    else
      odsProp = nullptr;`);
    }
  }

  private genOptionalAttrRemovers(): void {
    for (const na of this.op.attributes) {
      if (!na.attr.isOptional()) continue;
      const m = this.opClass.addInlineMethod('::mlir::Attribute', this.op.getRemoverName(na.name) + 'Attr');
      if (!m) continue;
      if (!this.helper.attrsInProperties()) {
        m.body.write(`return (*this)->removeAttr(${this.helper.getAttrName(na.name)});\n`);
        continue;
      }
      m.body.write(`
    auto attr = getProperties().${na.name};
    getProperties().${na.name} = {};
    return attr;
`);
    }
  }

  private genInlineCreateBody(params: readonly MethodParameter[]): void {
    const withLoc: MethodParameter[] = [new MethodParameter('::mlir::OpBuilder &', 'builder')];
    const implicit: MethodParameter[] = [new MethodParameter('::mlir::ImplicitLocOpBuilder &', 'builder')];
    let loc = 'location';
    while (hasParamNamed(params, loc)) loc += '_';
    withLoc.push(new MethodParameter('::mlir::Location', loc));
    // Parameters are immutable: both overloads share the builder's.
    let fwd = '';
    for (let i = 0; i < params.length; i++) {
      const p = params[i]!;
      if (p.type === '::mlir::OpBuilder &' || p.type === '::mlir::OperationState &') continue;
      withLoc.push(p);
      implicit.push(p);
      fwd += `, std::forward<decltype(${p.name})>(${p.name})`;
    }
    const cls = this.opClass.className;
    const c1 = this.opClass.addStaticMethod(cls, 'create', withLoc);
    const c2 = this.opClass.addStaticMethod(cls, 'create', implicit);
    if (!c1?.body.keepsText() && !c2?.body.keepsText()) return;
    if (c1) c1.body.write(fmt(inlineCreateBody, loc, fwd, cls));
    if (c2) c2.body.write(fmt(inlineCreateBodyImplicitLoc, fwd));
  }

  private buildParamList(typeKind: TypeParamKind, attrKind: AttrParamKind): { params: MethodParameter[]; resultNames: string[]; inferred: Set<string> } {
    const op = this.op;
    const params: MethodParameter[] = [new MethodParameter('::mlir::OpBuilder &', 'odsBuilder'), new MethodParameter('::mlir::OperationState &', 'odsState')];
    const resultNames: string[] = [];
    if (typeKind === 'separate') {
      op.results.forEach((r, i) => {
        const n = r.name !== '' ? r.name : `resultType${i}`;
        params.push(new MethodParameter(r.isVariadic() ? '::mlir::TypeRange' : '::mlir::Type', n, '', r.isOptional()));
        resultNames.push(n);
      });
    } else if (typeKind === 'collective') {
      params.push(new MethodParameter('::mlir::TypeRange', 'resultTypes'));
      resultNames.push('resultTypes');
    }
    const numArgs = op.getNumArgs();
    let likeStart = numArgs;
    let attrStart = numArgs;
    const trailing = op.getNumSuccessors() > 0 || op.getNumVariadicRegions() > 0;
    if (!trailing) {
      for (let i = numArgs - 1; i >= 0; i--) {
        const a = op.arguments[i]!;
        if (a.kind === 'property') {
          if (!a.value.prop.hasDefaultValue()) break;
          likeStart = i;
          continue;
        }
        if (a.kind !== 'attribute') break;
        const attr = a.value.attr;
        if (!attr.hasDefaultValue() && !attr.isDerivedAttr()) break;
        const rt = attr.getReturnType();
        if (rt === '::llvm::APInt' || rt === '::llvm::APFloat') break;
        likeStart = i;
        attrStart = i;
      }
    }
    let ambiguity = true;
    for (const a of op.arguments) {
      if (a.kind !== 'attribute') continue;
      const attr = a.value.attr;
      if (attr.hasDefaultValue() || attr.isDerivedAttr()) continue;
      if (attrKind !== 'wrapped' || !canUseUnwrappedRawValue(attr)) continue;
      ambiguity = false;
      break;
    }
    if (attrStart < numArgs) {
      const a = op.arguments[attrStart]!;
      if (a.kind === 'attribute') {
        const attr = a.value.attr;
        if ((attrKind === 'wrapped' && canUseUnwrappedRawValue(attr) && ambiguity) || (attrKind === 'unwrapped' && !canUseUnwrappedRawValue(attr) && ambiguity)) {
          attrStart++;
          likeStart = attrStart;
        }
      }
    }
    const inferred = new Set<string>();
    for (const o of op.operands) if (o.isVariadicOfVariadic()) inferred.add(o.constraint.getVariadicOfVariadicSegmentSizeAttr());
    const fctx = new FmtContext().withBuilder('odsBuilder');
    let numOperands = 0;
    op.arguments.forEach((a, i) => {
      if (a.kind === 'operand') {
        const o = a.value;
        const type = o.isVariadicOfVariadic() ? '::llvm::ArrayRef<::mlir::ValueRange>' : o.isVariadic() ? '::mlir::ValueRange' : '::mlir::Value';
        params.push(new MethodParameter(type, getArgumentName(op, numOperands++), '', o.isOptional()));
        return;
      }
      if (a.kind === 'property') {
        const p = a.value.prop;
        const dv = p.hasDefaultValue() && i >= likeStart ? tgfmt(p.getDefaultValue(), fctx) : '';
        params.push(new MethodParameter(p.getInterfaceType(), a.value.name, dv, p.hasDefaultValue()));
        return;
      }
      const attr = a.value.attr;
      if (inferred.has(a.value.name)) return;
      const type = attrKind === 'unwrapped' && canUseUnwrappedRawValue(attr) ? attr.getReturnType() : attr.getStorageType();
      let dv = '';
      if (i >= attrStart) dv = attrKind === 'unwrapped' && canUseUnwrappedRawValue(attr) ? tgfmt(attr.getDefaultValue(), fctx) : 'nullptr';
      params.push(new MethodParameter(type, a.value.name, dv, attr.isOptional()));
    });
    for (const s of op.successors) params.push(new MethodParameter(s.isVariadic() ? '::mlir::BlockRange' : '::mlir::Block *', s.name));
    for (const r of op.regions) if (r.isVariadic()) params.push(new MethodParameter('unsigned', `${r.name}Count`));
    return { params, resultNames, inferred };
  }

  private genCodeForAddingArgAndRegionForBuilder(body: MethodBody, inferred: Set<string>, isRaw: boolean): void {
    if (!body.keepsText()) return;
    const op = this.op;
    op.operands.forEach((operand, i) => {
      const argName = getArgumentName(op, i);
      if (operand.isVariadicOfVariadic()) {
        body.write(`  for (::mlir::ValueRange range : ${argName})\n   odsState.addOperands(range);\n`);
        body.write(
          `  {\n    ::llvm::SmallVector<int32_t> rangeSegments;\n    for (::mlir::ValueRange range : ${argName})\n      rangeSegments.push_back(range.size());\n    auto rangeAttr = odsBuilder.getDenseI32ArrayAttr(rangeSegments);\n`,
        );
        const segAttr = operand.constraint.getVariadicOfVariadicSegmentSizeAttr();
        body.write(
          this.helper.attrsInProperties()
            ? `    ${builderOpStateProperties}.${segAttr} = rangeAttr;`
            : `    odsState.addAttribute(${op.getGetterName(segAttr)}AttrName(odsState.name), rangeAttr);`,
        );
        body.write('  }\n');
        return;
      }
      if (operand.isOptional()) body.write(`  if (${argName})\n  `);
      body.write(`  odsState.addOperands(${argName});\n`);
    });
    if (op.getTrait('::mlir::OpTrait::AttrSizedOperandSegments')) {
      const inProps = this.helper.operandSegmentsSize !== undefined;
      body.write(inProps ? '  ::llvm::copy(::llvm::ArrayRef<int32_t>({' : '  odsState.addAttribute(getOperandSegmentSizesAttrName(odsState.name), odsBuilder.getDenseI32ArrayAttr({');
      body.write(
        op.operands
          .map((o, i) => {
            if (!o.isVariableLength()) return '1';
            const n = getArgumentName(op, i);
            if (o.isOptional()) return `(${n} ? 1 : 0)`;
            if (o.isVariadicOfVariadic())
              return `llvm::accumulate(${n}, int32_t(0), [](int32_t curSum, ::mlir::ValueRange range) { return curSum + static_cast<int32_t>(range.size()); })`;
            return `static_cast<int32_t>(${n}.size())`;
          })
          .join(', '),
      );
      body.write(inProps ? `}), ${builderOpStateProperties}.operandSegmentSizes.begin());\n` : '}));\n');
    }
    for (const p of op.properties) body.write(`  ${builderOpStateProperties}.${op.getSetterName(p.name)}(${p.name});\n`);
    const props = this.helper.attrsInProperties();
    const setAttr = (name: string, value: string) =>
      props ? `  ${builderOpStateProperties}.${name} = ${value};\n` : `  odsState.addAttribute(${op.getGetterName(name)}AttrName(odsState.name), ${value});\n`;
    for (const na of op.attributes) {
      const attr = na.attr;
      if (attr.isDerivedAttr() || inferred.has(na.name)) continue;
      const check = (attr.isOptional() && !attr.hasDefaultValue()) || (attr.hasDefaultValue() && !isRaw) || (isRaw && attr.getAttrDefName() === 'UnitAttr');
      if (check) body.indent().write(`if (${na.name}) {\n`);
      if (isRaw && canUseUnwrappedRawValue(attr)) {
        const fctx = new FmtContext().withBuilder('odsBuilder');
        body.write(setAttr(na.name, constBuildAttrFromParam(attr, fctx, na.name)));
      } else body.write(setAttr(na.name, na.name));
      if (check) body.unindent().write('  }\n');
    }
    for (const r of op.regions) {
      if (r.isVariadic()) body.write(`  for (unsigned i = 0; i < ${r.name}Count; ++i)\n  `);
      body.write('  (void)odsState.addRegion();\n');
    }
    for (const s of op.successors) body.write(`  odsState.addSuccessors(${s.name});\n`);
  }

  private canGenerateUnwrappedBuilder(): boolean {
    if (this.op.numNativeAttributes === 0) return false;
    for (let i = 0; i < this.op.numNativeAttributes; i++) if (canUseUnwrappedRawValue(this.op.attributes[i]!.attr)) return true;
    return false;
  }

  private canInferType(): boolean {
    return this.op.getTrait('::mlir::InferTypeOpInterface::Trait') !== undefined;
  }

  private genSeparateArgParamBuilder(): void {
    const kinds: AttrParamKind[] = ['wrapped'];
    if (this.canGenerateUnwrappedBuilder()) kinds.push('unwrapped');
    const op = this.op;
    const emit = (attrKind: AttrParamKind, typeKind: TypeParamKind, inferType: boolean): void => {
      const { params, resultNames, inferred } = this.buildParamList(typeKind, attrKind);
      const m = this.opClass.addStaticMethod('void', 'build', params);
      if (!m) return;
      this.genInlineCreateBody(params);
      const body = m.body;
      this.genCodeForAddingArgAndRegionForBuilder(body, inferred, attrKind === 'unwrapped');
      if (inferType) {
        body.write(`
        ::llvm::SmallVector<::mlir::Type, 2> inferredReturnTypes;
        if (::mlir::succeeded(${this.opClass.className}::inferReturnTypes(odsBuilder.getContext(),
                      odsState.location, odsState.operands,
                      odsState.attributes.getDictionary(odsState.getContext()),
                      odsState.getRawProperties(),
                      odsState.regions, inferredReturnTypes)))
          odsState.addTypes(inferredReturnTypes);
        else
          ::mlir::detail::reportFatalInferReturnTypesError(odsState);
        `);
        return;
      }
      if (typeKind === 'none') return;
      if (typeKind === 'separate') {
        op.results.forEach((r, i) => {
          if (r.isOptional()) body.write(`  if (${resultNames[i]})\n  `);
          body.write(`  odsState.addTypes(${resultNames[i]});\n`);
        });
        if (op.getTrait('::mlir::OpTrait::AttrSizedResultSegments')) {
          // The reference indents the attribute form by one space only.
          const inProps = this.helper.resultSegmentsSize !== undefined;
          body.write(inProps ? '  ::llvm::copy(::llvm::ArrayRef<int32_t>({' : ' odsState.addAttribute(getResultSegmentSizesAttrName(odsState.name), odsBuilder.getDenseI32ArrayAttr({');
          body.write(
            op.results
              .map((r, i) => (!r.isVariableLength() ? '1' : r.isOptional() ? `(${resultNames[i]} ? 1 : 0)` : `static_cast<int32_t>(${resultNames[i]}.size())`))
              .join(', '),
          );
          body.write(inProps ? `}), ${builderOpStateProperties}.resultSegmentSizes.begin());\n` : '}));\n');
        }
        return;
      }
      const numResults = op.getNumResults();
      const numVar = op.getNumVariableLengthResults();
      const numNonVar = numResults - numVar;
      const hasVar = numVar !== 0;
      if (!hasVar || numNonVar !== 0) body.write(`  assert(resultTypes.size() ${hasVar ? '>=' : '=='} ${numNonVar}u && "mismatched number of results");\n`);
      body.write('  odsState.addTypes(resultTypes);\n');
    };
    for (const k of kinds) {
      emit(k, 'separate', false);
      if (this.canInferType()) emit(k, 'none', true);
      emit(k, 'collective', false);
    }
  }

  private collectiveParams(kind: 'prop' | 'attr', withResultTypes: boolean, unnamedBuilder: boolean, attrsDefaultAlways = false): MethodParameter[] {
    const op = this.op;
    const ps: MethodParameter[] = [new MethodParameter('::mlir::OpBuilder &', unnamedBuilder ? '' : 'odsBuilder'), new MethodParameter('::mlir::OperationState &', 'odsState')];
    if (withResultTypes) ps.push(new MethodParameter('::mlir::TypeRange', 'resultTypes'));
    ps.push(new MethodParameter('::mlir::ValueRange', 'operands'));
    if (kind === 'prop') ps.push(new MethodParameter('const Properties &', 'properties'));
    const dflt = attrsDefaultAlways ? '{}' : op.getNumVariadicRegions() ? '' : '{}';
    ps.push(new MethodParameter('::llvm::ArrayRef<::mlir::NamedAttribute>', kind === 'prop' ? 'discardableAttributes' : 'attributes', dflt));
    if (!attrsDefaultAlways && op.getNumVariadicRegions()) ps.push(new MethodParameter('unsigned', 'numRegions'));
    return ps;
  }

  private propsFromAttrsInit(): string {
    return `
  if (!attributes.empty()) {
    ::mlir::OpaqueProperties properties =
      &odsState.getOrAddProperties<${this.opClass.className}::Properties>();
    std::optional<::mlir::RegisteredOperationName> info =
      odsState.name.getRegisteredInfo();
    if (failed(info->setOpPropertiesFromAttribute(odsState.name, properties,
        odsState.attributes.getDictionary(odsState.getContext()), nullptr)))
      ::llvm::report_fatal_error("Property conversion failed.");
  }`;
  }

  private genCollectiveParamBuilder(kind: 'prop' | 'attr'): void {
    const op = this.op;
    const params = this.collectiveParams(kind, true, true);
    const m = this.opClass.addStaticMethod('void', 'build', params);
    if (!m) return;
    this.genInlineCreateBody(params);
    const b = m.body;
    this.writeCollectiveOperandsAndRegions(b, kind, 'Properties&');
    const numVarRes = op.getNumVariableLengthResults();
    const numNonVarRes = op.getNumResults() - numVarRes;
    if (numVarRes === 0 || numNonVarRes !== 0) b.write(`  assert(resultTypes.size()${numVarRes !== 0 ? ' >= ' : ' == '}${numNonVarRes}u && "mismatched number of return types");\n`);
    b.write('  odsState.addTypes(resultTypes);\n');
    if (this.helper.hasNonEmptyPropertiesStruct() && kind === 'attr') b.write(this.propsFromAttrsInit());
    if (this.canInferType() && op.getNumSuccessors() === 0) this.genInferredTypeCollectiveParamBuilder(kind);
  }

  /** The operand check, operands, properties, attributes and regions of a collective builder. */
  private writeCollectiveOperandsAndRegions(b: { write(text: string): unknown }, kind: 'prop' | 'attr', propsRef: string): void {
    const op = this.op;
    const numVarOps = op.getNumVariableLengthOperands();
    const numNonVarOps = op.getNumOperands() - numVarOps;
    if (numVarOps === 0 || numNonVarOps !== 0) b.write(`  assert(operands.size()${numVarOps !== 0 ? ' >= ' : ' == '}${numNonVarOps}u && "mismatched number of parameters");\n`);
    b.write('  odsState.addOperands(operands);\n');
    if (kind === 'prop') b.write(`  odsState.useProperties(const_cast<${propsRef}>(properties));\n`);
    b.write(`  odsState.addAttributes(${kind === 'prop' ? 'discardableAttributes' : 'attributes'});\n`);
    const nr = op.getNumRegions();
    if (nr) {
      b.write(`  for (unsigned i = 0; i != ${op.getNumVariadicRegions() ? 'numRegions' : nr}; ++i)\n`);
      b.write('    (void)odsState.addRegion();\n');
    }
  }

  private genInferredTypeCollectiveParamBuilder(kind: 'prop' | 'attr'): void {
    const op = this.op;
    const params = this.collectiveParams(kind, false, false);
    const m = this.opClass.addStaticMethod('void', 'build', params);
    if (!m) return;
    this.genInlineCreateBody(params);
    const b = m.body;
    const numVarRes = op.getNumVariableLengthResults();
    const numNonVarRes = op.getNumResults() - numVarRes;
    // mlir-tblgen spells the cast differently in the two collective builders.
    this.writeCollectiveOperandsAndRegions(b, kind, 'Properties &');
    if (this.helper.hasNonEmptyPropertiesStruct() && kind === 'attr') b.write(this.propsFromAttrsInit());
    b.write(`
  ::llvm::SmallVector<::mlir::Type, 2> inferredReturnTypes;
  if (::mlir::succeeded(${this.opClass.className}::inferReturnTypes(odsBuilder.getContext(),
          odsState.location, operands,
          odsState.attributes.getDictionary(odsState.getContext()),
          odsState.getRawProperties(),
          odsState.regions, inferredReturnTypes))) {`);
    if (numVarRes === 0 || numNonVarRes !== 0)
      b.write(`\n    assert(inferredReturnTypes.size()${numVarRes !== 0 ? ' >= ' : ' == '}${numNonVarRes}u && "mismatched number of return types");`);
    b.write('\n    odsState.addTypes(inferredReturnTypes);');
    b.write(`
  } else {
    ::llvm::report_fatal_error("Failed to infer result type(s).");
  }`);
  }

  private genUseOperandAsResultTypeSeparateParamBuilder(): void {
    const op = this.op;
    const emit = (attrKind: AttrParamKind): void => {
      const { params, inferred } = this.buildParamList('none', attrKind);
      const m = this.opClass.addStaticMethod('void', 'build', params);
      if (!m) return;
      this.genInlineCreateBody(params);
      this.genCodeForAddingArgAndRegionForBuilder(m.body, inferred, attrKind === 'unwrapped');
      const n = op.getNumResults();
      if (n === 0) return;
      const rt = `${getArgumentName(op, 0)}${op.operands[0]!.isVariadic() ? '.front()' : ''}.getType()`;
      m.body.write(`  odsState.addTypes({${Array(n).fill(rt).join(', ')}});\n\n`);
    };
    emit('wrapped');
    if (this.canGenerateUnwrappedBuilder()) emit('unwrapped');
  }

  private genUseOperandAsResultTypeCollectiveParamBuilder(kind: 'prop' | 'attr'): void {
    const op = this.op;
    const params = this.collectiveParams(kind, false, false);
    const m = this.opClass.addStaticMethod('void', 'build', params);
    if (!m) return;
    this.genInlineCreateBody(params);
    const b = m.body;
    b.write('  odsState.addOperands(operands);\n');
    if (kind === 'prop') b.write('  odsState.useProperties(const_cast<Properties&>(properties));\n');
    b.write(`  odsState.addAttributes(${kind === 'prop' ? 'discardableAttributes' : 'attributes'});\n`);
    const nr = op.getNumRegions();
    if (nr) {
      b.write(`  for (unsigned i = 0; i != ${op.getNumVariadicRegions() ? 'numRegions' : nr}; ++i)\n`);
      b.write('    (void)odsState.addRegion();\n');
    }
    b.write(`  odsState.addTypes({${Array(op.getNumResults()).fill('operands[0].getType()').join(', ')}});\n\n`);
  }

  private genUseAttrAsResultTypeCollectiveParamBuilder(kind: 'prop' | 'attr'): void {
    const op = this.op;
    const params = this.collectiveParams(kind, false, false, true);
    const m = this.opClass.addStaticMethod('void', 'build', params);
    if (!m) return;
    this.genInlineCreateBody(params);
    const b = m.body;
    const na = op.attributes[0]!;
    const rt = na.attr.isTypeAttr() ? '::llvm::cast<::mlir::TypeAttr>(typeAttr).getValue()' : '::llvm::cast<::mlir::TypedAttr>(typeAttr).getType()';
    if (kind === 'prop') b.write(`  ::mlir::Attribute typeAttr = properties.${op.getGetterName(na.name)}();\n`);
    else
      b.write(
        `  ::mlir::Attribute typeAttr;\n  auto attrName = ${op.getGetterName(na.name)}AttrName(odsState.name);\n  for (auto attr : attributes) {\n    if (attr.getName() == attrName) {\n      typeAttr = attr.getValue();\n      break;\n    }\n  }\n`,
      );
    b.write('  odsState.addOperands(operands);\n');
    if (kind === 'prop') b.write('  odsState.useProperties(const_cast<Properties&>(properties));\n');
    b.write(`  odsState.addAttributes(${kind === 'prop' ? 'discardableAttributes' : 'attributes'});\n`);
    b.write(`    odsState.addTypes({${Array(op.getNumResults()).fill(rt).join(', ')}});\n`);
  }

  private genBuilder(): void {
    const op = this.op;
    for (const builder of op.builders) {
      const fctx = new FmtContext().withBuilder('odsBuilder');
      const args: MethodParameter[] = [new MethodParameter('::mlir::OpBuilder &', 'odsBuilder'), new MethodParameter('::mlir::OperationState &', 'odsState')];
      builder.parameters.forEach((p, i) => {
        args.push(new MethodParameter(p.cppType, p.name ?? `odsArg${i}`, tgfmt(p.defaultValue ?? '', fctx)));
      });
      const body = builder.getBody();
      const m = this.opClass.addMethod('void', 'build', body !== undefined ? MethodProp.Static : MethodProp.StaticDeclaration, args);
      errorIfPruned(m, 'build', op);
      m.deprecationMessage = builder.getDeprecatedMessage();
      if (body !== undefined) m.body.write(tgfmt(body, new FmtContext().withBuilder('odsBuilder').addSubst('_state', 'odsState')));
      this.genInlineCreateBody(args);
    }
    if (op.skipDefaultBuilders()) return;
    this.genSeparateArgParamBuilder();
    this.genCollectiveParamBuilder('attr');
    const props = this.helper.hasProperties();
    if (props) this.genCollectiveParamBuilder('prop');
    if (op.getNumVariableLengthResults() === 0) {
      if (op.getTrait('::mlir::OpTrait::SameOperandsAndResultType')) {
        this.genUseOperandAsResultTypeSeparateParamBuilder();
        this.genUseOperandAsResultTypeCollectiveParamBuilder('attr');
        if (props) this.genUseOperandAsResultTypeCollectiveParamBuilder('prop');
      }
      if (op.getTrait('::mlir::OpTrait::FirstAttrDerivedResultType')) {
        this.genUseAttrAsResultTypeCollectiveParamBuilder('attr');
        // Emitted even without a Properties struct, as the reference does.
        this.genUseAttrAsResultTypeCollectiveParamBuilder('prop');
      }
    }
  }

  /**
   * Defaults of default-valued attributes: set in the Properties struct, or (without one) appended
   * to the attribute dictionary by index in the op's sorted attribute names.
   */
  private genPopulateDefaultAttributes(): void {
    const op = this.op;
    if (op.attributes.every((a) => !a.attr.hasDefaultValue() || a.attr.isOptional())) return;
    const props = this.helper.hasProperties();
    const name = props ? 'populateDefaultProperties' : 'populateDefaultAttrs';
    const m = this.opClass.addStaticMethod(
      'void',
      name,
      props
        ? [new MethodParameter('::mlir::OperationName', 'opName'), new MethodParameter('Properties &', 'properties')]
        : [new MethodParameter('const ::mlir::OperationName &', 'opName'), new MethodParameter('::mlir::NamedAttrList &', 'attributes')],
    );
    errorIfPruned(m, name, op);
    const b = m.body;
    b.indent();
    if (props) b.write('::mlir::Builder odsBuilder(opName.getContext());\n');
    else b.write('auto attrNames = opName.getAttributeNames();\n::mlir::Builder odsBuilder(attrNames.front().getContext());\n');
    const index = [...this.helper.attrMetadata.keys()];
    for (const na of op.attributes) {
      const a = na.attr;
      if (!a.hasDefaultValue() || a.isOptional()) continue;
      const fctx = new FmtContext().withBuilder('odsBuilder');
      const value = tgfmt(a.getConstBuilderTemplate(), fctx, tgfmt(a.getDefaultValue(), fctx));
      const i = index.indexOf(na.name);
      b.write(
        props
          ? `if (!properties.${na.name})\n  properties.${na.name} = ${value};\n`
          : `if (!attributes.get(attrNames[${i}])) {\n  attributes.append(attrNames[${i}], ${value});\n}\n`,
      );
    }
  }

  private genParser(): void {
    if (this.op.hasAssemblyFormat()) return;
    if (!this.op.def.getValueAsBit('hasCustomAssemblyFormat')) return;
    const m = this.opClass.declareStaticMethod('::mlir::ParseResult', 'parse', [
      new MethodParameter('::mlir::OpAsmParser &', 'parser'),
      new MethodParameter('::mlir::OperationState &', 'result'),
    ]);
    errorIfPruned(m, 'parse', this.op);
  }

  private genPrinter(): void {
    if (this.op.hasAssemblyFormat()) return;
    if (!this.op.def.getValueAsBit('hasCustomAssemblyFormat')) return;
    const m = this.opClass.declareMethod('void', 'print', [new MethodParameter('::mlir::OpAsmPrinter &', 'p')]);
    errorIfPruned(m, 'print', this.op);
  }

  private genVerifier(): void {
    const impl = this.opClass.addMethod('::llvm::LogicalResult', 'verifyInvariantsImpl');
    errorIfPruned(impl, 'verifyInvariantsImpl', this.op);
    const sv = this.sv;
    if (sv) {
      const h: VerifyHelper = this.helper;
      const body = impl.body;
      populateSubstitutions(h, this.verifyCtx);
      genPropertyVerifier(h, this.verifyCtx, body, sv);
      genAttributeVerifier(h, this.verifyCtx, body, sv);
      genOperandResultVerifier(this.op, body, 'operand', sv);
      genOperandResultVerifier(this.op, body, 'result', sv);
      for (const t of this.op.traits) {
        if (t.kind !== 'pred') continue;
        const pred = tgfmt(conditionOf(t.def), this.verifyCtx);
        body.write(tgfmt('  if (!($0))\n    return emitOpError("failed to verify that $1");\n', this.verifyCtx, pred, t.getSummary()));
      }
      genRegionVerifier(this.op, body, sv);
      genSuccessorVerifier(this.op, body, sv);
    }
    impl.body.write('  return ::mlir::success();\n');
    const m = this.opClass.addMethod('::llvm::LogicalResult', 'verifyInvariants');
    errorIfPruned(m, 'verifyInvariants', this.op);
    if (this.op.def.getValueAsBit('hasVerifier'))
      m.body.write('  if(::mlir::succeeded(verifyInvariantsImpl()) && ::mlir::succeeded(verify()))\n    return ::mlir::success();\n  return ::mlir::failure();');
    else m.body.write('  return verifyInvariantsImpl();');
  }

  private genCustomVerifier(): void {
    if (this.op.def.getValueAsBit('hasVerifier')) errorIfPruned(this.opClass.declareMethod('::llvm::LogicalResult', 'verify'), 'verify', this.op);
    if (this.op.def.getValueAsBit('hasRegionVerifier'))
      errorIfPruned(this.opClass.declareMethod('::llvm::LogicalResult', 'verifyRegions'), 'verifyRegions', this.op);
  }

  private genCanonicalizerDecls(): void {
    const op = this.op;
    const hasMethod = op.def.getValueAsBit('hasCanonicalizeMethod');
    if (hasMethod)
      errorIfPruned(
        this.opClass.declareStaticMethod('::llvm::LogicalResult', 'canonicalize', [
          new MethodParameter(op.getCppClassName(), 'op'),
          new MethodParameter('::mlir::PatternRewriter &', 'rewriter'),
        ]),
        'canonicalize',
        op,
      );
    const hasCanon = op.def.getValueAsBit('hasCanonicalizer');
    if (!hasMethod && !hasCanon) return;
    const hasBody = hasMethod && !hasCanon;
    const m = this.opClass.addMethod('void', 'getCanonicalizationPatterns', hasBody ? MethodProp.Static : MethodProp.StaticDeclaration, [
      new MethodParameter('::mlir::RewritePatternSet &', 'results'),
      new MethodParameter('::mlir::MLIRContext *', 'context'),
    ]);
    if (hasBody) {
      errorIfPruned(m, 'getCanonicalizationPatterns', op);
      m.body.write('  results.add(canonicalize);\n');
    }
  }

  private genFolderDecls(): void {
    const op = this.op;
    if (!op.hasFolder()) return;
    const params = [new MethodParameter('FoldAdaptor', 'adaptor')];
    let ret: string;
    if (op.getNumResults() === 1 && op.getNumVariableLengthResults() === 0) ret = '::mlir::OpFoldResult';
    else {
      params.push(new MethodParameter('::llvm::SmallVectorImpl<::mlir::OpFoldResult> &', 'results'));
      ret = '::llvm::LogicalResult';
    }
    errorIfPruned(this.opClass.declareMethod(ret, 'fold', params), 'fold', op);
  }

  private genOpInterfaceMethod(method: ReturnType<Interface['getMethods']>[number], declaration: boolean): Method | undefined {
    const params = method.getArguments().map((a) => new MethodParameter(a.type, a.name));
    const props = (method.isStatic() ? MethodProp.Static : MethodProp.None) | (declaration ? MethodProp.Declaration : MethodProp.None);
    return this.opClass.addMethod(method.getReturnType(), method.getName(), props, params);
  }

  /** inferReturnTypes' read of the attribute `name` a result type comes from. */
  private inferredTypeAttr(name: string): string {
    const fromDict = `::llvm::dyn_cast_or_null<::mlir::TypedAttr>(attributes.get("${name}"))`;
    return this.helper.attrsInProperties() ? `(properties ? properties.as<Properties *>()->${name} : ${fromDict})` : fromDict;
  }

  private genTypeInterfaceMethods(): void {
    const op = this.op;
    if (!op.allResultTypesKnown) return;
    const trait = op.getTrait('::mlir::InferTypeOpInterface::Trait')!;
    const iface = Interface.of(trait.def);
    const im = iface.getMethods().find((x) => x.getName() === 'inferReturnTypes');
    if (!im) return;
    const m = this.genOpInterfaceMethod(im, false);
    errorIfPruned(m, 'inferReturnTypes', op);
    const body = m.body;
    body.write(`  inferredReturnTypes.resize(${op.getNumResults()});\n`);
    body.write('  ::mlir::Builder odsBuilder(context);\n');
    if (!this.sv) {
      // Declarations print no body, but report what the definitions report (as mlir-tblgen 22,
      // which builds the body for both): the first pass of the loop below reaches every result
      // whose type is taken from an argument.
      for (let i = 0; i < op.getNumResults(); i++) {
        const infer = op.resultTypeMapping[i]!;
        if (infer.index < 0) continue;
        const kind = op.arguments[infer.index]!.kind;
        if (kind !== 'operand' && kind !== 'attribute') fatalAt(op.def, 'Properties cannot be used for type inference');
      }
      return;
    }
    const fctx = new FmtContext().withBuilder('odsBuilder').addSubst('_ctxt', 'context');
    const n = op.getNumResults();
    let maxAccessed = -1;
    for (let i = 0; i < n; i++) {
      const infer = op.resultTypeMapping[i]!;
      if (infer.index < 0) continue;
      const arg = op.arguments[infer.index]!;
      if (arg.kind === 'operand') maxAccessed = Math.max(maxAccessed, arg.index);
    }
    if (maxAccessed !== -1) body.write(`  if (operands.size() <= ${maxAccessed})\n    return ::mlir::failure();\n`);
    const constructed: number[] = new Array<number>(n).fill(-1);
    let idx = 0;
    for (let progress = true; idx !== n && progress; ) {
      progress = false;
      for (let i = 0; i < n; i++) {
        if (constructed[i]! >= 0) continue;
        const infer = op.resultTypeMapping[i]!;
        let typeStr: string;
        if (infer.index >= 0) {
          const arg = op.arguments[infer.index]!;
          if (arg.kind === 'operand') typeStr = `operands[${arg.index}].getType()`;
          else if (arg.kind === 'attribute') {
            const name = arg.value.name;
            body.write(
              `  ::mlir::TypedAttr odsInferredTypeAttr${idx} = ${this.inferredTypeAttr(name)};\n  if (!odsInferredTypeAttr${idx}) return ::mlir::failure();\n`,
            );
            typeStr = `odsInferredTypeAttr${idx}.getType()`;
          } else fatalAt(op.def, 'Properties cannot be used for type inference');
        } else {
          const ri = -1 - infer.index;
          const builder = op.results[ri]!.constraint.getBuilderCall();
          if (builder !== undefined) typeStr = tgfmt(builder, fctx);
          else if (constructed[ri]! >= 0) typeStr = `odsInferredType${constructed[ri]}`;
          else continue;
        }
        body.write(`  ::mlir::Type odsInferredType${idx++} = ${tgfmt(infer.transformer, fctx.withSelf(typeStr))};\n`);
        constructed[i] = idx - 1;
        progress = true;
      }
    }
    constructed.forEach((c, i) => body.write(`  inferredReturnTypes[${i}] = odsInferredType${c};\n`));
    body.write('  return ::mlir::success();');
  }

  private genOpInterfaceMethods(): void {
    for (const t of this.op.traits) if (t.kind === 'interface' && t.shouldDeclareMethods()) this.genOpInterfaceMethodsFor(t);
  }

  private genOpInterfaceMethodsFor(t: Trait): void {
    const iface = Interface.of(t.def);
    const always = new Set(t.getAlwaysDeclaredMethods());
    for (const m of iface.getMethods()) {
      if (m.getBody() !== undefined) continue;
      if (m.getDefaultImplementation() !== undefined && !always.has(m.getName())) {
        const name = `${t.getFullyQualifiedTraitName()}<${this.op.getCppClassName()}>::${m.getName()}`;
        if (!this.interfaceUsingNames.has(name)) {
          this.interfaceUsingNames.add(name);
          this.opClass.declare(new UsingDeclaration(name));
        }
        continue;
      }
      this.genOpInterfaceMethod(m, true);
    }
  }

  private addParsedAttrPropertiesSetter(skip: ReadonlySet<string> = new Set()): void {
    if (!this.helper.hasProperties()) return;
    const m = this.opClass.addStaticMethod('::llvm::LogicalResult', 'setPropertiesFromParsedAttr', [
      new MethodParameter('Properties &', 'prop'),
      new MethodParameter('::mlir::Attribute', 'attr'),
      new MethodParameter('::llvm::function_ref<::mlir::InFlightDiagnostic()>', 'emitError'),
    ]);
    if (!m) return;
    const b = m.body;
    b.write(`  ::mlir::DictionaryAttr dict = ::llvm::dyn_cast<::mlir::DictionaryAttr>(attr);
  if (!dict) {
    emitError() << "expected DictionaryAttr to set properties";
    return ::mlir::failure();
  }
  // keep track of used keys in the input dictionary to be able to error out
  // if there are some unknown ones.
  ::mlir::DenseSet<::mlir::StringAttr> usedKeys;
  ::mlir::MLIRContext *ctx = dict.getContext();
  (void)ctx;
`);
    for (const { name, prop } of this.op.properties) {
      if (skip.has(name)) continue;
      const fctx = new FmtContext().addSubst('_attr', 'propAttr').addSubst('_storage', 'propStorage').addSubst('_diag', 'emitError');
      // The conversion's later lines are indented 4 more, as mlir-tblgen's indented stream does.
      const convert = tgfmt(prop.fields.convertFromAttributeCall, fctx).replace(/\n(?=[^\n])/g, '\n    ');
      b.write(`  {

    auto setFromAttr = [] (auto &propStorage, ::mlir::Attribute propAttr,
             ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError) -> ::mlir::LogicalResult {
      ${convert};
    };
    auto ${name}AttrName = ::mlir::StringAttr::get(ctx, "${name}");
    usedKeys.insert(${name}AttrName);
    auto attr = dict.get(${name}AttrName);
    if (!attr && ${prop.hasDefaultValue() ? 'false' : 'true'}) {
      emitError() << "expected key entry for ${name} in DictionaryAttr to set "
                 "Properties.";
      return ::mlir::failure();
    }
    if (attr && ::mlir::failed(setFromAttr(prop.${name}, attr, emitError)))
      return ::mlir::failure();
  }
`);
    }
    for (const na of this.op.attributes) {
      if (na.attr.isDerivedAttr() || skip.has(na.name)) continue;
      const name = na.name;
      const required = !(na.attr.isOptional() || na.attr.hasDefaultValue());
      b.write(`  {

    auto &propStorage = prop.${name};
    auto ${name}AttrName = ::mlir::StringAttr::get(ctx, "${name}");
    auto attr = dict.get(${name}AttrName);
    usedKeys.insert(${name}AttrName);
    if (attr || /*isRequired=*/${required ? 'true' : 'false'}) {
      if (!attr) {
        emitError() << "expected key entry for ${name} in DictionaryAttr to set "
                   "Properties.";
        return ::mlir::failure();
      }
      auto convertedAttr = ::llvm::dyn_cast<std::remove_reference_t<decltype(propStorage)>>(attr);
      if (convertedAttr) {
        propStorage = convertedAttr;
      } else {
        emitError() << "Invalid attribute \`${name}\` in property conversion: " << attr;
        return ::mlir::failure();
      }
    }
  }
`);
    }
    b.write(`
  for (::mlir::NamedAttribute attr : dict) {
    if (!usedKeys.contains(attr.getName()))
      return emitError() << "unknown key '" << attr.getName() <<
          "' when parsing properties dictionary";
  }
  return ::mlir::success();
`);
  }

  /**
   * The declarative assembly format's parse/print methods; ops printed in the generic or a C++
   * form, and formats using `prop-dict`, also get setPropertiesFromParsedAttr.
   */
  private genOpFormat(): void {
    if (!this.op.hasAssemblyFormat()) {
      this.addParsedAttrPropertiesSetter();
      return;
    }
    // Both outputs verify the format (a bad one is reported by op-decls too); one that failed
    // without being fatal (`--asmformat-error-is-fatal=false`) gives the op no parser or printer.
    const fmt = opFormatOrReport(this.op, this.formatErrorIsFatal);
    if (!fmt) return;
    const hasPropDict = fmt.hasPropDict;
    if (!this.sv) {
      // Declarations only: the parse/print signatures.
      const parse = this.opClass.addStaticMethod('::mlir::ParseResult', 'parse', [
        new MethodParameter('::mlir::OpAsmParser &', 'parser'),
        new MethodParameter('::mlir::OperationState &', 'result'),
      ]);
      errorIfFormatPruned(parse, this.op);
      if (hasPropDict) this.addParsedAttrPropertiesSetter();
      errorIfFormatPruned(this.opClass.addMethod('void', 'print', MethodProp.None, [new MethodParameter('::mlir::OpAsmPrinter &', '_odsPrinter')]), this.op);
      return;
    }
    const cls = new Class(this.opClass.className);
    cls.output = this.opClass.output;
    generateOpFormat(this.op, fmt, cls);
    for (const m of cls.pendingMethods()) {
      if (m.name === 'print' && hasPropDict)
        this.addParsedAttrPropertiesSetter(new Set([...fmt.usedProperties, ...fmt.usedAttributes].map((a) => a.name)));
      errorIfFormatPruned(this.opClass.adoptMethod(m), this.op);
    }
  }

  private genSideEffectInterfaceMethods(): void {
    const op = this.op;
    interface Loc {
      effect: SideEffect;
      index: number;
      kind: 'operand' | 'result' | 'symbol' | 'static';
    }
    const effects = new Map<string, Loc[]>();
    const get = (k: string): Loc[] => {
      let l = effects.get(k);
      if (!l) effects.set(k, (l = []));
      return l;
    };
    const resolve = (decorators: Record[], index: number, kind: Loc['kind']): void => {
      for (const d of decorators) {
        if (!d.isSubClassOfName('SideEffect')) continue;
        const e = new SideEffect(d);
        this.opClass.addTrait(e.getInterfaceTrait());
        get(e.getBaseEffectName()).push({ effect: e, index, kind });
      }
    };
    for (const t of op.traits) {
      if (!t.isSideEffectTrait()) continue;
      const list = get(t.def.getValueAsString('baseEffectName'));
      for (const e of t.def.getValueAsListInit('effects').elements) if (e instanceof DefInit) list.push({ effect: new SideEffect(e.def), index: 0, kind: 'static' });
    }
    let operandIt = 0;
    op.arguments.forEach((a, i) => {
      if (a.kind === 'operand') {
        resolve(op.getArgDecorators(i), operandIt++, 'operand');
        return;
      }
      if (a.kind === 'property') return;
      if (a.value.attr.getBaseAttr().isSymbolRefAttr()) resolve(op.getArgDecorators(i), i, 'symbol');
    });
    op.results.forEach((_r, i) => resolve(op.getResultDecorators(i), i, 'result'));
    const add = (effect: string, value: string, stage: number, full: boolean, resource: string): string =>
      `  effects.emplace_back(${effect}::get(), ${value}${stage}, ${full ? 'true' : 'false'}, ${resource}::get());\n`;
    for (const [base, locs] of effects) {
      const type = `::llvm::SmallVectorImpl<::mlir::SideEffects::EffectInstance<${base}>> &`;
      const m = this.opClass.addMethod('void', 'getEffects', MethodProp.None, [new MethodParameter(type, 'effects')]);
      errorIfPruned(m, 'getEffects', op, PRUNED_AT.getEffects);
      for (const l of locs) {
        const e = l.effect;
        if (l.kind === 'static') m.body.write(add(e.getName(), '', e.getStage(), e.getEffectOnFullRegion(), e.getResource()));
        else if (l.kind === 'symbol') {
          const a = op.arguments[l.index]!;
          if (a.kind !== 'attribute') continue;
          const argName = op.getGetterName(a.value.name);
          if (a.value.attr.isOptional())
            m.body.write(`  if (auto symbolRef = ${argName}Attr())\n  ` + add(e.getName(), 'symbolRef, ', e.getStage(), e.getEffectOnFullRegion(), e.getResource()));
          else m.body.write(add(e.getName(), argName + 'Attr(), ', e.getStage(), e.getEffectOnFullRegion(), e.getResource()));
        } else {
          const isOp = l.kind === 'operand';
          m.body.write(
            `  {\n    auto valueRange = getODS${isOp ? 'Operand' : 'Result'}IndexAndLength(${l.index});\n    for (unsigned idx = valueRange.first; idx < valueRange.first + valueRange.second; idx++) {\n    ` +
              add(e.getName(), isOp ? '&getOperation()->getOpOperand(idx), ' : 'getOperation()->getOpResult(idx), ', e.getStage(), e.getEffectOnFullRegion(), e.getResource()) +
              '    }\n  }\n',
          );
        }
      }
    }
  }
}

/** Builds the adaptor classes (OpOperandAdaptorEmitter). */
export class AdaptorEmitter {
  readonly genericAdaptorBase: Class;
  readonly genericAdaptor: Class;
  readonly adaptor: Class;
  readonly helper: OpHelper;

  /** `sv` and `output` as for OpEmitter. */
  constructor(
    readonly op: Operator,
    readonly sv?: StaticVerifier,
    output: ClassOutput = sv ? 'def' : 'decl',
  ) {
    this.helper = new OpHelper(op, false);
    const base = (this.genericAdaptorBase = new Class(op.getGenericAdaptorName() + 'Base'));
    const gen = (this.genericAdaptor = new Class(op.getGenericAdaptorName()));
    const adaptor = (this.adaptor = new Class(op.getAdaptorName()));
    for (const c of [base, gen, adaptor]) c.output = output;
    base.declare(new VisibilityDeclaration(Visibility.Public));
    const props = this.helper.hasProperties();
    const items = this.helper.attrOrProperties();
    let decls = '  struct Properties {\n';
    let cmp = '    bool operator==(const Properties &rhs) const {\n      return \n';
    for (const it of items) {
      if (it.kind === 'prop') {
        const name = it.prop.name;
        const camel = convertToCamelFromSnakeCase(name, true);
        const p = it.prop.prop;
        decls += `    using ${name}Ty = ${p.getStorageType()};\n    ${name}Ty ${name}`;
        if (p.hasStorageTypeValueOverride()) decls += ` = ${p.getStorageTypeValueOverride()}`;
        else if (p.hasDefaultValue()) decls += ` = ${tgfmt(p.getDefaultValue(), new FmtContext().withBuilder('odsBuilder'))}`;
        cmp += `        rhs.${name} == this->${name} &&\n`;
        const c1 = new FmtContext().addSubst('_storage', 'propStorage');
        const c2 = new FmtContext().addSubst('_storage', 'propStorage').addSubst('_value', 'propValue');
        decls += `;
    ${p.getInterfaceType()} get${camel}() const {
      auto &propStorage = this->${name};
      return ${tgfmt(p.fields.convertFromStorageCall, c1)};
    }
    void set${camel}(${p.getInterfaceType()} propValue) {
      auto &propStorage = this->${name};
      ${tgfmt(p.fields.assignToStorageCall, c2)};
    }
`;
        continue;
      }
      const name = it.meta.attrName;
      const camel = convertToCamelFromSnakeCase(name, true);
      const attr = it.meta.constraint;
      const storageType = attr ? attr.getStorageType() : '::mlir::DenseI32ArrayAttr';
      decls += `    using ${name}Ty = ${storageType};\n    ${name}Ty ${name};\n`;
      cmp += `        rhs.${name} == this->${name} &&\n`;
      if (attr)
        decls += `
    auto get${camel}() const {
      auto &propStorage = this->${name};
      return ::llvm::${attr.isOptional() || attr.hasDefaultValue() ? 'dyn_cast_or_null' : 'cast'}<${storageType}>(propStorage);
    }
    void set${camel}(const ${storageType} &propValue) {
      this->${name} = propValue;
    }
`;
    }
    cmp += '        true;\n    }\n    bool operator!=(const Properties &rhs) const {\n      return !(*this == rhs);\n    }\n';
    decls += cmp + '  };\n';
    if (!props) {
      // Attributes in the dictionary: no Properties struct.
    } else if (items.length === 0) base.declare(new UsingDeclaration('Properties', '::mlir::EmptyProperties'));
    else base.declare(new ExtraClassDeclaration(decls));
    base.declare(new VisibilityDeclaration(Visibility.Protected));
    base.declare(new Field('::mlir::DictionaryAttr', 'odsAttrs'));
    base.declare(new Field('::std::optional<::mlir::OperationName>', 'odsOpName'));
    if (props) base.declare(new Field('Properties', 'properties'));
    base.declare(new Field('::mlir::RegionRange', 'odsRegions'));

    gen.addTemplateParam('RangeT');
    gen.addField('RangeT', 'odsOperands');
    gen.addParent(new ParentClass('detail::' + base.className));
    gen.declare(new UsingDeclaration('ValueT', '::llvm::detail::ValueOfRange<RangeT>'));
    gen.declare(new UsingDeclaration('Base', 'detail::' + base.className));

    const attrSizedOperands = op.getTrait('::mlir::OpTrait::AttrSizedOperandSegments');
    {
      const propsType = props ? 'Properties' : '::mlir::EmptyProperties';
      const params = [
        new MethodParameter('::mlir::DictionaryAttr', 'attrs', props ? '' : '{}'),
        new MethodParameter(`const ${propsType} &`, 'properties', props ? '' : '{}'),
        new MethodParameter('::mlir::RegionRange', 'regions', '{}'),
      ];
      const bc = base.addConstructor(params, MethodProp.Inline)!;
      bc.addMemberInitializer('odsAttrs', 'attrs');
      if (props) bc.addMemberInitializer('properties', 'properties');
      bc.addMemberInitializer('odsRegions', 'regions');
      bc.body.indent().write('if (odsAttrs)\n');
      bc.body.indent().write(`odsOpName.emplace("${op.getOperationName()}", odsAttrs.getContext());\n`);
      const p2 = [new MethodParameter('RangeT', 'values'), ...params];
      const c = gen.addConstructor(p2)!;
      c.addMemberInitializer('Base', 'attrs, properties, regions').addMemberInitializer('odsOperands', 'values');
      const p3 = [p2[0]!, new MethodParameter('::mlir::DictionaryAttr', 'attrs'), new MethodParameter('::mlir::OpaqueProperties', 'properties'), p2[3]!];
      const c3 = gen.addConstructor(p3)!;
      c3.addMemberInitializer(gen.className, `values, attrs, (properties ? *properties.as<${propsType} *>() : ${propsType}{}), regions`);
      if (props) {
        const c4 = gen.addConstructor([new MethodParameter('RangeT', 'values'), new MethodParameter('::mlir::DictionaryAttr', 'attrs', attrSizedOperands ? '' : 'nullptr')]);
        c4?.addMemberInitializer(gen.className, 'values, attrs, Properties{}, {}');
      }
    }
    {
      const c = gen.addConstructor([new MethodParameter('RangeT', 'values'), new MethodParameter(`const ${op.getGenericAdaptorName()}Base &`, 'base')], MethodProp.Inline);
      c?.addMemberInitializer('Base', 'base').addMemberInitializer('odsOperands', 'values');
    }
    {
      const c = props ? base.addConstructor([new MethodParameter(op.getCppClassName(), 'op')])! : base.addConstructor([new MethodParameter('::mlir::Operation *', 'op')], MethodProp.Inline)!;
      c.addMemberInitializer('odsAttrs', 'op->getRawDictionaryAttrs()').addMemberInitializer('odsOpName', 'op->getName()');
      if (props) c.addMemberInitializer('properties', 'op.getProperties()');
      c.addMemberInitializer('odsRegions', 'op->getRegions()');
      const c2 = gen.addConstructor([new MethodParameter('RangeT', 'values'), new MethodParameter('LateInst', 'op')], MethodProp.None, [
        `LateInst = ${op.getCppClassName()}`,
        `= std::enable_if_t<std::is_same_v<LateInst, ${op.getCppClassName()}>>`,
      ]);
      c2?.addMemberInitializer('Base', 'op').addMemberInitializer('odsOperands', 'values');
    }
    const sizeAttrInit = attrSizedOperands ? this.helper.segmentSizesInit(operandSegmentAttrName) : '';
    generateNamedOperandGetters(op, gen, base, sizeAttrInit, 'RangeT', 'ValueT', 'odsOperands.begin()', 'odsOperands.size()');
    const go = gen.addMethod('RangeT', 'getOperands');
    go?.body.write('  return odsOperands;');

    const fctx = new FmtContext().withBuilder('::mlir::Builder(odsAttrs.getContext())');
    if (props) {
      const m = base.addInlineMethod('const Properties &', 'getProperties');
      errorIfPruned(m, 'Adaptor::getProperties', op);
      m.body.write('  return properties;');
    }
    {
      const m = base.addInlineMethod('::mlir::DictionaryAttr', 'getAttributes');
      errorIfPruned(m, 'Adaptor::getAttributes', op);
      m.body.write('  return odsAttrs;');
    }
    for (const p of op.properties) emitPropGetter(base, op, op.getGetterName(p.name), p.prop);
    for (const na of op.attributes) {
      const attr = na.attr;
      if (attr.isDerivedAttr()) continue;
      const emitName = op.getGetterName(na.name);
      const m = base.addMethod(attr.getStorageType(), emitName + 'Attr', attr.hasDefaultValue() || !props ? MethodProp.None : MethodProp.Inline);
      errorIfPruned(m, 'Adaptor::' + emitName + 'Attr', op, PRUNED_AT.adaptorAttrGetter);
      const b = m.body.indent();
      if (!props) b.write('assert(odsAttrs && "no attributes when constructing adapter");\n');
      b.write(`auto attr = ::llvm::${attr.hasDefaultValue() || attr.isOptional() ? 'dyn_cast_or_null' : 'cast'}<${attr.getStorageType()}>(${this.helper.getAttr(na.name)});\n`);
      if (attr.hasDefaultValue() && attr.isOptional())
        b.write(`if (!attr)\n  attr = ${tgfmt(attr.getConstBuilderTemplate(), fctx, tgfmt(attr.getDefaultValue(), fctx))};\n`);
      b.write('return attr;\n');
      emitAttrGetterWithReturnType(fctx, base, op, emitName, attr);
    }
    op.regions.forEach((r, i) => {
      if (r.name === '') return;
      const name = op.getGetterName(r.name);
      if (r.isVariadic()) {
        const m = base.addInlineMethod('::mlir::RegionRange', name);
        errorIfPruned(m, 'Adaptor::' + name, op, PRUNED_AT.adaptorVariadicRegionGetter);
        m.body.write(`  return odsRegions.drop_front(${i});`);
        return;
      }
      const m = base.addInlineMethod('::mlir::Region &', name);
      errorIfPruned(m, 'Adaptor::' + name, op, PRUNED_AT.adaptorRegionGetter);
      m.body.write(`  return *odsRegions[${i}];`);
    });
    if (op.getNumRegions() > 0) base.addInlineMethod('::mlir::RegionRange', 'getRegions')?.body.write('  return odsRegions;');

    adaptor.addParent(new ParentClass(gen.className)).addTemplateParam('::mlir::ValueRange');
    adaptor.declare(new VisibilityDeclaration(Visibility.Public));
    adaptor.declare(new UsingDeclaration(`${gen.className}::${gen.className}`));
    adaptor.addConstructor([new MethodParameter(op.getCppClassName(), 'op')])?.addMemberInitializer(gen.className, 'op->getOperands(), op');
    const v = adaptor.addMethod('::llvm::LogicalResult', 'verify', MethodProp.None, [new MethodParameter('::mlir::Location', 'loc')]);
    errorIfPruned(v, 'verify', op);
    if (sv) {
      const h: VerifyHelper = this.helper;
      const ctx = new FmtContext();
      populateSubstitutions(h, ctx);
      genPropertyVerifier(h, ctx, v.body, sv);
      genAttributeVerifier(h, ctx, v.body, sv);
    }
    v.body.write('  return ::mlir::success();');
    base.finalize();
    gen.finalize();
    adaptor.finalize();
  }
}

