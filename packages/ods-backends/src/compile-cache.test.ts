// The in-process CLI's V8 code cache (compile-cache.ts), through the built client (dist/client.cjs,
// as the executable uses it): the cache is written after a first run into the private folder,
// used by the next, and a damaged or foreign one is ignored and replaced, never a failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CLIENT = fileURLToPath(new URL('../dist/client.cjs', import.meta.url));
let dir: string;
let script: string;

/** Run `script` through runCompiled in a fresh Node process; its stdout. */
function run(key: string | undefined, flags: string[] = [], args: string[] = []): string {
  const code = `require(${JSON.stringify(CLIENT)}).runCompiled(${JSON.stringify(script)}, ${JSON.stringify(key)})`;
  const r = spawnSync(process.execPath, [...flags, '-e', code, 'arg1', ...args], { encoding: 'utf8', env: { ...process.env, ODS_DAEMON_DIR: join(dir, 'private') } });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout;
}

const caches = () => (existsSync(join(dir, 'private')) ? readdirSync(join(dir, 'private')).filter((f) => f.endsWith('.v8cache')) : []);

describe.skipIf(!existsSync(CLIENT))('the CLI code cache on Node versions without a compile cache of their own', () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ods-compile-cache-'));
    script = join(dir, 'main.cjs');
    writeFileSync(script, "'use strict';\nconst { basename } = require('node:path');\nfunction twice(s) { return s + s; }\nprocess.stdout.write(twice(basename(__filename)) + ':' + process.argv.slice(1).join(','));\n");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs the script as the main program and keeps its cache in the private folder', () => {
    expect(run('k1')).toBe('main.cjsmain.cjs:arg1');
    if ('enableCompileCache' in nodeModule) return; // Node keeps its own cache: nothing of ours is written.
    const [file] = caches();
    expect(file).toMatch(/^cli-k1-v\d+\.\d+\.\d+\.v8cache$/);
    expect(statSync(join(dir, 'private')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'private', file!)).mode & 0o777).toBe(0o600);
    // The next run reads it and leaves it as it was.
    const before = readFileSync(join(dir, 'private', file!));
    expect(run('k1')).toBe('main.cjsmain.cjs:arg1');
    expect(readFileSync(join(dir, 'private', file!)).equals(before)).toBe(true);
  });

  it('ignores a damaged cache or one made under other V8 flags, and replaces it', () => {
    run('k2');
    const file = caches().find((f) => f.startsWith('cli-k2-'));
    if (!file) return; // Node's own cache
    writeFileSync(join(dir, 'private', file), 'not a code cache');
    expect(run('k2')).toBe('main.cjsmain.cjs:arg1');
    expect(readFileSync(join(dir, 'private', file), 'latin1')).not.toBe('not a code cache');
    // Data made with other flags: V8 rejects it; the run goes on.
    expect(run('k2', ['--no-opt'])).toBe('main.cjsmain.cjs:arg1');
  });

  it('writes the cache again for an action (a generator) no run of it had, and not after', () => {
    run('k3', [], ['--gen-a']);
    const file = caches().find((f) => f.startsWith('cli-k3-'));
    if (!file) return; // Node's own cache
    const actions = () => (JSON.parse(readFileSync(join(dir, 'private', `${file}.json`), 'utf8')) as { actions: string[] }).actions;
    expect(actions()).toEqual(['gen-a']);
    expect(run('k3', [], ['--gen-b'])).toBe('main.cjsmain.cjs:arg1,--gen-b');
    expect(actions()).toEqual(['gen-a', 'gen-b']);
    const before = statSync(join(dir, 'private', file)).ino;
    run('k3', [], ['--gen-a']);
    expect(statSync(join(dir, 'private', file)).ino).toBe(before);
  });

  it('runs without a cache when there is no key', () => {
    const n = caches().length;
    expect(run(undefined)).toBe('main.cjsmain.cjs:arg1');
    expect(caches().length).toBe(n);
  });

  describe('threads', () => {
    /** Run `script` in a worker thread through runCompiledInThread, in a fresh Node process; what the thread posted. */
    const runThread = (build: string | undefined, flags: string[] = []): string => {
      const body = `require(${JSON.stringify(CLIENT)}).runCompiledInThread(${JSON.stringify(threadScript)}, 'w', ${JSON.stringify(build)}, 50)`;
      const code = `const { Worker } = require('node:worker_threads'); new Worker(${JSON.stringify(body)}, { eval: true }).on('message', (m) => process.stdout.write(m));`;
      const r = spawnSync(process.execPath, [...flags, '-e', code], { encoding: 'utf8', env: { ...process.env, ODS_DAEMON_DIR: join(dir, 'private') } });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      return r.stdout;
    };
    let threadScript: string;
    const threadCaches = () => (existsSync(join(dir, 'private')) ? readdirSync(join(dir, 'private')).filter((f) => f.startsWith('thread-w-')) : []);
    beforeAll(() => {
      threadScript = join(dir, 'thread.cjs');
      // Posts its name, then works a while (the cache is written between two of its jobs).
      writeFileSync(threadScript, "'use strict';\nconst { parentPort } = require('node:worker_threads');\nparentPort.postMessage(require('node:path').basename(__filename));\nsetTimeout(() => {}, 300);\n");
    });

    it('runs the bundle with a cache written after a while of work, which the next threads read', () => {
      expect(runThread('b1')).toBe('thread.cjs');
      if ('enableCompileCache' in nodeModule) return; // Node's own cache
      const [file] = threadCaches();
      expect(file).toMatch(/^thread-w-b1-v\d+\.\d+\.\d+-\d+\.v8cache$/);
      expect(statSync(join(dir, 'private', file!)).mode & 0o777).toBe(0o600);
      const ino = statSync(join(dir, 'private', file!)).ino;
      expect(runThread('b1')).toBe('thread.cjs');
      expect(statSync(join(dir, 'private', file!)).ino).toBe(ino);
      // Damaged: refused, the thread runs, and the data is made again.
      writeFileSync(join(dir, 'private', file!), 'not a code cache');
      expect(runThread('b1')).toBe('thread.cjs');
      expect(readFileSync(join(dir, 'private', file!), 'latin1')).not.toBe('not a code cache');
    });

    it('keeps a cache per set of V8 flags, and none without a build id', () => {
      if ('enableCompileCache' in nodeModule) return;
      runThread('b2');
      runThread('b2', ['--no-opt']);
      expect(threadCaches().filter((f) => f.startsWith('thread-w-b2-')).length).toBe(2);
      const n = threadCaches().length;
      expect(runThread(undefined)).toBe('thread.cjs');
      expect(threadCaches().length).toBe(n);
    });
  });
});
