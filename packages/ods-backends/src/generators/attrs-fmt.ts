// Local helper of the attrs/types/enums/constraints generators: the condition of an ODS
// predicate (`CPred`, `And`, `Or`, `Neg`, `SubstLeaves`, `Concat`), without the constant folding
// of ods/predicate.ts (which the op generators use). tgfmt itself lives in ../fmt.ts.
import { DefInit, type Record, StringInit } from '@ods-ts/tablegen-core';

// ---------------------------------------------------------------------------------------------
// Predicates

type PredKind = 'leaf' | 'and' | 'or' | 'not' | 'subst' | 'concat';

interface PredNode {
  kind: PredKind;
  expr: string;
  prefix: string;
  suffix: string;
  children: PredNode[];
}

function predKind(def: Record): PredKind {
  if (!def.isSubClassOfName('CombinedPred')) return 'leaf';
  switch (def.getValueAsDef('kind').getName()) {
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

/** Apply the substitutions, innermost first, never rescanning replaced text. */
function substitute(str: string, substs: readonly (readonly [string, string])[]): string {
  let s = str;
  for (let k = substs.length - 1; k >= 0; k--) {
    const [pattern, replacement] = substs[k]!;
    if (pattern === '') continue;
    let pos = s.indexOf(pattern);
    while (pos >= 0) {
      s = s.slice(0, pos) + replacement + s.slice(pos + pattern.length);
      pos = s.indexOf(pattern, pos + replacement.length);
    }
  }
  return s;
}

function leafCondition(def: Record): string {
  const v = def.getValue('predExpr')?.value;
  return v instanceof StringInit ? v.value : '';
}

function buildTree(def: Record, substs: readonly (readonly [string, string])[]): PredNode {
  const kind = predKind(def);
  const node: PredNode = { kind, expr: '', prefix: '', suffix: '', children: [] };
  if (kind === 'leaf') {
    node.expr = substitute(leafCondition(def), substs);
    return node;
  }
  let all = substs;
  if (kind === 'subst') {
    all = [...substs, [def.getValueAsString('pattern'), def.getValueAsString('replacement')] as const];
  } else if (kind === 'concat') {
    node.prefix = substitute(def.getValueAsString('prefix'), substs);
    node.suffix = substitute(def.getValueAsString('suffix'), substs);
  }
  for (const child of def.getValueAsListInit('children').elements) {
    if (child instanceof DefInit) node.children.push(buildTree(child.def, all));
  }
  return node;
}

function combine(children: string[], op: string, init: string): string {
  if (children.length === 0) return init;
  if (children.length === 1) return children[0]!;
  return `(${children[0]})` + children.slice(1).map((c) => ` ${op} (${c})`).join('');
}

function nodeCondition(node: PredNode): string {
  if (node.kind === 'leaf') return node.expr;
  const kids = node.children.map(nodeCondition);
  switch (node.kind) {
    case 'and':
      return combine(kids, '&&', 'true');
    case 'or':
      return combine(kids, '||', 'false');
    case 'not':
      return `!(${kids[0] ?? ''})`;
    case 'subst':
      return kids[0] ?? '';
    case 'concat':
      return node.prefix + (kids[0] ?? '') + node.suffix;
  }
}

/**
 * The C++ condition of a `Pred` record (mlir::tblgen::Pred::getCondition), with `$_self` and
 * other placeholders left for tgfmt. '' for a record that is not a predicate.
 */
export function predicateCondition(pred: Record): string {
  if (!pred.isSubClassOfName('Pred')) return '';
  return nodeCondition(buildTree(pred, []));
}
