// The thin client entry (dist/client.js): what `ods-tblgen` loads first. When the build service
// may be used it sends the run there and prints its output; it loads no generator, parser or
// engine code. Undefined means "run in-process" (no service yet: one is started for next time).
import { runThroughService, serviceEnabled, type RunResult, type ServiceTarget } from '@ods-ts/ods-engine/service-client';
import { fileURLToPath } from 'node:url';
import { exitQuietlyWhenClosed } from './closed-streams.js';
import { serviceTarget as targetOf } from './service-target.js';
import { noteRun, runFromSnapshot, snapshotPaths, snapshotsEnabled } from './startup-snapshot.js';

export { runCompiled, runCompiledInThread } from './compile-cache.js';

/**
 * V8 flags for a process that builds many outputs on cold threads (`build`, the build service, an
 * Nx batch): half V8's cumulative inlining budget, and large functions wait longer before TurboFan
 * takes them. Every thread compiles the generators on its own, and on two cores that compile time
 * competes with the work (bin/ods-tblgen.js says what each flag saves). Set with
 * v8.setFlagsFromString before the threads start.
 */
export const BUILD_V8_FLAGS = '--max-inlined-bytecode-size-cumulative=230 --bytecode-size-allowance-per-tick=10';

/** This build's service target (undefined when the build id is missing). */
export function serviceTarget(): ServiceTarget | undefined {
  return targetOf(import.meta.url);
}

/** The thread entry of this build's service, for hosts that run a service of their own (Nx batch mode). */
export function serviceWorkerScript(): URL {
  return new URL('./service-worker.js', import.meta.url);
}

/** Run `ods-tblgen build <argv>` through the service listening in `dir` (never started from here). */
export function runBuildIn(t: ServiceTarget, dir: string, argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<RunResult | undefined> {
  return runThroughService({ ...t, env: { ...env, ODS_DAEMON_DIR: dir } }, 'build', argv, { cwd, start: false });
}

/** Whether `build` arguments ask for watch mode (a long-running process of its own). */
export function watching(argv: readonly string[]): boolean {
  return argv.some((a) => a === '--watch' || a === '-w' || a.startsWith('--watch='));
}

/** Whether `argv` may run through the service: not the service itself, the LSP or a watch. */
function eligible(argv: readonly string[]): boolean {
  const sub = argv[0];
  if (sub === 'daemon' || sub === 'lsp') return false;
  if (sub === 'build') return !watching(argv);
  return true;
}

/** Print what a run through the service printed, in its order, on this process's streams. */
export function printOutput(r: RunResult): void {
  for (const [fd, text] of r.output) (fd === 1 ? process.stdout : process.stderr).write(Buffer.from(text, 'latin1'));
}

/** Run `argv` through the service and print its output; the exit code, or undefined. */
export async function runViaService(argv: readonly string[]): Promise<number | undefined> {
  if (!serviceEnabled() || !eligible(argv)) return undefined;
  const target = serviceTarget();
  if (!target) return undefined;
  const build = argv[0] === 'build';
  const r = await runThroughService(target, build ? 'build' : 'cli', build ? argv.slice(1) : argv, { cwd: process.cwd(), start: true });
  if (!r) return undefined;
  exitQuietlyWhenClosed();
  printOutput(r);
  return r.code;
}

/**
 * Run `ods-tblgen build <argv>` in `cwd` through the service (the Nx executor); undefined: no
 * service answered (one is started for next time unless `start` is false), run in-process.
 */
export async function runBuildThroughService(argv: readonly string[], cwd: string, start = true): Promise<RunResult | undefined> {
  if (!serviceEnabled()) return undefined;
  const target = serviceTarget();
  return target && runThroughService(target, 'build', argv, { cwd, start });
}

/** The executable (a startup snapshot's process gets it as argv[1]; it runs `daemon snapshot`). */
const bin = () => fileURLToPath(new URL('../bin/ods-tblgen.js', import.meta.url));

/** This build's startup snapshot files, when snapshots are on. */
function snapshots() {
  const target = snapshotsEnabled() ? serviceTarget() : undefined;
  return target && snapshotPaths(target.buildId);
}

/**
 * Run `argv` (`build` without --watch) from this build's startup snapshot (startup-snapshot.ts):
 * the exit code, or undefined when there is none, or the build wants worker threads.
 */
function runFromThisSnapshot(argv: readonly string[]): number | undefined {
  const p = snapshots();
  return p && runFromSnapshot(p, argv, bin());
}

/** After a successful run without the service: note it as a seed of the next snapshot. */
function noteThisRun(argv: readonly string[]): void {
  const p = snapshots();
  if (p) noteRun(p, argv, process.cwd(), bin());
}

export { noteThisRun as noteRun, runFromThisSnapshot as runFromSnapshot };

export { serviceEnabled, type RunResult };
