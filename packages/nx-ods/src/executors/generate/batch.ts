// Nx batch mode for `@ods-ts/nx-ods:generate` (`nx run-many -t ods --batch`, NX_BATCH_MODE=true):
// every ods task of the batch runs on the warm threads of a build service, so the include parses
// shared by the projects (OpBase.td and friends) are parsed once per thread, the threads work in
// parallel, and each task's result reaches Nx as it completes. The service is the user's own
// where it may run (started by the batch when it does not run, as the CLI starts it: the next
// batch, often a few affected projects, then meets warm threads rather than starting cold), else
// (ODS_DAEMON=false, CI) a private one in this process, started for the batch and stopped after.
//
// The tasks go in lanes, one per thread, each a run of the tasks in the order of their inputs'
// paths (a lane out of work takes from the end of the longest one): a thread meets the projects
// of one folder one after another, whose inputs begin with the same includes (SPIRV's fifteen
// files all include SPIRVBase.td), and keeps the parses of those includes (share.ts). Sent all at
// once, the tasks went to whichever thread was free: over MLIR's 91 dialect files, two threads
// then parse 1,829 to 1,886 includes, in lanes 1,737 (one thread alone: 1,628).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { ExecutorContext, TaskGraph } from '@nx/devkit';
import { type GenerateExecutorOptions, buildArgs, runInProcess } from './executor.js';

interface TaskResult {
  readonly task: string;
  readonly result: { success: boolean; terminalOutput: string; startTime: number; endTime: number };
}

export default async function* generateBatch(
  taskGraph: TaskGraph,
  inputs: Record<string, GenerateExecutorOptions>,
  _overrides: GenerateExecutorOptions,
  context: ExecutorContext,
): AsyncGenerator<TaskResult> {
  const client = await import('@ods-ts/ods-backends/client');
  // The service alone (not the engine's index: watch mode and chokidar, ~0.3 s to load).
  const { startAndAwaitService, startService } = await import('@ods-ts/ods-engine/service');
  const target = client.serviceTarget();
  const userService = client.serviceEnabled() && target !== undefined;
  // The user's service, started once by the first task that finds it not running, and waited for.
  let userStart: Promise<boolean> | undefined;
  const ensureUserService = () =>
    (userStart ??= target ? startAndAwaitService({ ...target, env: process.env }, 5_000).then((s) => s !== undefined) : Promise.resolve(false));
  let privateDir: string | undefined;
  let stop: (() => Promise<void>) | undefined;
  const env = { ...process.env };
  // One private service for the whole batch, started by the first task that needs it.
  let starting: Promise<void> | undefined;
  const ensurePrivate = () =>
    (starting ??= (async () => {
      if (!target) return;
      // The threads start cold on the whole batch: the flags `ods-tblgen build` runs with (this
      // process is the batch's own; Nx's code here is compiled already).
      setFlagsFromString(client.BUILD_V8_FLAGS);
      privateDir = mkdtempSync(join(tmpdir(), 'ods-batch-'));
      const handle = await startService({
        buildId: target.buildId,
        workerScript: client.serviceWorkerScript(),
        dir: privateDir,
        idleMs: 3_600_000,
        threads: availableParallelism(),
        maxThreadHeapMb: 1024,
      });
      stop = handle ? () => handle.stop() : undefined;
    })());
  try {
    const args = (taskId: string) => buildArgs(inputs[taskId] ?? {}, context, taskGraph.tasks[taskId]!.target.project);
    const run = async (taskId: string): Promise<TaskResult> => {
      const startTime = Date.now();
      const taskArgs = args(taskId);
      let r = userService ? await client.runBuildThroughService(taskArgs, context.root, false) : undefined;
      if (!r && userService && (await ensureUserService())) r = await client.runBuildThroughService(taskArgs, context.root, false);
      if (!r) {
        await ensurePrivate();
        r = privateDir && target ? await client.runBuildIn(target, privateDir, taskArgs, context.root, env) : undefined;
      }
      let output: string;
      let code: number;
      if (r) {
        output = r.output.map(([, t]) => t).join('');
        code = r.code;
      } else {
        // No service could run: this process, one task after another.
        output = '';
        const collect = (t: string) => void (output += t);
        code = await runInProcess(taskArgs, context.root, { stdout: collect, stderr: collect });
      }
      // Nx prints each task's terminal output under its name.
      const terminalOutput = Buffer.from(output, 'latin1').toString('utf8');
      return { task: taskId, result: { success: code === 0, terminalOutput, startTime, endTime: Date.now() } };
    };
    const ids = Object.keys(inputs);
    process.stdout.write(`ods batch: ${ids.length} tasks, ${userService ? 'on your build service (started when it does not run)' : 'on the threads of a private build service'}\n`);
    const keys = new Map(ids.map((id) => [id, localityKey(args(id), context.root)]));
    const lanes = inLanes(
      [...ids].sort((a, b) => (keys.get(a)! < keys.get(b)! ? -1 : keys.get(a)! > keys.get(b)! ? 1 : 0)),
      Math.max(1, availableParallelism()),
    );
    // Results as they finish, in the order they finish.
    const finished: TaskResult[] = [];
    let wake: (() => void) | undefined;
    let running = lanes.length;
    for (let lane = 0; lane < lanes.length; lane++) {
      void (async () => {
        for (let id = nextOf(lanes, lane); id !== undefined; id = nextOf(lanes, lane)) {
          const startTime = Date.now();
          finished.push(
            await run(id).catch((e: unknown) => {
              const terminalOutput = `error: ${e instanceof Error ? e.message : String(e)}\n`;
              return { task: id, result: { success: false, terminalOutput, startTime, endTime: Date.now() } };
            }),
          );
          wake?.();
        }
        running--;
        wake?.();
      })();
    }
    while (running > 0 || finished.length > 0) {
      if (finished.length === 0) await new Promise<void>((res) => (wake = res));
      while (finished.length > 0) yield finished.shift()!;
    }
  } finally {
    await stop?.();
    if (privateDir) rmSync(privateDir, { recursive: true, force: true });
  }
}

/**
 * Where a task's inputs are, for ordering the tasks: the first input of its ods.json (resolved
 * from the config's folder), else the config's path. Only a key: a config this cannot read is
 * reported by its build.
 */
function localityKey(args: readonly string[], root: string): string {
  const at = args.indexOf('--config');
  const config = at >= 0 ? resolve(root, args[at + 1] ?? '') : root;
  try {
    const spec = JSON.parse(readFileSync(config, 'utf8')) as { jobs?: { input?: unknown }[]; dialects?: { input?: unknown }[] };
    const first = [...(spec.dialects ?? []), ...(spec.jobs ?? [])].find((j) => typeof j.input === 'string')?.input as string | undefined;
    if (first) return resolve(dirname(config), first);
  } catch {
    // the config's path then
  }
  return config;
}

/** `ids` (in order) cut into `count` contiguous runs. */
function inLanes(ids: readonly string[], count: number): string[][] {
  const n = Math.min(count, ids.length);
  return Array.from({ length: n }, (_, k) => ids.slice(Math.floor((k * ids.length) / n), Math.floor(((k + 1) * ids.length) / n)));
}

/** A lane's next task: the front of its own run, else the end of the longest run left. */
function nextOf(lanes: string[][], lane: number): string | undefined {
  const own = lanes[lane]!;
  if (own.length > 0) return own.shift();
  let longest = own;
  for (const r of lanes) if (r.length > longest.length) longest = r;
  return longest.pop();
}
