// --gen-python-op-bindings: the Python module of a dialect's op classes (`--bind-dialect=`,
// optionally `--dialect-extension=`): for each op of the dialect an OpView subclass with its
// segment/region specs, a default builder, typed accessors of operands, attributes, results and
// regions, then a "value builder" function returning the op's result(s).
import { DefInit } from '@ods-ts/tablegen-core';
import type { NamedAttribute } from '../ods/attribute.js';
import type { NamedTypeConstraint } from '../ods/constraint.js';
import { failPlain } from '../ods/dialect.js';
import { derivedDefs, rtrim } from '../ods/docs-util.js';
import { Operator, setDefLookup } from '../ods/operator.js';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import {
  type ElementKind,
  FILE_HEADER,
  type ValueBuilderReturn,
  attributeDeleterTemplate,
  attributeGetterBody,
  attributeInitLine,
  attributeSetterTemplate,
  derivedResultTypesLine,
  dialectClassTemplate,
  dialectExtensionTemplate,
  docstringTemplate,
  equallySizedBody,
  initTemplate,
  oneOptionalBody,
  oneVariadicBody,
  opClassTemplate,
  operationNameTemplate,
  optionalAttributeGetterBody,
  optionalAttributeSetterTemplate,
  propertyTemplate,
  regionBody,
  regionSpecTemplate,
  sameResultTypesLine,
  segmentedBody,
  segmentsTemplate,
  singleAfterVariableBody,
  singleElementBody,
  unitAttributeGetterBody,
  unitAttributeInitLine,
  unitAttributeSetterTemplate,
  valueBuilderTemplate,
} from './python-op-templates.js';
import { convertToSnakeFromCamelCase, isPythonReserved, pythonAttrTypeName, pythonValueTypeName } from './python-util.js';

/** Names the generated OpView API uses itself (attributes, methods, class constants). */
const ODS_RESERVED = new Set([
  'attributes', 'create', 'context', 'ip', 'operands', 'print', 'get_asm', 'loc', 'verify',
  'regions', 'results', 'self', 'operation', 'DIALECT_NAMESPACE', 'OPERATION_NAME',
]);

function isOdsReserved(name: string): boolean {
  return name.startsWith('_ods_') || name.endsWith('_ods') || ODS_RESERVED.has(name);
}

/**
 * A name made usable as a Python identifier: non-alphanumeric characters become `_`, a leading
 * digit gets a `_` prefix, a reserved word a `_` suffix.
 */
export function sanitizePythonName(name: string): string {
  const s = name.replace(/[^A-Za-z0-9]/g, '_');
  if (/^[0-9]/.test(s)) return '_' + s;
  if (isPythonReserved(s) || isOdsReserved(s)) return s + '_';
  return s;
}

const UNIT_ATTR = '::mlir::UnitAttr';

/** Whether the attribute is a UnitAttr (set by presence). */
function isUnitAttr(a: NamedAttribute): boolean {
  return a.attr.getStorageType().trim() === UNIT_ATTR;
}

/** The Python class an attribute getter returns (without Optional). */
function attrPythonType(a: NamedAttribute): string {
  return `_ods_ir.${pythonAttrTypeName(a.attr.getStorageType().trim(), a.attr.getBaseAttr().getReturnType())}`;
}

/**
 * The annotation of an operand or result getter; `asList` when the getter returns a slice for
 * any variable-length element (the equally-sized case), not just a variadic one.
 */
function elementPythonType(kind: ElementKind, e: NamedTypeConstraint, asList = false): string {
  if (e.isVariadic() || (asList && e.isVariableLength())) return kind === 'operand' ? '_ods_ir.OpOperandList' : '_ods_ir.OpResultList';
  const base = kind === 'operand' ? '_ods_ir.Value' : '_ods_ir.OpResult';
  const typeName = pythonValueTypeName(baseCppType(e));
  const t = typeName === undefined ? base : `${base}[_ods_ir.${typeName}]`;
  return e.isOptional() ? `_Optional[${t}]` : t;
}

/** The C++ type of the element's constraint, looking through Optional/Variadic. */
function baseCppType(e: NamedTypeConstraint): string {
  const def = e.constraint.def;
  if (e.isVariableLength()) {
    const base = def.getValue('baseType')?.value;
    if (base instanceof DefInit) return base.def.getValueAsString('cppType');
  }
  return def.getValueAsString('cppType');
}

function capitalize(s: string): string {
  return s.length === 0 ? s : s[0]!.toUpperCase() + s.slice(1);
}

function attrSizedTrait(kind: ElementKind): string {
  return `::mlir::OpTrait::AttrSized${capitalize(kind)}Segments`;
}

/** The operands or results of the op, for the code shared by both. */
function elementsOf(op: Operator, kind: ElementKind): readonly NamedTypeConstraint[] {
  return kind === 'operand' ? op.operands : op.results;
}

/** The getters of the op's operands or results. */
function emitElementAccessors(op: Operator, kind: ElementKind, out: string[]): void {
  const elements = elementsOf(op, kind);
  const n = elements.length;
  const numVariableLength = elements.filter((e) => e.isVariableLength()).length;
  if (numVariableLength <= 1) {
    let seenVariableLength = false;
    elements.forEach((e, i) => {
      if (e.isVariableLength()) seenVariableLength = true;
      if (e.name === '') return;
      out.push(propertyTemplate(sanitizePythonName(e.name), elementPythonType(kind, e)));
      if (e.isVariableLength()) out.push(e.isOptional() ? oneOptionalBody(kind, n, i) : oneVariadicBody(kind, n, i));
      else if (seenVariableLength) out.push(singleAfterVariableBody(kind, n, i));
      else out.push(singleElementBody(kind, i));
    });
    return;
  }
  if (op.getTrait(`::mlir::OpTrait::SameVariadic${capitalize(kind)}Size`)) {
    const numSimple = n - numVariableLength;
    let precedingSimple = 0;
    let precedingVariadic = 0;
    for (const e of elements) {
      if (e.name !== '') {
        out.push(propertyTemplate(sanitizePythonName(e.name), elementPythonType(kind, e, true)));
        out.push(equallySizedBody(kind, numSimple, numVariableLength, precedingSimple, precedingVariadic, e.isVariableLength()));
      }
      if (e.isVariableLength()) precedingVariadic++;
      else precedingSimple++;
    }
    return;
  }
  if (op.getTrait(attrSizedTrait(kind))) {
    elements.forEach((e, i) => {
      if (e.name === '') return;
      out.push(propertyTemplate(sanitizePythonName(e.name), elementPythonType(kind, e)));
      out.push(segmentedBody(kind, i, !e.isVariableLength() ? 'single' : e.isOptional() ? 'optional' : 'variadic'));
    });
    return;
  }
  failPlain(`error: unsupported ${kind} structure`);
}

/** The getters (and setters/deleters) of the op's attributes; derived attributes are skipped. */
function emitAttributeAccessors(op: Operator, out: string[]): void {
  for (const a of op.attributes) {
    if (a.attr.isDerivedAttr() || a.name === '') continue;
    const pyName = sanitizePythonName(a.name);
    if (isUnitAttr(a)) {
      out.push(propertyTemplate(pyName, 'bool'), unitAttributeGetterBody(a.name));
      out.push(unitAttributeSetterTemplate(pyName, a.name), attributeDeleterTemplate(pyName, a.name));
      continue;
    }
    const type = attrPythonType(a);
    if (a.attr.isOptional()) {
      out.push(propertyTemplate(pyName, `_Optional[${type}]`), optionalAttributeGetterBody(a.name));
      out.push(optionalAttributeSetterTemplate(pyName, type, a.name), attributeDeleterTemplate(pyName, a.name));
    } else {
      out.push(propertyTemplate(pyName, type), attributeGetterBody(a.name));
      out.push(attributeSetterTemplate(pyName, type, a.name));
    }
  }
}

/** The getters of the op's named regions (the trailing variadic one as a sequence). */
function emitRegionAccessors(op: Operator, out: string[]): void {
  op.regions.forEach((r, i) => {
    if (r.name === '') return;
    const type = r.isVariadic() ? '_ods_ir.RegionSequence' : '_ods_ir.Region';
    out.push(propertyTemplate(sanitizePythonName(r.name), type), regionBody(r.isVariadic() ? `${i}:` : `${i}`));
  });
}

/** How the result types are obtained when the builder is not given them. */
type ResultInference = 'same-as-operands' | 'first-attr' | 'interface' | undefined;

function resultInference(op: Operator): ResultInference {
  const fixedResults = op.getNumVariableLengthResults() === 0;
  if (fixedResults && op.getTrait('::mlir::OpTrait::SameOperandsAndResultType')) return 'same-as-operands';
  if (fixedResults && op.getTrait('::mlir::OpTrait::FirstAttrDerivedResultType')) return 'first-attr';
  if (op.getTrait('::mlir::InferTypeOpInterface::Trait') && op.getNumRegions() === 0) return 'interface';
  return undefined;
}

/** One parameter of the default builder: its Python name and whether it is keyword-only. */
interface BuilderParam {
  readonly name: string;
  readonly keyword: boolean;
}

/**
 * The default builder `__init__` (results, then the op arguments in order, successors and the
 * number of variadic regions); returns its parameter list for the value builder.
 */
function emitDefaultBuilder(op: Operator, out: string[]): string[] {
  const inference = resultInference(op);
  const params: BuilderParam[] = [];
  const resultNames: string[] = [];
  if (inference === undefined) {
    const n = op.getNumResults();
    op.results.forEach((r, i) => {
      const name = r.name !== '' ? r.name : n === 1 ? 'result' : `_gen_res_${i}`;
      resultNames.push(sanitizePythonName(name));
    });
  }
  for (const r of resultNames) params.push({ name: r, keyword: false });

  // Arguments: operands, attributes and properties in declaration order.
  const argNames: string[] = [];
  const nonAttrNames: string[] = [];
  op.arguments.forEach((arg, i) => {
    const raw = arg.value.name;
    const name = sanitizePythonName(raw !== '' ? raw : `_gen_arg_${i}`);
    argNames.push(name);
    if (arg.kind !== 'attribute') nonAttrNames.push(name);
    let keyword = false;
    if (arg.kind === 'attribute') keyword = arg.value.attr.isOptional() || arg.value.attr.hasDefaultValue();
    else if (arg.kind === 'operand') keyword = arg.value.isOptional();
    params.push({ name, keyword });
  });

  const successorNames = op.successors.map((s, i) => sanitizePythonName(s.name !== '' ? s.name : `_gen_successor_${i}`));
  for (const s of successorNames) params.push({ name: s, keyword: false });

  const lines: string[] = [];
  // Operands. (mlir-tblgen pairs the i-th operand with the i-th non-attribute argument name.)
  const sizedOperands = op.getTrait(attrSizedTrait('operand')) !== undefined;
  op.operands.forEach((e, i) => {
    const name = nonAttrNames[i]!;
    if (!e.isVariableLength()) lines.push(`operands.append(${name})`);
    else if (e.isOptional()) lines.push(sizedOperands ? `operands.append(${name})` : `if ${name} is not None: operands.append(${name})`);
    else lines.push(sizedOperands ? `operands.append(_get_op_results_or_values(${name}))` : `operands.extend(_get_op_results_or_values(${name}))`);
  });

  // Attributes.
  lines.push('_ods_context = _ods_get_default_loc_context(loc)');
  op.arguments.forEach((arg, i) => {
    if (arg.kind !== 'attribute') return;
    const a = arg.value;
    if (isUnitAttr(a)) lines.push(unitAttributeInitLine(a.name, argNames[i]!));
    else lines.push(attributeInitLine(a.name, argNames[i]!, a.attr.getAttrDefName(), a.attr.isOptional() || a.attr.hasDefaultValue()));
  });

  // Results.
  if (inference === 'same-as-operands') lines.push(sameResultTypesLine(op.getNumResults()));
  else if (inference === 'first-attr') {
    const first = op.attributes[0];
    if (first === undefined) failPlain('error: unexpected empty name for the attribute from which the type is derived');
    lines.push(derivedResultTypesLine(first.name, op.getNumResults()));
  } else if (inference === undefined) {
    const sizedResults = op.getTrait(attrSizedTrait('result')) !== undefined;
    lines.push('results = []');
    op.results.forEach((e, i) => {
      const name = resultNames[i]!;
      if (!e.isVariableLength()) lines.push(`results.append(${name})`);
      else if (e.isOptional()) lines.push(`if ${name} is not None: results.append(${name})`);
      else lines.push(sizedResults ? `results.append(${name})` : `results.extend(${name})`);
    });
  }

  // Successors.
  if (successorNames.length === 0) lines.push('_ods_successors = None');
  else {
    lines.push('_ods_successors = []');
    successorNames.forEach((s, i) => lines.push(`_ods_successors.${op.successors[i]!.isVariadic() ? 'extend' : 'append'}(${s})`));
  }

  // Variadic regions: the builder takes their number.
  if (op.getNumVariadicRegions() > 0) {
    const region = op.regions[op.regions.length - 1]!;
    const name = `num_${region.name.slice(0, 1).toLowerCase()}${region.name.slice(1)}`;
    params.push({ name, keyword: false });
    lines.push(`regions = ${op.getNumRegions() - 1} + ${name}`);
  }

  const functionArgs = [
    ...params.filter((p) => !p.keyword).map((p) => p.name),
    '*',
    ...params.filter((p) => p.keyword).map((p) => `${p.name}=None`),
    ...(inference !== undefined ? ['results=None'] : []),
    'loc=None',
    'ip=None',
  ];
  out.push(initTemplate(functionArgs.join(', '), lines));
  return functionArgs;
}

/** The value builder: a snake_case function named after the op, returning its result(s). */
function emitValueBuilder(op: Operator, functionArgs: readonly string[], out: string[]): void {
  const params = functionArgs.map((a) => {
    const eq = a.indexOf('=');
    return eq < 0 ? convertToSnakeFromCamelCase(a) : `${convertToSnakeFromCamelCase(a.slice(0, eq))}${a.slice(eq)}`;
  });
  const args = functionArgs
    .filter((a) => a !== '*')
    .map((a) => {
      const lhs = a.split('=')[0]!;
      return `${lhs}=${convertToSnakeFromCamelCase(lhs)}`;
    });
  const opName = op.getOperationName();
  let name = sanitizePythonName(opName.slice(opName.indexOf('.') + 1));
  // The function must not shadow the op class (`ROCDL_ds_read_tr4_b64` is class `ds_read_tr4_b64`).
  if (name === op.getCppClassName()) name += '_';
  let ret: ValueBuilderReturn;
  if (op.getNumResults() === 0) ret = 'op';
  else if (op.getNumVariableLengthResults() > 0) ret = 'any';
  else ret = op.getNumResults() === 1 ? 'result' : 'results';
  out.push(valueBuilderTemplate(name, op.getCppClassName(), params.join(', '), args.join(', '), ret));
}

/** The description as docstring lines: trailing blanks dropped, re-indented to its least-indented line. */
function docstringLines(description: string): string[] {
  const lines = rtrim(description, ' \t').split('\n');
  while (lines.length > 0 && /^[ \t]*$/.test(lines[0]!)) lines.shift();
  let indent = Infinity;
  for (const l of lines) {
    const m = l.search(/[^ \t]/);
    if (m >= 0) indent = Math.min(indent, m);
  }
  if (indent === Infinity) indent = 0;
  const out = lines.map((l) => l.slice(indent));
  if (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}

/** Everything generated for one op. */
function emitOpBindings(op: Operator, out: string[]): void {
  out.push(opClassTemplate(op.getCppClassName()));
  if (op.hasDescription()) out.push(docstringTemplate(docstringLines(op.getDescription())));
  out.push(operationNameTemplate(op.getOperationName()));
  const segmentSpec = (elements: readonly NamedTypeConstraint[]): number[] =>
    elements.map((e) => (e.isOptional() ? 0 : e.isVariadic() ? -1 : 1));
  if (op.getTrait(attrSizedTrait('operand'))) out.push(segmentsTemplate('OPERAND', segmentSpec(op.operands)));
  if (op.getTrait(attrSizedTrait('result'))) out.push(segmentsTemplate('RESULT', segmentSpec(op.results)));
  out.push(regionSpecTemplate(op.getNumRegions() - op.getNumVariadicRegions(), op.getNumVariadicRegions() === 0));
  const functionArgs = emitDefaultBuilder(op, out);
  emitElementAccessors(op, 'operand', out);
  emitAttributeAccessors(op, out);
  emitElementAccessors(op, 'result', out);
  emitRegionAccessors(op, out);
  emitValueBuilder(op, functionArgs, out);
}

function stringOpt(ctx: GeneratorContext, name: string): string {
  const v = ctx.options.get(name);
  return typeof v === 'string' ? v : '';
}

function run(ctx: GeneratorContext): string {
  const dialect = stringOpt(ctx, 'bind-dialect');
  if (dialect === '') failPlain('error: dialect name not provided');
  const extension = stringOpt(ctx, 'dialect-extension');
  const defs = derivedDefs(ctx.records, 'Op', true);
  setDefLookup(ctx.records);
  const out: string[] = [FILE_HEADER, extension === '' ? dialectClassTemplate(dialect) : dialectExtensionTemplate(dialect)];
  for (const def of defs) {
    const op = new Operator(def);
    if (op.getDialect().getName() === dialect) emitOpBindings(op, out);
  }
  return out.join('');
}

registerGenerator({ name: 'python-op-bindings', description: 'Generate Python bindings for MLIR Ops', run });
