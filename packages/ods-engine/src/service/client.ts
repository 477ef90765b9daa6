// The client side of the build service, small enough for the CLI's thin entry (node built-ins
// only): decides whether a run may go through the service, connects, sends the run and buffers
// its output until the exit code arrives. Whenever the service is missing, refuses, dies or
// stops answering, it returns undefined and the caller runs the job in-process; since nothing
// was printed yet and the service writes files atomically, nothing is lost or printed twice.
import { closeSync, openSync, readFileSync, readSync, statSync, writeSync } from 'node:fs';
import { connect } from 'node:net';
import { ensurePrivateDir, serviceDir, servicePaths, type ServicePaths } from './paths.js';
import { type RunKind, type ServiceMessage, type ServiceStatus, onMessages, send } from './protocol.js';

// The private folder, for other per-user files of the tool's (the CLI's code cache).
export { ensurePrivateDir, serviceDir } from './paths.js';

/** `ODS_DAEMON`: `false`/`0`/`off` never, `true`/`1`/`on` always; unset: on, except when `CI` is set. */
export function serviceEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = env['ODS_DAEMON']?.toLowerCase();
  if (v === 'false' || v === '0' || v === 'off' || v === 'no') return false;
  if (v === 'true' || v === '1' || v === 'on' || v === 'yes') return true;
  return !env['CI'] || env['CI'] === 'false' || env['CI'] === '0';
}

export interface ServiceTarget {
  /** The tool build's id (the handshake: a client never talks to another build's service). */
  readonly buildId: string;
  /** Starts a detached service: the command and its arguments (e.g. node, bundle, `daemon serve`). */
  readonly command: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
}

export interface RunResult {
  readonly code: number;
  /** What the run printed, in order: 1 for stdout, 2 for stderr (replayed as one process would). */
  readonly output: readonly (readonly [1 | 2, string])[];
}

/** Why the last run of this process did not go through the service (diagnostics and tests). */
export let lastFallback = '';

/** Silence longer than this (the service sends a heartbeat every second) means it hangs. */
const HANG_MS = 10_000;
/** A start lock younger than this means another client is starting the service. */
const STARTING_MS = 10_000;

function paths(t: ServiceTarget): ServicePaths | undefined {
  const dir = serviceDir(t.env);
  try {
    ensurePrivateDir(dir);
  } catch {
    return undefined;
  }
  return servicePaths(dir, t.buildId);
}

function readToken(p: ServicePaths): string | undefined {
  try {
    return readFileSync(p.token, 'utf8');
  } catch {
    return undefined;
  }
}

/** Start the service in the background unless another client just did. */
export function startServiceDetached(t: ServiceTarget): void {
  const p = paths(t);
  if (!p) return;
  try {
    if (Date.now() - statSync(p.starting).mtimeMs < STARTING_MS) return;
  } catch {
    // no lock
  }
  try {
    const fd = openSync(p.starting, 'w', 0o600);
    writeSync(fd, String(process.pid));
    closeSync(fd);
    const [cmd, ...args] = t.command;
    // child_process only when a service is started: most runs talk to a running one.
    void import('node:child_process').then(({ spawn }) => {
      const child = spawn(cmd!, args, { detached: true, stdio: 'ignore', cwd: p.dir, env: t.env ?? process.env });
      child.on('error', () => undefined);
      child.unref();
    });
  } catch {
    // The run goes on in-process; the next one tries again.
  }
}

/** Read all of file descriptor 0 as a byte string (the CLI's `-` input, here and in-process). */
export function readStdin(): string {
  const chunks: Buffer[] = [];
  const buf = Buffer.alloc(1 << 16);
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buf, 0, buf.length, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
        continue;
      }
      if (code === 'EOF') break;
      throw e;
    }
    if (n === 0) break;
    chunks.push(Buffer.from(buf.subarray(0, n)));
  }
  return Buffer.concat(chunks).toString('latin1');
}

/**
 * Run `argv` through the service. Undefined: no service answered (one is started in the
 * background when `start` is set); run in-process.
 */
export function runThroughService(
  t: ServiceTarget,
  kind: RunKind,
  argv: readonly string[],
  opts: { cwd: string; start?: boolean; stdin?: () => string; hangMs?: number },
): Promise<RunResult | undefined> {
  const p = paths(t);
  if (!p) return Promise.resolve(undefined);
  const token = readToken(p);
  if (token === undefined) {
    if (opts.start) startServiceDetached(t);
    return Promise.resolve(undefined);
  }
  const hangMs = opts.hangMs ?? HANG_MS;
  return new Promise((resolve) => {
    const output: [1 | 2, string][] = [];
    let settled = false;
    const socket = connect(p.socket);
    const finish = (r: RunResult | undefined, why = '') => {
      if (settled) return;
      settled = true;
      if (!r) lastFallback = why;
      clearTimeout(watchdog);
      socket.destroy();
      resolve(r);
    };
    let watchdog = setTimeout(() => finish(undefined, `no answer for ${hangMs} ms`), hangMs);
    socket.on('error', (e: NodeJS.ErrnoException) => {
      if (opts.start && (e.code === 'ECONNREFUSED' || e.code === 'ENOENT')) startServiceDetached(t);
      finish(undefined, `socket error ${e.code ?? e.message}`);
    });
    socket.on('close', () => finish(undefined, 'closed before the exit code'));
    socket.on('connect', () => {
      const env: Record<string, string> = {};
      for (const [k, v] of Object.entries(t.env ?? process.env)) if (v !== undefined) env[k] = v;
      send(socket, { t: 'run', build: t.buildId, token, kind, argv, cwd: opts.cwd, env });
    });
    onMessages<ServiceMessage>(socket, (m) => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => finish(undefined, `no answer for ${hangMs} ms`), hangMs);
      switch (m.t) {
        case 'out':
          output.push([1, m.s]);
          break;
        case 'err':
          output.push([2, m.s]);
          break;
        case 'stdin?':
          send(socket, { t: 'stdin', s: (opts.stdin ?? readStdin)() });
          break;
        case 'exit':
          finish({ code: m.code, output });
          break;
        case 'hb':
          break;
        default:
          finish(undefined, JSON.stringify(m));
      }
    });
  });
}

/** Ask the service of this build for its status (`stop`: ask it to stop). Undefined: none runs. */
export function askService(t: ServiceTarget, what: 'status' | 'stop'): Promise<ServiceStatus | 'bye' | undefined> {
  const p = paths(t);
  const token = p && readToken(p);
  if (!p || token === undefined) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const socket = connect(p.socket);
    let answer: ServiceStatus | 'bye' | undefined;
    const timer = setTimeout(() => socket.destroy(), 5000);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(answer);
    });
    socket.on('connect', () => send(socket, { t: what, build: t.buildId, token }));
    onMessages<ServiceMessage>(socket, (m) => {
      if (m.t === 'status') answer = m.status;
      else if (m.t === 'bye') answer = 'bye';
      socket.end();
    });
  });
}

/**
 * The service's status once it answers: started in the background unless it runs, then waited
 * for up to `ms` (`daemon start`, an Nx batch). Undefined: it did not answer in time.
 */
export async function startAndAwaitService(t: ServiceTarget, ms: number): Promise<ServiceStatus | undefined> {
  const end = Date.now() + ms;
  let started = false;
  for (;;) {
    const s = await askService(t, 'status');
    if (s !== undefined && s !== 'bye') return s;
    if (!started) {
      startServiceDetached(t);
      started = true;
    }
    if (Date.now() > end) return undefined;
    await new Promise((r) => setTimeout(r, 20));
  }
}
