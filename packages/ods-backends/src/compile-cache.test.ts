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
});
