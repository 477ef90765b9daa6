// Local helpers of the attrs/types/enums/constraints generators: mlir::tblgen::tgfmt (the `$_self`
// / `$name` / `$0` placeholder substitution of ODS code snippets) and the condition of an ODS
// predicate (`CPred`, `And`, `Or`, `Neg`, `SubstLeaves`, `Concat`).
import { DefInit, type Record, StringInit } from '@ods-ts/tablegen-core';

/** Substitutions for tgfmt: the special `$_self`, `$_builder`, `$_op` and custom `$name`s. */
export class FmtContext {
  private readonly substs = new Map<string, string>();

  withSelf(subst: string): this {
    return this.addSubst('_self', subst);
  }
  withBuilder(subst: string): this {
    return this.addSubst('_builder', subst);
  }
  withOp(subst: string): this {
    return this.addSubst('_op', subst);
  }
  /** `$name` → `subst` (name without the `$`; special names like `_self` included). */
  addSubst(name: string, subst: string): this {
    this.substs.set(name, subst);
    return this;
  }

  /** The substitution for the placeholder name (without `$`), if any. */
  lookup(name: string): string | undefined {
    return this.substs.get(name);
  }
}

const isDigit = (c: string) => c >= '0' && c <= '9';
const isIdentChar = (c: string) => /[A-Za-z0-9_]/.test(c);

/**
 * Format an ODS code template: `$$` is a literal `$`; `$N` the N-th positional argument
 * (`$N...` all from N, comma separated); `$_self`/`$name` a substitution of `ctx`. A placeholder
 * without a value is printed as written.
 */
export function tgfmt(fmt: string, ctx?: FmtContext, ...positional: string[]): string {
  let out = '';
  let i = 0;
  while (i < fmt.length) {
    const dollar = fmt.indexOf('$', i);
    if (dollar < 0) {
      out += fmt.slice(i);
      break;
    }
    out += fmt.slice(i, dollar);
    i = dollar;
    if (i + 1 >= fmt.length) {
      out += '$';
      break;
    }
    if (fmt[i + 1] === '$') {
      out += '$';
      i += 2;
      continue;
    }
    let end = i + 1;
    while (end < fmt.length && isDigit(fmt[end]!)) end++;
    if (end !== i + 1) {
      const index = Number(fmt.slice(i + 1, end));
      if (fmt.startsWith('...', end)) {
        const spec = fmt.slice(i, end + 3);
        out += index >= positional.length ? spec : positional.slice(index).join(', ');
        i = end + 3;
        continue;
      }
      out += index >= positional.length ? fmt.slice(i, end) : positional[index]!;
      i = end;
      continue;
    }
    while (end < fmt.length && isIdentChar(fmt[end]!)) end++;
    const name = fmt.slice(i + 1, end);
    const subst = name === '' || !ctx ? undefined : ctx.lookup(name);
    out += subst ?? fmt.slice(i, end);
    i = end;
  }
  return out;
}

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
