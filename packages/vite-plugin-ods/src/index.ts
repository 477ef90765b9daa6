// @ods-ts/vite-plugin-ods: the Vite plugin of ods-ts (plugin name `vite:ods`).
//
// - The jobs of an ods.json (the same config as `ods-tblgen build` and the Nx plugin) run when the
//   dev server starts and at the start of `vite build`, through the incremental engine: nothing
//   runs for outputs already up to date, outputs are written only when their bytes change.
// - In dev, every file the jobs read (the static include graph, then what each parse read) is
//   added to Vite's watcher; a save re-runs only the jobs that read the file.
// - `import doc from './FooOps.td?ods=dialect-doc&dialect=toy'` gives a generator's output as the
//   default export (options as query parameters, `dialect=toy` for `--dialect=toy`);
//   `?ods=records` gives the records as a JSON object (the `--dump-json` shape). These modules
//   take part in HMR: an edit to the .td or to any file it includes updates exactly the modules
//   that read it. Errors reach Vite's overlay with their file:line:column; the next good save
//   clears it.
// - `?ods=` requests obey `server.fs` (allow and deny lists) like any file Vite serves; the
//   engine's cache folder is never served.
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Connect, EnvironmentModuleNode, HotUpdateOptions, Logger, Plugin, ResolvedConfig, ViteDevServer } from 'vite';
import { isFileLoadingAllowed, normalizePath } from 'vite';
import {
  ConfigError,
  OdsEngine,
  loadConfig,
  resolveConfig,
  summaryLine,
  type BuildSummary,
  type GenerateFn,
  type GroupSpec,
  type OdsConfig,
  type OdsConfigSpec,
} from '@ods-ts/ods-engine';
import { VERSION, generate as odsGenerate, getGenerator, listGenerators } from '@ods-ts/ods-backends';
import { decodeLatin1, toErrorInfo, type OdsErrorInfo } from './diagnostics.js';
import { BUILTIN_MODULE_GENERATORS, OdsModuleLoader } from './loader.js';
import { OdsQueryError, hasOdsQuery, parseOdsQuery, splitQuery } from './query.js';

export { parseOdsQuery, hasOdsQuery, OdsQueryError, type OdsQuery } from './query.js';
export { toErrorInfo, codeFrame, type OdsErrorInfo, type DiagnosticLoc } from './diagnostics.js';
export { OdsModuleLoader, type ModuleOutput } from './loader.js';
export type { OdsConfigSpec } from '@ods-ts/ods-engine';

/** Options of {@link ods}. */
export interface OdsPluginOptions {
  /**
   * The ods.json to run: a path (relative to Vite's root) or the config itself (its paths then
   * relative to Vite's root). Default: `ods.json` at Vite's root; without one, no jobs run but
   * `?ods=` imports still work (with MLIR's include folder only).
   */
  config?: string | OdsConfigSpec;
  /** Parallel parses when many inputs are stale (default: available cores; 1: no worker threads). */
  jobs?: number;
}

/** The plugin name, in error messages and Vite's plugin list. */
export const PLUGIN_NAME = 'vite:ods';

/** Generator names usable in `?ods=`: `records`, `print-records`, `dump-json` and every `--gen-*`. */
export function availableGenerators(): string[] {
  return [...BUILTIN_MODULE_GENERATORS, ...listGenerators()];
}

/** Throws a TypeError naming the first invalid option. */
export function validateOptions(options: unknown): asserts options is OdsPluginOptions {
  if (options === undefined) return;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${PLUGIN_NAME}: options must be an object`);
  }
  const o = options as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (key !== 'config' && key !== 'jobs') throw new TypeError(`${PLUGIN_NAME}: unknown option '${key}' (known: config, jobs)`);
  }
  const c = o['config'];
  if (c !== undefined && typeof c !== 'string' && (c === null || typeof c !== 'object' || Array.isArray(c))) {
    throw new TypeError(`${PLUGIN_NAME}: option 'config' must be a path to an ods.json or an ods config object`);
  }
  const j = o['jobs'];
  if (j !== undefined && (typeof j !== 'number' || !Number.isInteger(j) || j < 1)) {
    throw new TypeError(`${PLUGIN_NAME}: option 'jobs' must be a positive integer`);
  }
}

/** The engine's worker entry in @ods-ts/ods-backends, when it is built. */
function findWorkerScript(): URL | undefined {
  const candidates: URL[] = [];
  try {
    candidates.push(new URL('./engine-worker.js', import.meta.resolve('@ods-ts/ods-backends')));
  } catch {
    // import.meta.resolve is missing in some module runners: look in node_modules instead
  }
  let dir = fileURLToPath(new URL('.', import.meta.url));
  for (;;) {
    candidates.push(new URL(`file://${join(dir, 'node_modules/@ods-ts/ods-backends/dist/engine-worker.js')}`));
    const up = resolve(dir, '..');
    if (up === dir) break;
    dir = up;
  }
  return candidates.find((u) => existsSync(fileURLToPath(u)));
}

const isInside = (file: string, dir: string) => file === dir || file.startsWith(dir.endsWith(sep) ? dir : dir + sep);

interface TrackedModule {
  /** The .td the module reads. */
  readonly input: string;
  /** Every file its last load read. */
  files: Set<string>;
  failed: boolean;
}

interface FileEvent {
  /** The `?ods=` modules to update. */
  readonly ids: ReadonlySet<string>;
  /** Settles when the rebuild it causes is done (never rejects). */
  readonly done: Promise<void>;
}

interface ErrorPayloadErr extends OdsErrorInfo {
  stack: string;
  plugin: string;
}

/** Creates the plugin; throws a TypeError on invalid options. */
export function ods(options: OdsPluginOptions = {}): Plugin {
  validateOptions(options);
  let viteConfig!: ResolvedConfig;
  let logger!: Logger;
  let isDev = false;
  let odsConfig!: OdsConfig;
  /** The ods.json on disk (watched for changes), undefined for an inline config. */
  let configFile: string | undefined;
  let engine!: OdsEngine;
  let loader!: OdsModuleLoader;
  let server: ViteDevServer | undefined;
  /** Every engine build and file event runs in turn. */
  let queue: Promise<unknown> = Promise.resolve();
  let fullBuild: Promise<BuildSummary> | undefined;
  const tracked = new Map<string, TrackedModule>();
  const failedGroups = new Set<string>();
  /** Files this plugin added to Vite's watcher. */
  const watching = new Set<string>();
  const fileEvents = new Map<string, FileEvent>();
  /** The rebuilds of file events not finished yet: `?ods=` loads wait for them. */
  const rebuilding = new Set<Promise<void>>();
  let engineErrorShown = false;
  const workerScript = options.jobs === 1 ? undefined : findWorkerScript();

  const hasGenerator = (name: string) => getGenerator(name) !== undefined;
  // The engine's parses (when it runs in this thread) are offered to the module loader.
  const generate: GenerateFn = (parse, job) => {
    loader.offer(job.input, parse);
    return odsGenerate(parse, job);
  };

  const enqueue = <T>(work: () => Promise<T> | T): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  function readOdsConfig(): OdsConfig {
    const root = viteConfig.root;
    const knownGenerators = listGenerators();
    if (options.config !== undefined && typeof options.config === 'object') {
      configFile = undefined;
      return resolveConfig(options.config, join(root, 'vite.config[ods]'), { knownGenerators });
    }
    const path = resolve(root, options.config ?? 'ods.json');
    configFile = normalizePath(path);
    if (options.config === undefined && !existsSync(path)) return resolveConfig({ jobs: [] }, path, { knownGenerators });
    return loadConfig(path, { knownGenerators });
  }

  /** (Re)reads the config; in dev an invalid one is reported and replaced by an empty one. */
  function setupConfig(): void {
    if (engine) void engine.close();
    try {
      odsConfig = readOdsConfig();
    } catch (e) {
      if (!(e instanceof ConfigError) || !isDev) throw e;
      logger.error(`ods: ${e.message}`, { timestamp: true });
      odsConfig = resolveConfig({ jobs: [] }, e.configPath);
    }
    engine = new OdsEngine(odsConfig, {
      // A save's rebuild (one stale group) runs in this thread and offers its parse to the module
      // loader; several stale groups run on worker threads and offer their outputs. Sending a
      // lone group to a worker too would keep this thread free, but measured (vite-bench) it adds
      // 15-40 ms per save: the outputs' text crosses threads, and the thread is idle anyway
      // while the modules wait for the rebuild.
      generate,
      toolVersion: VERSION,
      jobs: options.jobs,
      workerScript,
      // The dev server rebuilds often: keep the worker threads between builds.
      keepWorkers: isDev,
    });
    if (loader) loader.setConfig(odsConfig);
    else loader = new OdsModuleLoader(odsConfig, odsGenerate, hasGenerator);
    failedGroups.clear();
  }

  function firstFailure(s: BuildSummary): OdsErrorInfo | undefined {
    const failed = s.outcomes.find((o) => o.status === 'failed');
    if (!failed) return undefined;
    const info = toErrorInfo(failed.error ?? s.diagnostics, odsConfig.baseDir, failed.job.input);
    info.message = `${info.message}\n(while generating ${failed.job.output})`;
    return info;
  }

  /**
   * Records which groups failed, and what each rebuilt input read: the modules importing it
   * depend on that from now on, even before the client fetches them again.
   */
  function noteBuild(s: BuildSummary, groups: readonly GroupSpec[]): void {
    for (const g of groups) {
      if (s.outcomes.some((o) => o.status === 'failed' && o.job.input === g.input)) failedGroups.add(g.key);
      else failedGroups.delete(g.key);
      const input = normalizePath(g.input);
      let files: Set<string> | undefined;
      for (const m of tracked.values()) {
        if (m.input !== input) continue;
        files ??= new Set([input, ...engine.filesOf(g).map((f) => normalizePath(f))]);
        m.files = new Set(files);
      }
    }
  }

  /** Logs a dev-server build: a summary line when something ran, the diagnostics of failures. */
  function logBuild(s: BuildSummary): void {
    if (s.failed) {
      const texts = new Set<string>();
      for (const o of s.outcomes) if (o.status === 'failed' && o.error) texts.add(decodeLatin1(o.error).trimEnd());
      logger.error(`ods: ${[...texts].join('\n')}`, { timestamp: true });
    }
    if (s.generated || s.unchanged || s.failed) logger.info(`ods: ${summaryLine(s)} (${Math.round(s.ms)} ms)`, { timestamp: true });
  }

  /** Keeps Vite's watcher on every file a job or a `?ods=` module reads. */
  function refreshWatch(): void {
    if (!server) return;
    const wanted = new Set<string>();
    for (const f of engine.watchedFiles()) wanted.add(normalizePath(f));
    // Paths the parses probed and found missing (an include that a new file would shadow or
    // provide): Vite watches its root already; outside it, chokidar watches for their creation.
    for (const f of engine.watchedProbes()) if (!isInside(f, viteConfig.root)) wanted.add(normalizePath(f));
    for (const m of tracked.values()) for (const f of m.files) wanted.add(f);
    if (configFile) wanted.add(configFile);
    const add = [...wanted].filter((f) => !watching.has(f));
    if (add.length) server.watcher.add(add);
    for (const f of add) watching.add(f);
    // Only files outside the root are unwatched: chokidar ignores an unwatched path for good,
    // and Vite watches the root itself.
    const drop = [...watching].filter((f) => !wanted.has(f) && !isInside(f, viteConfig.root));
    if (drop.length) server.watcher.unwatch(drop);
    for (const f of drop) watching.delete(f);
  }

  function sendOverlay(info: OdsErrorInfo): void {
    if (!server) return;
    const err: ErrorPayloadErr = { ...info, stack: '', plugin: PLUGIN_NAME };
    server.environments.client.hot.send({ type: 'error', err });
    engineErrorShown = true;
  }

  async function runFullBuild(): Promise<BuildSummary> {
    const s = await engine.build();
    noteBuild(s, engine.groups);
    return s;
  }

  /**
   * One watcher event: answers at once the ids of the `?ods=` modules to update, and (queued
   * behind earlier work) drops the parses that read the file and re-runs the jobs that read it.
   * The modules' loads wait for that rebuild (see `rebuilding`), so the client's requests for
   * them travel while it runs. Runs once per event, whatever the number of environments asking.
   */
  function onFileEvent(file: string, type: HotUpdateOptions['type'], timestamp: number): FileEvent {
    const key = `${timestamp}\0${file}`;
    let ev = fileEvents.get(key);
    if (!ev) {
      const ids = new Set<string>();
      const structural = type !== 'update' && file.endsWith('.td');
      if (file === configFile) for (const id of tracked.keys()) ids.add(id);
      else for (const [id, m] of tracked) if (m.files.has(file) || (structural && m.failed)) ids.add(id);
      const done: Promise<void> = enqueue(async () => {
        // Let Vite send the update first (a rebuild in this thread blocks it): the client's
        // requests for the modules then travel while the rebuild runs.
        await new Promise<void>((r) => setImmediate(r));
        if (file === configFile) {
          setupConfig();
          const s = await runFullBuild();
          logBuild(s);
          refreshWatch();
          return;
        }
        loader.invalidate([file]);
        // Modules that read the file since the event (a rebuild queued before this one found a
        // new include): they were not in the update, reload them now.
        const client = server?.environments.client;
        for (const [id, m] of tracked) {
          const node = !ids.has(id) && m.files.has(file) ? client?.moduleGraph.getModuleById(id) : undefined;
          if (node) void client!.reloadModule(node);
        }
        const groups = engine.groupsAffectedBy([file]);
        if (structural) for (const g of engine.groups) if (failedGroups.has(g.key) && !groups.includes(g)) groups.push(g);
        if (groups.length) {
          // The bytes the build should read, to check afterwards that it read exactly those.
          const before = loader.snapshot(new Set(groups.flatMap((g) => engine.filesOf(g))));
          const s = await engine.build(groups);
          // The outputs are on disk: say so first.
          logBuild(s);
          noteBuild(s, groups);
          // What the jobs wrote serves the modules asking for the same output.
          for (const g of groups) {
            const files = engine.filesOf(g);
            for (const o of s.outcomes)
              if (o.job.input === g.input && (o.status === 'generated' || o.status === 'unchanged'))
                loader.offerOutput(o.job.input, o.job.generator, o.job.args, files, before, () => readFileSync(o.job.output, 'latin1'));
          }
          const failure = firstFailure(s);
          const clientIds = [...ids].filter((id) => server?.environments.client.moduleGraph.getModuleById(id));
          if (failure && clientIds.length === 0) sendOverlay(failure);
          else if (!failure && engineErrorShown && clientIds.length === 0 && failedGroups.size === 0) {
            // Nothing on the page reads this file: an empty update clears the overlay.
            server?.environments.client.hot.send({ type: 'update', updates: [] });
            engineErrorShown = false;
          } else if (!failure && failedGroups.size === 0) engineErrorShown = false;
        }
        refreshWatch();
      });
      const settled = done.catch((e: unknown) => logger.error(`ods: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`, { timestamp: true }));
      rebuilding.add(settled);
      void settled.finally(() => rebuilding.delete(settled));
      ev = { ids, done: settled };
      fileEvents.set(key, ev);
      setTimeout(() => fileEvents.delete(key), 30_000).unref();
    }
    return ev;
  }

  /** Is a watcher event for `file` any business of this plugin? */
  function concerns(file: string, type: HotUpdateOptions['type']): boolean {
    if (file === configFile) return true;
    if (type !== 'update' && file.endsWith('.td')) return true;
    if (watching.has(file)) return true;
    for (const m of tracked.values()) if (m.files.has(file)) return true;
    return false;
  }

  /** The absolute file of an `?ods=` import, or undefined to let other resolvers try. */
  function resolveOdsPath(path: string, importer: string | undefined): string | undefined {
    const root = viteConfig.root;
    if (path.startsWith('/@fs/')) return resolve(path.slice('/@fs'.length));
    if (path.startsWith('/')) {
      const inRoot = join(root, path);
      if (existsSync(inRoot)) return inRoot;
      return existsSync(path) ? path : inRoot;
    }
    if (path.startsWith('./') || path.startsWith('../')) {
      const from = importer && !importer.startsWith('\0') ? resolve(splitQuery(importer)[0], '..') : root;
      return resolve(from, path);
    }
    return undefined;
  }

  return {
    name: PLUGIN_NAME,
    enforce: 'pre',

    config(user) {
      // The engine's cache folder changes on every build: Vite need not watch it (unless the
      // watcher is off altogether: `watch: null` stays null).
      if (user.server?.watch === null) return;
      return { server: { watch: { ignored: ['**/.ods-cache/**'] } } };
    },

    configResolved(config) {
      viteConfig = config;
      logger = config.logger;
      isDev = config.command === 'serve';
      setupConfig();
    },

    configureServer(devServer) {
      server = devServer;
      // The cache folder is never served, whatever server.fs allows.
      const guard: Connect.NextHandleFunction = (req, res, next) => {
        if (!req.url) return next();
        let path: string;
        try {
          path = decodeURIComponent(splitQuery(req.url)[0]!);
        } catch {
          return next();
        }
        const base = viteConfig.base.endsWith('/') ? viteConfig.base : viteConfig.base + '/';
        if (path.startsWith(base)) path = '/' + path.slice(base.length);
        const file = resolve(path.startsWith('/@fs/') ? path.slice('/@fs'.length) : join(viteConfig.root, path));
        if (isInside(file, resolve(odsConfig.cacheDir))) {
          res.statusCode = 403;
          res.end(`${PLUGIN_NAME}: the ods cache folder is not served`);
          return;
        }
        next();
      };
      devServer.middlewares.use(guard);
      refreshWatch();
      fullBuild = enqueue(async () => {
        const s = await runFullBuild();
        logBuild(s);
        refreshWatch();
        return s;
      });
      fullBuild.catch((e: unknown) => logger.error(`ods: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`));
    },

    async closeBundle() {
      // In dev, when the server closes: stop the engine's worker threads.
      if (isDev) await engine.close();
    },

    async buildStart() {
      if (isDev) return;
      // One build per cycle even when several environments start at once.
      fullBuild ??= runFullBuild().finally(() => {
        fullBuild = undefined;
      });
      const s = await fullBuild;
      await engine.close();
      for (const f of engine.watchedFiles()) this.addWatchFile(f);
      if (configFile && existsSync(configFile)) this.addWatchFile(configFile);
      const failure = firstFailure(s);
      if (failure) this.error(failure);
      if (s.generated || s.failed) this.info(`${summaryLine(s)} (${Math.round(s.ms)} ms)`);
    },

    resolveId: {
      order: 'pre',
      async handler(source, importer) {
        if (!hasOdsQuery(source)) return null;
        const [path, query] = splitQuery(source);
        let file = resolveOdsPath(path, importer);
        if (file === undefined) {
          // A bare specifier (e.g. a package shipping .td files): let Vite resolve the path.
          const r = await this.resolve(path, importer, { skipSelf: true });
          if (!r || r.external) return null;
          file = splitQuery(r.id)[0];
        }
        return `${normalizePath(file)}?${query}`;
      },
    },

    load: {
      order: 'pre',
      async handler(id) {
        if (!hasOdsQuery(id)) return null;
        let query;
        try {
          query = parseOdsQuery(id);
        } catch (e) {
          if (e instanceof OdsQueryError) return this.error({ message: e.message, id });
          throw e;
        }
        if (!query) return null;
        const raw = splitQuery(id)[0];
        if (!isAbsolute(raw)) return this.error({ message: `'?ods=' imports need a .td file, not ${raw}`, id });
        // Resolved: no `..` may walk out of an allowed folder.
        const file = normalizePath(resolve(raw));
        if (!file.endsWith('.td')) return this.error({ message: `'?ods=' imports need a .td file, not ${file}`, id });
        if (isInside(file, normalizePath(resolve(odsConfig.cacheDir))))
          return this.error({ message: `${file} is in the ods cache folder, which is never served`, id });
        if (isDev && !isFileLoadingAllowed(viteConfig, file))
          return this.error({
            message:
              `${file} is outside Vite's serving allow list or matches its deny list (server.fs); ` +
              `add its folder to server.fs.allow to import it with '?ods='`,
            id,
          });
        if (!existsSync(file)) return this.error({ message: `cannot open ${file}: no such file`, id });
        // A save's rebuild under way writes (and offers) what this module shows: wait for it.
        if (rebuilding.size) await Promise.all([...rebuilding]);
        const out = loader.load(file, query.generator, query.args);
        const files = new Set(out.files.map((f) => normalizePath(f)));
        files.add(file);
        tracked.set(id, { input: file, files, failed: out.error !== undefined });
        if (isDev) refreshWatch();
        else for (const f of files) this.addWatchFile(f);
        if (out.missingGenerator) {
          if (query.optional) return { code: 'export default null;\n', moduleType: 'js' };
          return this.error({
            message: `unknown generator '${query.generator}' in '?ods=' (available: ${availableGenerators().join(', ')}; add '&optional' to get null instead)`,
            id,
          });
        }
        if (out.error !== undefined) return this.error(toErrorInfo(out.error, odsConfig.baseDir, file));
        const text = decodeLatin1(out.text ?? '');
        const code =
          query.generator === 'records' ? `export default JSON.parse(${JSON.stringify(text)});\n` : `export default ${JSON.stringify(text)};\n`;
        return { code, map: { mappings: '' }, moduleType: 'js' };
      },
    },

    hotUpdate: {
      order: 'pre',
      async handler({ file, type, modules, timestamp }) {
        const f = normalizePath(file);
        if (!concerns(f, type)) return;
        const { ids } = onFileEvent(f, type, timestamp);
        const graph = this.environment.moduleGraph;
        const ours: EnvironmentModuleNode[] = [];
        for (const id of ids) {
          const m = graph.getModuleById(id);
          if (m) ours.push(m);
        }
        // Vite's own candidates minus our modules that did not read the file (none should).
        const others = modules.filter((m) => !(m.id && hasOdsQuery(m.id)));
        return [...others, ...ours];
      },
    },
  };
}

export default ods;
