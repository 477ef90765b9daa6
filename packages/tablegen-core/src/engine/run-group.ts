// One parse, many outputs: parse an input once and run every job that reads it. Runs in the
// main thread or in a worker; takes and returns plain data only.
import { FatalError } from '../diagnostics.js';
import { parseTableGen, type ParseResult } from '../index.js';
import { recordsToJson, writeJson } from '../json.js';
import { printRecords } from '../printer.js';
import type { OdsJob } from './config.js';

/** The parse shared by a group of jobs. */
export interface GroupSpec {
  readonly key: string;
  readonly input: string;
  readonly includeDirs: readonly string[];
  readonly macros: readonly string[];
  readonly cwd: string;
  readonly jobs: readonly OdsJob[];
}

export interface JobResult {
  readonly index: number;
  /** The generated text (latin1 byte string), when the job succeeded. */
  readonly text?: string;
  /** The diagnostics of a failed job. */
  readonly error?: string;
}

export interface GroupResult {
  readonly key: string;
  /** Absolute paths of the input and every file the parse read. */
  readonly files: string[];
  /** Diagnostics of the parse (warnings included). */
  readonly diagnostics: string;
  readonly parseFailed: boolean;
  readonly results: JobResult[];
}

/** Runs one generator on a parse; reports problems through the parse's diagnostics and throws FatalError. */
export type GenerateFn = (parse: ParseResult, job: OdsJob) => string;

function builtin(parse: ParseResult, job: OdsJob): string | undefined {
  if (job.generator === 'print-records') return printRecords(parse.records);
  if (job.generator === 'dump-json') return writeJson(recordsToJson(parse.records, parse.sources));
  return undefined;
}

export function runGroup(spec: GroupSpec, generate: GenerateFn | undefined): GroupResult {
  let diagnostics = '';
  const rel = spec.input.startsWith(spec.cwd + '/') ? spec.input.slice(spec.cwd.length + 1) : spec.input;
  const parse = parseTableGen({
    file: rel,
    includeDirs: spec.includeDirs,
    macros: spec.macros,
    cwd: spec.cwd,
    onDiagnostic: (t) => {
      diagnostics += t;
    },
  });
  const files = parse.files.map((f) => f);
  if (!parse.ok) {
    return {
      key: spec.key,
      files,
      diagnostics,
      parseFailed: true,
      results: spec.jobs.map((j) => ({ index: j.index, error: diagnostics || 'parse failed' })),
    };
  }
  const results: JobResult[] = [];
  for (const job of spec.jobs) {
    let jobDiags = '';
    const prevSink = parse.diagnostics.sink;
    parse.diagnostics.sink = (t) => {
      jobDiags += t;
    };
    const before = parse.diagnostics.errorCount;
    try {
      const text = parse.records.with(() => builtin(parse, job) ?? (generate ? generate(parse, job) : undefined));
      if (text === undefined) results.push({ index: job.index, error: `error: no generator '${job.generator}'\n` });
      else if (parse.diagnostics.errorCount > before) results.push({ index: job.index, error: jobDiags });
      else results.push({ index: job.index, text });
    } catch (e) {
      if (e instanceof FatalError) results.push({ index: job.index, error: jobDiags || e.message });
      else results.push({ index: job.index, error: `internal error: ${(e as Error).message}\n` });
    } finally {
      parse.diagnostics.sink = prevSink;
    }
  }
  return { key: spec.key, files, diagnostics, parseFailed: false, results };
}
