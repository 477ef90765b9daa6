// The incremental engine shared by `ods-tblgen build`, the Nx plugin and the Vite plugin.
//
// How it decides what to do, per job (one output of one generator on one input):
// 1. Jobs with the same input, include folders and macros form a group sharing ONE parse.
// 2. A job is "up to date" — nothing runs — when the cache (`.ods-cache/state.json`) has an entry
//    for its key (tool version + input + generator + args + output + include folders + macros)
//    whose recorded content hashes of every file the last parse read still match, and whose
//    output file still has the recorded hash.
// 3. Otherwise the group is parsed (once) and the job's generator runs. The output is written
//    (atomically) only if its bytes differ from the file on disk: "generated"; else "unchanged".
//    This is the finer-than-files rule: an edit that changes no record the generator reads
//    (a comment, a def the output does not contain) yields identical bytes, so the output file,
//    its mtime and everything downstream of it stay untouched.
// Parses of independent groups run on worker threads when more than one job slot is allowed.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { OdsConfig, OdsJob } from './config.js';
import { FileHasher, hashText, writeFileAtomic } from './fsutil.js';
import { type GenerateFn, type GroupResult, type GroupSpec, runGroup } from './run-group.js';
import { scanIncludes } from './scan.js';

export type JobStatus = 'generated' | 'unchanged' | 'up-to-date' | 'failed';

export interface JobOutcome {
  readonly job: OdsJob;
  readonly status: JobStatus;
  /** Diagnostics for a failed job. */
  readonly error?: string;
}

export interface BuildSummary {
  readonly outcomes: JobOutcome[];
  readonly generated: number;
  readonly unchanged: number;
  readonly upToDate: number;
  readonly failed: number;
  /** Parse diagnostics (warnings and errors), in group order. */
  readonly diagnostics: string;
  readonly ms: number;
}

export interface EngineOptions {
  /** Runs a `--gen-*` generator; print-records and dump-json are built in. */
  readonly generate?: GenerateFn;
  /**
   * A worker script for parallel parses: a module that calls `serveWorker(generate)`. Without
   * it (or with jobs <= 1) groups are parsed in the calling thread.
   */
  readonly workerScript?: URL;
  /** Parallel parses (default: available cores). */
  readonly jobs?: number;
  /** Part of every cache key, so a new tool version rebuilds everything. */
  readonly toolVersion: string;
  /** Progress lines. */
  readonly log?: (line: string) => void;
}

interface CacheEntry {
  inputs: { [path: string]: string };
  outputHash: string;
}
interface CacheState {
  version: 1;
  entries: { [key: string]: CacheEntry };
}

export function summaryLine(s: BuildSummary): string {
  const n = s.outcomes.length;
  let line = `${n} output${n === 1 ? '' : 's'}: ${s.generated} generated, ${s.unchanged} unchanged, ${s.upToDate} up to date`;
  if (s.failed) line += `, ${s.failed} failed`;
  return line;
}

export class OdsEngine {
  private readonly hasher = new FileHasher();
  private state: CacheState;
  private readonly statePath: string;
  private readonly groupList: GroupSpec[];
  /** Files each group read in its last parse (or found by the static scan before one). */
  private readonly groupFiles = new Map<string, string[]>();

  constructor(
    readonly config: OdsConfig,
    private readonly opts: EngineOptions,
  ) {
    this.statePath = join(config.cacheDir, 'state.json');
    this.state = this.loadState();
    const groups = new Map<string, { input: string; jobs: OdsJob[] }>();
    for (const job of config.jobs) {
      const key = job.input;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { input: job.input, jobs: [] }));
      g.jobs.push(job);
    }
    this.groupList = [...groups.entries()].map(([key, g]) => ({
      key,
      input: g.input,
      includeDirs: config.includeDirs,
      macros: config.macros,
      cwd: config.baseDir,
      jobs: g.jobs,
    }));
  }

  get groups(): readonly GroupSpec[] {
    return this.groupList;
  }

  private loadState(): CacheState {
    try {
      const s = JSON.parse(readFileSync(this.statePath, 'utf8')) as CacheState;
      if (s.version === 1 && typeof s.entries === 'object') return s;
    } catch {
      // no cache yet, or unreadable: start over
    }
    return { version: 1, entries: {} };
  }

  private saveState(): void {
    if (!existsSync(this.config.cacheDir)) mkdirSync(this.config.cacheDir, { recursive: true });
    writeFileAtomic(this.statePath, JSON.stringify(this.state), 'utf8');
  }

  private jobKey(job: OdsJob): string {
    return hashText(
      JSON.stringify([this.opts.toolVersion, job.input, job.generator, job.args, job.output, this.config.includeDirs, this.config.macros]),
    );
  }

  /** Files a group depends on: from its last parse, else from the static include scan. */
  filesOf(group: GroupSpec): string[] {
    let files = this.groupFiles.get(group.key);
    if (!files) {
      files = scanIncludes(group.input, group.includeDirs, group.cwd).files;
      this.groupFiles.set(group.key, files);
    }
    return files;
  }

  /** Every file any job depends on (what a watcher must watch). */
  watchedFiles(): string[] {
    const all = new Set<string>();
    for (const g of this.groupList) for (const f of this.filesOf(g)) all.add(f);
    return [...all];
  }

  /** Groups whose inputs include one of `files`. */
  groupsAffectedBy(files: Iterable<string>): GroupSpec[] {
    const set = new Set(files);
    for (const f of set) this.hasher.forget(f);
    return this.groupList.filter((g) => this.filesOf(g).some((f) => set.has(f)));
  }

  private isUpToDate(job: OdsJob): boolean {
    const e = this.state.entries[this.jobKey(job)];
    if (!e) return false;
    if (this.hasher.hash(job.output) !== e.outputHash) return false;
    for (const [p, h] of Object.entries(e.inputs)) if (this.hasher.hash(p) !== h) return false;
    return true;
  }

  /** Build every job (or only the given groups), skipping what is up to date. */
  async build(only?: readonly GroupSpec[]): Promise<BuildSummary> {
    const t0 = performance.now();
    const outcomes: JobOutcome[] = [];
    const todo: GroupSpec[] = [];
    for (const g of only ?? this.groupList) {
      const stale = g.jobs.filter((j) => !this.isUpToDate(j));
      for (const j of g.jobs) if (!stale.includes(j)) outcomes.push({ job: j, status: 'up-to-date' });
      if (stale.length) todo.push({ ...g, jobs: stale });
    }
    let diagnostics = '';
    const results = await this.runGroups(todo);
    for (const r of results) {
      const group = todo.find((g) => g.key === r.key)!;
      this.groupFiles.set(r.key, r.files);
      diagnostics += r.diagnostics;
      for (const jr of r.results) {
        const job = group.jobs.find((j) => j.index === jr.index)!;
        if (jr.text === undefined) {
          outcomes.push({ job, status: 'failed', error: jr.error });
          delete this.state.entries[this.jobKey(job)];
          continue;
        }
        const newHash = hashText(Buffer.from(jr.text, 'latin1'));
        const oldHash = this.hasher.hash(job.output);
        let status: JobStatus = 'unchanged';
        if (oldHash !== newHash) {
          writeFileAtomic(job.output, jr.text);
          this.hasher.forget(job.output);
          status = 'generated';
        }
        const inputs: { [p: string]: string } = {};
        for (const f of r.files) {
          const h = this.hasher.hash(f);
          if (h) inputs[f] = h;
        }
        this.state.entries[this.jobKey(job)] = { inputs, outputHash: newHash };
        outcomes.push({ job, status });
        this.opts.log?.(`ods: ${status.padEnd(9)} ${job.output}`);
      }
    }
    this.saveState();
    outcomes.sort((a, b) => a.job.index - b.job.index);
    const count = (s: JobStatus) => outcomes.filter((o) => o.status === s).length;
    return {
      outcomes,
      generated: count('generated'),
      unchanged: count('unchanged'),
      upToDate: count('up-to-date'),
      failed: count('failed'),
      diagnostics,
      ms: performance.now() - t0,
    };
  }

  private async runGroups(groups: GroupSpec[]): Promise<GroupResult[]> {
    const slots = Math.max(1, Math.min(this.opts.jobs ?? availableParallelism(), groups.length));
    if (slots <= 1 || !this.opts.workerScript) return groups.map((g) => runGroup(g, this.opts.generate));
    const results: GroupResult[] = [];
    let next = 0;
    const workers = Array.from({ length: slots }, () => new Worker(this.opts.workerScript!));
    try {
      await Promise.all(
        workers.map(async (w) => {
          while (next < groups.length) {
            const g = groups[next++]!;
            results.push(await callWorker(w, g));
          }
        }),
      );
    } finally {
      await Promise.all(workers.map((w) => w.terminate()));
    }
    return results;
  }
}

function callWorker(w: Worker, g: GroupSpec): Promise<GroupResult> {
  return new Promise((resolve, reject) => {
    const onMessage = (r: GroupResult) => {
      w.off('error', onError);
      resolve(r);
    };
    const onError = (e: Error) => {
      w.off('message', onMessage);
      reject(e);
    };
    w.once('message', onMessage);
    w.once('error', onError);
    w.postMessage(g);
  });
}
