// One analysis of an open file: its parse (on the unsaved text, sharing include parses with the
// other parses of the process), the names it defines and references, and its diagnostics and
// those of the generators its ods.json jobs run, mapped to LSP diagnostics per file.
import { resolve } from 'node:path';
import {
  type Diagnostic as CoreDiagnostic,
  FatalError,
  type FileSystem,
  type Loc,
  type ParseResult,
  type SymbolKind,
  type SymbolSink,
  encodeBytes,
  parseTableGen,
  pathOfBytes,
  type ParseCache,
  processParseCache,
  shareParsesInProcess,
} from '@ods-ts/tablegen-core';
import { generate } from '@ods-ts/ods-backends';
import { type Diagnostic, DiagnosticSeverity, type DiagnosticRelatedInformation } from 'vscode-languageserver';
import { LineIndex, pathToUri, tokenEnd } from './positions.js';
import type { FileSettings } from './settings.js';

/** A place in a file: absolute path and byte offset. */
export interface FileLoc {
  readonly file: string;
  readonly offset: number;
}

/** A name written in a file: where it is defined, or where it is used (and what it names). */
export interface Occurrence extends FileLoc {
  readonly kind: SymbolKind;
  readonly name: string;
  readonly end: number;
  readonly defining: boolean;
  readonly target: FileLoc | undefined;
}

export interface Analysis {
  readonly path: string;
  /** The analysed text (a byte string). */
  readonly bytes: string;
  readonly settings: FileSettings;
  readonly parse: ParseResult | undefined;
  /** The parse and its generators reported no error. */
  readonly ok: boolean;
  /** Every occurrence, by file, in source order. */
  readonly occurrences: ReadonlyMap<string, readonly Occurrence[]>;
  /** LSP diagnostics by file URI (the analysed file always has an entry). */
  readonly diagnostics: ReadonlyMap<string, Diagnostic[]>;
  /** The absolute path of a buffer of the parse. */
  fileOf(buffer: number): string;
  /** A file's bytes as the parse read them (undefined for a file it did not read). */
  bytesOf(file: string): string | undefined;
  /** Line index of a file the parse read. */
  lines(file: string): LineIndex | undefined;
  /** A core location as a file location. */
  locOf(loc: Loc | undefined): FileLoc | undefined;
}

/** Working directories and include paths whose shared parses are kept, at most. */
const MAX_SHARED_SETTINGS = 8;
const sharedSettings = new Set<string>();

/**
 * The process's shared include parses for these settings (the CLI runs of the previews use the
 * same ones). Each ParseCache trims itself past a size; past MAX_SHARED_SETTINGS different
 * settings, every cache is dropped, so the memory kept is bounded.
 */
export function parseCacheFor(settings: FileSettings): ParseCache {
  const key = JSON.stringify([settings.cwd, settings.includeDirs]);
  if (!sharedSettings.has(key)) {
    if (sharedSettings.size >= MAX_SHARED_SETTINGS) {
      sharedSettings.clear();
      shareParsesInProcess(false);
      shareParsesInProcess(true);
    }
    sharedSettings.add(key);
  }
  return processParseCache(settings.includeDirs);
}

/** Generators whose diagnostics are those of the parse (nothing to add). */
const QUIET = new Set(['print-records', 'dump-json']);

/** Analyse `path` with the text `text` (Unicode, as the editor holds it). Never throws. */
export function analyze(path: string, text: string, settings: FileSettings, fs: FileSystem): Analysis {
  const bytes = encodeBytes(text);
  const events: { kind: SymbolKind; name: string; loc: Loc; defining: boolean; target: Loc | undefined }[] = [];
  const seen = new Set<string>();
  const sink: SymbolSink = {
    // A parse may run twice (share.ts's SharedStateConflict): keep each occurrence once.
    define(kind, name, loc) {
      const key = `d${loc.buffer}:${loc.offset}`;
      if (!seen.has(key)) (seen.add(key), events.push({ kind, name, loc, defining: true, target: undefined }));
    },
    reference(kind, name, loc, target) {
      const key = `r${loc.buffer}:${loc.offset}`;
      if (!seen.has(key)) (seen.add(key), events.push({ kind, name, loc, defining: false, target }));
    },
  };
  const rel = path.startsWith(settings.cwd + '/') ? path.slice(settings.cwd.length + 1) : path;
  let parse: ParseResult | undefined;
  let internal: string | undefined;
  try {
    parse = parseTableGen({
      file: rel,
      text: bytes,
      includeDirs: settings.includeDirs,
      macros: settings.macros,
      cwd: settings.cwd,
      fs,
      cache: parseCacheFor(settings),
      symbols: sink,
    });
  } catch (e) {
    internal = e instanceof Error ? e.message : String(e);
  }
  let ok = parse?.ok ?? false;
  let printed: CoreDiagnostic[] = [];
  if (parse && parse.ok) ({ ok, printed } = runGenerators(parse, settings));

  const files = new Map<number, string>();
  const fileOf = (buffer: number): string => {
    let f = files.get(buffer);
    if (f === undefined) {
      f = buffer === 0 || !parse ? path : resolve(settings.cwd, pathOfBytes(parse.sources.buffer(buffer).name));
      files.set(buffer, f);
    }
    return f;
  };
  const byPath = new Map<string, string>([[path, bytes]]);
  for (const b of parse?.sources.buffers ?? []) if (b.id !== 0) byPath.set(fileOf(b.id), b.text);
  const indexes = new Map<string, LineIndex>();
  const lines = (file: string): LineIndex | undefined => {
    let ix = indexes.get(file);
    if (!ix) {
      const t = byPath.get(file);
      if (t === undefined) return undefined;
      indexes.set(file, (ix = new LineIndex(t)));
    }
    return ix;
  };
  const locOf = (loc: Loc | undefined): FileLoc | undefined => {
    if (!loc || !parse) return undefined;
    try {
      return { file: fileOf(loc.buffer), offset: loc.offset };
    } catch {
      return undefined;
    }
  };

  const occurrences = new Map<string, Occurrence[]>();
  for (const e of events) {
    const at = locOf(e.loc);
    if (!at) continue;
    const list = occurrences.get(at.file) ?? [];
    if (!occurrences.has(at.file)) occurrences.set(at.file, list);
    list.push({ ...at, kind: e.kind, name: e.name, end: at.offset + e.name.length, defining: e.defining, target: locOf(e.target) });
  }
  for (const list of occurrences.values()) list.sort((a, b) => a.offset - b.offset);

  const analysis: Analysis = {
    path,
    bytes,
    settings,
    parse,
    ok,
    occurrences,
    diagnostics: new Map(),
    fileOf,
    bytesOf: (file) => byPath.get(file),
    lines,
    locOf,
  };
  const diagnostics = mapDiagnostics(analysis, internal, printed);
  return { ...analysis, diagnostics };
}

/**
 * Run the generators of the file's jobs on its parse, for their diagnostics. Some diagnostics
 * are printed without being recorded (an assembly format's errors: the CLI prints them, then
 * the generator stops): they are caught as they are formatted and returned.
 */
function runGenerators(parse: ParseResult, settings: FileSettings): { ok: boolean; printed: CoreDiagnostic[] } {
  const done = new Set<string>();
  const engine = parse.diagnostics;
  const printed: CoreDiagnostic[] = [];
  const { sink, format } = engine;
  const recorded = new Set(engine.diagnostics);
  engine.sink = () => {};
  engine.format = (d: CoreDiagnostic) => {
    if (!recorded.has(d) && !engine.diagnostics.includes(d)) printed.push(d);
    return format.call(engine, d);
  };
  let failed = false;
  // Run as one group, like the engine: a generator leaves work for the later ones (op-decls
  // builds the op classes op-defs writes).
  const jobs = settings.jobs.filter((job) => {
    const key = JSON.stringify([job.generator, ...job.args]);
    if (QUIET.has(job.generator) || done.has(key)) return false;
    done.add(key);
    return true;
  });
  const memo = new Map<string, unknown>();
  try {
    for (const [at, job] of jobs.entries()) {
      try {
        parse.records.with(() => generate(parse, job, { jobs, at, memo }));
      } catch (e) {
        failed = true;
        if (!(e instanceof FatalError)) engine.error(undefined, `internal error: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  } finally {
    engine.sink = sink;
    engine.format = format;
  }
  return { ok: !failed && engine.errorCount === 0, printed };
}

function severityOf(s: CoreDiagnostic['severity']): DiagnosticSeverity {
  switch (s) {
    case 'error':
      return DiagnosticSeverity.Error;
    case 'warning':
      return DiagnosticSeverity.Warning;
    default:
      return DiagnosticSeverity.Information;
  }
}

/** The core's diagnostics as LSP diagnostics, by file URI; each once (generators repeat them). */
function mapDiagnostics(a: Analysis, internal: string | undefined, printed: readonly CoreDiagnostic[]): Map<string, Diagnostic[]> {
  const out = new Map<string, Diagnostic[]>([[pathToUri(a.path), []]]);
  const keys = new Set<string>();
  const push = (file: string, d: Diagnostic) => {
    const key = `${file}\0${d.range.start.line}:${d.range.start.character}\0${d.severity}\0${d.message}`;
    if (keys.has(key)) return;
    keys.add(key);
    const uri = pathToUri(file);
    const list = out.get(uri) ?? [];
    if (!out.has(uri)) out.set(uri, list);
    list.push(d);
  };
  const rangeOf = (at: FileLoc | undefined) => {
    const ix = at ? a.lines(at.file) : undefined;
    if (!at || !ix) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    return ix.range(at.offset, tokenEnd(ix.bytes, at.offset));
  };
  if (internal !== undefined)
    push(a.path, { range: rangeOf(undefined), severity: DiagnosticSeverity.Error, source: 'ods-tblgen', message: `internal error: ${internal}` });
  const parse = a.parse;
  if (!parse) return out;
  const list = [...parse.diagnostics.diagnostics, ...printed];
  for (let i = 0; i < list.length; i++) {
    const d = list[i]!;
    const notes = [...d.notes];
    // A note reported on its own belongs to the diagnostic before it.
    while (list[i + 1]?.severity === 'note') notes.push(list[++i]!);
    if (d.severity === 'note' && i > 0) continue;
    const inFormat = d.loc ? undefined : formatLoc(a, d);
    const at = a.locOf(d.loc) ?? inFormat;
    const related: DiagnosticRelatedInformation[] = [];
    const extra: string[] = [];
    for (const n of notes) {
      const nat = a.locOf(n.loc);
      if (nat) related.push({ location: { uri: pathToUri(nat.file), range: rangeOf(nat) }, message: n.message });
      else extra.push(n.message);
    }
    // Located in the format's string: its first line (the quoted line and caret are the range).
    const words = inFormat ? d.message.split('\n')[0]! : d.message;
    const message = extra.length ? `${words}\n${extra.map((m) => `note: ${m}`).join('\n')}` : words;
    const base: Diagnostic = { range: rangeOf(at ?? { file: a.path, offset: 0 }), severity: severityOf(d.severity), source: 'ods-tblgen', message };
    push(at?.file ?? a.path, related.length ? { ...base, relatedInformation: related } : base);
    // In an included file: also at the include line of the analysed file.
    const buffer = d.loc?.buffer ?? (at && at.file !== a.path ? d.notes[0]?.loc?.buffer : undefined);
    if (buffer !== undefined && buffer !== 0 && at) {
      let inc = parse.sources.includeLoc(buffer);
      while (inc && inc.buffer !== 0) inc = parse.sources.includeLoc(inc.buffer);
      if (inc) {
        const here: DiagnosticRelatedInformation = { location: { uri: pathToUri(at.file), range: rangeOf(at) }, message: d.message };
        const ix = a.lines(a.path)!;
        const line = ix.position(inc.offset).line;
        push(a.path, { ...base, range: { start: { line, character: 0 }, end: ix.position(inc.offset) }, relatedInformation: [here, ...related] });
      }
    }
  }
  return out;
}

/**
 * Where in the source an error printed in a format's own (unnamed) buffer is: the message's
 * second line is the format's line and its third the caret; the note locates the op, whose
 * `assemblyFormat` field locates the string. Undefined when the text cannot be found.
 */
function formatLoc(a: Analysis, d: CoreDiagnostic): FileLoc | undefined {
  const op = d.notes[0]?.loc;
  const [, line, caret] = d.message.split('\n');
  if (!op || line === undefined || caret === undefined || !a.parse) return undefined;
  const rec = [...a.parse.records.defs.values()].find((r) => r.locs[0] === op);
  const field = rec?.getValue('assemblyFormat')?.loc;
  const at = a.locOf(field);
  const bytes = at ? a.bytesOf(at.file) : undefined;
  if (!at || bytes === undefined || !field) return undefined;
  const start = bytes.indexOf(line, field.offset);
  if (start < 0 || start - field.offset > 4096) return undefined;
  return { file: at.file, offset: start + caret.indexOf('^') };
}
