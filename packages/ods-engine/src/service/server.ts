// The build service: one background process per user and tool build that keeps JIT-warm worker
// threads, each with its shared include parses (share.ts), across invocations of the CLI and the
// Nx executor. The main thread only accepts connections, checks them and hands requests to the
// threads (queued when all are busy), so heartbeats flow even while a long parse runs. It exits
// after an idle time, on `stop`, SIGTERM or SIGINT, removing its socket and token.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { rmSync, writeFileSync, renameSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import { ensurePrivateDir, servicePaths, type ServicePaths } from './paths.js';
import { type ClientMessage, type ServiceMessage, type ServiceStatus, onMessages, send } from './protocol.js';
import type { WorkerReply, WorkerRequest, WorkerTrim } from './worker.js';

export interface ServiceOptions {
  readonly buildId: string;
  /** A module that calls serveServiceWorker(handlers). */
  readonly workerScript: URL;
  readonly dir: string;
  /** Exit after this long without a request (ms). */
  readonly idleMs: number;
  /** Threads running requests at once. */
  readonly threads: number;
  /** A thread whose heap passes this after a request is replaced (bounded memory). */
  readonly maxThreadHeapMb?: number;
  /**
   * After this long without a request (ms), the threads drop what they keep for the next
   * requests (remembered runs, include parses): an idle service holds little more than its warm
   * code until it exits. Default: never.
   */
  readonly trimAfterMs?: number;
  readonly log?: (line: string) => void;
}

type RunMessage = Extract<ClientMessage, { t: 'run' }>;

interface Slot {
  readonly worker: Worker;
  readonly stdinPort: MessagePort;
  readonly stdinFlag: Int32Array;
  busy: Request | undefined;
  /** The inputs of its last requests (see inputsOf), most recent last. */
  readonly recent: string[];
}

/** Inputs a thread remembers for placing requests. */
const RECENT_INPUTS = 8;

/**
 * What a request reads, roughly: its working directory and the `.td` files its arguments name.
 * A thread keeps the parses and clean runs of its last requests (share.ts, the CLI's run memo),
 * so the next request on the same input goes to the thread that ran it, when that one is free
 * (CMake runs one generator after another on each .td file).
 */
function inputsOf(req: Request): string {
  const { cwd, argv } = req.msg;
  return `${cwd}\0${argv.filter((a) => a.endsWith('.td')).join('\0')}`;
}

interface Request {
  readonly socket: Socket;
  readonly msg: RunMessage;
}

const HEARTBEAT_MS = 1000;

/** Start the service; resolves with a handle once it listens, or undefined when another one already does. */
export async function startService(opts: ServiceOptions): Promise<ServiceHandle | undefined> {
  ensurePrivateDir(opts.dir);
  const paths = servicePaths(opts.dir, opts.buildId);
  const server = createServer();
  if (!(await listen(server, paths.socket))) return undefined;
  const token = randomBytes(24).toString('hex');
  const tmp = `${paths.token}.${process.pid}.tmp`;
  writeFileSync(tmp, token, { mode: 0o600 });
  renameSync(tmp, paths.token);
  rmSync(paths.starting, { force: true });
  return new ServiceHandle(server, paths, token, opts);
}

/** Listen on `path`; a socket file left by a dead service is removed, a live service wins. */
async function listen(server: Server, path: string): Promise<boolean> {
  const attempt = () =>
    new Promise<NodeJS.ErrnoException | undefined>((res) => {
      const onError = (e: NodeJS.ErrnoException) => res(e);
      server.once('error', onError);
      server.listen(path, () => {
        server.off('error', onError);
        res(undefined);
      });
    });
  let e = await attempt();
  if (e?.code === 'EADDRINUSE') {
    if (await alive(path)) return false;
    rmSync(path, { force: true });
    e = await attempt();
  }
  if (e) throw e;
  return true;
}

function alive(path: string): Promise<boolean> {
  return new Promise((res) => {
    const s = createConnection(path);
    s.once('connect', () => {
      s.destroy();
      res(true);
    });
    s.once('error', () => res(false));
  });
}

export class ServiceHandle {
  private readonly slots: Slot[] = [];
  private readonly queue: Request[] = [];
  private readonly started = Date.now();
  private lastActive = Date.now();
  private served = 0;
  /** Threads retired for their heap (see ServiceOptions.maxThreadHeapMb). */
  private replaced = 0;
  private stopping = false;
  /** The lastActive time the threads were last trimmed at (see ServiceOptions.trimAfterMs). */
  private trimmedAt = 0;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly closed: Promise<void>;
  private resolveClosed!: () => void;

  constructor(
    private readonly server: Server,
    readonly paths: ServicePaths,
    private readonly token: string,
    private readonly opts: ServiceOptions,
  ) {
    this.closed = new Promise((res) => (this.resolveClosed = res));
    server.on('connection', (socket) => this.accept(socket));
    // Every thread starts now: loading the tool's code takes a while, better before the first requests.
    while (this.slots.length < opts.threads) this.spawn();
    this.timers.push(setInterval(() => this.heartbeat(), HEARTBEAT_MS));
    const every = Math.min(opts.idleMs / 4, opts.trimAfterMs ?? Infinity, 10_000);
    this.timers.push(setInterval(() => this.checkIdle(), Math.max(50, every)));
  }

  /** Resolves when the service has stopped. */
  get done(): Promise<void> {
    return this.closed;
  }

  private accept(socket: Socket): void {
    socket.on('error', () => undefined);
    let request: Request | undefined;
    // A client gone while its request waits for standard input: give the thread an empty one.
    socket.on('close', () => {
      const slot = request && this.slots.find((s) => s.busy === request);
      if (slot) {
        slot.stdinPort.postMessage('');
        Atomics.store(slot.stdinFlag, 0, 1);
        Atomics.notify(slot.stdinFlag, 0);
      }
    });
    onMessages<ClientMessage>(socket, (m) => {
      if (m.t === 'stdin') {
        const slot = request && this.slots.find((s) => s.busy === request);
        if (slot) {
          slot.stdinPort.postMessage(m.s);
          Atomics.store(slot.stdinFlag, 0, 1);
          Atomics.notify(slot.stdinFlag, 0);
        }
        return;
      }
      if (m.build !== this.opts.buildId) return this.refuse(socket, `this service runs build ${this.opts.buildId}, not ${m.build}`);
      if (!this.tokenOk(m.token)) return this.refuse(socket, 'bad token');
      if (this.stopping) return this.refuse(socket, 'stopping');
      this.lastActive = Date.now();
      if (m.t === 'status') {
        send(socket, { t: 'status', status: this.status() });
        socket.end();
      } else if (m.t === 'stop') {
        send(socket, { t: 'bye' });
        socket.end();
        void this.stop();
      } else if (m.t === 'run' && request === undefined) {
        request = { socket, msg: m };
        this.queue.push(request);
        this.dispatch();
      }
    });
  }

  private refuse(socket: Socket, why: string): void {
    send(socket, { t: 'refused', why });
    socket.end();
  }

  private tokenOk(t: unknown): boolean {
    if (typeof t !== 'string' || t.length !== this.token.length) return false;
    return timingSafeEqual(Buffer.from(t), Buffer.from(this.token));
  }

  status(): ServiceStatus {
    return {
      pid: process.pid,
      build: this.opts.buildId,
      socket: this.paths.socket,
      uptimeMs: Date.now() - this.started,
      served: this.served,
      workers: this.slots.length,
      rssMb: Math.round(process.memoryUsage.rss() / 1048576),
      idleExitMs: this.opts.idleMs,
      idleMs: this.busy() ? 0 : Date.now() - this.lastActive,
      trimAfterMs: this.opts.trimAfterMs,
      trimmed: !this.busy() && this.trimmedAt !== 0 && this.trimmedAt === this.lastActive,
      threadsReplaced: this.replaced,
      maxThreadHeapMb: this.opts.maxThreadHeapMb,
    };
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const req = this.queue[0]!;
      const inputs = inputsOf(req);
      const free = this.slots.filter((s) => s.busy === undefined);
      let slot = free.find((s) => s.recent.includes(inputs)) ?? free[0];
      if (!slot && this.slots.length < this.opts.threads) slot = this.spawn();
      if (!slot) return;
      this.queue.shift();
      if (req.socket.destroyed) continue;
      slot.busy = req;
      const at = slot.recent.indexOf(inputs);
      if (at >= 0) slot.recent.splice(at, 1);
      slot.recent.push(inputs);
      if (slot.recent.length > RECENT_INPUTS) slot.recent.shift();
      const { kind, argv, cwd, env } = req.msg;
      slot.worker.postMessage({ kind, argv, cwd, env } satisfies WorkerRequest);
    }
  }

  private spawn(): Slot {
    const { port1, port2 } = new MessageChannel();
    const stdinFlag = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(this.opts.workerScript, { workerData: { stdinPort: port2, stdinFlag }, transferList: [port2] });
    const slot: Slot = { worker, stdinPort: port1, stdinFlag, busy: undefined, recent: [] };
    this.slots.push(slot);
    worker.on('message', (m: WorkerReply) => this.fromWorker(slot, m));
    worker.on('error', (e) => this.opts.log?.(`service thread failed: ${e instanceof Error ? e.message : String(e)}`));
    worker.on('exit', () => {
      const at = this.slots.indexOf(slot);
      if (at >= 0) this.slots.splice(at, 1);
      port1.close();
      const req = slot.busy;
      slot.busy = undefined;
      if (req) {
        send(req.socket, { t: 'lost' });
        req.socket.end();
      }
      if (!this.stopping) this.dispatch();
    });
    return slot;
  }

  private fromWorker(slot: Slot, m: WorkerReply): void {
    const req = slot.busy;
    if (m.t === 'done') {
      slot.busy = undefined;
      this.served++;
      this.lastActive = Date.now();
      if (req) {
        send(req.socket, { t: 'exit', code: m.code });
        req.socket.end();
      }
      if (this.opts.maxThreadHeapMb !== undefined && m.heapMb > this.opts.maxThreadHeapMb) {
        // Retired at once: no request may reach a thread that is ending.
        this.slots.splice(this.slots.indexOf(slot), 1);
        this.replaced++;
        void slot.worker.terminate();
      }
      this.dispatch();
      return;
    }
    if (!req) return;
    if (m.t === 'stdin?') send(req.socket, { t: 'stdin?' });
    else send(req.socket, m);
  }

  private heartbeat(): void {
    for (const r of this.queue) send(r.socket, { t: 'hb' });
    for (const s of this.slots) if (s.busy) send(s.busy.socket, { t: 'hb' });
  }

  private busy(): boolean {
    return this.queue.length > 0 || this.slots.some((s) => s.busy);
  }

  private checkIdle(): void {
    if (this.busy()) this.lastActive = Date.now();
    else if (Date.now() - this.lastActive >= this.opts.idleMs) void this.stop();
    else if (this.opts.trimAfterMs !== undefined && Date.now() - this.lastActive >= this.opts.trimAfterMs && this.trimmedAt !== this.lastActive) {
      this.trimmedAt = this.lastActive;
      for (const slot of this.slots) slot.worker.postMessage({ trim: true } satisfies WorkerTrim);
    }
  }

  /** Stop accepting, let running requests finish, remove the socket and token, end the threads. */
  async stop(): Promise<void> {
    if (this.stopping) return this.closed;
    this.stopping = true;
    for (const t of this.timers) clearInterval(t);
    this.server.close();
    rmSync(this.paths.token, { force: true });
    rmSync(this.paths.socket, { force: true });
    for (const r of this.queue.splice(0)) this.refuse(r.socket, 'stopping');
    while (this.slots.some((s) => s.busy)) await new Promise((res) => setTimeout(res, 20));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    this.resolveClosed();
    return this.closed;
  }
}
