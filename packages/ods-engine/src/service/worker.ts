// A thread of the build service: runs one request at a time with the handlers of its script
// (the CLI, `build`), in the client's working directory and environment. The thread stays warm
// between requests: its JIT and its shared include parses serve the next one.
import { type MessagePort, parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import type { RunKind } from './protocol.js';

export interface WorkerRequest {
  readonly kind: RunKind;
  readonly argv: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
}

/** Drop what the thread keeps for later requests (the service has been idle a while). */
export interface WorkerTrim {
  readonly trim: true;
}

export type WorkerReply =
  | { readonly t: 'out' | 'err'; readonly s: string }
  | { readonly t: 'stdin?' }
  | { readonly t: 'done'; readonly code: number; readonly heapMb: number };

/** Where a handler reads and writes: latin1 byte strings, as the CLI's io. */
export interface ServiceIO {
  stdout(text: string): void;
  stderr(text: string): void;
  readonly cwd: string;
  /** The client's standard input (asked for on first use). */
  stdin(): string;
}

export type ServiceHandlers = Record<RunKind, (argv: readonly string[], io: ServiceIO) => number | Promise<number>> & {
  /** Drop caches kept for later requests (the service is idle). */
  readonly trim?: () => void;
};

/** Call from the service's worker script. */
export function serveServiceWorker(handlers: ServiceHandlers): void {
  const port = parentPort;
  if (!port) throw new Error('serveServiceWorker must run in a worker thread');
  const { stdinPort, stdinFlag } = workerData as { stdinPort: MessagePort; stdinFlag: Int32Array };
  const post = (m: WorkerReply) => port.postMessage(m);
  port.on('message', async (req: WorkerRequest | WorkerTrim) => {
    if ('trim' in req) return handlers.trim?.();
    // The client's environment, for this request ($env{...} in ods.json, MLIR_INCLUDE_DIR).
    for (const k of Object.keys(process.env)) delete process.env[k];
    Object.assign(process.env, req.env);
    // Nothing left over from an earlier request's standard input.
    Atomics.store(stdinFlag, 0, 0);
    while (receiveMessageOnPort(stdinPort)) {}
    let stdin: string | undefined;
    const io: ServiceIO = {
      stdout: (s) => post({ t: 'out', s }),
      stderr: (s) => post({ t: 'err', s }),
      cwd: req.cwd,
      stdin: () => {
        if (stdin === undefined) {
          post({ t: 'stdin?' });
          Atomics.wait(stdinFlag, 0, 0);
          Atomics.store(stdinFlag, 0, 0);
          stdin = (receiveMessageOnPort(stdinPort)?.message as string | undefined) ?? '';
        }
        return stdin;
      },
    };
    let code: number;
    try {
      code = await handlers[req.kind](req.argv, io);
    } catch (e) {
      io.stderr(`ods-tblgen: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
      code = 1;
    }
    post({ t: 'done', code, heapMb: Math.round(process.memoryUsage().heapUsed / 1048576) });
  });
}
