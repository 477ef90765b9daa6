// llvm's SetTheory: ordered sets of records computed from DAG expressions (`(add R0, R1)`,
// `(sub ...)`, `(sequence "R%u", 0, 7)`...), with records of chosen classes expanding to the
// set one of their fields evaluates to. Used by llvm-tblgen's `--print-sets`.
import {
  DagInit,
  DefInit,
  IntInit,
  ListInit,
  type Init,
  type Record,
  type RecordKeeper,
  StringInit,
  fatalAt,
} from './records.js';

/** An insertion-ordered set of records (llvm's SetVector). */
export type RecSet = Set<Record>;

/** How the records of a class expand to a set (llvm's SetTheory::Expander). */
export type SetExpander = (st: SetTheory, def: Record, out: RecSet) => void;

type Operator = (st: SetTheory, expr: DagInit, out: RecSet, at: Record | undefined) => void;

/** `(Op Set, Int)` operators: the evaluated set and the integer. */
function setIntOp(fn: (expr: DagInit, set: Record[], n: number, out: RecSet, at: Record | undefined) => void): Operator {
  return (st, expr, out, at) => {
    if (expr.args.length !== 2) fatalAt(at, `Operator requires (Op Set, Int) arguments: ${expr.getAsString()}`);
    const set: RecSet = new Set();
    st.evaluate(expr.args[0]!, set, at);
    const n = expr.args[1];
    if (!(n instanceof IntInit)) fatalAt(at, `Second argument must be an integer: ${expr.getAsString()}`);
    fn(expr, [...set], Number(n.value), out, at);
  };
}

function insertAll(out: RecSet, items: Iterable<Record>): void {
  for (const r of items) out.add(r);
}

/** `format(Format, unsigned(N))` for the integer conversions a sequence format uses. */
function formatUnsigned(format: string, n: number): string {
  const u = n >>> 0;
  return format.replace(/%([-+ #0]*)(\d*)(?:\.(\d+))?(?:hh|h|ll|l|j|z|t)?([diouxXc%])/g, (_m, flags: string, width: string, prec: string, conv: string) => {
    if (conv === '%') return '%';
    let body: string;
    switch (conv) {
      case 'o':
        body = u.toString(8);
        break;
      case 'x':
        body = u.toString(16);
        break;
      case 'X':
        body = u.toString(16).toUpperCase();
        break;
      case 'c':
        body = String.fromCharCode(u & 0xff);
        break;
      case 'd':
      case 'i':
        body = String(u | 0 ? u | 0 : 0);
        break;
      default:
        body = String(u);
    }
    if (prec !== undefined && conv !== 'c') body = body.padStart(Number(prec), '0');
    if (flags.includes('#') && u !== 0 && (conv === 'x' || conv === 'X')) body = (conv === 'x' ? '0x' : '0X') + body;
    const w = width === '' ? 0 : Number(width);
    if (flags.includes('-')) return body.padEnd(w, ' ');
    return body.padStart(w, flags.includes('0') && prec === undefined ? '0' : ' ');
  });
}

const OPERATORS: ReadonlyMap<string, Operator> = new Map<string, Operator>([
  ['add', (st, expr, out, at) => st.evaluateAll(expr.args, out, at)],
  [
    'sub',
    (st, expr, out, at) => {
      if (expr.args.length < 2) fatalAt(at, `Set difference needs at least two arguments: ${expr.getAsString()}`);
      const add: RecSet = new Set();
      const sub: RecSet = new Set();
      st.evaluate(expr.args[0]!, add, at);
      st.evaluateAll(expr.args.slice(1), sub, at);
      for (const r of add) if (!sub.has(r)) out.add(r);
    },
  ],
  [
    'and',
    (st, expr, out, at) => {
      if (expr.args.length !== 2) fatalAt(at, `Set intersection requires two arguments: ${expr.getAsString()}`);
      const s1: RecSet = new Set();
      const s2: RecSet = new Set();
      st.evaluate(expr.args[0]!, s1, at);
      st.evaluate(expr.args[1]!, s2, at);
      for (const r of s1) if (s2.has(r)) out.add(r);
    },
  ],
  [
    'shl',
    setIntOp((expr, set, n, out, at) => {
      if (n < 0) fatalAt(at, `Positive shift required: ${expr.getAsString()}`);
      insertAll(out, set.slice(n));
    }),
  ],
  [
    'trunc',
    setIntOp((expr, set, n, out, at) => {
      if (n < 0) fatalAt(at, `Positive length required: ${expr.getAsString()}`);
      insertAll(out, set.slice(0, n));
    }),
  ],
  ['rotl', setIntOp((_e, set, n, out) => rotate(set, n, out))],
  ['rotr', setIntOp((_e, set, n, out) => rotate(set, -n, out))],
  [
    'decimate',
    setIntOp((expr, set, n, out, at) => {
      if (n <= 0) fatalAt(at, `Positive stride required: ${expr.getAsString()}`);
      for (let i = 0; i < set.length; i += n) out.add(set[i]!);
    }),
  ],
  [
    'interleave',
    (st, expr, out, at) => {
      const values = expr.args.map((a) => {
        const s: RecSet = new Set();
        st.evaluate(a, s, at);
        return [...s];
      });
      const max = Math.max(0, ...values.map((v) => v.length));
      for (let i = 0; i < max; i++) for (const v of values) if (i < v.length) out.add(v[i]!);
    },
  ],
  ['sequence', (st, expr, out, at) => sequence(st, expr, out, at)],
]);

function rotate(set: Record[], n: number, out: RecSet): void {
  if (set.length === 0) return;
  const k = n < 0 ? set.length - (-n % set.length) : n % set.length;
  insertAll(out, set.slice(k));
  insertAll(out, set.slice(0, k));
}

/** `(sequence "Format", From, To[, Step])`: the defs named by the format, expanded. */
function sequence(st: SetTheory, expr: DagInit, out: RecSet, at: Record | undefined): void {
  const args = expr.args;
  const text = expr.getAsString();
  if (args.length > 4) fatalAt(at, `Bad args to (sequence "Format", From, To): ${text}`);
  let step = 1;
  if (args.length === 4) {
    const s = args[3];
    if (!(s instanceof IntInit)) fatalAt(at, `Stride must be an integer: ${text}`);
    step = Number(BigInt.asIntN(32, s.value));
  }
  const format = args[0];
  if (!(format instanceof StringInit)) fatalAt(at, `Format must be a string: ${text}`);
  const fromInit = args[1];
  if (!(fromInit instanceof IntInit)) fatalAt(at, `From must be an integer: ${text}`);
  let from = Number(fromInit.value);
  if (from < 0 || from >= 1 << 30) fatalAt(at, 'From out of range');
  const toInit = args[2];
  if (!(toInit instanceof IntInit)) fatalAt(at, `To must be an integer: ${text}`);
  const to = Number(toInit.value);
  if (to < 0 || to >= 1 << 30) fatalAt(at, 'To out of range');
  step *= from <= to ? 1 : -1;
  // llvm loops for ever on a zero step; a located error here.
  if (step === 0) fatalAt(at, `Stride must not be zero: ${text}`);
  for (; step > 0 ? from <= to : from >= to; from += step) {
    const name = formatUnsigned(format.value, from);
    const rec = st.keeper.getDef(name);
    if (!rec) fatalAt(at, `No def named '${name}': ${text}`);
    const expanded = st.expand(rec);
    if (expanded) insertAll(out, expanded);
    else out.add(rec);
  }
}

export class SetTheory {
  /** Classes whose records expand to a set, and how. */
  private readonly expanders = new Map<string, SetExpander>();
  private readonly expansions = new Map<Record, Record[]>();

  constructor(readonly keeper: RecordKeeper) {}

  /** Records of `className` expand to the set their field `fieldName` evaluates to. */
  addFieldExpander(className: string, fieldName: string): void {
    this.expanders.set(className, (st, def, out) => st.evaluate(def.getValueInit(fieldName), out, def));
  }

  /** Records of `className` expand to the set `expander` computes. */
  addExpander(className: string, expander: SetExpander): void {
    this.expanders.set(className, expander);
  }

  evaluateAll(exprs: readonly Init[], out: RecSet, at: Record | undefined): void {
    for (const e of exprs) this.evaluate(e, out, at);
  }

  /** Add the records `expr` denotes to `out`; errors are located at `at`. */
  evaluate(expr: Init, out: RecSet, at: Record | undefined): void {
    if (expr instanceof DefInit) {
      const expanded = this.expand(expr.def);
      if (expanded) insertAll(out, expanded);
      else out.add(expr.def);
      return;
    }
    if (expr instanceof ListInit) return this.evaluateAll(expr.elements, out, at);
    if (!(expr instanceof DagInit)) fatalAt(at, `Invalid set element: ${expr.getAsString()}`);
    const op = expr.operator;
    if (!(op instanceof DefInit)) fatalAt(at, `Bad set expression: ${expr.getAsString()}`);
    const apply = OPERATORS.get(op.def.getName());
    if (!apply) fatalAt(at, `Unknown set operator: ${expr.getAsString()}`);
    apply(this, expr, out, at);
  }

  /** The elements of a record of an expanding class (once; a recursive use sees none). */
  expand(set: Record): readonly Record[] | undefined {
    const known = this.expansions.get(set);
    if (known) return known;
    for (const [sc] of set.superClasses) {
      if (!(sc.name instanceof StringInit)) continue;
      const expander = this.expanders.get(sc.getName());
      if (expander === undefined) continue;
      const elements: Record[] = [];
      this.expansions.set(set, elements);
      const out: RecSet = new Set();
      expander(this, set, out);
      elements.push(...out);
      return elements;
    }
    return undefined;
  }
}

/** llvm-tblgen's `--print-sets`: each def of class Set with its expansion. */
export function printSets(keeper: RecordKeeper): string {
  const st = new SetTheory(keeper);
  st.addFieldExpander('Set', 'Elements');
  let out = '';
  for (const rec of keeper.getAllDerivedDefinitions('Set')) {
    out += `${rec.getName()} = [`;
    for (const e of st.expand(rec) ?? []) out += ` ${e.getName()}`;
    out += ' ]\n';
  }
  return out;
}
