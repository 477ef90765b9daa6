// Watch mode: rebuild only the groups an edit affects, keep going through errors, and follow
// includes as they are added or removed.
import type { FSWatcher } from 'chokidar';
import { type BuildSummary, type OdsEngine, summaryLine } from './engine.js';

export interface WatchHandle {
  close(): Promise<void>;
  /** Resolves after the next rebuild triggered by a change. */
  nextBuild(): Promise<BuildSummary>;
}

/** Watch every input of the engine's jobs; chokidar is loaded only when watching. */
export async function watchEngine(
  engine: OdsEngine,
  opts: { debounceMs?: number; onBuild?: (s: BuildSummary, changed: string[]) => void; log?: (l: string) => void } = {},
): Promise<WatchHandle> {
  const { watch } = await import('chokidar');
  const debounce = opts.debounceMs ?? 20;
  let watched = new Set(engine.watchedFiles());
  const watcher: FSWatcher = watch([...watched], { ignoreInitial: true, awaitWriteFinish: false });
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  let waiters: ((s: BuildSummary) => void)[] = [];

  const refreshWatched = () => {
    const now = new Set(engine.watchedFiles());
    const add = [...now].filter((f) => !watched.has(f));
    const remove = [...watched].filter((f) => !now.has(f));
    if (add.length) watcher.add(add);
    if (remove.length) watcher.unwatch(remove);
    watched = now;
  };

  const flush = () => {
    const changed = [...pending];
    pending = new Set();
    running = running.then(async () => {
      const groups = engine.groupsAffectedBy(changed);
      if (!groups.length) return;
      const s = await engine.build(groups);
      refreshWatched();
      if (s.diagnostics) opts.log?.(s.diagnostics.trimEnd());
      for (const o of s.outcomes) if (o.error) opts.log?.(o.error.trimEnd());
      opts.log?.(`ods: ${summaryLine(s)} (${Math.round(s.ms)} ms)`);
      opts.onBuild?.(s, changed);
      const w = waiters;
      waiters = [];
      for (const r of w) r(s);
    });
  };

  const onChange = (path: string) => {
    pending.add(path);
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, debounce);
  };
  watcher.on('change', onChange);
  watcher.on('add', onChange);
  watcher.on('unlink', onChange);

  return {
    async close() {
      if (timer) clearTimeout(timer);
      await running;
      await watcher.close();
    },
    nextBuild() {
      return new Promise((r) => waiters.push(r));
    },
  };
}
