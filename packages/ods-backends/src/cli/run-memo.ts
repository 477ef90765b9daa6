// Runs remembered by a long-lived host of the CLI (the build service's threads): the parse of an
// input and the outputs made from it, reused while every file the parse read still has the same
// bytes.
//
// Build systems run one process per output: CMake's mlir_tablegen() runs op-decls, op-defs,
// dialect-decls, dialect-defs, ... on the same .td file, each its own `ods-tblgen` call. Through
// the service the first call parses the file and the others take its records; a call whose
// output was made before (a rebuild after a touch, a clean build of an unchanged tree) takes the
// text. Only clean runs are kept (no diagnostic at all, not even a warning), so a reused run
// prints what a fresh one prints: nothing. A parse is valid while every read it made (the input,
// each include, each probed path that was missing) gives the same bytes, checked on every use.
//
// Bounded: a few parses per thread, and a cap on the bytes of the outputs kept.
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { ParseResult } from '@ods-ts/tablegen-core';
import type { CliArgs } from './options.js';

/** Parses kept per thread (the least recently used goes first). */
const MAX_PARSES = 3;
/** Bytes (characters) of output texts kept per thread, over all parses. */
const MAX_OUTPUT_CHARS = 16 << 20;

interface Entry {
  readonly result: ParseResult;
  /** Every read the parse made, the input first: absolute path and bytes (undefined: missing). */
  readonly reads: readonly (readonly [string, string | undefined])[];
  /** Outputs made from it, by action and options. */
  readonly outputs: Map<string, string>;
}

let enabled = false;
const entries = new Map<string, Entry>();
let outputChars = 0;
/** Reuses so far (tests and the service's status). */
export const runMemoStats = { parseHits: 0, outputHits: 0 };

/** Turn the memo on for this thread (the build service's threads), or off (it is emptied). */
export function memoizeRuns(on = true): void {
  enabled = on;
  if (!on) {
    entries.clear();
    outputChars = 0;
  }
}

/** What a run's parse depends on besides the files it reads; undefined: not memoized. */
export function parseKey(args: CliArgs, cwd: string, customFs: boolean): string | undefined {
  if (!enabled || customFs || args.input === '-') return undefined;
  return JSON.stringify([cwd, args.input, args.includeDirs, args.macros, args.noWarnOnUnusedTemplateArgs, args.colors]);
}

/** What a run's output depends on besides its parse. */
export function outputKey(args: CliArgs): string {
  const options = [...args.generatorOptions].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([args.action, args.enumClass, options]);
}

function readBytes(path: string): string | undefined {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    // Missing (or unreadable): the parse probed it and found nothing, or it changed.
    return undefined;
  }
}

/** The remembered parse for `key` when it still holds for the input bytes `text`. */
export function lookupParse(key: string, text: string): ParseResult | undefined {
  const e = entries.get(key);
  if (!e) return undefined;
  // The input was just read by the caller; the other reads are checked on disk.
  let holds = e.reads[0]![1] === text;
  for (let i = 1; holds && i < e.reads.length; i++) holds = readBytes(e.reads[i]![0]) === e.reads[i]![1];
  if (!holds || e.result.diagnostics.diagnostics.length > 0) {
    forget(key, e);
    return undefined;
  }
  entries.delete(key);
  entries.set(key, e);
  runMemoStats.parseHits++;
  return e.result;
}

/** Keep a clean parse of the input `input` (absolute) with bytes `text`. */
export function storeParse(key: string, result: ParseResult, input: string, text: string, cwd: string): void {
  if (!result.ok || !result.reads || result.diagnostics.diagnostics.length > 0) return;
  const old = entries.get(key);
  if (old) forget(key, old);
  const reads: (readonly [string, string | undefined])[] = [[input, text]];
  for (const [p, t] of result.reads) reads.push([isAbsolute(p) ? p : join(cwd, p), t]);
  entries.set(key, { result, reads, outputs: new Map() });
  while (entries.size > MAX_PARSES) {
    const [k, e] = entries.entries().next().value!;
    forget(k, e);
  }
}

/** The output made before from this parse with these options. */
export function lookupOutput(key: string, result: ParseResult, out: string): string | undefined {
  const e = entries.get(key);
  const text = e && e.result === result ? e.outputs.get(out) : undefined;
  if (text !== undefined) runMemoStats.outputHits++;
  return text;
}

/**
 * After a run on a remembered parse: keep its output (undefined: the backend failed). A run that
 * reported anything drops the parse.
 */
export function storeOutput(key: string, result: ParseResult, out: string, text: string | undefined): void {
  const e = entries.get(key);
  if (!e || e.result !== result) return;
  if (text === undefined || result.diagnostics.diagnostics.length > 0) {
    forget(key, e);
    return;
  }
  if (text.length > MAX_OUTPUT_CHARS / 4 || e.outputs.has(out)) return;
  e.outputs.set(out, text);
  outputChars += text.length;
  // Make room: outputs of the least recently used parses go first.
  for (const other of entries.values()) {
    if (outputChars <= MAX_OUTPUT_CHARS) break;
    for (const t of other.outputs.values()) outputChars -= t.length;
    other.outputs.clear();
  }
}

function forget(key: string, e: Entry): void {
  entries.delete(key);
  for (const t of e.outputs.values()) outputChars -= t.length;
}
