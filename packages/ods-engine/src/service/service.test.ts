// The build service: protocol, many clients at once, a service that dies or hangs mid-request,
// a client of another build, the token, the private folder, the CI default, idle exit and the
// bound on a thread's memory.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testWorkerScript, waitFor } from '../__fixtures__/helpers.js';
import { askService, runThroughService, serviceEnabled, type RunResult, type ServiceTarget } from './client.js';
import { UnsafeServiceDir, ensurePrivateDir, serviceDir, servicePaths } from './paths.js';
import { type ServiceHandle, startService } from './server.js';

const BUILD = 'test-build-0123456789abcdef';
let worker: URL;
let root: string;
const handles: ServiceHandle[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  worker = await testWorkerScript('service-worker-entry.ts');
  root = mkdtempSync(join(tmpdir(), 'ods-service-'));
});
afterEach(async () => {
  await Promise.all(handles.splice(0).map((h) => h.stop()));
  for (const c of children.splice(0)) c.kill('SIGKILL');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
async function service(opts: { threads?: number; idleMs?: number; maxThreadHeapMb?: number; trimAfterMs?: number } = {}): Promise<{ dir: string; target: ServiceTarget; handle: ServiceHandle }> {
  const dir = join(root, `s${n++}`);
  const handle = await startService({
    buildId: BUILD,
    workerScript: worker,
    dir,
    idleMs: opts.idleMs ?? 60_000,
    threads: opts.threads ?? 2,
    maxThreadHeapMb: opts.maxThreadHeapMb,
    trimAfterMs: opts.trimAfterMs,
  });
  if (!handle) throw new Error('service did not start');
  handles.push(handle);
  return { dir, handle, target: { buildId: BUILD, command: ['false'], env: { ODS_DAEMON_DIR: dir, TEST_VAR: 'from-client' } } };
}

const text = (r: RunResult | undefined) => r?.output.map(([fd, s]) => `${fd}:${s}`).join('|');

describe('build service', () => {
  it('runs a request with the client argv, environment, working directory and standard input', async () => {
    const { target } = await service();
    expect(text(await runThroughService(target, 'cli', ['echo', 'a', 'b'], { cwd: '/' }))).toBe('1:a b');
    expect(text(await runThroughService(target, 'cli', ['env', 'TEST_VAR'], { cwd: '/' }))).toBe('1:from-client');
    expect(text(await runThroughService(target, 'cli', ['cwd'], { cwd: '/some/where' }))).toBe('1:/some/where');
    expect(text(await runThroughService(target, 'cli', ['stdin'], { cwd: '/', stdin: () => 'in\u00e9' }))).toBe('1:[in\u00e9]');
    expect(text(await runThroughService(target, 'build', ['--config', 'x'], { cwd: '/' }))).toBe('1:build --config x');
  });

  it('keeps the order of stdout and stderr, and the exit code', async () => {
    const { target } = await service();
    const r = await runThroughService(target, 'cli', ['mixed'], { cwd: '/' });
    expect(r?.code).toBe(3);
    expect(text(r)).toBe('1:a|2:b|1:c');
  });

  it('serves many clients at once, queueing past its threads', async () => {
    const { target, handle } = await service({ threads: 2 });
    const runs = Array.from({ length: 6 }, (_, i) => runThroughService(target, 'cli', ['sleep', '100', String(i)], { cwd: '/' }));
    const results = await Promise.all(runs);
    expect(results.map(text)).toEqual(Array.from({ length: 6 }, (_, i) => `1:slept ${i}`));
    expect(handle.status().workers).toBe(2);
    expect(handle.status().served).toBe(6);
  });

  it('sends a request on an input to the free thread that ran that input last', async () => {
    const { target } = await service({ threads: 2 });
    const thread = async (...argv: string[]) => text(await runThroughService(target, 'cli', ['thread', ...argv], { cwd: '/w' }));
    // Both threads busy at once: the two inputs land on different threads.
    const busyA = runThroughService(target, 'cli', ['sleep', '200', 'a.td'], { cwd: '/w' });
    const busyB = runThroughService(target, 'cli', ['sleep', '200', 'b.td'], { cwd: '/w' });
    await Promise.all([busyA, busyB]);
    const [a1, b1, a2, b2] = [await thread('a.td'), await thread('b.td'), await thread('a.td', '-o', 'x'), await thread('b.td')];
    expect(a1).not.toBe(b1);
    expect(a2).toBe(a1);
    expect(b2).toBe(b1);
  });

  it('has its threads drop their caches once idle a while, once per idle spell', async () => {
    const { target, handle } = await service({ threads: 1, trimAfterMs: 150 });
    const trims = async () => text(await runThroughService(target, 'cli', ['trims'], { cwd: '/' }));
    expect(await trims()).toBe('1:0');
    expect(handle.status()).toMatchObject({ trimmed: false, trimAfterMs: 150 });
    await new Promise((r) => setTimeout(r, 400));
    // `daemon status` says so until the next request.
    expect(handle.status().trimmed).toBe(true);
    expect(handle.status().idleMs).toBeGreaterThanOrEqual(150);
    expect(await trims()).toBe('1:1');
    expect(handle.status().trimmed).toBe(false);
    // Busy again, then idle again: trimmed again.
    await new Promise((r) => setTimeout(r, 400));
    expect(await trims()).toBe('1:2');
  });

  it('answers status and stop', async () => {
    const { target, handle } = await service();
    const s = await askService(target, 'status');
    expect(s).toMatchObject({ pid: process.pid, build: BUILD, served: 0 });
    expect(await askService(target, 'stop')).toBe('bye');
    await handle.done;
    expect(await askService(target, 'status')).toBeUndefined();
    expect(await runThroughService(target, 'cli', ['echo'], { cwd: '/' })).toBeUndefined();
  });

  it('refuses a client of another build, and a wrong token', async () => {
    const { target, dir } = await service();
    // Same socket name (the first 16 characters), another build: refused by the handshake.
    expect(await runThroughService({ ...target, buildId: `${BUILD.slice(0, 16)}-other` }, 'cli', ['echo', 'x'], { cwd: '/' })).toBeUndefined();
    // Another build's socket does not exist at all.
    expect(await runThroughService({ ...target, buildId: 'another-build-id-000' }, 'cli', ['echo', 'x'], { cwd: '/' })).toBeUndefined();
    const p = servicePaths(dir, BUILD);
    writeFileSync(p.token, 'f'.repeat(48));
    expect(await runThroughService(target, 'cli', ['echo', 'x'], { cwd: '/' })).toBeUndefined();
  });

  it('lives in a folder only its user can open', async () => {
    const { dir } = await service();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(servicePaths(dir, BUILD).token).mode & 0o777).toBe(0o600);
    const loose = join(root, 'loose');
    mkdirSync(loose, { mode: 0o755 });
    chmodSync(loose, 0o755);
    ensurePrivateDir(loose);
    expect(statSync(loose).mode & 0o777).toBe(0o700);
    if (process.getuid?.() === 0) {
      const foreign = join(root, 'foreign');
      mkdirSync(foreign, { mode: 0o700 });
      chownSync(foreign, 65534, 65534);
      expect(() => ensurePrivateDir(foreign)).toThrow(UnsafeServiceDir);
      // A client never uses such a folder: it runs in-process.
      expect(await runThroughService({ buildId: BUILD, command: ['false'], env: { ODS_DAEMON_DIR: foreign } }, 'cli', ['echo'], { cwd: '/' })).toBeUndefined();
    }
    expect(serviceDir({ XDG_RUNTIME_DIR: '/run/user/7' })).toMatch(/^\/run\/user\/7\/ods-tblgen-\d+$/);
  });

  it('is off by default when CI is set, unless ODS_DAEMON says otherwise', () => {
    expect(serviceEnabled({})).toBe(true);
    expect(serviceEnabled({ CI: 'true' })).toBe(false);
    expect(serviceEnabled({ CI: 'true', ODS_DAEMON: 'true' })).toBe(true);
    expect(serviceEnabled({ ODS_DAEMON: 'false' })).toBe(false);
    expect(serviceEnabled({ ODS_DAEMON: '0' })).toBe(false);
  });

  it('tells the client to run in-process when the thread running its request dies', async () => {
    const { target, handle } = await service();
    expect(await runThroughService(target, 'cli', ['exit'], { cwd: '/' })).toBeUndefined();
    // The service goes on with a new thread.
    expect(text(await runThroughService(target, 'cli', ['echo', 'ok'], { cwd: '/' }))).toBe('1:ok');
    expect(handle.status().workers).toBe(1);
  });

  it('replaces a thread whose heap passed the bound', async () => {
    const { target, handle } = await service({ maxThreadHeapMb: 0, threads: 1 });
    expect(text(await runThroughService(target, 'cli', ['echo', '1'], { cwd: '/' }))).toBe('1:1');
    await waitFor(() => handle.status().workers === 0, 5000, 'the thread to end');
    expect(text(await runThroughService(target, 'cli', ['echo', '2'], { cwd: '/' }))).toBe('1:2');
    // `daemon status` reports it.
    expect(handle.status()).toMatchObject({ threadsReplaced: 2, maxThreadHeapMb: 0 });
  });

  it('never hands a request to a thread it is replacing', async () => {
    // Every thread is replaced after each request, while other requests wait in the queue.
    const { target } = await service({ maxThreadHeapMb: 0, threads: 2 });
    const runs = Array.from({ length: 8 }, (_, i) => runThroughService(target, 'cli', ['sleep', '20', String(i)], { cwd: '/' }));
    expect((await Promise.all(runs)).map(text)).toEqual(Array.from({ length: 8 }, (_, i) => `1:slept ${i}`));
  });

  it('exits after its idle time, removing its socket and token', async () => {
    const { handle, dir } = await service({ idleMs: 200 });
    await handle.done;
    const p = servicePaths(dir, BUILD);
    expect(existsSync(p.socket)).toBe(false);
    expect(existsSync(p.token)).toBe(false);
  });

  it('a second service of the same build steps aside; a dead one\'s socket is taken over', async () => {
    const { dir } = await service();
    expect(await startService({ buildId: BUILD, workerScript: worker, dir, idleMs: 1000, threads: 1 })).toBeUndefined();
    // A service killed hard leaves its socket file behind.
    const main = await testWorkerScript('service-main-entry.ts');
    const dir2 = join(root, 'killed');
    const child = spawnService(main, dir2);
    await waitFor(() => existsSync(servicePaths(dir2, BUILD).token), 10_000, 'the service');
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(existsSync(servicePaths(dir2, BUILD).socket)).toBe(true);
    const next = await startService({ buildId: BUILD, workerScript: worker, dir: dir2, idleMs: 60_000, threads: 1 });
    expect(next).toBeDefined();
    handles.push(next!);
  });

  it('the client runs in-process when the service is killed or hangs mid-request', async () => {
    const main = await testWorkerScript('service-main-entry.ts');
    const dir = join(root, 'faults');
    const target: ServiceTarget = { buildId: BUILD, command: ['false'], env: { ODS_DAEMON_DIR: dir } };
    const child = spawnService(main, dir);
    await waitFor(() => existsSync(servicePaths(dir, BUILD).token), 10_000, 'the service');
    // kill -9 while a request runs: the client hears the socket close before any exit code.
    const killed = runThroughService(target, 'cli', ['sleep', '5000'], { cwd: '/' });
    setTimeout(() => child.kill('SIGKILL'), 300);
    expect(await killed).toBeUndefined();

    // A service that stops answering (SIGSTOP): no heartbeat, the client gives up.
    const dir2 = join(root, 'hang');
    const child2 = spawnService(main, dir2);
    await waitFor(() => existsSync(servicePaths(dir2, BUILD).token), 10_000, 'the service');
    const t2 = { ...target, env: { ODS_DAEMON_DIR: dir2 } };
    expect(text(await runThroughService(t2, 'cli', ['echo', 'up'], { cwd: '/' }))).toBe('1:up');
    const hung = runThroughService(t2, 'cli', ['sleep', '10000'], { cwd: '/', hangMs: 1500 });
    setTimeout(() => child2.kill('SIGSTOP'), 200);
    const t0 = Date.now();
    expect(await hung).toBeUndefined();
    expect(Date.now() - t0).toBeLessThan(5000);
    child2.kill('SIGKILL');
  });
});

function spawnService(main: URL, dir: string): ChildProcess {
  const child = spawn(process.execPath, [fileURLToPath(main), dir, BUILD, worker.href], { stdio: 'ignore' });
  children.push(child);
  return child;
}
