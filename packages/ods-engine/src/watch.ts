// Watch mode: rebuild only the groups an edit affects, keep going through errors, and follow
// includes as they are added or removed (including an include whose file does not exist yet:
// the paths a parse probed and found missing are watched too, where their folder exists).
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FSWatcher } from 'chokidar';
import { type BuildSummary, type OdsEngine, summaryLine } from './engine.js';

export interface WatchHandle {
  close(): Promise<void>;
  /** Resolves after the next rebuild triggered by a change. */
  nextBuild(): Promise<BuildSummary>;
  /** The engine in use (a new one after the config file changed). */
  readonly engine: OdsEngine;
  /** Every path currently watched (files and probes). */
  watched(): string[];
}

export interface WatchOptions {
  /**
   * Quiet period after the last change before rebuilding (default 5 ms: the events of one save,
   * or of an editor's "save all", arrive together). Changes that arrive while a rebuild runs are
   * built together as soon as it ends.
   */
  debounceMs?: number;
  onBuild?: (s: BuildSummary, changed: string[]) => void;
  log?: (l: string) => void;
  /**
   * The config file and how to load it again: when it changes, `reload()` gives the engine to
   * use from then on (a full build follows). A reload that throws (an invalid config) is logged
   * and the previous engine keeps running.
   */
  config?: { path: string; reload: () => OdsEngine | Promise<OdsEngine> };
  /** Use polling (for file systems without native events). */
  usePolling?: boolean;
}

/** Watch every input of the engine's jobs; chokidar is loaded only when watching. */
export async function watchEngine(initial: OdsEngine, opts: WatchOptions = {}): Promise<WatchHandle> {
  const { watch } = await import('chokidar');
  const debounce = opts.debounceMs ?? 5;
  let engine = initial;
  const configPath = opts.config?.path;

  // Two watchers: one on the files read (and the config), one on the folders of the paths the
  // parses probed and found missing (depth 0, events filtered to those paths). Watching a missing
  // file directly makes chokidar report `ready` before the other paths are watched.
  const wantedFiles = (): Set<string> => {
    const s = new Set(engine.watchedFiles().filter((f) => existsSync(f)));
    if (configPath) s.add(configPath);
    return s;
  };
  const wantedProbes = (): Set<string> => new Set(engine.watchedProbes());
  const probeDirs = (probes: Set<string>): Set<string> => {
    const dirs = new Set<string>();
    // A missing path can only be watched through its folder: skip probes in missing folders.
    for (const p of probes) if (existsSync(dirname(p))) dirs.add(dirname(p));
    return dirs;
  };
  let files = wantedFiles();
  let probes = wantedProbes();
  let dirs = probeDirs(probes);
  const chokidarOpts = { ignoreInitial: true, usePolling: opts.usePolling ?? false, interval: 50 };
  const fileWatcher: FSWatcher = watch([...files], chokidarOpts);
  const dirWatcher: FSWatcher = watch([...dirs], { ...chokidarOpts, depth: 0 });
  // chokidar never reports `ready` for a watcher started with no paths.
  const ready = (w: FSWatcher, paths: Set<string>) => (paths.size ? new Promise<void>((res) => w.once('ready', () => res())) : Promise.resolve());
  await Promise.all([ready(fileWatcher, files), ready(dirWatcher, dirs)]);
  for (const w of [fileWatcher, dirWatcher]) w.on('error', (e) => opts.log?.(`ods: watch error: ${e instanceof Error ? e.message : String(e)}`));

  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  /** Rebuilds enqueued and not finished yet. */
  let busy = 0;
  let waiters: ((s: BuildSummary) => void)[] = [];
  let closed = false;

  const refreshWatched = () => {
    const diff = (w: FSWatcher, before: Set<string>, now: Set<string>) => {
      const add = [...now].filter((f) => !before.has(f));
      const remove = [...before].filter((f) => !now.has(f));
      if (add.length) w.add(add);
      if (remove.length) w.unwatch(remove);
    };
    const nowFiles = wantedFiles();
    diff(fileWatcher, files, nowFiles);
    files = nowFiles;
    probes = wantedProbes();
    const nowDirs = probeDirs(probes);
    diff(dirWatcher, dirs, nowDirs);
    dirs = nowDirs;
  };

  const report = (s: BuildSummary, changed: string[]) => {
    if (s.diagnostics) opts.log?.(s.diagnostics.trimEnd());
    for (const o of s.outcomes) if (o.error && !s.diagnostics.includes(o.error)) opts.log?.(o.error.trimEnd());
    opts.log?.(`ods: ${summaryLine(s)} (${Math.round(s.ms)} ms)`);
    opts.onBuild?.(s, changed);
    const w = waiters;
    waiters = [];
    for (const r of w) r(s);
  };

  const rebuild = async (changed: string[], recheck = false) => {
    if (closed) return;
    if (configPath && changed.includes(configPath) && opts.config) {
      let next: OdsEngine;
      try {
        next = await opts.config.reload();
      } catch (e) {
        opts.log?.(`ods: ${e instanceof Error ? e.message : String(e)}`);
        opts.log?.('ods: keeping the previous config');
        return;
      }
      await engine.close();
      engine = next;
      opts.log?.(`ods: config reloaded: ${engine.config.jobs.length} jobs`);
      const s = await engine.build();
      refreshWatched();
      report(s, changed);
      return;
    }
    const groups = engine.groupsAffectedBy(changed);
    if (!groups.length) return;
    const s = await engine.build(groups);
    // A recheck that found everything up to date has nothing to report. Report first (the
    // latency people see), then follow the includes the rebuild found (before anyone awaiting
    // the report runs).
    if (!(recheck && s.parses === 0)) report(s, changed);
    refreshWatched();
  };

  const enqueue = (changed: string[], recheck: boolean) => {
    busy++;
    running = running
      .then(() => rebuild(changed, recheck))
      .catch((e: unknown) => {
        // Never let one failed rebuild stop the watcher.
        opts.log?.(`ods: rebuild failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      })
      .finally(() => {
        busy--;
        // Changes that came in meanwhile: one rebuild for all of them, now.
        if (busy === 0 && pending.size && !timer && !closed) flush();
      });
  };

  const flush = () => {
    timer = undefined;
    // While a rebuild runs, changes keep accumulating; the rebuild's end flushes them.
    if (busy > 0) return;
    const changed = [...pending];
    pending = new Set();
    enqueue(changed, false);
  };

  // chokidar drops a change event that follows another one for the same file within 50 ms (its
  // change throttle), so a quick second save (a formatter on save, a fix right after a syntax
  // error) would go unnoticed. A recheck some time after the last event rebuilds whatever is
  // still stale; it costs a few stats when nothing changed (the engine compares content hashes).
  const RECHECK_MS = 120;
  let recheckPaths = new Set<string>();
  let recheckTimer: NodeJS.Timeout | undefined;
  const recheck = () => {
    recheckTimer = undefined;
    const changed = [...recheckPaths];
    recheckPaths = new Set();
    enqueue(changed, true);
  };

  const onChange = (path: string) => {
    if (closed) return;
    pending.add(path);
    recheckPaths.add(path);
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, debounce);
    if (recheckTimer) clearTimeout(recheckTimer);
    recheckTimer = setTimeout(recheck, debounce + RECHECK_MS);
  };
  fileWatcher.on('change', onChange);
  fileWatcher.on('add', onChange);
  fileWatcher.on('unlink', (path: string) => {
    onChange(path);
    // Keep watching the path, so that re-creating the file is seen.
    if (files.has(path)) fileWatcher.add(path);
  });
  const onProbe = (path: string) => {
    if (probes.has(path)) onChange(path);
  };
  dirWatcher.on('add', onProbe);
  dirWatcher.on('change', onProbe);

  return {
    get engine() {
      return engine;
    },
    watched: () => [...files, ...[...probes].filter((p) => dirs.has(dirname(p)))],
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (recheckTimer) clearTimeout(recheckTimer);
      await running;
      await Promise.all([fileWatcher.close(), dirWatcher.close()]);
      await engine.close();
    },
    nextBuild() {
      return new Promise((r) => waiters.push(r));
    },
  };
}
