// Startup snapshots (startup-snapshot.ts) through the built executable, as CMake runs it with no
// build service: a first run notes its command and has a snapshot made in the background; later
// runs start from it with the same output; an edited include is parsed again (and the snapshot
// marked stale); a damaged snapshot is never loaded. Plus the command-line matching of seeds.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startupSnapshot } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionOf, addSeed, covers, includeWords, makeSeed, parseId, seedable, withoutOutputs } from './startup-snapshot-seeds.js';

describe('seeds', () => {
  it('leaves the output names out of a command', () => {
    expect(withoutOutputs(['--gen-op-defs', '-o', 'a.inc', '-d=a.d', 'x.td', '--o=b'])).toEqual(['--gen-op-defs', 'x.td']);
    expect(parseId(['-I', 'inc', 'x.td', '-o', 'a'], '/w')).toBe(parseId(['-I', 'inc', 'x.td', '-o', 'b'], '/w'));
    expect(parseId(['x.td'], '/w')).not.toBe(parseId(['x.td'], '/v'));
  });
  it('tells the parse from the action', () => {
    expect(actionOf(['--gen-op-defs', 'x.td'])).toBe('gen-op-defs');
    expect(actionOf(['-dump-json', 'x.td'])).toBe('dump-json');
    expect(actionOf(['x.td'])).toBe('print-records');
    expect(parseId(['--gen-op-defs', 'x.td'], '/w')).toBe(parseId(['x.td', '-gen-op-decls'], '/w'));
    const seeds = [makeSeed(['--gen-op-defs', 'a.td'], '/w'), makeSeed(['--gen-op-decls', 'b.td'], '/w')];
    // a.td's parse and op-decls' code are both in: covered, though no seed ran that command.
    expect(covers(seeds, ['--gen-op-decls', 'a.td', '-o', 'x'], '/w')).toBe(true);
    expect(covers(seeds, ['--gen-dialect-decls', 'a.td'], '/w')).toBe(false);
    expect(covers(seeds, ['--gen-op-defs', 'c.td'], '/w')).toBe(false);
  });
  it('keeps the recent seeds, a bounded number of parses', () => {
    let seeds = addSeed([], makeSeed(['--gen-op-defs', 'a.td'], '/w'), 2, 3);
    seeds = addSeed(seeds, makeSeed(['--gen-op-decls', 'a.td'], '/w'), 2, 3);
    seeds = addSeed(seeds, makeSeed(['--gen-op-decls', 'a.td', '-o', 'y'], '/w'), 2, 3);
    expect(seeds.map((s) => s.action)).toEqual(['gen-op-decls', 'gen-op-defs']);
    seeds = addSeed(seeds, makeSeed(['--gen-op-defs', 'b.td'], '/w'), 2, 3);
    seeds = addSeed(seeds, makeSeed(['--gen-op-defs', 'c.td'], '/w'), 2, 3);
    // c.td, b.td: the two most recent parses; a.td's seeds went.
    expect(seeds.map((s) => s.argv[1])).toEqual(['c.td', 'b.td']);
  });
  it('reads the include folders in each spelling', () => {
    expect(includeWords(['-I', 'a', '-Ib', '-I=c', '--I', 'd', '--I=e', 'x.td', '-o', 'y'])).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
  it('does not seed stdin, help or version runs', () => {
    expect(seedable(['x.td'])).toBe(true);
    expect(seedable(['-'])).toBe(false);
    expect(seedable(['--version'])).toBe(false);
    expect(seedable(['--help-hidden'])).toBe(false);
    expect(seedable([])).toBe(false);
  });
});

const BIN = fileURLToPath(new URL('../bin/ods-tblgen.js', import.meta.url));
const SNAPSHOT_PROGRAM = fileURLToPath(new URL('../dist/startup-snapshot.cjs', import.meta.url));
let dir: string;
const priv = () => join(dir, 'private');
const env = () => ({ ...process.env, ODS_DAEMON: 'false', ODS_DAEMON_DIR: priv(), ODS_SNAPSHOT: 'true' });
const files = (suffix: string) => (existsSync(priv()) ? readdirSync(priv()).filter((f) => f.startsWith('snapshot-') && f.endsWith(suffix)) : []);

function run(args: string[]): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync(BIN, args, { cwd: dir, encoding: 'utf8', env: env() });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

async function until(ok: () => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const PRINT = ['--print-records', '-I', 'inc', 'main.td'];

describe.skipIf(!existsSync(SNAPSHOT_PROGRAM) || typeof startupSnapshot?.isBuildingSnapshot !== 'function')('startup snapshots through the executable', () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ods-snapshot-'));
    mkdirSync(join(dir, 'inc'));
    writeFileSync(join(dir, 'inc', 'common.td'), 'class Base<int v> { int value = v; }\ndef shared : Base<1>;\n');
    writeFileSync(join(dir, 'main.td'), 'include "common.td"\ndef mine : Base<2>;\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes a snapshot after a first run, in the private folder', async () => {
    const first = run(PRINT);
    expect(first).toMatchObject({ status: 0, stderr: '' });
    expect(first.stdout).toContain('def shared');
    await until(() => files('.built.json').length === 1);
    const [blob] = files('.blob');
    expect(statSync(priv()).mode & 0o777).toBe(0o700);
    expect(statSync(join(priv(), blob!)).mode & 0o777).toBe(0o600);
    expect(files('.lock')).toEqual([]);
    const status = spawnSync(BIN, ['daemon', 'status'], { encoding: 'utf8', env: env() });
    expect(status.stdout).toMatch(/startup snapshot: [\d.]+ MB, 1 seed command\n/);
  });

  it('gives the same output from the snapshot, and notices an edited include', () => {
    const expected = spawnSync(BIN, PRINT, { cwd: dir, encoding: 'utf8', env: { ...env(), ODS_SNAPSHOT: 'false' } }).stdout;
    expect(run(PRINT)).toEqual({ stdout: expected, stderr: '', status: 0 });
    expect(files('.stale')).toEqual([]);
    // -o and -d are not part of the command's identity: the same seed.
    expect(run([...PRINT, '-o', 'out.txt', '-d', 'out.d'])).toMatchObject({ status: 0, stderr: '' });
    expect(readFileSync(join(dir, 'out.txt'), 'utf8')).toBe(expected);
    expect(readFileSync(join(dir, 'out.d'), 'utf8')).toBe(`out.txt: ${join('inc', 'common.td')}\n`);

    writeFileSync(join(dir, 'inc', 'common.td'), 'class Base<int v> { int value = v; }\ndef shared2 : Base<3>;\n');
    const edited = run(PRINT);
    expect(edited.status).toBe(0);
    expect(edited.stdout).toContain('def shared2');
    expect(edited.stdout).not.toContain('def shared {');
    // The run that found the snapshot's parse out of date marked it, for a new one to be made.
    expect(files('.stale')).toHaveLength(1);
  });

  it('gives located errors from the snapshot, like any run', () => {
    writeFileSync(join(dir, 'bad.td'), 'include "common.td"\ndef oops : Missing;\n');
    const r = run(['--print-records', '-I', 'inc', 'bad.td']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^bad\.td:2:12: error: Couldn't find class 'Missing'/);
  });

  it('runs builds from it too, and hands a build that wants worker threads back', async () => {
    // Eight inputs: the engine would parse them on worker threads, which a process started from
    // a snapshot cannot start. One input: built in the snapshot's process.
    const jobs = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ input: `g${i}.td`, generator: 'print-records', output: `out/g${i}-${n}.txt` }));
    for (let i = 0; i < 8; i++) writeFileSync(join(dir, `g${i}.td`), `include "common.td"\ndef g${i} : Base<${i}>;\n`);
    writeFileSync(join(dir, 'one.json'), JSON.stringify({ includeDirs: ['inc'], jobs: jobs(1) }));
    writeFileSync(join(dir, 'eight.json'), JSON.stringify({ includeDirs: ['inc'], jobs: jobs(8) }));
    const build = (config: string) => run(['build', '--config', config]);
    expect(build('one.json')).toMatchObject({ status: 0, stderr: '' });
    // A build seed joins the snapshot (made here rather than after the cool-down).
    const made = spawnSync(BIN, ['daemon', 'snapshot'], { cwd: dir, encoding: 'utf8', env: env() });
    expect(made.stdout).toMatch(/snapshot: made\n/);
    const want = readFileSync(join(dir, 'out/g0-1.txt'), 'utf8');
    rmSync(join(dir, 'out'), { recursive: true });
    rmSync(join(dir, '.ods-cache'), { recursive: true });
    expect(build('one.json')).toMatchObject({ status: 0, stderr: '', stdout: expect.stringMatching(/^ods: 1 jobs from .*\n(.*\n)*ods: 1 output: 1 generated/) });
    expect(readFileSync(join(dir, 'out/g0-1.txt'), 'utf8')).toBe(want);
    // The build ran from the snapshot: an include edited since makes it mark the snapshot stale.
    expect(files('.stale')).toEqual([]);
    writeFileSync(join(dir, 'inc', 'common.td'), 'class Base<int v> { int value = v; }\ndef shared3 : Base<4>;\n');
    expect(build('one.json')).toMatchObject({ status: 0, stderr: '' });
    expect(readFileSync(join(dir, 'out/g0-1.txt'), 'utf8')).toContain('def shared3');
    expect(files('.stale')).toHaveLength(1);
    const eight = build('eight.json');
    expect(eight).toMatchObject({ status: 0, stderr: '' });
    expect(eight.stdout.match(/^ods: 8 jobs from/gm)).toHaveLength(1);
    expect(readFileSync(join(dir, 'out/g7-8.txt'), 'utf8')).toContain('def g7');
  });

  it('never loads a snapshot damaged or replaced since it was made', () => {
    const [blob] = files('.blob');
    writeFileSync(join(priv(), blob!), 'not a snapshot');
    const r = run(PRINT);
    expect(r).toMatchObject({ status: 0, stderr: '' });
    expect(r.stdout).toContain('def shared3');
  });
});
