// `ods-tblgen build [--config ods.json] [--watch] [--jobs N] [--cache-dir DIR]`: runs the jobs of
// an ods.json through the incremental engine, printing progress and a summary.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ConfigError,
  OdsEngine,
  expandedConfigSpec,
  loadConfig,
  resolveConfig,
  runGroup,
  type OdsConfigSpec,
  summaryLine,
  watchEngine,
  type BuildSummary,
} from '@ods-ts/ods-engine';
import { generate } from './generate.js';
import { listGenerators } from './registry.js';
import { buildArgs } from './build-args.js';
import { BUILD_HANDED_BACK, MIN_INPUTS_FOR_WORKERS } from './startup-snapshot-seeds.js';
import { VERSION } from './version.js';

export interface BuildIO {
  stdout(text: string): void;
  stderr(text: string): void;
  cwd?: string;
  /** Parse and generate in the calling thread, no worker threads (the build service's threads are warm). */
  inThread?: boolean;
  /**
   * A process that cannot start worker threads (one started from a startup snapshot): a build
   * that would use them returns BUILD_HANDED_BACK before printing anything.
   */
  noWorkers?: boolean;
  /** Run the build's parses and generators and stop there: nothing printed or written (startup snapshots). */
  rehearsal?: boolean;
}

const BUILD_HELP = `USAGE: ods-tblgen build [--config ods.json] [--watch] [--jobs N] [--cache-dir DIR]

Runs every job of an ods.json config: one parse per input shared by its outputs, nothing re-run
when no input changed, outputs written only when their bytes change.

OPTIONS:
  -c, --config <file>   the config (default: ods.json in the working directory)
  -w, --watch           keep running and rebuild what an edit affects
  -j, --jobs <n>        parallel parses on worker threads (default: available cores)
  --cache-dir <dir>     the cache folder (default: the config's cacheDir, else .ods-cache beside it)
  --print-config        print the expanded config (presets and globs as plain jobs, absolute paths) and exit
  --cache-key <text>    ignored by the build: text for a build system that keys its cache on the
                        command (the Nx plugin passes a hash of the .td files outside the workspace,
                        so that an upgraded MLIR misses Nx's cache)

Exit status: 0 when every job succeeded, 1 otherwise (a failed job does not stop the others).
`;

function report(s: BuildSummary, io: BuildIO): void {
  if (s.diagnostics) io.stderr(s.diagnostics);
  for (const o of s.outcomes) if (o.status === 'failed' && o.error && !s.diagnostics.includes(o.error)) io.stderr(o.error);
  io.stdout(`ods: ${summaryLine(s)} (${Math.round(s.ms)} ms)\n`);
}

/** Run the build subcommand; resolves to the exit code (in watch mode, when stopped). */
export async function runBuildCommand(argv: readonly string[], io: BuildIO, signal?: AbortSignal): Promise<number> {
  let configPath = 'ods.json';
  let watch = false;
  let jobs: number | undefined;
  let cacheDir: string | undefined;
  // Undocumented: the config's JSON itself, `--config` naming where it counts as written (the
  // Nx executor's inline jobs through the build service).
  let configJson: string | undefined;
  let printConfig = false;
  for (const { arg: a, name, value } of buildArgs(argv)) {
    switch (name) {
      case '--config':
      case '-c':
        configPath = value ?? configPath;
        break;
      case '--watch':
      case '-w':
        watch = true;
        break;
      case '--jobs':
      case '-j':
        jobs = Number(value);
        if (!Number.isInteger(jobs) || jobs < 1) {
          io.stderr(`ods-tblgen build: --jobs needs a positive integer\n`);
          return 1;
        }
        break;
      case '--cache-dir':
        cacheDir = value;
        break;
      case '--cache-key':
        break;
      case '--config-json':
        configJson = value;
        break;
      case '--print-config':
        printConfig = true;
        break;
      case '--help':
      case '-h':
        io.stdout(BUILD_HELP);
        return 0;
      default:
        io.stderr(`ods-tblgen build: unknown argument '${a}'\n${BUILD_HELP}`);
        return 1;
    }
  }
  const cwd = io.cwd ?? process.cwd();
  const workerScript = new URL('./engine-worker.js', import.meta.url);
  const makeEngine = (): OdsEngine => {
    const configOpts = { knownGenerators: listGenerators(), cacheDir: cacheDir ? resolve(cwd, cacheDir) : undefined };
    const config =
      configJson === undefined
        ? loadConfig(resolve(cwd, configPath), configOpts)
        : resolveConfig(JSON.parse(configJson) as OdsConfigSpec, resolve(cwd, configPath), configOpts);
    return new OdsEngine(config, {
      generate,
      toolVersion: VERSION,
      jobs,
      minGroupsForWorkers: MIN_INPUTS_FOR_WORKERS,
      ...(io.inThread || io.noWorkers || io.rehearsal ? {} : { workerScript }),
      // The generators' code, part of every cache key whichever thread runs them (the worker
      // script bundles them all): the service, a snapshot and a plain run share the cache.
      toolFiles: [fileURLToPath(workerScript)],
      keepWorkers: watch,
      loneGroupOnWorker: watch,
      log: (l) => io.stdout(l + '\n'),
    });
  };
  let engine: OdsEngine;
  try {
    engine = makeEngine();
  } catch (e) {
    if (e instanceof ConfigError) {
      io.stderr(e.message + '\n');
      return 1;
    }
    throw e;
  }
  if (printConfig) {
    io.stdout(JSON.stringify(expandedConfigSpec(engine.config), null, 2) + '\n');
    await engine.close();
    return 0;
  }
  if (io.rehearsal) {
    // A build on worker threads never runs from a snapshot (runsOnWorkers): its parses would only
    // make the snapshot larger and slower to load.
    if (!engine.wantsWorkers()) for (const group of engine.groups) runGroup(group, generate);
    await engine.close();
    return 0;
  }
  if (io.noWorkers && (watch || engine.wantsWorkers())) {
    await engine.close();
    return BUILD_HANDED_BACK;
  }
  io.stdout(`ods: ${engine.config.jobs.length} jobs from ${engine.config.configPath}\n`);
  const first = await engine.build();
  report(first, io);
  if (!watch) return first.failed ? 1 : 0;
  const handle = await watchEngine(engine, {
    log: (l) => io.stdout(l + '\n'),
    config: { path: engine.config.configPath, reload: makeEngine },
  });
  io.stdout('ods: watching for changes (Ctrl-C to stop)\n');
  await new Promise<void>((res) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      signal?.removeEventListener('abort', stop);
      res();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    if (signal?.aborted) stop();
    else signal?.addEventListener('abort', stop, { once: true });
  });
  await handle.close();
  return 0;
}
