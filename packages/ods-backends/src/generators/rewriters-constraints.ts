// The uniqued static constraint functions of --gen-rewriters (the pattern half of mlir's
// StaticVerifierFunctionEmitter): one function per distinct (predicate, summary) of the type and
// attribute constraints that source patterns place on operands and attributes.
import { DefInit, type Record, pathFilename } from '@ods-ts/tablegen-core';
import { conditionOf } from '../ods/predicate.js';
import { FmtContext, drrFmt } from '../fmt.js';
import { escapeString } from '../text.js';

/** `summary`, or the def name when the field is unset (mlir's Constraint::getSummary). */
export function constraintSummary(def: Record): string {
  const s = def.getValueAsOptionalString('summary');
  return s !== undefined ? s : def.getName();
}

/** The C++ type a property constraint checks (`interfaceType`). */
export function propInterfaceType(def: Record): string {
  return (def.getValueAsOptionalString('interfaceType') ?? '').trim();
}

/** The C++ condition template of a constraint (with `$_self` etc. left in). */
export function constraintCondition(def: Record): string {
  return conditionOf(def);
}

/**
 * The code of one pattern constraint function. Slots: `name` the function name, `condition` the
 * C++ condition on `type`/`attr`/`prop`, `summary` the escaped summary, `param` the checked
 * parameter (`::mlir::Type type`, `::mlir::Attribute attr`, `<interface type> prop`).
 */
function patternConstraintTemplate(name: string, condition: string, summary: string, param: string): string {
  return `
static ::llvm::LogicalResult ${name}(
    ::mlir::PatternRewriter &rewriter, ::mlir::Operation *op, ${param},
    ::llvm::StringRef failureStr) {
  if (!(${condition})) {
    return rewriter.notifyMatchFailure(op, [&](::mlir::Diagnostic &diag) {
      diag << failureStr << ": ${summary}";
    });
  }
  return ::mlir::success();
}
`;
}

interface Entry {
  readonly def: Record;
  readonly name: string;
}

/** Constraints uniqued by predicate record and summary, in first-use order. */
class ConstraintMap {
  readonly entries: Entry[] = [];
  private readonly byDef = new Map<Record, Entry>();
  private readonly byKey = new Map<Record | undefined, Map<string, Entry>>();
  constructor(
    private readonly kind: string,
    private readonly label: string,
  ) {}

  private static predicateOf(def: Record): Record | undefined {
    const v = def.getValue('predicate')?.value;
    return v instanceof DefInit ? v.def : undefined;
  }

  find(def: Record): Entry | undefined {
    const direct = this.byDef.get(def);
    if (direct) return direct;
    return this.byKey.get(ConstraintMap.predicateOf(def))?.get(constraintSummary(def));
  }

  collect(def: Record): void {
    if (this.find(def)) return;
    const entry = { def, name: `__mlir_ods_local_${this.kind}_constraint_${this.label}${this.entries.length + 1}` };
    this.entries.push(entry);
    this.byDef.set(def, entry);
    const pred = ConstraintMap.predicateOf(def);
    let m = this.byKey.get(pred);
    if (!m) this.byKey.set(pred, (m = new Map()));
    m.set(constraintSummary(def), entry);
  }
}

/** The unique label of the generated functions: the input's base name without `.td`, sanitized. */
function uniqueOutputLabel(inputFilename: string): string {
  let name = pathFilename(inputFilename);
  if (name.endsWith('.td')) name = name.slice(0, -3);
  let out = '';
  for (let i = 0; i < name.length; i++) {
    const ch = name[i]!;
    if (/[A-Za-z0-9_]/.test(ch)) out += ch;
    else out += (name.charCodeAt(i) & 0xff).toString(16).toUpperCase();
  }
  return out;
}

/** The type and attribute constraint functions of the patterns of one file. */
export class PatternConstraintFunctions {
  private readonly types: ConstraintMap;
  private readonly attrs: ConstraintMap;
  private readonly props: ConstraintMap;

  constructor(inputFilename: string) {
    const label = uniqueOutputLabel(inputFilename);
    this.types = new ConstraintMap('type', label);
    this.attrs = new ConstraintMap('attr', label);
    this.props = new ConstraintMap('prop', label);
  }

  /** Register the constraint of a source-pattern leaf (a type, property or attribute constraint). */
  collect(def: Record): void {
    if (def.isSubClassOfName('TypeConstraint')) this.types.collect(def);
    else if (def.isSubClassOfName('PropConstraint')) this.props.collect(def);
    else if (def.isSubClassOfName('AttrConstraint')) this.attrs.collect(def);
  }

  getTypeConstraintFn(def: Record): string {
    return this.types.find(def)?.name ?? '';
  }
  getAttrConstraintFn(def: Record): string {
    return this.attrs.find(def)?.name ?? '';
  }
  getPropConstraintFn(def: Record): string {
    return this.props.find(def)?.name ?? '';
  }

  emit(): string {
    let out = '';
    const ctx = new FmtContext().addSubst('_op', '*op').withBuilder('rewriter').withSelf('type');
    for (const e of this.types.entries)
      out += patternConstraintTemplate(e.name, drrFmt(constraintCondition(e.def), ctx), escapeString(constraintSummary(e.def)), '::mlir::Type type');
    ctx.withSelf('attr');
    for (const e of this.attrs.entries)
      out += patternConstraintTemplate(e.name, drrFmt(constraintCondition(e.def), ctx), escapeString(constraintSummary(e.def)), '::mlir::Attribute attr');
    ctx.withSelf('prop');
    for (const e of this.props.entries) {
      // A constraint that names no C++ type checks any: a function template on it.
      const iface = propInterfaceType(e.def);
      if (iface === '') out += 'template <typename T>';
      const param = `${iface === '' ? 'T' : iface} prop`;
      out += patternConstraintTemplate(e.name, drrFmt(constraintCondition(e.def), ctx), escapeString(constraintSummary(e.def)), param);
    }
    return out;
  }
}
