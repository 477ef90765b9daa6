// The language features over analyses: go to definition, references, hover, completion,
// document symbols, document links and code lenses. Pure functions of an Analysis (and the
// document's current text), so that they are tested without a connection.
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { Operator } from '@ods-ts/ods-backends';
import { type Record, decodeBytes, pathOfBytes, printRecord } from '@ods-ts/tablegen-core';
import {
  type CodeLens,
  type CompletionItem,
  CompletionItemKind,
  type DocumentLink,
  type DocumentSymbol,
  type Hover,
  type Location,
  MarkupKind,
  SymbolKind as LspSymbolKind,
} from 'vscode-languageserver';
import type { Analysis, FileLoc, Occurrence } from './analysis.js';
import { LineIndex, pathToUri, wordAt } from './positions.js';

/** The occurrence covering a byte offset of a file. */
export function occurrenceAt(a: Analysis, file: string, offset: number): Occurrence | undefined {
  const list = a.occurrences.get(file);
  if (!list) return undefined;
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const o = list[mid]!;
    if (o.end < offset) lo = mid + 1;
    else if (o.offset > offset) hi = mid - 1;
    else return o;
  }
  return undefined;
}

const GLOBAL_KINDS = new Set(['class', 'def', 'multiclass', 'defset', 'defvar']);

/** Where the name of an occurrence was defined. */
export function definitionOf(a: Analysis, o: Occurrence): FileLoc | undefined {
  if (o.defining) return { file: o.file, offset: o.offset };
  if (o.target) return o.target;
  // Names whose declaration has no location in the records: local and global defvars, defsets,
  // foreach variables, top-level `let` fields. The nearest definition before, in the same file.
  const same = a.occurrences.get(o.file) ?? [];
  const wanted = o.kind === 'field' ? new Set(['field', 'templateArg']) : new Set(['defvar', 'defset']);
  for (let i = same.length - 1; i >= 0; i--) {
    const d = same[i]!;
    if (d.offset < o.offset && d.defining && d.name === o.name && wanted.has(d.kind)) return { file: d.file, offset: d.offset };
  }
  return globalDefinition(a, o.name);
}

/** A global name (class, def, multiclass, defset, defvar) defined anywhere in the parse. */
export function globalDefinition(a: Analysis, name: string): FileLoc | undefined {
  const records = a.parse?.records;
  const rec = records?.getClass(name) ?? records?.getDef(name);
  if (rec?.locs[0]) return a.locOf(rec.locs[0]);
  for (const list of a.occurrences.values())
    for (const d of list) if (d.defining && d.name === name && GLOBAL_KINDS.has(d.kind)) return { file: d.file, offset: d.offset };
  return undefined;
}

/** The definition for a position: of the name under it, else of the identifier by name. */
export function definitionAt(a: Analysis, file: string, offset: number): FileLoc | undefined {
  const o = occurrenceAt(a, file, offset);
  if (o) return definitionOf(a, o);
  const bytes = a.bytesOf(file);
  const w = bytes !== undefined ? wordAt(bytes, offset) : undefined;
  return w ? globalDefinition(a, w.text) : undefined;
}

export function toLocation(a: Analysis, at: FileLoc, length?: number): Location | undefined {
  const ix = a.lines(at.file);
  if (!ix) return undefined;
  const end = length !== undefined ? at.offset + length : (wordAt(ix.bytes, at.offset)?.end ?? at.offset);
  return { uri: pathToUri(at.file), range: ix.range(at.offset, end) };
}

const same = (x: FileLoc | undefined, y: FileLoc): boolean => x !== undefined && x.file === y.file && x.offset === y.offset;

/** Every occurrence, in the given analyses, of what is defined at `def`. */
export function referencesTo(analyses: readonly Analysis[], def: FileLoc, includeDeclaration: boolean): Location[] {
  const out: Location[] = [];
  const seen = new Set<string>();
  for (const a of analyses) {
    for (const list of a.occurrences.values())
      for (const o of list) {
        if (o.defining ? !includeDeclaration || !same(o, def) : !same(definitionOf(a, o), def)) continue;
        const key = `${o.file}:${o.offset}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const loc = toLocation(a, o, o.end - o.offset);
        if (loc) out.push(loc);
      }
  }
  return out;
}

/** A fenced tablegen block, its fence longer than any run of backticks in the text. */
function code(text: string): string {
  const body = decodeBytes(text).replace(/\n$/, '');
  const longest = Math.max(2, ...(body.match(/`+/g) ?? []).map((m) => m.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}tablegen\n${body}\n${fence}`;
}

/** An op's operation name, summary and C++ class, if the def is an op. */
function opSummary(def: Record): string | undefined {
  if (!def.isSubClassOfName('Op')) return undefined;
  try {
    const op = Operator.of(def);
    const summary = op.getSummary();
    return [`**${decodeBytes(op.getOperationName())}**${summary ? ` — ${decodeBytes(summary)}` : ''}`, `C++ class: \`${decodeBytes(op.getQualCppClassName())}\``].join('\n\n');
  } catch {
    // A malformed op (a generator reports it): no summary.
    return undefined;
  }
}

/** The hover text of a record: a def's resolved fields and classes, a class's template arguments. */
export function recordHover(rec: Record): string {
  if (rec.isClass()) {
    const args = rec.templateArgs.map((ta) => rec.getValueByInit(ta)!.print(false)).join(', ');
    const supers = rec.superClassNames();
    return [code(`class ${rec.getNameInitAsString()}${args ? `<${args}>` : ''}`), supers.length ? `Classes: ${supers.map(decodeBytes).join(', ')}` : '']
      .filter(Boolean)
      .join('\n\n');
  }
  const parts: string[] = [];
  const op = opSummary(rec);
  if (op) parts.push(op);
  const supers = rec.superClassNames();
  if (supers.length) parts.push(`Classes: ${supers.map(decodeBytes).join(', ')}`);
  parts.push(code(printRecord(rec)));
  return parts.join('\n\n');
}

export function hoverAt(a: Analysis, file: string, offset: number): Hover | undefined {
  const o = occurrenceAt(a, file, offset);
  const bytes = a.bytesOf(file);
  const w = bytes !== undefined ? wordAt(bytes, offset) : undefined;
  const name = o?.name ?? w?.text;
  if (!name || !a.parse) return undefined;
  const records = a.parse.records;
  const ix = a.lines(file);
  const range = o && ix ? ix.range(o.offset, o.end) : w && ix ? ix.range(w.start, w.end) : undefined;
  const kind = o?.kind;
  let rec: Record | undefined;
  if (kind === 'class') rec = records.getClass(name);
  else if (kind === 'def' || kind === 'value' || kind === undefined) rec = records.getDef(name) ?? (kind === undefined ? records.getClass(name) : undefined);
  if (rec) return { contents: { kind: MarkupKind.Markdown, value: recordHover(rec) }, ...(range ? { range } : {}) };
  // Anything else: the line that declares it.
  const def = o ? definitionOf(a, o) : undefined;
  const dix = def ? a.lines(def.file) : undefined;
  if (!def || !dix) return undefined;
  const line = dix.position(def.offset).line;
  const lineText = dix.bytes.split('\n')[line] ?? '';
  return { contents: { kind: MarkupKind.Markdown, value: code(lineText.trim()) }, ...(range ? { range } : {}) };
}

/** The nearest `def NAME` or `class NAME` header before an offset (of the current text). */
function enclosingRecordName(bytes: string, offset: number): { keyword: string; name: string } | undefined {
  const re = /(?:^|[\s;}])(def|class)\s+([A-Za-z0-9_]+)/g;
  let last: { keyword: string; name: string } | undefined;
  const head = bytes.slice(0, offset);
  for (let m = re.exec(head); m; m = re.exec(head)) last = { keyword: m[1]!, name: m[2]! };
  return last;
}

/**
 * Completions at an offset of the current text, from the last analysis (which may be older than
 * the text: names are looked up by name, not by position).
 */
export function completionsAt(a: Analysis, bytes: string, offset: number): CompletionItem[] {
  let start = offset;
  while (start > 0 && /[A-Za-z0-9_]/.test(bytes[start - 1]!)) start--;
  const records = a.parse?.records;
  if (!records) return [];
  // `$name` in an assembly format.
  if (bytes[start - 1] === '$') {
    const fmt = bytes.lastIndexOf('assemblyFormat', start);
    const between = fmt >= 0 ? bytes.slice(fmt + 'assemblyFormat'.length, start) : '';
    if (/^\s*=\s*(\[\{[\s\S]*|"[^"\n]*)$/.test(between) && !between.includes('}]')) {
      const enclosing = enclosingRecordName(bytes, fmt);
      const def = enclosing ? records.getDef(enclosing.name) : undefined;
      if (def) return formatVariables(def);
    }
    return [];
  }
  // The text since the last statement boundary.
  let back = start;
  while (back > 0 && !';{}'.includes(bytes[back - 1]!)) back--;
  const stmt = bytes.slice(back, start);
  // `let name` in a body: the fields of the enclosing record.
  if (/(^|\s)let\s+$/.test(stmt) && (bytes[back - 1] === '{' || bytes[back - 1] === ';')) {
    const enclosing = enclosingRecordName(bytes, start);
    const rec = enclosing ? (enclosing.keyword === 'def' ? records.getDef(enclosing.name) : records.getClass(enclosing.name)) : undefined;
    if (rec) {
      return rec.values
        .filter((v) => !rec.isTemplateArg(v.nameInit))
        .map((v) => ({ label: decodeBytes(v.name), kind: CompletionItemKind.Field, detail: decodeBytes(v.getPrintType()) }));
    }
  }
  // After `:` (or `,`) in a def/class/defm header: class names.
  const header = /(^|\s)(def|class|defm|multiclass)\b[^]*:/.exec(stmt);
  if (header && /[:,]\s*$/.test(stmt) && angleDepth(stmt.slice(header.index)) === 0) {
    const items: CompletionItem[] = [];
    for (const [name, rec] of records.classes) {
      const args = rec.templateArgs.length;
      items.push({ label: decodeBytes(name), kind: CompletionItemKind.Class, ...(args ? { detail: `${args} template argument${args > 1 ? 's' : ''}` } : {}) });
    }
    if (header[2] === 'defm' || header[2] === 'multiclass')
      for (const list of a.occurrences.values())
        for (const o of list) if (o.defining && o.kind === 'multiclass') items.push({ label: decodeBytes(o.name), kind: CompletionItemKind.Module });
    return items;
  }
  return [];
}

function angleDepth(text: string): number {
  let depth = 0;
  for (const c of text) {
    if (c === '<') depth++;
    else if (c === '>') depth = Math.max(0, depth - 1);
  }
  return depth;
}

/** The `$`-variables of an op's format: its arguments, results, regions and successors. */
function formatVariables(def: Record): CompletionItem[] {
  let op: Operator;
  try {
    op = Operator.of(def);
  } catch {
    return [];
  }
  const items: CompletionItem[] = [];
  const add = (name: string, detail: string) => {
    if (name) items.push({ label: decodeBytes(name), kind: CompletionItemKind.Variable, detail });
  };
  for (const arg of op.arguments) add(arg.value.name, arg.kind);
  for (const r of op.results) add(r.name, 'result');
  for (const r of op.regions) add(r.name, 'region');
  for (const s of op.successors) add(s.name, 'successor');
  return items;
}

const SYMBOL_KINDS: { readonly [k: string]: LspSymbolKind } = {
  class: LspSymbolKind.Class,
  def: LspSymbolKind.Object,
  multiclass: LspSymbolKind.Module,
  defset: LspSymbolKind.Array,
};

/** The outline: defs, classes, multiclasses and defsets of the file. */
export function documentSymbols(a: Analysis): DocumentSymbol[] {
  const ix = a.lines(a.path)!;
  const out: DocumentSymbol[] = [];
  for (const o of a.occurrences.get(a.path) ?? []) {
    const kind = o.defining ? SYMBOL_KINDS[o.kind] : undefined;
    if (kind === undefined) continue;
    const range = ix.range(o.offset, o.end);
    out.push({ name: decodeBytes(o.name), detail: o.kind, kind, range, selectionRange: range });
  }
  return out;
}

const INCLUDE_RE = /^[ \t]*include[ \t]+"([^"\n]*)"/gm;

/** Where `include "name"` leads: the working directory, then each include folder. */
export function resolveInclude(name: string, cwd: string, includeDirs: readonly string[]): string | undefined {
  const path = pathOfBytes(name);
  for (const dir of [cwd, ...includeDirs]) {
    const p = isAbsolute(path) ? path : join(isAbsolute(dir) ? dir : join(cwd, dir), path);
    try {
      if (existsSync(p) && statSync(p).isFile()) return p;
    } catch {
      // Unreadable: try the next folder.
    }
    if (isAbsolute(path)) break;
  }
  return undefined;
}

/** Links on the file names of `include` lines. */
export function documentLinks(bytes: string, cwd: string, includeDirs: readonly string[]): DocumentLink[] {
  const ix = new LineIndex(bytes);
  const out: DocumentLink[] = [];
  for (const m of bytes.matchAll(INCLUDE_RE)) {
    const target = resolveInclude(m[1]!, cwd, includeDirs);
    if (!target) continue;
    const start = m.index! + m[0].length - m[1]!.length - 1;
    out.push({ range: ix.range(start, start + m[1]!.length), target: pathToUri(target) });
  }
  return out;
}

/** "preview op-decls/op-defs" above each op def of the file. */
export function codeLenses(a: Analysis, uri: string): CodeLens[] {
  const records = a.parse?.records;
  if (!records) return [];
  const ix = a.lines(a.path)!;
  const out: CodeLens[] = [];
  for (const o of a.occurrences.get(a.path) ?? []) {
    if (!o.defining || o.kind !== 'def') continue;
    const def = records.getDef(o.name);
    if (!def?.isSubClassOfName('Op')) continue;
    const range = ix.range(o.offset, o.end);
    for (const generator of ['op-decls', 'op-defs'])
      out.push({ range, command: { title: `preview ${generator}`, command: 'ods.preview', arguments: [{ textDocument: { uri }, generator, args: [] }] } });
  }
  return out;
}
