// --gen-dialect-doc: the Markdown page of one dialect: its summary and description, then its
// operations (grouped by OpDocGroup), attribute constraints, attributes, type constraints,
// types and enums.
import { DefInit, type Record } from '@ods-ts/tablegen-core';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { AttrOrTypeDef } from '../ods/attr-or-type-def.js';
import { Constraint } from '../ods/constraint.js';
import { Dialect, findDialectToGenerate, getAllDialects } from '../ods/dialect.js';
import { derivedDefs, emitDescription, emitSummary, trim } from '../ods/docs-util.js';
import { TextWriter } from '../text.js';
import { EnumInfo } from '../ods/enum.js';
import { emitAttrOrTypeDefDoc } from './attr-or-type-doc-util.js';
import { emitEnumDoc } from './enum-doc.js';
import { DOC_BANNER } from './interface-docs-util.js';
import { type DocOptions, Operator, constraintSummary, docOptions, emitOpDoc, emitSourceLink, requestedOpDefs } from './op-doc-util.js';

/** A section of operations: a named OpDocGroup, or a single ungrouped op (empty summary). */
interface OpDocGroup {
  summary: string;
  description: string;
  readonly ops: Operator[];
}

/**
 * Run `fn` on a buffer and copy it out line by line; when `nest`, headings (`#...` lines) go one
 * level deeper. Every line, including the last (possibly empty) one, ends with a newline.
 */
function maybeNest(out: TextWriter, nest: boolean, fn: (o: TextWriter) => void): void {
  const inner = new TextWriter();
  fn(inner);
  for (const line of inner.toString().split('\n')) out.write(`${nest && line.startsWith('#') ? '#' : ''}${line}\n`);
}

/** An attribute or type constraint (DialectAttr/DialectType): its summary and description. */
function emitConstraintDoc(out: TextWriter, c: Constraint): void {
  out.write(`\n### ${constraintSummary(c.def)}\n`);
  emitDescription(out, c.getDescription());
  out.write('\n');
}

function groupKey(g: OpDocGroup): string {
  return g.summary !== '' ? g.summary : g.ops[0]!.def.getValueAsString('opName');
}

/** llvm::StringRef::compare_insensitive (ASCII case folding). */
function compareInsensitive(a: string, b: string): number {
  const x = a.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const y = b.replace(/[A-Z]/g, (c) => c.toLowerCase());
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The `dialect` of a DialectAttr/DialectType constraint. */
function constraintDialect(def: Record): Dialect | undefined {
  const v = def.getValue('dialect')?.value;
  return v instanceof DefInit ? new Dialect(v.def) : undefined;
}

function dialectOf(def: Record): Dialect | undefined {
  return new AttrOrTypeDef(def).getDialect();
}

function run(ctx: GeneratorContext): string {
  const opts: DocOptions = docOptions(ctx);
  const selected = ctx.options.get('dialect');
  const dialect = findDialectToGenerate(getAllDialects(ctx.records), typeof selected === 'string' ? selected : undefined);
  const inDialect = (d: Dialect | undefined): boolean => d !== undefined && d.def === dialect.def;
  const seen = new Set<Record>();
  const firstSeen = (r: Record): boolean => {
    if (seen.has(r)) return false;
    seen.add(r);
    return true;
  };

  const opDefs = requestedOpDefs(ctx);
  const attrDefs: AttrOrTypeDef[] = [];
  for (const def of derivedDefs(ctx.records, 'AttrDef', false))
    if (inDialect(dialectOf(def)) && firstSeen(def)) attrDefs.push(new AttrOrTypeDef(def));
  const attrConstraints: Constraint[] = [];
  for (const def of derivedDefs(ctx.records, 'DialectAttr', false))
    if (inDialect(constraintDialect(def)) && firstSeen(def)) attrConstraints.push(new Constraint(def));

  const groups: OpDocGroup[] = [];
  const byGroup = new Map<Record, OpDocGroup>();
  for (const def of opDefs) {
    const op = new Operator(def);
    const groupDef = def.getValue('opDocGroup') ? def.getValueAsOptionalDef('opDocGroup') : undefined;
    if (!inDialect(op.getDialect()) || !firstSeen(def)) continue;
    if (groupDef) {
      let g = byGroup.get(groupDef);
      if (!g) byGroup.set(groupDef, (g = { summary: '', description: '', ops: [] }));
      g.ops.push(op);
    } else groups.push({ summary: '', description: '', ops: [op] });
  }
  for (const rec of derivedDefs(ctx.records, 'OpDocGroup', false)) {
    const g = byGroup.get(rec);
    if (!g || g.ops.length === 0) continue;
    g.summary = rec.getValueAsString('summary');
    g.description = rec.getValueAsString('description');
    groups.push(g);
  }
  const typeDefs: AttrOrTypeDef[] = [];
  for (const def of derivedDefs(ctx.records, 'TypeDef', false))
    if (inDialect(dialectOf(def)) && firstSeen(def)) typeDefs.push(new AttrOrTypeDef(def));
  const typeConstraints: Constraint[] = [];
  for (const def of derivedDefs(ctx.records, 'DialectType', false))
    if (inDialect(constraintDialect(def)) && firstSeen(def)) typeConstraints.push(new Constraint(def));
  const enums: EnumInfo[] = [];
  for (const def of derivedDefs(ctx.records, 'EnumInfo', false)) if (firstSeen(def)) enums.push(new EnumInfo(def));

  groups.sort((a, b) => compareInsensitive(groupKey(a), groupKey(b)));

  const out = new TextWriter();
  out.write(DOC_BANNER);
  out.write(`\n# '${dialect.getName()}' Dialect\n`);
  emitSummary(out, dialect.getSummary());
  emitDescription(out, dialect.getDescription());
  if (!/^[ \t\n\v\f\r]*\[TOC\]$/m.test(dialect.getDescription())) out.write('\n[TOC]\n');

  if (groups.length > 0) {
    out.write('\n## Operations\n');
    emitSourceLink(out, ctx.inputFilename);
    for (const g of groups) {
      const nested = g.summary !== '';
      maybeNest(out, nested, (o) => {
        if (nested) {
          o.write(`\n## ${trim(g.summary)}\n`);
          emitDescription(o, g.description);
          o.write('\n');
        }
        for (const op of g.ops) emitOpDoc(o, op, opts);
      });
    }
  }
  if (attrConstraints.length > 0) {
    out.write('\n## Attribute constraints\n');
    for (const c of attrConstraints) emitConstraintDoc(out, c);
  }
  if (attrDefs.length > 0) {
    out.write('\n## Attributes\n');
    for (const d of attrDefs) emitAttrOrTypeDefDoc(out, d);
  }
  if (typeConstraints.length > 0) {
    out.write('\n## Type constraints\n');
    for (const c of typeConstraints) emitConstraintDoc(out, c);
  }
  if (typeDefs.length > 0) {
    out.write('\n## Types\n');
    for (const d of typeDefs) emitAttrOrTypeDefDoc(out, d);
  }
  if (enums.length > 0) {
    out.write('\n## Enums\n');
    for (const e of enums) emitEnumDoc(out, e);
  }
  return out.toString();
}

registerGenerator({ name: 'dialect-doc', description: 'Generate dialect documentation', run });
