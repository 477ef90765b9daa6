// Nx batch mode for `@ods-ts/nx-ods:generate` (`nx run-many -t ods --batch`, NX_BATCH_MODE=true):
// every ods task of the batch runs in one process on the warm threads of a build service (the
// user's own when it runs, else a private one started here for the batch and stopped after it),
// so the include parses shared by the projects (OpBase.td and friends) are parsed once per
// thread, the threads work in parallel, and each task's result reaches Nx as it completes.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
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
  const { startService } = await import('@ods-ts/ods-engine');
  const target = client.serviceTarget();
  // The user's service when it runs (not started from here: a batch brings its own).
  const userService = client.serviceEnabled() && target !== undefined;
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
    const run = async (taskId: string): Promise<TaskResult> => {
      const startTime = Date.now();
      const task = taskGraph.tasks[taskId]!;
      const args = buildArgs(inputs[taskId] ?? {}, context, task.target.project);
      let r = userService ? await client.runBuildThroughService(args, context.root, false) : undefined;
      if (!r) {
        await ensurePrivate();
        r = privateDir && target ? await client.runBuildIn(target, privateDir, args, context.root, env) : undefined;
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
        code = await runInProcess(args, context.root, { stdout: collect, stderr: collect });
      }
      // Nx prints each task's terminal output under its name.
      const terminalOutput = Buffer.from(output, 'latin1').toString('utf8');
      return { task: taskId, result: { success: code === 0, terminalOutput, startTime, endTime: Date.now() } };
    };
    const ids = Object.keys(inputs);
    process.stdout.write(`ods batch: ${ids.length} tasks, ${userService ? 'on the build service when it runs, else ' : ''}on the threads of a private build service\n`);
    // Every task at once: the service queues them for its threads; results come as they finish.
    const pending = new Map<string, Promise<TaskResult>>();
    for (const id of ids) pending.set(id, run(id));
    while (pending.size > 0) {
      const done = await Promise.race(pending.values());
      pending.delete(done.task);
      yield done;
    }
  } finally {
    await stop?.();
    if (privateDir) rmSync(privateDir, { recursive: true, force: true });
  }
}
