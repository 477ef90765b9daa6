// Shared by --gen-op-doc and --gen-dialect-doc: the Markdown section documenting one operation
// (name, summary, syntax, description, traits/interfaces/effects, attributes, operands,
// results, successors), and the op selection/ordering they share.
import { type Record, StringInit } from '@ods-ts/tablegen-core';
import type { Attribute } from '../ods/attribute.js';
import { emitDescription, emitSummary, trim } from '../ods/docs-util.js';
import { type TextSink } from '../text.js';
import { Operator } from '../ods/operator.js';
import type { GeneratorContext } from '../registry.js';
import { getRequestedOpDefinitions } from './op-gen.js';

/** The doc options shared by the `*-doc` generators (`--strip-prefix`, Hugo features). */
export interface DocOptions {
  /** Prefix removed from qualified C++ class names (`::mlir::` by default). */
  readonly stripPrefix: string;
  /** Emit Hugo shortcodes (expandable attribute descriptions). */
  readonly allowHugo: boolean;
}

export function docOptions(ctx: GeneratorContext): DocOptions {
  const sp = ctx.options.get('strip-prefix');
  const hugo = ctx.options.get('allow-hugo-specific-features');
  return { stripPrefix: typeof sp === 'string' ? sp : '::mlir::', allowHugo: hugo === true || hugo === 'true' };
}

/**
 * The op defs of the file (`--op-include-regex`/`--op-exclude-regex` applied), in record-name
 * byte order (mlir-tblgen walks the record map, not getAllDerivedDefinitions).
 */
export function requestedOpDefs(ctx: GeneratorContext): Record[] {
  return getRequestedOpDefinitions(ctx.records, ctx.options);
}

/**
 * mlir::tblgen::Constraint::getSummary as mlir-tblgen 22 documents it: the `summary` string
 * when the field holds one (even empty), else the record name.
 */
export function constraintSummary(def: Record): string {
  const v = def.getValue('summary')?.value;
  return v instanceof StringInit ? v.value : def.getName();
}

/** A `[source](...)` link when the input lives in an MLIR source tree (`mlir/include/mlir/`). */
export function emitSourceLink(out: TextSink, inputFilename: string): void {
  const at = inputFilename.indexOf('mlir/include/mlir/');
  if (at < 0) return;
  out.write(`\n[source](https://github.com/llvm/llvm-project/blob/main/${inputFilename.slice(at)})\n`);
}

/** The `operation ::= ...` block: the trimmed format lines aligned under the first one. */
function emitAssemblyFormat(out: TextSink, opName: string, format: string): void {
  const lines = format.split('\n');
  out.write(`\nSyntax:\n\n\`\`\`\noperation ::= \`${opName}\` ${trim(lines[0]!)}\n`);
  const indent = ' '.repeat('operation ::= '.length);
  for (const line of lines.slice(1)) {
    const chunk = trim(line);
    if (chunk !== '') out.write(`${indent}${chunk}\n`);
  }
  out.write('```\n');
}

/** Byte-order sorted, de-duplicated (std::set<std::string>). */
function sortedSet(values: Iterable<string>): string[] {
  return [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function stripPrefixes(s: string, ...prefixes: string[]): string {
  let r = s;
  for (const p of prefixes) if (r.startsWith(p)) r = r.slice(p.length);
  return r;
}

function stripSuffix(s: string, suffix: string): string {
  return s.endsWith(suffix) ? s.slice(0, s.length - suffix.length) : s;
}

/** The `Traits:`, `Interfaces:` and `Effects:` lines. */
function emitOpTraitsDoc(out: TextSink, op: Operator): void {
  const effects: string[] = [];
  const interfaces: string[] = [];
  const traits: string[] = [];
  for (const trait of op.traits) {
    if (trait.kind === 'pred') continue;
    const def = trait.def;
    let name = def.getName();
    const traitName = stripSuffix(stripSuffix(def.getValueAsString('trait'), '::Trait'), '::Impl');
    if (name.startsWith('anonymous_')) name = traitName;
    if (trait.kind === 'interface') {
      if (trait.isSideEffectTrait()) {
        const base = stripPrefixes(def.getValueAsString('baseEffectName'), '::', 'mlir::');
        const list = def
          .getValueAsListOfDefs('effects')
          .map((e) => `${stripPrefixes(e.getValueAsString('effect'), '::', 'mlir::')} on ${e.getValueAsString('resource')}`)
          .join(', ');
        effects.push(`\`${base}{${list}}\``);
        name += ` (${traitName})`;
      }
      interfaces.push(`\`${name}\``);
      continue;
    }
    traits.push(`\`${name}\``);
  }
  for (const [title, set] of [
    ['Traits', traits],
    ['Interfaces', interfaces],
    ['Effects', effects],
  ] as const) {
    if (set.length > 0) out.write(`\n${title}: ${sortedSet(set).join(', ')}\n`);
  }
}

/** The attribute's own description, else that of the attribute it wraps. */
function resolveAttrDescription(attr: Attribute): string {
  const d = attr.getDescription();
  return d !== '' ? d : attr.getBaseAttr().getDescription();
}

/** One `| name | summary |` row of an operand/result/successor table. */
function namedConstraintRow(name: string, summary: string): string {
  return `| ${name !== '' ? `\`${name}\`` : '&laquo;unnamed&raquo;'} | ${summary} |\n`;
}

/** The documentation section of one operation. */
export function emitOpDoc(out: TextSink, op: Operator, opts: DocOptions, heading = '###'): void {
  const qual = op.getQualCppClassName();
  const className = qual.startsWith(opts.stripPrefix) ? qual.slice(opts.stripPrefix.length) : qual;
  out.write(`\n${heading} \`${op.getOperationName()}\` (${className})\n`);
  if (op.hasSummary()) emitSummary(out, op.getSummary());
  if (op.hasAssemblyFormat()) emitAssemblyFormat(out, op.getOperationName(), trim(op.getAssemblyFormat()));
  if (op.hasDescription()) emitDescription(out, op.getDescription());
  emitOpTraitsDoc(out, op);

  if (op.attributes.length > 0) {
    out.write('\n#### Attributes:\n\n<table>\n<tr><th>Attribute</th><th>MLIR Type</th><th>Description</th></tr>\n');
    for (const { name, attr } of op.attributes) {
      out.write(`<tr><td><code>${name}</code></td><td>${attr.getStorageType()}</td><td>`);
      const description = resolveAttrDescription(attr);
      if (opts.allowHugo && description !== '')
        out.write(
          `<details><summary>${constraintSummary(attr.def)}</summary>{{% markdown %}}${description}{{% /markdown %}}</details>`,
        );
      else out.write(constraintSummary(attr.def));
      out.write('</td></tr>\n');
    }
    out.write('</table>\n');
  }
  const tables = [
    ['Operands', 'Operand', op.operands],
    ['Results', 'Result', op.results],
    ['Successors', 'Successor', op.successors],
  ] as const;
  for (const [title, column, items] of tables) {
    if (items.length === 0) continue;
    out.write(`\n#### ${title}:\n\n| ${column} | Description |\n| :${'-'.repeat(column.length - 2)}: | ----------- |\n`);
    for (const it of items) out.write(namedConstraintRow(it.name, constraintSummary(it.constraint.def)));
  }
  out.write('\n');
}

export { Operator };
