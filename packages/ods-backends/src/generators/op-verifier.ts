// Op verification code shared by op-defs (and the op class model of op-gen.ts): the uniqued
// "local" constraint functions of a file (mlir's StaticVerifierFunctionEmitter) and the bodies of
// `verifyInvariantsImpl` / `Adaptor::verify`, as mlir-tblgen 22 prints them.
import { DefInit, type Record, type RecordKeeper, pathFilename } from '@ods-ts/tablegen-core';
import type { MethodBody } from '../cpp/class.js';
import type { CodeWriter } from '../emit.js';
import type { Attribute, NamedProperty } from '../ods/attribute.js';
import { convertToCamelFromSnakeCase } from '../ods/dialect.js';
import { conditionOf } from '../ods/predicate.js';
import type { Operator } from '../ods/operator.js';
import { FmtContext, formatIndexed, tgfmt } from '../fmt.js';
import { escapeString } from '../text.js';

/** `s` cut at the first `sep` (the text after it is empty when `sep` is absent), like StringRef::split. */
function splitOnce(s: string, sep: string): [string, string] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, ''] : [s.slice(0, i), s.slice(i + sep.length)];
}

/**
 * mlir::tblgen::buildErrorStreamingString: the escaped message, with `{{expr}}` placeholders
 * turned into streamed C++ expressions (tgfmt'ed with `ctx`). Mirrors the reference's output
 * exactly, including its quirks: a text between two placeholders opens a string it never
 * closes, a trailing placeholder leaves the caller's closing quote after the expression, and a
 * `{{` with nothing after it is kept as text.
 */
export function buildErrorStreamingString(message: string, ctx: FmtContext, insideOpError: boolean): string {
  const msg = escapeString(message);
  const [head, tail] = splitOnce(msg, '{{');
  if (tail === '') return msg;
  let out = head + (insideOpError ? '")' : '"');
  let rest = tail;
  while (rest !== '') {
    const [expr, after] = splitOnce(rest, '}}');
    out += ' << ' + tgfmt(expr, ctx);
    if (after === '') break;
    const [text, next] = splitOnce(after, '{{');
    out += (next === '' && insideOpError ? ' << ("' : ' << "') + text;
    rest = next;
  }
  return out;
}

/** The key of a uniqued constraint: its predicate record and summary (mlir's ConstraintInfo). */
interface ConstraintEntry {
  readonly def: Record;
  readonly pred: Record;
  readonly summary: string;
  readonly extra: string;
  readonly name: string;
}

class ConstraintMap {
  readonly entries: ConstraintEntry[] = [];
  private readonly index = new Map<Record, Map<string, ConstraintEntry>>();
  constructor(
    private readonly kind: string,
    private readonly label: string,
  ) {}
  private key(summary: string, extra: string): string {
    return summary + '\u0000' + extra;
  }
  find(pred: Record, summary: string, extra = ''): ConstraintEntry | undefined {
    return this.index.get(pred)?.get(this.key(summary, extra));
  }
  collect(def: Record, pred: Record, summary: string, extra = ''): void {
    if (this.find(pred, summary, extra)) return;
    const entry = { def, pred, summary, extra, name: `__mlir_ods_local_${this.kind}_constraint_${this.label}${this.entries.length + 1}` };
    this.entries.push(entry);
    let m = this.index.get(pred);
    if (!m) this.index.set(pred, (m = new Map()));
    m.set(this.key(summary, extra), entry);
  }
}

function predicateDef(def: Record): Record | undefined {
  const v = def.getValue('predicate')?.value;
  return v instanceof DefInit ? v.def : undefined;
}

/** Constraint::getSummary: the `summary` string, or the def name when there is none. */
function constraintSummary(def: Record): string {
  const s = def.getValueAsOptionalString('summary');
  return s !== undefined ? s : def.getName();
}

/** The uniqued constraint label: `tag` + the input file's base name without `.td`, sanitized. */
function uniqueOutputLabel(inputFilename: string, tag: string): string {
  let name = pathFilename(inputFilename);
  if (name.endsWith('.td')) name = name.slice(0, -3);
  let out = tag;
  for (const ch of name) {
    if (/[A-Za-z0-9_]/.test(ch)) out += ch;
    else out += ch.charCodeAt(0).toString(16).toUpperCase();
  }
  return out;
}

/** Whether a condition still holds a `$placeholder` after substituting `$_self` and `$_op`. */
function hasUnresolvedPlaceholder(cond: string): boolean {
  const s = tgfmt(cond, new FmtContext().withSelf('attr').addSubst('_op', '*op'));
  return /\$[A-Za-z_0-9]/.test(s.replace(/\$\$/g, ''));
}

/** Code templates of the local constraint functions. Slots: {0} name, {1} condition, {2} summary. */
const typeConstraintCode = `
static ::llvm::LogicalResult {0}(
    ::mlir::Operation *op, ::mlir::Type type, ::llvm::StringRef valueKind,
    unsigned valueIndex) {
  if (!({1})) {
    return op->emitOpError(valueKind) << " #" << valueIndex
        << " must be {2}, but got " << type;
  }
  return ::mlir::success();
}
`;

const attrConstraintCode = `
static ::llvm::LogicalResult {0}(
    ::mlir::Attribute attr, ::llvm::StringRef attrName, llvm::function_ref<::mlir::InFlightDiagnostic()> emitError) {
  if (attr && !({1}))
    return emitError() << "attribute '" << attrName
        << "' failed to satisfy constraint: {2}";
  return ::mlir::success();
}
static ::llvm::LogicalResult {0}(
    ::mlir::Operation *op, ::mlir::Attribute attr, ::llvm::StringRef attrName) {
  return {0}(attr, attrName, [op]() {
    return op->emitOpError();
  });
}
`;

/** Extra slot {3}: the property's interface type. */
const propConstraintCode = `
  static ::llvm::LogicalResult {0}(
      {3} prop, ::llvm::StringRef propName, llvm::function_ref<::mlir::InFlightDiagnostic()> emitError) {
    if (!({1}))
      return emitError() << "property '" << propName
          << "' failed to satisfy constraint: {2}";
    return ::mlir::success();
  }
  static ::llvm::LogicalResult {0}(
      ::mlir::Operation *op, {3} prop, ::llvm::StringRef propName) {
    return {0}(prop, propName, [op]() {
      return op->emitOpError();
    });
  }
  `;

const successorConstraintCode = `
static ::llvm::LogicalResult {0}(
    ::mlir::Operation *op, ::mlir::Block *successor,
    ::llvm::StringRef successorName, unsigned successorIndex) {
  if (!({1})) {
    return op->emitOpError("successor #") << successorIndex << " ('"
        << successorName << ")' failed to verify constraint: {2}";
  }
  return ::mlir::success();
}
`;

const regionConstraintCode = `
static ::llvm::LogicalResult {0}(
    ::mlir::Operation *op, ::mlir::Region &region, ::llvm::StringRef regionName,
    unsigned regionIndex) {
  if (!({1})) {
    return op->emitOpError("region #") << regionIndex
        << (regionName.empty() ? " " : " ('" + regionName + "') ")
        << "failed to verify constraint: {2}";
  }
  return ::mlir::success();
}
`;

function fill(template: string, ...args: string[]): string {
  return formatIndexed(template, args, true);
}

/** The uniqued verification functions of a set of ops (StaticVerifierFunctionEmitter). */
export class StaticVerifier {
  private readonly types: ConstraintMap;
  private readonly attrs: ConstraintMap;
  private readonly props: ConstraintMap;
  private readonly successors: ConstraintMap;
  private readonly regions: ConstraintMap;

  constructor(inputFilename: string, tag = '') {
    const label = uniqueOutputLabel(inputFilename, tag);
    this.types = new ConstraintMap('type', label);
    this.attrs = new ConstraintMap('attr', label);
    this.props = new ConstraintMap('prop', label);
    this.successors = new ConstraintMap('successor', label);
    this.regions = new ConstraintMap('region', label);
  }

  static forRecords(records: RecordKeeper, inputFilename: string, tag = ''): StaticVerifier {
    void records;
    return new StaticVerifier(inputFilename, tag);
  }

  collectOpConstraints(ops: readonly Operator[]): void {
    for (const op of ops) {
      for (const v of [...op.operands, ...op.results]) {
        const p = predicateDef(v.constraint.def);
        if (p) this.types.collect(v.constraint.def, p, constraintSummary(v.constraint.def));
      }
      for (const na of op.attributes) {
        const a = na.attr;
        const p = predicateDef(a.def);
        if (!p || a.isDerivedAttr()) continue;
        if (hasUnresolvedPlaceholder(conditionOf(a.def))) continue;
        this.attrs.collect(a.def, p, constraintSummary(a.def));
      }
      for (const np of op.properties) {
        const def = np.prop.def;
        if (!def) continue;
        const p = predicateDef(def);
        if (!p) continue;
        const cond = conditionOf(def);
        if (cond === 'true' || cond.includes('$_op')) continue;
        this.props.collect(def, p, constraintSummary(def), np.prop.getInterfaceType());
      }
      for (const s of op.successors) {
        const p = predicateDef(s.constraint.def);
        if (p) this.successors.collect(s.constraint.def, p, constraintSummary(s.constraint.def));
      }
      for (const r of op.regions) {
        const p = predicateDef(r.constraint.def);
        if (p) this.regions.collect(r.constraint.def, p, constraintSummary(r.constraint.def));
      }
    }
  }

  /** The functions, one string each: type, attribute, property, successor then region constraints. */
  opConstraintFunctions(): string[] {
    const out: string[] = [];
    const emit = (map: ConstraintMap, self: string, template: string): void => {
      for (const e of map.entries) {
        const ctx = new FmtContext().addSubst('_op', '*op').withSelf(self);
        // `{{expr}}` in a summary streams the expression, formatted like the condition.
        out.push(fill(template, e.name, tgfmt(conditionOf(e.def), ctx), buildErrorStreamingString(e.summary, ctx, false), e.extra));
      }
    };
    emit(this.types, 'type', typeConstraintCode);
    emit(this.attrs, 'attr', attrConstraintCode);
    emit(this.props, 'prop', propConstraintCode);
    emit(this.successors, 'successor', successorConstraintCode);
    emit(this.regions, 'region', regionConstraintCode);
    return out;
  }

  /** The functions as one text. */
  emitOpConstraints(): string {
    return this.opConstraintFunctions().join('');
  }

  /**
   * Write the functions one by one, so that the trailing indentation a property function ends
   * with stays on its own line (upstream prints these to a plain stream, not an indenting one).
   */
  writeOpConstraints(w: CodeWriter): void {
    for (const f of this.opConstraintFunctions()) w.write(f);
  }

  getTypeConstraintFn(def: Record): string {
    const p = predicateDef(def);
    return (p && this.types.find(p, constraintSummary(def))?.name) ?? '';
  }
  getAttrConstraintFn(def: Record): string | undefined {
    const p = predicateDef(def);
    return p ? this.attrs.find(p, constraintSummary(def))?.name : undefined;
  }
  getPropConstraintFn(def: Record, interfaceType: string): string | undefined {
    const p = predicateDef(def);
    return p ? this.props.find(p, constraintSummary(def), interfaceType)?.name : undefined;
  }
  getSuccessorConstraintFn(def: Record): string {
    const p = predicateDef(def);
    return (p && this.successors.find(p, constraintSummary(def))?.name) ?? '';
  }
  getRegionConstraintFn(def: Record): string {
    const p = predicateDef(def);
    return (p && this.regions.find(p, constraintSummary(def))?.name) ?? '';
  }
}

/** What the verifier generators need from the op/adaptor helper. */
export interface VerifyHelper {
  readonly op: Operator;
  readonly emitForOp: boolean;
  /** Attribute metadata sorted by name. */
  readonly attrMetadata: ReadonlyMap<string, { readonly isRequired: boolean; readonly constraint: Attribute | undefined }>;
  /** Whether attributes live in the Properties struct (else in the sorted attribute dictionary). */
  hasProperties(): boolean;
  /** The code naming an attribute of the op. */
  getAttrName(attrName: string): string;
}

function emitErrorPrefix(h: VerifyHelper): string {
  return h.emitForOp ? 'emitOpError("' : `emitError(loc, "'${h.op.getOperationName()}' op `;
}

/** `$name` substitutions of attributes, operands and results (populateSubstitutions). */
export function populateSubstitutions(h: VerifyHelper, ctx: FmtContext): void {
  const op = h.op;
  for (const na of op.attributes) ctx.addSubst(na.name, op.getGetterName(na.name) + '()');
  op.operands.forEach((o, i) => {
    if (o.name !== '') ctx.addSubst(o.name, o.isVariadic() ? `this->getODSOperands(${i})` : `(*this->getODSOperands(${i}).begin())`);
  });
  op.results.forEach((r, i) => {
    if (r.name === '') return;
    if (!h.emitForOp) ctx.addSubst(r.name, '<no results should be generated>');
    else ctx.addSubst(r.name, r.isVariadic() ? `this->getODSResults(${i})` : `(*this->getODSResults(${i}).begin())`);
  });
}

export function genPropertyVerifier(h: VerifyHelper, ctx: FmtContext, body: MethodBody, sv: StaticVerifier | undefined): void {
  for (const np of h.op.properties as readonly NamedProperty[]) {
    const def = np.prop.def;
    if (!def || !predicateDef(def)) continue;
    const raw = conditionOf(def);
    if (raw === 'true') continue;
    if (raw.includes('$_op') && !h.emitForOp) continue;
    body.scope('{\n', '}\n', () => {
      const varName = 'tblgen_' + convertToCamelFromSnakeCase(np.name, false);
      const getter = convertToCamelFromSnakeCase(np.name, true);
      body.write(`\n  [[maybe_unused]] ${np.prop.getInterfaceType()} ${varName} = this->get${getter}();\n`);
      const fn = sv?.getPropConstraintFn(def, np.prop.getInterfaceType());
      if (fn !== undefined && h.emitForOp)
        body.write(`\n    if (::mlir::failed(${fn}(*this, ${varName}, "${np.name}")))\n      return ::mlir::failure();\n`);
      else {
        const cond = tgfmt(raw, ctx.withSelf(varName));
        const msg = buildErrorStreamingString(constraintSummary(def), ctx.withSelf(varName), true);
        body.write(`\n  if (!(${cond}))\n    return ${emitErrorPrefix(h)}property '${np.name}' failed to satisfy constraint: ${msg}");\n`);
      }
    });
  }
}

export function canEmitAttrVerifier(attr: Attribute, forOp: boolean): boolean {
  if (attr.isDerivedAttr()) return false;
  if (!predicateDef(attr.def)) return false;
  const cond = conditionOf(attr.def);
  return cond !== '' && (!cond.includes('$_op') || forOp);
}

export function genAttributeVerifier(h: VerifyHelper, ctx: FmtContext, body: MethodBody, sv: StaticVerifier | undefined): void {
  if (h.attrMetadata.size === 0) return;
  body.indent();
  if (h.hasProperties()) {
    for (const [name, meta] of h.attrMetadata) {
      if (meta.constraint && meta.constraint.isDerivedAttr()) continue;
      body.write(`auto tblgen_${name} = getProperties().${name}; (void)tblgen_${name};\n`);
      if (meta.isRequired) body.write(`if (!tblgen_${name}) return ${emitErrorPrefix(h)}requires attribute '${name}'");\n`);
    }
  } else genSortedAttrScan(h, body);
  body.unindent();
  genSegmentSizeAttrVerifier(h, body);
  for (const na of h.op.attributes) {
    if (!canEmitAttrVerifier(na.attr, h.emitForOp)) continue;
    const varName = 'tblgen_' + na.name;
    const fn = h.emitForOp ? sv?.getAttrConstraintFn(na.attr.def) : undefined;
    if (fn !== undefined) {
      body.write(`\n  if (::mlir::failed(${fn}(*this, ${varName}, "${na.name}")))\n    return ::mlir::failure();\n`);
      continue;
    }
    const cond = tgfmt(conditionOf(na.attr.def), ctx.withSelf(varName));
    const msg = buildErrorStreamingString(constraintSummary(na.attr.def), ctx.withSelf(varName), true);
    body.write(`\n  if (${varName} && !(${cond}))\n    return ${emitErrorPrefix(h)}attribute '${na.name}' failed to satisfy constraint: ${msg}");\n`);
  }
}

/**
 * Without properties: one pass over the sorted attribute dictionary that finds each required
 * attribute in name order (a missing one is an error) and picks up the optional ones met before
 * it, then the optional ones after the last required attribute.
 */
function genSortedAttrScan(h: VerifyHelper, body: MethodBody): void {
  body.write(`auto namedAttrRange = ${h.emitForOp ? '(*this)->getAttrs()' : 'odsAttrs'};\n`);
  body.write('auto namedAttrIt = namedAttrRange.begin();\n');
  const checkOptional = (name: string) =>
    `\n  else if (namedAttrIt->getName() == ${h.getAttrName(name)}) {\n    tblgen_${name} = namedAttrIt->getValue();\n  }`;
  let optional: string[] = [];
  for (const [name, meta] of h.attrMetadata) {
    if (!meta.isRequired) {
      optional.push(name);
      continue;
    }
    body.write(`::mlir::Attribute tblgen_${name};\n`);
    for (const o of optional) body.write(`::mlir::Attribute tblgen_${o};\n`);
    body.write(
      `\nwhile (true) {\n  if (namedAttrIt == namedAttrRange.end())\n    return ${emitErrorPrefix(h)}requires attribute '${name}'");\n` +
        `  if (namedAttrIt->getName() == ${h.getAttrName(name)}) {\n    tblgen_${name} = namedAttrIt->getValue();\n    break;\n  }`,
    );
    for (const o of optional) body.write(checkOptional(o));
    body.write('\n  ++namedAttrIt;\n}\n');
    optional = [];
  }
  if (optional.length === 0) return;
  for (const o of optional) body.write(`::mlir::Attribute tblgen_${o};\n`);
  body.write('while (true) {\n  if (namedAttrIt == namedAttrRange.end()) {\n    break;\n  }');
  for (const o of optional) body.write(checkOptional(o));
  body.write('\n  ++namedAttrIt;\n}\n');
}

/**
 * Without properties, the segment sizes attributes of AttrSized{Operand,Result}Segments are checked
 * first. The reference's message repeats the opening quote (`emitOpError(""'...`): kept.
 */
function genSegmentSizeAttrVerifier(h: VerifyHelper, body: MethodBody): void {
  if (h.op.getDialect().usePropertiesForAttributes()) return;
  const check = (name: string, n: number, kind: string) =>
    body.write(`
  {
    auto sizeAttr = ::llvm::cast<::mlir::DenseI32ArrayAttr>(tblgen_${name});
    auto numElements = sizeAttr.asArrayRef().size();
    if (numElements != ${n})
      return ${emitErrorPrefix(h)}"'${name}' attribute for specifying ${kind} segments must have ${n} "
                "elements, but got ") << numElements;
  }
  `);
  if (h.op.getTrait('::mlir::OpTrait::AttrSizedOperandSegments')) check('operandSegmentSizes', h.op.getNumOperands(), 'operand');
  if (h.op.getTrait('::mlir::OpTrait::AttrSizedResultSegments')) check('resultSegmentSizes', h.op.getNumResults(), 'result');
}

/** Operand or result checks: optional group sizes, VariadicOfVariadic segment sizes, types. */
export function genOperandResultVerifier(op: Operator, body: MethodBody, kind: 'operand' | 'result', sv: StaticVerifier): void {
  const values = kind === 'operand' ? op.operands : op.results;
  const skip = (v: (typeof values)[number]): boolean => !v.hasPredicate() && !v.isOptional() && !v.isVariadicOfVariadic();
  if (values.length === 0 || values.every(skip)) return;
  body.write('  {\n    unsigned index = 0; (void)index;\n');
  const cap = kind === 'operand' ? 'Operand' : 'Result';
  values.forEach((v, i) => {
    if (skip(v)) return;
    body.write(`    auto valueGroup${i} = getODS${cap}s(${i});\n`);
    if (v.isOptional())
      body.write(`
    if (valueGroup${i}.size() > 1) {
      return emitOpError("${kind} group starting at #") << index
          << " requires 0 or 1 element, but found " << valueGroup${i}.size();
    }
`);
    else if (v.isVariadicOfVariadic())
      body.write(
        `    if (::mlir::failed(::mlir::OpTrait::impl::verifyValueSizeAttr(*this, "${v.constraint.getVariadicOfVariadicSegmentSizeAttr()}", "${v.name}", valueGroup${i}.size())))\n      return ::mlir::failure();\n`,
      );
    if (!v.hasPredicate()) return;
    body.write(`
    for (auto v : valueGroup${i}) {
      if (::mlir::failed(${sv.getTypeConstraintFn(v.constraint.def)}(*this, v.getType(), "${kind}", index++)))
        return ::mlir::failure();
    }
`);
  });
  body.write('  }\n');
}

export function genRegionVerifier(op: Operator, body: MethodBody, sv: StaticVerifier): void {
  const regions = op.regions;
  if (regions.length === 0) return;
  body.write('  {\n    unsigned index = 0; (void)index;\n');
  regions.forEach((r, i) => {
    if (!predicateDef(r.constraint.def)) return;
    const get = r.isVariadic() ? `${op.getGetterName(r.name)}()` : `::llvm::MutableArrayRef((*this)->getRegion(${i}))`;
    body.write(`
    for (auto &region : ${get})
      if (::mlir::failed(${sv.getRegionConstraintFn(r.constraint.def)}(*this, region, "${r.name}", index++)))
        return ::mlir::failure();
`);
  });
  body.write('  }\n');
}

export function genSuccessorVerifier(op: Operator, body: MethodBody, sv: StaticVerifier): void {
  const succs = op.successors;
  if (succs.length === 0) return;
  body.write('  {\n    unsigned index = 0; (void)index;\n');
  for (const s of succs) {
    if (!predicateDef(s.constraint.def)) continue;
    const fn = sv.getSuccessorConstraintFn(s.constraint.def);
    // The reference names the successor by its raw name here, not by its getter.
    const range = s.isVariadic() ? `${s.name}()` : `::llvm::MutableArrayRef(${s.name}())`;
    body.write(`
    for (auto *successor : ${range})
      if (::mlir::failed(${fn}(*this, successor, "${s.name}", index++)))
        return ::mlir::failure();
`);
  }
  body.write('  }\n');
}
