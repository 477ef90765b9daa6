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
    let pos = s.indexOf(pattern);
    while (pos >= 0) {
      s = s.slice(0, pos) + replacement + s.slice(pos + pattern.length);
      pos = s.indexOf(pattern, pos + replacement.length);
    }
  }
  return s;
}

function stringField(def: Record, name: string): string {
  const v = def.getValue(name)?.value;
  return v instanceof StringInit ? v.value : '';
}

function build(def: Record, substs: readonly Subst[]): Node {
  const node: Node = { kind: kindOf(def), expr: '', prefix: '', suffix: '', children: [] };
  if (node.kind === 'leaf') {
    node.expr = applySubsts(stringField(def, 'predExpr'), substs);
    return node;
  }
  let all = substs;
  if (node.kind === 'subst') {
    const pattern = stringField(def, 'pattern');
    // An empty pattern matches everywhere; mlir-tblgen-22 runs out of memory on it.
    if (pattern === '') fatalAt(def, "SubstLeaves: 'pattern' must not be empty");
    all = [...substs, [pattern, stringField(def, 'replacement')]];
  }
  else if (node.kind === 'concat') {
    node.prefix = applySubsts(stringField(def, 'prefix'), substs);
    node.suffix = applySubsts(stringField(def, 'suffix'), substs);
  }
  const children = def.getValue('children')?.value;
  if (children instanceof ListInit)
    for (const c of children.elements) if (c instanceof DefInit) node.children.push(build(c.def, all));
  return node;
}

/** Fold empty And/Or into constants and simplify And/Or over constant children. */
function simplify(node: Node): Node {
  if (node.kind === 'subst') return node;
  if (node.kind === 'and' && node.children.length === 0) {
    node.kind = 'true';
    return node;
  }
  if (node.kind === 'or' && node.children.length === 0) {
    node.kind = 'false';
    return node;
  }
  const children = node.children;
  node.children = [];
  for (const child of children) {
    const c = simplify(child);
    if (node.kind !== 'and' && node.kind !== 'or') {
      node.children.push(c);
      continue;
    }
    const collapse: NodeKind = node.kind === 'and' ? 'false' : 'true';
    const erase: NodeKind = node.kind === 'and' ? 'true' : 'false';
    if (c.kind === collapse) {
      node.kind = collapse;
      node.children = [];
      return node;
    }
    if (c.kind === erase) continue;
    node.children.push(c);
  }
  return node;
}

function combine(children: string[], op: string, init: string): string {
  if (children.length === 0) return init;
  if (children.length === 1) return children[0]!;
  return `(${children[0]})` + children.slice(1).map((c) => ` ${op} (${c})`).join('');
}

function condition(node: Node): string {
  switch (node.kind) {
    case 'leaf':
      return node.expr;
    case 'true':
      return 'true';
    case 'false':
      return 'false';
    default:
      break;
  }
  const kids = node.children.map(condition);
  switch (node.kind) {
    case 'and':
      return combine(kids, '&&', 'true');
    case 'or':
      return combine(kids, '||', 'false');
    case 'not':
      return `!(${kids[0] ?? ''})`;
    case 'concat':
      return node.prefix + (kids[0] ?? '') + node.suffix;
    default:
      return kids[0] ?? '';
  }
}

/** A `Pred` record (null when the constraint has none). */
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
    if (this.isCombined()) return condition(simplify(build(this.def, [])));
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
