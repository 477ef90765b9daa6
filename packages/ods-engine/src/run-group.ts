// One parse, many outputs: parse an input once and run every job that reads it. Runs in the
// main thread or in a worker; takes and returns plain data only.
import {
  FatalError,
  nodeFileSystem,
  parseTableGen,
  printRecords,
  processParseCache,
  dumpJson,
  type FileSystem,
  type ParseResult,
} from '@ods-ts/tablegen-core';
import { type Stats, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { OdsJob } from './config.js';
import { type FileStamp, hashText, writeFileAtomic } from './fsutil.js';
import { LruMap } from './lru.js';

/** The parse shared by a group of jobs. */
export interface GroupSpec {
  readonly key: string;
  readonly input: string;
  readonly includeDirs: readonly string[];
  readonly macros: readonly string[];
  readonly cwd: string;
  readonly jobs: readonly OdsJob[];
  /**
   * The build this group belongs to: the groups of one build read each file once (a file read
   * again by a later group of the same build gives the bytes read first).
   */
  readonly build?: number;
  /**
   * Write the outputs here (the thread that generated them) rather than return their text: the
   * sha256 of each job's output file as it is now, by job index ('' when missing). A job whose
   * text hashes the same is not rewritten. Saves sending every output's text across threads.
   */
  readonly outputHashes?: { readonly [index: number]: string };
}

export interface JobResult {
  readonly index: number;
  /** The generated text (latin1 byte string), when the job succeeded. */
  readonly text?: string;
  /** The diagnostics of a failed job. */
  readonly error?: string;
  /** Warnings a successful job's generator reported. */
  readonly warnings?: string;
  /**
   * With GroupSpec.outputHashes, instead of `text`: the output's sha256, whether it was written,
   * and its stamp after the write.
   */
  readonly output?: { readonly hash: string; readonly wrote: boolean; readonly stamp?: FileStamp };
}

export interface GroupResult {
  readonly key: string;
  /** Absolute paths of the input and every file the parse read (in the order it read them). */
  readonly files: string[];
  /**
   * What the parse depended on: the sha256 of the bytes it read for every file it read, and ''
   * for every path it probed and found missing (an include searched in a folder before the one
   * it was found in, or not found at all). Hashing the bytes the parse actually read, rather than
   * the files after the parse, means a save that lands during a build is never lost.
   */
  readonly inputs: { [path: string]: string };
  /** Diagnostics of the parse (warnings included). */
  readonly diagnostics: string;
  readonly parseFailed: boolean;
  readonly results: JobResult[];
  /** Milliseconds spent parsing (not generating). */
  readonly parseMs: number;
  /** Stamps of the files the parse read from disk (see FileHasher). */
  readonly stamps?: { [path: string]: FileStamp };
}

/**
 * The jobs run on one parse, one after the other. A generator may build, while it runs, what a
 * later job of the same parse also needs, and leave it in `memo` for that job (op-decls leaves
 * its op classes to op-defs): each generator decides what it shares and how it keys it.
 */
export interface JobGroup {
  readonly jobs: readonly OdsJob[];
  /** The position in `jobs` of the job running. */
  readonly at: number;
  /** Work left by the jobs that ran for the jobs to come; dropped with the parse. */
  readonly memo: Map<string, unknown>;
}

/**
 * Runs one generator on a parse; reports problems through the parse's diagnostics and throws
 * FatalError. `group`, when given, is the job's place among the jobs of the parse.
 */
export type GenerateFn = (parse: ParseResult, job: OdsJob, group?: JobGroup) => string;

function builtin(parse: ParseResult, job: OdsJob): string | undefined {
  if (job.generator === 'print-records') return printRecords(parse.records);
  if (job.generator === 'dump-json') return dumpJson(parse.records, parse.sources);
  return undefined;
}

/**
 * The last bytes read of each path and their hash: most reads find a file unchanged. Bounded
 * (it holds the texts): the files of the builds in use stay (MLIR's whole tree is 313 .td
 * files), those of repositories no longer built go first.
 */
export const MAX_HASHED_TEXTS = 2_048;
const textHashes = new LruMap<string, { text: string; hash: string }>(MAX_HASHED_TEXTS);

/** Texts whose hash this thread remembers (for tests). */
export function hashedTextCount(): number {
  return textHashes.size;
}

/** The sha256 of the bytes `text` read from `path` (exported for tests). */
export function hashOf(path: string, text: string): string {
  const hit = textHashes.get(path);
  if (hit && hit.text === text) return hit.hash;
  const hash = hashText(Buffer.from(text, 'latin1'));
  textHashes.set(path, { text, hash });
  return hash;
}

/** Absolute paths as given by include resolution, normalized (most are looked up many times). */
const resolvedPaths = new Map<string, string>();

function absolute(path: string): string {
  if (!path.startsWith('/')) return resolve(path);
  let abs = resolvedPaths.get(path);
  if (abs === undefined) {
    if (resolvedPaths.size >= 100_000) resolvedPaths.clear();
    resolvedPaths.set(path, (abs = resolve(path)));
  }
  return abs;
}

/** A read: the bytes, and the file's stat taken just before (undefined when not on disk). */
interface Read {
  readonly text: string | undefined;
  readonly stat: Stats | undefined;
}

/** The files read during the current build (GroupSpec.build) of this thread. */
let buildReads: { build: number; files: Map<string, Read> } | undefined;

/**
 * `base`, recording the hash of every file read and every path found missing (`inputs`), and the
 * stamp of every file read from disk (`stamps`, see FileHasher). With a build number, each file
 * is read once per build: a later group of the build gets the bytes (and stamp) read first.
 */
function recordingFileSystem(base: FileSystem, build: number | undefined, inputs: { [path: string]: string }, stamps: { [path: string]: FileStamp }): FileSystem {
  let files: Map<string, Read> | undefined;
  if (build !== undefined) {
    if (buildReads?.build !== build) buildReads = { build, files: new Map() };
    files = buildReads.files;
  }
  return {
    readFile(path: string): string | undefined {
      const key = absolute(path);
      let read = files?.get(key);
      if (!read) {
        // The stat before the read: a write in between shows as a newer stat than the stamp's.
        let stat: Stats | undefined;
        try {
          stat = statSync(key, { throwIfNoEntry: false });
        } catch {
          stat = undefined;
        }
        read = { text: base.readFile(path), stat };
        files?.set(key, read);
      }
      const { text, stat } = read;
      if (text === undefined) {
        if (!(key in inputs)) inputs[key] = '';
      } else {
        const hash = hashOf(key, text);
        inputs[key] = hash;
        // (Stamps describe files on disk: only for reads from the disk.)
        if (base === nodeFileSystem && stat?.isFile() && stat.size === text.length) stamps[key] = [stat.size, stat.mtimeMs, stat.ctimeMs, stat.ino, hash];
      }
      return text;
    },
  };
}

/** Write `text` to `path` unless the file's sha256 is `current` already; an error message when the write fails. */
export function writeOutput(path: string, text: string, current: string): { hash: string; wrote: boolean; stamp?: FileStamp } | string {
  const bytes = Buffer.from(text, 'latin1');
  const hash = hashText(bytes);
  if (hash === current) return { hash, wrote: false };
  try {
    writeFileAtomic(path, bytes);
  } catch (e) {
    return `error: cannot write ${path}: ${(e as Error).message}\n`;
  }
  let stamp: FileStamp | undefined;
  try {
    const st = statSync(path);
    stamp = [st.size, st.mtimeMs, st.ctimeMs, st.ino, hash];
  } catch {
    stamp = undefined;
  }
  return { hash, wrote: true, stamp };
}

function internalError(e: unknown): string {
  const err = e instanceof Error ? e : new Error(String(e));
  return `error: internal error: ${err.message}\n${err.stack ? err.stack.split('\n').slice(1, 6).join('\n') + '\n' : ''}`;
}

export function runGroup(spec: GroupSpec, generate: GenerateFn | undefined, fs: FileSystem = nodeFileSystem): GroupResult {
  let diagnostics = '';
  const inputs: { [path: string]: string } = {};
  const stamps: { [path: string]: FileStamp } = {};
  const rel = spec.input.startsWith(spec.cwd + '/') ? spec.input.slice(spec.cwd.length + 1) : spec.input;
  const t0 = performance.now();
  let parse: ParseResult;
  try {
    parse = parseTableGen({
      file: rel,
      includeDirs: spec.includeDirs,
      macros: spec.macros,
      cwd: spec.cwd,
      fs: recordingFileSystem(fs, spec.build, inputs, stamps),
      // Include parses are shared by the groups this thread runs (share.ts), across builds too
      // (watch mode, the dev server): a snapshot is used only when its files are unchanged.
      cache: processParseCache(spec.includeDirs),
      onDiagnostic: (t) => {
        diagnostics += t;
      },
    });
  } catch (e) {
    // A bug in the parser must fail this group's jobs, not the whole build.
    diagnostics += `${rel}: ${internalError(e)}`;
    return {
      key: spec.key,
      files: Object.keys(inputs).filter((p) => inputs[p] !== ''),
      inputs,
      diagnostics,
      parseFailed: true,
      results: spec.jobs.map((j) => ({ index: j.index, error: diagnostics })),
      parseMs: performance.now() - t0,
    };
  }
  const parseMs = performance.now() - t0;
  const files = Object.keys(inputs).filter((p) => inputs[p] !== '');
  if (!parse.ok) {
    return {
      key: spec.key,
      files,
      inputs,
      diagnostics,
      parseFailed: true,
      results: spec.jobs.map((j) => ({ index: j.index, error: diagnostics || 'error: parse failed\n' })),
      parseMs,
    };
  }
  const results: JobResult[] = [];
  const memo = new Map<string, unknown>();
  for (const [at, job] of spec.jobs.entries()) {
    let jobDiags = '';
    const prevSink = parse.diagnostics.sink;
    parse.diagnostics.sink = (t) => {
      jobDiags += t;
    };
    const before = parse.diagnostics.errorCount;
    try {
      const text = parse.records.with(() => builtin(parse, job) ?? (generate ? generate(parse, job, { jobs: spec.jobs, at, memo }) : undefined));
      if (text === undefined) results.push({ index: job.index, error: `error: no generator '${job.generator}'\n` });
      else if (parse.diagnostics.errorCount > before) results.push({ index: job.index, error: jobDiags || 'error: generator failed\n' });
      else {
        const base = jobDiags ? { index: job.index, warnings: jobDiags } : { index: job.index };
        if (!spec.outputHashes) results.push({ ...base, text });
        else {
          const written = writeOutput(job.output, text, spec.outputHashes[job.index] ?? '');
          results.push(typeof written === 'string' ? { index: job.index, error: written } : { ...base, output: written });
        }
      }
    } catch (e) {
      if (e instanceof FatalError) results.push({ index: job.index, error: jobDiags || `error: ${e.message}\n` });
      else results.push({ index: job.index, error: jobDiags + internalError(e) });
    } finally {
      parse.diagnostics.sink = prevSink;
    }
  }
  return { key: spec.key, files, inputs, diagnostics, parseFailed: false, results, parseMs, stamps };
}
