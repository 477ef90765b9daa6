// Test helpers: parse small inline TableGen sources over an in-memory file system and get
// their `--print-records` / `--dump-json` output or their first error line. Sources and outputs
// are ordinary (Unicode) strings, handled as UTF-8 bytes inside, as llvm-tblgen reads files.
// Framework-free (plain thrown Errors), so it builds with the package and works under any runner.
import type { ParseCache, ParseResult } from './index.js';
import { parseTableGen } from './index.js';
import { recordsToJson, writeJson } from './json.js';
import { printRecords } from './printer.js';
import { type FileSystem, decodeBytes, encodeBytes, overlayFileSystem } from './sources.js';

/** The working directory of in-memory parses (nothing is read from disk). */
export const TEST_CWD = '/virtual';

export interface TestParseOptions {
  /** The main file name, as diagnostics print it (default `test.td`). */
  readonly file?: string;
  /** Other files, by path relative to TEST_CWD (or absolute), for `include`. */
  readonly files?: { readonly [path: string]: string };
  /** `-I` directories (relative to TEST_CWD or absolute). */
  readonly includeDirs?: readonly string[];
  /** `-D` macro names. */
  readonly macros?: readonly string[];
  readonly noWarnOnUnusedTemplateArgs?: boolean;
  /** Share include parses with the other parses given this cache. */
  readonly cache?: ParseCache;
  /** The working directory (default TEST_CWD); relative `files` are in it. */
  readonly cwd?: string;
}

export interface TestParseResult extends ParseResult {
  /** Every diagnostic as llvm-tblgen prints it on stderr (decoded from UTF-8). */
  readonly stderr: string;
}

const emptyFileSystem: FileSystem = { readFile: () => undefined };

/** Parse `src` as the main file `test.td`, with `opts.files` as the only other files. */
export function parseSource(src: string, opts: TestParseOptions = {}): TestParseResult {
  const files = new Map<string, string>();
  for (const [path, text] of Object.entries(opts.files ?? {})) {
    files.set(path.startsWith('/') ? path : `${opts.cwd ?? TEST_CWD}/${path}`, encodeBytes(text));
  }
  let stderr = '';
  const result = parseTableGen({
    file: opts.file ?? 'test.td',
    text: encodeBytes(src),
    cwd: opts.cwd ?? TEST_CWD,
    fs: overlayFileSystem(files, emptyFileSystem),
    includeDirs: opts.includeDirs,
    macros: opts.macros,
    noWarnOnUnusedTemplateArgs: opts.noWarnOnUnusedTemplateArgs,
    cache: opts.cache,
    onDiagnostic: (text) => {
      stderr += text;
    },
  });
  return { ...result, stderr: decodeBytes(stderr) };
}

function mustSucceed(r: TestParseResult): void {
  if (!r.ok) throw new Error(`expected the parse to succeed, got:\n${r.stderr}`);
}

/** The `--print-records` output of `src`; throws with the diagnostics if it does not parse. */
export function printRecordsOf(src: string, opts?: TestParseOptions): string {
  const r = parseSource(src, opts);
  mustSucceed(r);
  return decodeBytes(r.records.with(() => printRecords(r.records)));
}

/** The `--dump-json` output of `src`; throws with the diagnostics if it does not parse. */
export function dumpJsonOf(src: string, opts?: TestParseOptions): string {
  const r = parseSource(src, opts);
  mustSucceed(r);
  return decodeBytes(r.records.with(() => writeJson(recordsToJson(r.records, r.sources))));
}

/** The first line of the first error (`file:line:col: error: msg`), or undefined. */
export function firstErrorOf(src: string, opts?: TestParseOptions): string | undefined {
  return firstErrorLine(parseSource(src, opts));
}

function firstErrorLine(r: ParseResult): string | undefined {
  const line = r.diagnostics.firstErrorLine();
  return line === undefined ? undefined : decodeBytes(line);
}

/** Assert that `src` fails to parse and that its first error line is `firstLine`. */
export function expectDiagnostic(src: string, firstLine: string, opts?: TestParseOptions): TestParseResult {
  const r = parseSource(src, opts);
  if (r.ok) throw new Error(`expected the parse to fail with:\n  ${firstLine}\nbut it succeeded`);
  const got = firstErrorLine(r);
  if (got !== firstLine) {
    throw new Error(`first error line differs:\n  expected: ${firstLine}\n  actual:   ${got}\nstderr:\n${r.stderr}`);
  }
  return r;
}
