// @ods-ts/tablegen-core: the TableGen language (lexer, preprocessor, parser, evaluator), the
// record model, the print-records and JSON backends, and include-graph tracking.
import { DiagnosticEngine, FatalError, SourceManager } from './diagnostics.js';
import { Lexer } from './lexer.js';
import { Parser, type SymbolSink } from './parser.js';
import { Preprocessor } from './preprocessor.js';
import { RecordKeeper, SharedStateConflict } from './records.js';
import { type ParseCache, SharedParse, defaultParseCache } from './share.js';
import { type FileSystem, IncludeResolver, encodeBytes, nodeFileSystem } from './sources.js';

export * from './diagnostics.js';
export * from './records.js';
export { printRecord, printRecords } from './printer.js';
export { printDetailedRecords } from './detailed-records.js';
export { emitCTags } from './ctags.js';
export { SetTheory, printSets, type RecSet, type SetExpander } from './set-theory.js';
export { dumpJson, initToJson, recordsToJson, writeJson, type JsonValue } from './json.js';
export { Tok, KEYWORDS, BANG_OPERATORS, Lexer } from './lexer.js';
export { Preprocessor } from './preprocessor.js';
export { Parser, type SymbolKind, type SymbolSink } from './parser.js';
export * from './sources.js';
export { ParseCache, processParseCache, processParseCacheCounts, shareParsesInProcess } from './share.js';
export { decodeParseCache, encodeParseCache } from './share-persist.js';
export { compilePosixRegex } from './regex.js';

export interface ParseOptions {
  /**
   * The input file (relative to cwd, or absolute): a file system path. Its buffer (in
   * diagnostics, `!file`-like uses, the records' input filename) is named by its UTF-8 bytes.
   */
  readonly file: string;
  /** Source text to use instead of reading `file`. */
  readonly text?: string;
  /** `-I` directories, searched in order after the working directory. */
  readonly includeDirs?: readonly string[];
  /** `-D` macro names. */
  readonly macros?: readonly string[];
  /** Working directory for relative paths (default: process.cwd()). */
  readonly cwd?: string;
  readonly fs?: FileSystem;
  /** Suppress "unused template argument" warnings. */
  readonly noWarnOnUnusedTemplateArgs?: boolean;
  /** --color: diagnostics in ANSI colors, as llvm prints them. */
  readonly colors?: boolean;
  /** Called with each formatted diagnostic as it is reported (e.g. write to stderr). */
  readonly onDiagnostic?: (text: string) => void;
  /**
   * Share the parses of common includes with other parses of this process (share.ts). Used
   * only when its working directory and include path are this parse's; diagnostics are then
   * passed to `onDiagnostic` when the parse ends.
   */
  readonly cache?: ParseCache;
  /**
   * Parse without sharing anything (no `cache`, nor the process-wide one): every value of the
   * parse is then the keeper's own, as the allocation stats of --print-detailed-records need.
   */
  readonly unshared?: boolean;
  /**
   * Also intern the intermediate values llvm-tblgen's pools keep (RecordKeeper.modelLlvmAllocations),
   * for the pool sizes of --print-detailed-records. Only meaningful with `unshared`.
   */
  readonly modelAllocations?: boolean;
  /** Definitions and references, for editors (parser.ts's SymbolSink). */
  readonly symbols?: SymbolSink;
}

export interface ParseResult {
  /** The records; complete only when `ok`. */
  readonly records: RecordKeeper;
  readonly ok: boolean;
  /**
   * The parse ran to the end of the input: with `ok` false, it reported only errors it goes on
   * after (failed asserts, for example), like llvm's ParseFile returning success with
   * ErrorsPrinted > 0.
   */
  readonly parsed: boolean;
  readonly diagnostics: DiagnosticEngine;
  readonly sources: SourceManager;
  /** Every file read by includes, by the name llvm-tblgen would print (depfile entries). */
  readonly dependencies: readonly string[];
  /** Absolute paths of the input and every included file. */
  readonly files: readonly string[];
  /**
   * Every read of the includes (path as probed, relative ones in `cwd`; bytes, or undefined for
   * a path that was not there), when the parse shared includes (a ParseCache): what a cache of
   * whole runs checks to know the parse still holds.
   */
  readonly reads?: readonly (readonly [string, string | undefined])[];
}

/** Parse and evaluate a TableGen file. Never throws for bad input: see `ok` and `diagnostics`. */
export function parseTableGen(opts: ParseOptions): ParseResult {
  const cwd = opts.cwd ?? process.cwd();
  const includeDirs = opts.includeDirs ?? [];
  const wanted = opts.unshared ? undefined : (opts.cache ?? defaultParseCache(includeDirs));
  const cache = wanted?.matches(includeDirs) ? wanted : undefined;
  if (!cache) return parseOnce(opts, cwd, undefined);
  cache.trim();
  try {
    return parseOnce(opts, cwd, cache);
  } catch (e) {
    if (!(e instanceof SharedStateConflict)) throw e;
    return parseOnce(opts, cwd, undefined);
  }
}

function parseOnce(opts: ParseOptions, cwd: string, cache: ParseCache | undefined): ParseResult {
  const fs = opts.fs ?? nodeFileSystem;
  const sources = new SourceManager(cache?.bufferIds);
  sources.colors = opts.colors ?? false;
  const diags = new DiagnosticEngine(sources);
  // A shared parse may be run again (SharedStateConflict): its diagnostics are passed on at the end.
  const held: string[] = [];
  diags.sink = cache ? (t) => held.push(t) : opts.onDiagnostic;
  const includes = new IncludeResolver(fs, opts.includeDirs ?? [], cwd);
  const records = new RecordKeeper(diags, cache?.pools);
  if (opts.modelAllocations && !cache) records.modelLlvmAllocations();
  const bufferName = encodeBytes(opts.file);
  records.inputFilename = bufferName;
  const finish = (ok: boolean): ParseResult => {
    if (cache) {
      diags.sink = opts.onDiagnostic;
      if (opts.onDiagnostic) for (const t of held) opts.onDiagnostic(t);
    }
    return {
      records,
      ok: ok && diags.errorCount === 0,
      parsed: ok,
      diagnostics: diags,
      sources,
      dependencies: [...includes.dependencies],
      files: [absolute(cwd, opts.file), ...includes.absoluteDependencies()],
      ...(includes.reads ? { reads: includes.reads } : {}),
    };
  };
  for (const m of opts.macros ?? []) {
    const err = Preprocessor.checkMacroName(m);
    if (err) {
      diags.error(undefined, err);
      return finish(false);
    }
  }
  const text = opts.text ?? includes.readMain(opts.file);
  if (text === undefined) {
    diags.error(undefined, `Could not open input file '${bufferName}': No such file or directory`);
    return finish(false);
  }
  const main = sources.add(bufferName, text);
  return records.with(() => {
    const lexer = new Lexer(sources, diags, main, includes, opts.macros ?? []);
    const share = cache ? new SharedParse(cache, lexer, records, sources, includes, diags) : undefined;
    const parser = new Parser(lexer, records, diags, { noWarnOnUnusedTemplateArgs: opts.noWarnOnUnusedTemplateArgs, share, symbols: opts.symbols });
    share?.attach(parser);
    records.setFallbackLocation(() => lexer.loc());
    try {
      parser.parseFile();
      return finish(true);
    } catch (e) {
      if (e instanceof FatalError) return finish(false);
      if (e instanceof SharedStateConflict) throw e;
      // Never throw for bad input: a stack overflow (values nested too deeply by computation),
      // a value too large for JavaScript (e.g. a string past V8's limit) or an internal error
      // becomes an error at the token being parsed.
      const loc = { buffer: lexer.tokBuffer, offset: lexer.tokStart };
      if (e instanceof RangeError && /call stack/i.test(e.message)) {
        diags.error(loc, 'input is nested too deeply to evaluate');
      } else if (e instanceof RangeError) {
        diags.error(loc, `input is too large to evaluate (${e.message})`);
      } else {
        const detail = e instanceof Error ? (process.env['TG_DEBUG'] ? (e.stack ?? e.message) : e.message) : String(e);
        diags.error(loc, `internal error: ${detail}`);
      }
      return finish(false);
    } finally {
      records.setFallbackLocation(undefined);
    }
  });
}

function absolute(cwd: string, p: string): string {
  return p.startsWith('/') ? p : `${cwd.replace(/\/$/, '')}/${p}`;
}
