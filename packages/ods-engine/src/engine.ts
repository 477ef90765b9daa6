// The incremental engine shared by `ods-tblgen build`, the Nx plugin and the Vite plugin.
//
// How it decides what to do, per job (one output of one generator on one input):
// 1. Jobs with the same input (include folders and macros are per config) form a group sharing
//    ONE parse.
// 2. A job is "up to date" — nothing runs — when the cache (`<cacheDir>/state.json`) has an entry
//    for its key (tool fingerprint + input + generator + args + output + include folders +
//    macros) whose recorded dependencies all still hold, and whose output file still has the
//    recorded hash. The dependencies are the content hashes of the bytes the last parse read
//    (every file it read), and the paths it probed and found missing: an include searched in an
//    earlier folder, so that a new file shadowing an include (or a file created for an include
//    that was missing) makes the job stale too.
// 3. Otherwise the group is parsed (once) and the job's generator runs. The output is written
//    (atomically) only if its bytes differ from the file on disk: "generated"; else "unchanged".
//    This is the finer-than-files rule: an edit that changes no record the generator reads
//    (a comment, a def the output does not contain) yields identical bytes, so the output file,
//    its mtime and everything downstream of it stay untouched.
// 4. A failed job (parse error, generator error, unwritable output) does not stop the others; it
//    has no cache entry, so it runs again next time.
// Parses of independent groups run on worker threads when more than one job slot is allowed and
// more than one group is stale.
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { OdsConfig, OdsJob } from './config.js';
import { FileHasher, type FileStamp, hashText, writeFileAtomic } from './fsutil.js';
import { type GenerateFn, type GroupResult, type GroupSpec, runGroup, writeOutput } from './run-group.js';
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
  /** How many parses ran (one per stale group, whatever the number of its jobs). */
  readonly parses: number;
  /** Parse diagnostics (warnings and errors) and generator warnings, in group order. */
  readonly diagnostics: string;
  readonly ms: number;
}

export interface EngineOptions {
  /** Runs a `--gen-*` generator; print-records and dump-json are built in. */
  readonly generate?: GenerateFn;
  /**
   * A worker script for parallel parses: a module that calls `serveWorker(generate)`. Without
   * it groups are parsed in the calling thread. With it and `generate`, a single stale group (or
   * jobs <= 1) is parsed in the calling thread; with it and no `generate`, every group runs on a
   * worker, so that only the worker script's code generates (a host that imports the generators
   * from elsewhere could run different code than the script the cache fingerprints).
   */
  readonly workerScript?: URL;
  /** Parallel parses (default: available cores). */
  readonly jobs?: number;
  /** Part of every cache key, so a new tool version rebuilds everything. */
  readonly toolVersion: string;
  /**
   * Files whose contents are part of every cache key too (the generator code), so that a
   * rebuilt tool of the same version is not trusted with outputs of the previous build. Default:
   * the worker script, which bundles every generator.
   */
  readonly toolFiles?: readonly string[];
  /** Fewer stale groups run in the calling thread (when it can generate); default 8. */
  readonly minGroupsForWorkers?: number;
  /** Keep worker threads alive between builds (watch mode); call close() when done. */
  readonly keepWorkers?: boolean;
  /**
   * With kept workers, send a lone stale group to the worker that last ran it rather than run
   * it in the calling thread: kept workers are warm and hold the shared include parses of their
   * groups (share.ts), while the calling thread is cold until it has built something itself.
   * `ods-tblgen build --watch` does; the dev server does not (it reads a lone group's parse).
   */
  readonly loneGroupOnWorker?: boolean;
  /** Progress lines. */
  readonly log?: (line: string) => void;
}

interface CacheEntry {
  /** The config file the entry belongs to (entries of jobs no longer in it are pruned). */
  config: string;
  /** The id of its dependencies in `CacheState.deps` (shared by the jobs of one parse). */
  deps: string;
  outputHash: string;
}
interface CacheState {
  version: 4;
  entries: { [key: string]: CacheEntry };
  /** Dependency sets: path -> sha256 of its bytes, or '' for a path that must stay missing. */
  deps: { [id: string]: { [path: string]: string } };
  /** Stamps of the outputs and dependencies (FileHasher): a no-op build only stats them. */
  stamps?: { [path: string]: FileStamp };
}

export function summaryLine(s: BuildSummary): string {
  const n = s.outcomes.length;
  let line = `${n} output${n === 1 ? '' : 's'}: ${s.generated} generated, ${s.unchanged} unchanged, ${s.upToDate} up to date`;
  if (s.failed) line += `, ${s.failed} failed`;
  line += `; ${s.parses} parse${s.parses === 1 ? '' : 's'}`;
  return line;
}

/** What a group depends on, as far as the engine knows. */
interface GroupDeps {
  /** Files read (or found by the static scan before any parse). */
  files: string[];
  /** Paths probed and found missing by the last parse. */
  probes: string[];
}

export class OdsEngine {
  private readonly hasher = new FileHasher();
  private state: CacheState;
  private readonly statePath: string;
  private readonly groupList: GroupSpec[];
  private readonly deps = new Map<string, GroupDeps>();
  private readonly fingerprint: string;
  private pool: WorkerPool | undefined;

  constructor(
    readonly config: OdsConfig,
    private readonly opts: EngineOptions,
  ) {
    this.statePath = join(config.cacheDir, 'state.json');
    this.state = this.loadState();
    const groups = new Map<string, OdsJob[]>();
    for (const job of config.jobs) {
      let g = groups.get(job.input);
      if (!g) groups.set(job.input, (g = []));
      g.push(job);
    }
    this.groupList = [...groups.entries()].map(([input, jobs]) => ({
      key: input,
      input,
      includeDirs: config.includeDirs,
      macros: config.macros,
      cwd: config.baseDir,
      jobs,
    }));
    const toolFiles = opts.toolFiles ?? (opts.workerScript?.protocol === 'file:' ? [fileURLToPath(opts.workerScript)] : []);
    this.fingerprint = hashText(JSON.stringify([opts.toolVersion, ...toolFiles.map(toolFileHash)]));
  }

  get groups(): readonly GroupSpec[] {
    return this.groupList;
  }

  private loadState(): CacheState {
    try {
      const s = JSON.parse(readFileSync(this.statePath, 'utf8')) as CacheState;
      if (s.version === 4 && typeof s.entries === 'object' && s.entries !== null && typeof s.deps === 'object' && s.deps !== null) {
        if (typeof s.stamps === 'object' && s.stamps !== null) this.hasher.loadStamps(s.stamps);
        delete s.stamps;
        return s;
      }
    } catch {
      // no cache yet, or unreadable: start over
    }
    return { version: 4, entries: {}, deps: {} };
  }

  private saveTimer: NodeJS.Immediate | undefined;

  private saveStateSoon(): void {
    if (this.saveTimer) return;
    this.saveTimer = setImmediate(() => {
      this.saveTimer = undefined;
      this.saveState();
    });
  }

  private saveState(): void {
    // Drop dependency sets no entry uses any more.
    const used = new Set(Object.values(this.state.entries).map((e) => e.deps));
    for (const id of Object.keys(this.state.deps)) if (!used.has(id)) delete this.state.deps[id];
    const paths = new Set<string>();
    for (const d of Object.values(this.state.deps)) for (const p of Object.keys(d)) paths.add(p);
    for (const j of this.config.jobs) paths.add(j.output);
    try {
      writeFileAtomic(this.statePath, JSON.stringify({ ...this.state, stamps: this.hasher.stamps(paths) }), 'utf8');
    } catch (e) {
      // The cache is an optimisation: a read-only cache folder costs a rebuild, not the build.
      this.opts.log?.(`ods: warning: cannot write ${this.statePath}: ${(e as Error).message}`);
    }
  }

  private jobKey(job: OdsJob): string {
    return hashText(JSON.stringify([this.fingerprint, job.input, job.generator, job.args, job.output, this.config.includeDirs, this.config.macros]));
  }

  private depsOf(group: GroupSpec): GroupDeps {
    let d = this.deps.get(group.key);
    if (!d) {
      d = { files: scanIncludes(group.input, group.includeDirs, group.cwd).files, probes: [] };
      this.deps.set(group.key, d);
    }
    return d;
  }

  /** Files a group depends on: from its last parse, else from the static include scan. */
  filesOf(group: GroupSpec): string[] {
    return this.depsOf(group).files;
  }

  /** Every file any job depends on (what a watcher must watch). */
  watchedFiles(): string[] {
    const all = new Set<string>();
    for (const g of this.groupList) for (const f of this.filesOf(g)) all.add(f);
    return [...all];
  }

  /** Paths whose creation would change what some group reads (missing includes, shadowing). */
  watchedProbes(): string[] {
    const all = new Set<string>();
    for (const g of this.groupList) for (const f of this.depsOf(g).probes) all.add(f);
    return [...all];
  }

  /** Groups whose dependencies include one of `files` (read, or probed and missing). */
  groupsAffectedBy(files: Iterable<string>): GroupSpec[] {
    const set = new Set(files);
    for (const f of set) this.hasher.forget(f);
    return this.groupList.filter((g) => {
      const d = this.depsOf(g);
      return d.files.some((f) => set.has(f)) || d.probes.some((f) => set.has(f));
    });
  }

  /**
   * Whether the job's output and every file its last parse read are as recorded. `check` holds
   * what this build already found: a verdict per set of dependencies, a hash per file (the inputs
   * of a config share most of their includes: each is looked at once per build).
   */
  private isUpToDate(job: OdsJob, check: { readonly verdicts: Map<string, boolean>; readonly hashes: Map<string, string> }): boolean {
    const e = this.state.entries[this.jobKey(job)];
    if (!e) return false;
    if (this.hasher.hash(job.output) !== e.outputHash) return false;
    let fresh = check.verdicts.get(e.deps);
    if (fresh === undefined) {
      const deps = this.state.deps[e.deps];
      const hashOf = (p: string) => {
        let h = check.hashes.get(p);
        if (h === undefined) check.hashes.set(p, (h = this.hasher.hash(p) ?? ''));
        return h;
      };
      fresh = deps !== undefined && Object.entries(deps).every(([p, h]) => hashOf(p) === h);
      check.verdicts.set(e.deps, fresh);
    }
    return fresh;
  }

  private display(path: string): string {
    const rel = relative(this.config.baseDir, path);
    return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
  }

  /** Build every job (or only the given groups), skipping what is up to date. */
  async build(only?: readonly GroupSpec[]): Promise<BuildSummary> {
    const t0 = performance.now();
    const outcomes: JobOutcome[] = [];
    const todo: GroupSpec[] = [];
    const check = { verdicts: new Map<string, boolean>(), hashes: new Map<string, string>() };
    const build = ++buildSerial;
    for (const g of only ?? this.groupList) {
      const stale = g.jobs.filter((j) => !this.isUpToDate(j, check));
      for (const j of g.jobs) if (!stale.includes(j)) outcomes.push({ job: j, status: 'up-to-date' });
      if (!stale.length) continue;
      // The thread that generates an output writes it (when its bytes changed).
      const outputHashes: { [index: number]: string } = {};
      for (const j of stale) outputHashes[j.index] = this.hasher.hash(j.output) ?? '';
      todo.push({ ...g, jobs: stale, build, outputHashes });
      // Enough groups to run go to workers (runGroups): start them while the rest is checked.
      if (this.opts.workerScript && todo.length === Math.max(2, this.minGroupsForWorkers()))
        (this.pool ??= new WorkerPool(this.opts.workerScript)).prestart(this.slots());
    }
    let diagnostics = '';
    const results = await this.runGroups(todo);
    results.forEach((r, i) => {
      const group = todo[i]!;
      const probes = Object.keys(r.inputs).filter((p) => r.inputs[p] === '');
      // A failed parse stops early: keep watching what the static scan finds too.
      const files = r.parseFailed ? [...new Set([...r.files, ...scanIncludes(group.input, group.includeDirs, group.cwd).files])] : r.files;
      this.deps.set(group.key, { files, probes });
      if (r.stamps) this.hasher.loadStamps(r.stamps);
      const depsId = hashText(JSON.stringify(r.inputs)).slice(0, 32);
      if (Object.keys(r.inputs).length) this.state.deps[depsId] = r.inputs;
      diagnostics += r.diagnostics;
      for (const jr of r.results) {
        const job = group.jobs.find((j) => j.index === jr.index)!;
        const key = this.jobKey(job);
        if (jr.warnings) diagnostics += jr.warnings;
        const out = jr.output ?? (jr.text !== undefined ? writeOutput(job.output, jr.text, this.hasher.hash(job.output) ?? '') : undefined);
        if (out === undefined || typeof out === 'string') {
          const error = typeof out === 'string' ? out : jr.error;
          outcomes.push({ job, status: 'failed', error });
          delete this.state.entries[key];
          this.opts.log?.(`ods: failed    ${this.display(job.output)}`);
          continue;
        }
        const newHash = out.hash;
        let status: JobStatus = 'unchanged';
        if (out.wrote) {
          if (out.stamp) this.hasher.loadStamps({ [job.output]: out.stamp });
          else this.hasher.forget(job.output);
          status = 'generated';
        }
        this.state.entries[key] = { config: this.config.configPath, deps: depsId, outputHash: newHash };
        outcomes.push({ job, status });
        this.opts.log?.(`ods: ${status.padEnd(9)} ${this.display(job.output)}`);
      }
    });
    if (!only) {
      // Forget entries of this config's jobs that no longer exist (changed args, removed jobs...).
      const live = new Set(this.config.jobs.map((j) => this.jobKey(j)));
      for (const [k, e] of Object.entries(this.state.entries)) if (e.config === this.config.configPath && !live.has(k)) delete this.state.entries[k];
    }
    if (todo.length || !existsSync(this.statePath)) {
      // A long-lived engine (watch mode, dev server) writes its cache after the result is out.
      if (this.opts.keepWorkers) this.saveStateSoon();
      else this.saveState();
    }
    outcomes.sort((a, b) => a.job.index - b.job.index);
    const count = (s: JobStatus) => outcomes.filter((o) => o.status === s).length;
    return {
      outcomes,
      generated: count('generated'),
      unchanged: count('unchanged'),
      upToDate: count('up-to-date'),
      failed: count('failed'),
      parses: results.length,
      diagnostics,
      ms: performance.now() - t0,
    };
  }

  /** The most groups run at once. */
  private slots(): number {
    return this.opts.jobs ?? availableParallelism();
  }

  /** Whether a full build has enough groups to run them on worker threads, given a worker script. */
  wantsWorkers(): boolean {
    return this.groupList.length >= this.minGroupsForWorkers();
  }

  /**
   * Fewer stale groups than this run in the calling thread when it can generate: a worker first
   * loads the generators and parses the shared includes on its own, which costs more than it
   * saves on a few inputs (the example dialect's 5 inputs: 0.6 s of CPU in-thread, 0.95 s with two
   * workers, and less wall time too). Watch mode's kept workers are used whatever the count.
   */
  private minGroupsForWorkers(): number {
    return this.opts.minGroupsForWorkers ?? 8;
  }

  /** Runs the groups; results are in the order of `groups`. */

  private async runGroups(groups: GroupSpec[]): Promise<GroupResult[]> {
    if (!groups.length) return [];
    const slots = Math.max(1, Math.min(this.slots(), groups.length));
    // See loneGroupOnWorker: a rebuild then goes to the worker that last ran the group.
    const inThread =
      !this.opts.workerScript ||
      (this.opts.generate !== undefined &&
        !(this.opts.keepWorkers && this.opts.loneGroupOnWorker) &&
        (slots <= 1 || (groups.length < this.minGroupsForWorkers() && !this.pool)));
    if (inThread) return groups.map((g) => runGroup(g, this.opts.generate));
    this.pool ??= new WorkerPool(this.opts.workerScript);
    try {
      return await this.pool.run(groups, slots);
    } finally {
      if (!this.opts.keepWorkers) await this.close();
    }
  }

  /** Stop the worker threads (they are unref'd while idle, so this is only needed to free them). */
  async close(): Promise<void> {
    if (this.saveTimer) {
      clearImmediate(this.saveTimer);
      this.saveTimer = undefined;
      this.saveState();
    }
    const p = this.pool;
    this.pool = undefined;
    await p?.close();
  }
}

/**
 * The tool files' hashes, remembered by stat: a long-lived process (the build service) makes an
 * engine per build.
 */
const toolHasher = new FileHasher();

function toolFileHash(file: string): string {
  return toolHasher.hash(file) ?? `missing:${file}`;
}

/** Numbers the builds of this process (see GroupSpec.build). */
let buildSerial = 0;

/** A failed result for a group whose worker died. */
function crashedGroup(g: GroupSpec, e: unknown): GroupResult {
  const msg = `error: ods worker crashed while building ${g.input}: ${e instanceof Error ? e.message : String(e)}\n`;
  return { key: g.key, files: [], inputs: {}, diagnostics: msg, parseFailed: true, results: g.jobs.map((j) => ({ index: j.index, error: msg })), parseMs: 0 };
}

/** Worker threads that run groups; idle workers are kept (unref'd) for the next build. */
class WorkerPool {
  private idle: Worker[] = [];
  private readonly all = new Set<Worker>();
  /** The worker that last ran each group (by key). */
  private readonly affinity = new Map<string, Worker>();

  constructor(private readonly script: URL) {}

  /** Have `count` workers, idle ones included: a worker takes a while to load its script. */
  prestart(count: number): void {
    while (this.all.size < count) {
      const w = this.spawn();
      w.unref();
      this.idle.push(w);
    }
  }

  /** An idle worker: the one that last ran `key` when it is idle, else any. */
  private take(key?: string): Worker {
    const preferred = key === undefined ? undefined : this.affinity.get(key);
    const at = preferred ? this.idle.indexOf(preferred) : -1;
    const w = at >= 0 ? this.idle.splice(at, 1)[0] : this.idle.pop();
    if (w) {
      w.ref();
      return w;
    }
    const fresh = this.spawn();
    fresh.ref();
    return fresh;
  }

  private spawn(): Worker {
    const fresh = new Worker(this.script);
    this.all.add(fresh);
    fresh.once('exit', () => {
      this.all.delete(fresh);
      for (const [k, x] of this.affinity) if (x === fresh) this.affinity.delete(k);
      this.idle = this.idle.filter((x) => x !== fresh);
    });
    // An error with no task listening (e.g. while idle) must not crash the process.
    fresh.on('error', () => undefined);
    return fresh;
  }

  /**
   * Run the groups on `slots` workers. Each worker takes a contiguous run of the groups in path
   * order, so that inputs of one folder (which begin with the same includes) meet the shared
   * include parses of the same worker (share.ts); a worker out of work takes from the end of the
   * largest remaining run.
   */
  async run(groups: readonly GroupSpec[], slots: number): Promise<GroupResult[]> {
    const results: GroupResult[] = new Array<GroupResult>(groups.length);
    const order = groups.map((_, i) => i).sort((a, b) => (groups[a]!.input < groups[b]!.input ? -1 : groups[a]!.input > groups[b]!.input ? 1 : a - b));
    const runs: number[][] = Array.from({ length: slots }, (_, k) => order.slice(Math.floor((k * order.length) / slots), Math.floor(((k + 1) * order.length) / slots)));
    const nextOf = (lane: number): number | undefined => {
      const own = runs[lane]!;
      if (own.length) return own.shift();
      let largest = runs[0]!;
      for (const r of runs) if (r.length > largest.length) largest = r;
      return largest.pop();
    };
    await Promise.all(
      runs.map(async (run, lane) => {
        let w = this.take(run.length ? groups[run[0]!]!.key : undefined);
        for (let i = nextOf(lane); i !== undefined; i = nextOf(lane)) {
          try {
            results[i] = await callWorker(w, groups[i]!);
            this.affinity.set(groups[i]!.key, w);
          } catch (e) {
            results[i] = crashedGroup(groups[i]!, e);
            void w.terminate();
            w = this.take();
          }
        }
        w.unref();
        this.idle.push(w);
      }),
    );
    return results;
  }

  async close(): Promise<void> {
    const ws = [...this.all];
    this.all.clear();
    this.idle = [];
    await Promise.all(ws.map((w) => w.terminate()));
  }
}

function callWorker(w: Worker, g: GroupSpec): Promise<GroupResult> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      w.off('message', onMessage);
      w.off('error', onError);
      w.off('exit', onExit);
    };
    const onMessage = (r: GroupResult) => {
      cleanup();
      resolve(r);
    };
    const onError = (e: Error) => {
      cleanup();
      reject(e);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`worker exited with code ${code}`));
    };
    w.on('message', onMessage);
    w.on('error', onError);
    w.on('exit', onExit);
    w.postMessage(g);
  });
}
