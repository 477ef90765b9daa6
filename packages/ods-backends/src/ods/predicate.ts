// ODS predicates (mlir/TableGen/Predicate.h): `CPred` leaves and the `And`/`Or`/`Neg`/
// `SubstLeaves`/`Concat` combiners, turned into one C++ condition the way mlir-tblgen 22 does:
// leaf substitutions are applied innermost first, then empty `And`/`Or` nodes fold to
// true/false and those constants collapse or vanish from their `And`/`Or` parents.
import { DefInit, fatalAt, ListInit, type Record, StringInit } from '@ods-ts/tablegen-core';

type NodeKind = 'leaf' | 'and' | 'or' | 'not' | 'subst' | 'concat' | 'true' | 'false';

interface Node {
  kind: NodeKind;
  expr: string;
  prefix: string;
  suffix: string;
  children: Node[];
}

type Subst = readonly [pattern: string, replacement: string];

function kindOf(def: Record): NodeKind {
  if (!def.isSubClassOfName('CombinedPred')) return 'leaf';
  const kind = def.getValue('kind')?.value;
  const name = kind instanceof DefInit ? kind.def.getName() : '';
  switch (name) {
    case 'PredCombinerAnd':
      return 'and';
    case 'PredCombinerOr':
      return 'or';
    case 'PredCombinerNot':
      return 'not';
    case 'PredCombinerSubstLeaves':
      return 'subst';
    case 'PredCombinerConcat':
      return 'concat';
    default:
      return 'leaf';
  }
}

/** Replace every occurrence of each pattern (innermost substitution first), skipping inserted text. */
function applySubsts(text: string, substs: readonly Subst[]): string {
  let s = text;
  for (let k = substs.length - 1; k >= 0; k--) {
    const [pattern, replacement] = substs[k]!;
    if (s.includes(pattern)) s = s.split(pattern).join(replacement);
  }
  return s;
}

function stringField(def: Record, name: string): string {
  const v = def.getValue(name)?.value;
  return v instanceof StringInit ? v.value : '';
}

// The tree passes below use explicit stacks: a predicate can nest as deep as a chain of defs goes
// (`def P1 : And<[P0]>; def P2 : And<[P1]>; ...`), far past the JavaScript call stack.

/** The predicate tree of `root`, with the leaf substitutions applied. */
function build(root: Record): Node {
  const newNode = (): Node => ({ kind: 'leaf', expr: '', prefix: '', suffix: '', children: [] });
  const top = newNode();
  // Pre-order, as a recursive walk would visit the records (an error names the first bad one).
  const work: [node: Node, def: Record, substs: readonly Subst[]][] = [[top, root, []]];
  for (let item = work.pop(); item !== undefined; item = work.pop()) {
    const [node, def, substs] = item;
    node.kind = kindOf(def);
    if (node.kind === 'leaf') {
      node.expr = applySubsts(stringField(def, 'predExpr'), substs);
      continue;
    }
    let all = substs;
    if (node.kind === 'subst') {
      const pattern = stringField(def, 'pattern');
      // An empty pattern matches everywhere; mlir-tblgen-22 runs out of memory on it.
      if (pattern === '') fatalAt(def, "SubstLeaves: 'pattern' must not be empty");
      all = [...substs, [pattern, stringField(def, 'replacement')]];
    } else if (node.kind === 'concat') {
      node.prefix = applySubsts(stringField(def, 'prefix'), substs);
      node.suffix = applySubsts(stringField(def, 'suffix'), substs);
    }
    const children = def.getValue('children')?.value;
    if (!(children instanceof ListInit)) continue;
    const pending: [Node, Record, readonly Subst[]][] = [];
    for (const c of children.elements) {
      if (!(c instanceof DefInit)) continue;
      const child = newNode();
      node.children.push(child);
      pending.push([child, c.def, all]);
    }
    for (let i = pending.length - 1; i >= 0; i--) work.push(pending[i]!);
  }
  return top;
}

/** Every node of the tree under `root` whose children are visited, children before parents. */
function postOrder(root: Node, descend: (n: Node) => boolean): Node[] {
  const out: Node[] = [];
  const work: [Node, boolean][] = [[root, false]];
  for (let item = work.pop(); item !== undefined; item = work.pop()) {
    const [node, expanded] = item;
    if (expanded || !descend(node)) {
      out.push(node);
      continue;
    }
    work.push([node, true]);
    for (let i = node.children.length - 1; i >= 0; i--) work.push([node.children[i]!, false]);
  }
  return out;
}

/**
 * Fold empty And/Or into constants and simplify And/Or over constant children (a child equal to
 * the And/Or's absorbing constant collapses it, its neutral constant is dropped). SubstLeaves
 * subtrees are left as they are.
 */
function simplify(root: Node): Node {
  for (const node of postOrder(root, (n) => n.kind !== 'subst')) {
    if (node.kind !== 'and' && node.kind !== 'or') continue;
    if (node.children.length === 0) {
      node.kind = node.kind === 'and' ? 'true' : 'false';
      continue;
    }
    const collapse: NodeKind = node.kind === 'and' ? 'false' : 'true';
    const erase: NodeKind = node.kind === 'and' ? 'true' : 'false';
    const kept: Node[] = [];
    for (const c of node.children) {
      if (c.kind === collapse) {
        node.kind = collapse;
        kept.length = 0;
        break;
      }
      if (c.kind !== erase) kept.push(c);
    }
    node.children = kept;
  }
  return root;
}

function combine(children: readonly string[], op: string, init: string): string {
  if (children.length === 0) return init;
  if (children.length === 1) return children[0]!;
  return `(${children[0]})` + children.slice(1).map((c) => ` ${op} (${c})`).join('');
}

/** The C++ condition of a simplified tree. */
function condition(root: Node): string {
  const text = new Map<Node, string>();
  for (const node of postOrder(root, (n) => n.children.length > 0)) {
    const kids = node.children.map((c) => text.get(c)!);
    let t: string;
    switch (node.kind) {
      case 'leaf':
        t = node.expr;
        break;
      case 'true':
      case 'false':
        t = node.kind;
        break;
      case 'and':
        t = combine(kids, '&&', 'true');
        break;
      case 'or':
        t = combine(kids, '||', 'false');
        break;
      case 'not':
        t = `!(${kids[0] ?? ''})`;
        break;
      case 'concat':
        t = node.prefix + (kids[0] ?? '') + node.suffix;
        break;
      default:
        t = kids[0] ?? '';
    }
    text.set(node, t);
  }
  return text.get(root)!;
}

/** A `Pred` record (null when the constraint has none). */
/**
 * The conditions of combined predicates, by record: building and simplifying the tree is the
 * costly part, and one constraint is checked by many ops and builders (records do not change once
 * parsed).
 */
const combinedConditions = new WeakMap<Record, string>();

export class Pred {
  constructor(readonly def: Record | undefined) {}
  isNull(): boolean {
    return this.def === undefined;
  }
  isCombined(): boolean {
    return this.def !== undefined && this.def.isSubClassOfName('CombinedPred');
  }
  /** The C++ condition with placeholders (`$_self`, ...) left for tgfmt; '' for a null predicate. */
  getCondition(): string {
    if (!this.def) return '';
    if (this.isCombined()) {
      let c = combinedConditions.get(this.def);
      if (c === undefined) combinedConditions.set(this.def, (c = condition(simplify(build(this.def)))));
      return c;
    }
    return stringField(this.def, 'predExpr');
  }
}

/**
 * The condition of a `Pred` record, as `Pred::getCondition` gives it; '' for a record that is not
 * a predicate.
 */
export function predicateCondition(pred: Record): string {
  return pred.isSubClassOfName('Pred') ? new Pred(pred).getCondition() : '';
}

/** The condition of a constraint's `predicate` field, '' when there is none. */
export function conditionOf(constraintDef: Record): string {
  const v = constraintDef.getValue('predicate')?.value;
  return new Pred(v instanceof DefInit ? v.def : undefined).getCondition();
}
