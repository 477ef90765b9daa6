// The build service's wire protocol: one JSON object per line over a Unix socket, both ways.
// Texts are latin1 "byte strings" (one character per byte, as the CLI's io carries them); the
// socket carries them as UTF-8, which gives back the same characters.
import type { Socket } from 'node:net';

/** What a request runs: the mlir-tblgen/llvm-tblgen compatible CLI, or `build`. */
export type RunKind = 'cli' | 'build';

export type ClientMessage =
  | {
      readonly t: 'run';
      readonly build: string;
      readonly token: string;
      readonly kind: RunKind;
      readonly argv: readonly string[];
      readonly cwd: string;
      readonly env: Readonly<Record<string, string>>;
    }
  | { readonly t: 'status' | 'stop'; readonly build: string; readonly token: string }
  /** The client's standard input, when the service asked for it. */
  | { readonly t: 'stdin'; readonly s: string };

export interface ServiceStatus {
  readonly pid: number;
  readonly build: string;
  readonly socket: string;
  readonly uptimeMs: number;
  readonly served: number;
  readonly workers: number;
  readonly rssMb: number;
  readonly idleExitMs: number;
  /** How long it has been idle (0: busy). */
  readonly idleMs: number;
  /** Idle time after which the threads drop their caches (undefined: never). */
  readonly trimAfterMs?: number;
  /** Whether the threads dropped their caches and have not served a request since. */
  readonly trimmed: boolean;
  /** Threads retired because their heap passed maxThreadHeapMb (each replaced by a fresh one). */
  readonly threadsReplaced: number;
  readonly maxThreadHeapMb?: number;
}

export type ServiceMessage =
  /** The request is queued or running (sent every second: a client that hears nothing gives up). */
  | { readonly t: 'hb' }
  | { readonly t: 'out' | 'err'; readonly s: string }
  /** The run needs the client's standard input. */
  | { readonly t: 'stdin?' }
  | { readonly t: 'exit'; readonly code: number }
  /** Wrong build or token, or the service is stopping: run in-process. */
  | { readonly t: 'refused'; readonly why: string }
  /** The thread running the request died: run in-process. */
  | { readonly t: 'lost' }
  | { readonly t: 'status'; readonly status: ServiceStatus }
  | { readonly t: 'bye' };

/** Send one message. */
export function send(socket: Socket, m: ClientMessage | ServiceMessage): void {
  if (!socket.destroyed) socket.write(JSON.stringify(m) + '\n');
}

/** Call `onMessage` with each message that arrives on `socket`; a line that is not JSON ends it. */
export function onMessages<M>(socket: Socket, onMessage: (m: M) => void): void {
  let pending = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    pending += chunk;
    let nl: number;
    while ((nl = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      let m: M;
      try {
        m = JSON.parse(line) as M;
      } catch {
        socket.destroy();
        return;
      }
      onMessage(m);
    }
  });
}
