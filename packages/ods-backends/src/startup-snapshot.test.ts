// Startup snapshots (startup-snapshot.ts) through the built executable, as Nx runs `build` once
// per project with no build service: a first build notes itself and has a snapshot made in the
// background; later builds start from it with the same outputs; an edited include is parsed
// again (and the snapshot marked stale); a build that wants worker threads runs without it (or is
// handed back by the snapshot's process when only the engine can tell); a
// damaged snapshot is never loaded. Plus the bookkeeping of seeds.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startupSnapshot } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_INPUTS_FOR_WORKERS, addSeed, covers, runsOnWorkers, snapshotCommand } from './startup-snapshot-seeds.js';

describe('seeds', () => {
  it('are builds that end', () => {
    expect(snapshotCommand(['build', '--config', 'a/ods.json'])).toBe(true);
    expect(snapshotCommand(['build', '--watch'])).toBe(false);
    expect(snapshotCommand(['build', '--print-config'])).toBe(false);
    expect(snapshotCommand(['--gen-op-defs', 'x.td'])).toBe(false);
  });
  it('keep the last build of each folder, the most recent folders first', () => {
    let seeds = addSeed([], { cwd: '/a', argv: ['build', '-c', '1.json'] }, 2);
    seeds = addSeed(seeds, { cwd: '/b', argv: ['build'] }, 2);
    seeds = addSeed(seeds, { cwd: '/a', argv: ['build', '-c', '2.json'] }, 2);
    expect(seeds).toEqual([
      { cwd: '/a', argv: ['build', '-c', '2.json'] },
      { cwd: '/b', argv: ['build'] },
    ]);
    seeds = addSeed(seeds, { cwd: '/c', argv: ['build'] }, 2);
    expect(seeds.map((s) => s.cwd)).toEqual(['/c', '/a']);
    expect(covers(seeds, '/a')).toBe(true);
    expect(covers(seeds, '/b')).toBe(false);
  });
  it('are never builds that run on worker threads, told from the config alone', () => {
    const jobs = (n: number, input = (i: number) => `d${i}.td`) =>
      JSON.stringify({ jobs: Array.from({ length: n }, (_, i) => ({ input: input(i), generator: 'op-decls', output: `${i}.inc` })) });
    const files: Record<string, string> = {
      '/w/ods.json': jobs(MIN_INPUTS_FOR_WORKERS),
      '/w/small.json': jobs(MIN_INPUTS_FOR_WORKERS - 1),
      // Many jobs, one input: one group.
      '/w/one.json': jobs(40, () => 'same.td'),
      // The same file named two ways counts once.
      '/w/twice.json': jobs(MIN_INPUTS_FOR_WORKERS, (i) => (i === 0 ? './d1.td' : `d${i}.td`)),
      '/w/glob.json': JSON.stringify({ jobs: [{ input: 'dialects/**/*.td', generator: 'op-decls', output: 'x.inc' }] }),
      '/w/presets.json': JSON.stringify({ dialects: Array.from({ length: MIN_INPUTS_FOR_WORKERS }, (_, i) => ({ name: `d${i}`, input: `d${i}.td` })) }),
      '/w/bad.json': '{',
    };
    const read = (f: string) => {
      const t = files[f];
      if (t === undefined) throw new Error(`ENOENT: ${f}`);
      return t;
    };
    const big = (...argv: string[]) => runsOnWorkers(['build', ...argv], '/w', read);
    expect(big()).toBe(true);
    expect(big('--jobs', '1')).toBe(true);
    expect(big('--config', 'small.json')).toBe(false);
    expect(big('-c', 'one.json')).toBe(false);
    expect(big('--config=twice.json')).toBe(false);
    expect(big('--config', 'presets.json')).toBe(true);
    // Unsure: the snapshot's process decides.
    expect(big('--config', 'glob.json')).toBe(false);
    expect(big('--config', 'bad.json')).toBe(false);
    expect(big('--config', 'missing.json')).toBe(false);
    // The Nx executor's inline config.
    expect(big('--config', 'missing.json', '--config-json', files['/w/ods.json']!)).toBe(true);
  });
});

const BIN = fileURLToPath(new URL('../bin/ods-tblgen.js', import.meta.url));
const SNAPSHOT_PROGRAM = fileURLToPath(new URL('../dist/startup-snapshot.cjs', import.meta.url));
let dir: string;
const priv = () => join(dir, 'private');
const env = () => ({ ...process.env, ODS_DAEMON: 'false', ODS_DAEMON_DIR: priv(), ODS_SNAPSHOT: 'true' });
const files = (suffix: string) => (existsSync(priv()) ? readdirSync(priv()).filter((f) => f.startsWith('snapshot-') && f.endsWith(suffix)) : []);

function build(config: string): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync(BIN, ['build', '--config', config], { cwd: dir, encoding: 'utf8', env: env() });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

/** A fresh build: outputs and the engine's cache removed. */
function clean(): void {
  rmSync(join(dir, 'out'), { recursive: true, force: true });
  rmSync(join(dir, '.ods-cache'), { recursive: true, force: true });
}

async function until(ok: () => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!existsSync(SNAPSHOT_PROGRAM) || typeof startupSnapshot?.isBuildingSnapshot !== 'function')('startup snapshots through the executable', () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ods-snapshot-'));
    mkdirSync(join(dir, 'inc'));
    writeFileSync(join(dir, 'inc', 'common.td'), 'class Base<int v> { int value = v; }\ndef shared : Base<1>;\n');
    // One input: built in the snapshot's process. Eight: the engine would parse them on worker
    // threads, which a process started from a snapshot cannot start.
    const jobs = (n: number) => Array.from({ length: n }, (_, i) => ({ input: `g${i}.td`, generator: 'print-records', output: `out/g${i}-${n}.txt` }));
    for (let i = 0; i < 8; i++) writeFileSync(join(dir, `g${i}.td`), `include "common.td"\ndef g${i} : Base<${i}>;\n`);
    writeFileSync(join(dir, 'one.json'), JSON.stringify({ includeDirs: ['inc'], jobs: jobs(1) }));
    writeFileSync(join(dir, 'eight.json'), JSON.stringify({ includeDirs: ['inc'], jobs: jobs(8) }));
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ includeDirs: ['inc'], jobs: [{ input: 'bad.td', generator: 'print-records', output: 'out/bad.txt' }] }));
    writeFileSync(join(dir, 'bad.td'), 'include "common.td"\ndef oops : Missing;\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes a snapshot after a first build, in the private folder', async () => {
    expect(build('one.json')).toMatchObject({ status: 0, stderr: '' });
    await until(() => files('.built.json').length === 1);
    const [blob] = files('.blob');
    expect(statSync(priv()).mode & 0o777).toBe(0o700);
    expect(statSync(join(priv(), blob!)).mode & 0o777).toBe(0o600);
    expect(files('.lock')).toEqual([]);
    const status = spawnSync(BIN, ['daemon', 'status'], { encoding: 'utf8', env: env() });
    expect(status.stdout).toMatch(/startup snapshot: [\d.]+ MB, 1 seed build\n/);
  });

  it('gives the same outputs from the snapshot, and notices an edited include', () => {
    const want = readFileSync(join(dir, 'out/g0-1.txt'), 'utf8');
    clean();
    const r = build('one.json');
    expect(r).toMatchObject({ status: 0, stderr: '' });
    expect(r.stdout).toMatch(/^ods: 1 jobs from .*\n(.*\n)*ods: 1 output: 1 generated/);
    expect(readFileSync(join(dir, 'out/g0-1.txt'), 'utf8')).toBe(want);
    expect(files('.stale')).toEqual([]);
    // The build ran from the snapshot: an include edited since makes it mark the snapshot stale.
    writeFileSync(join(dir, 'inc', 'common.td'), 'class Base<int v> { int value = v; }\ndef shared2 : Base<3>;\n');
    clean();
    expect(build('one.json')).toMatchObject({ status: 0, stderr: '' });
    expect(readFileSync(join(dir, 'out/g0-1.txt'), 'utf8')).toContain('def shared2');
    expect(files('.stale')).toHaveLength(1);
  });

  it('reports located errors from the snapshot, like any build', () => {
    const r = build('bad.json');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/bad\.td:2:12: error: Couldn't find class 'Missing'/);
  });

  it('runs a build on worker threads without the snapshot, and never seeds one with it', () => {
    clean();
    const r = build('eight.json');
    expect(r).toMatchObject({ status: 0, stderr: '' });
    expect(r.stdout.match(/^ods: 8 jobs from/gm)).toHaveLength(1);
    expect(readFileSync(join(dir, 'out/g7-8.txt'), 'utf8')).toContain('def g7');
    for (const f of [...files('.wanted.json'), ...files('.built.json')]) expect(readFileSync(join(priv(), f), 'utf8')).not.toContain('eight.json');
  });

  it('hands back a build on worker threads that its config alone does not tell (a glob)', () => {
    writeFileSync(join(dir, 'glob.json'), JSON.stringify({ includeDirs: ['inc'], jobs: [{ input: 'g*.td', generator: 'print-records', output: 'out/{name}-glob.txt' }] }));
    clean();
    const r = build('glob.json');
    expect(r).toMatchObject({ status: 0, stderr: '' });
    expect(r.stdout.match(/^ods: 8 jobs from/gm)).toHaveLength(1);
    expect(readFileSync(join(dir, 'out/g7-glob.txt'), 'utf8')).toContain('def g7');
  });

  it('never loads a snapshot damaged or replaced since it was made', () => {
    const [blob] = files('.blob');
    writeFileSync(join(priv(), blob!), 'not a snapshot');
    clean();
    expect(build('one.json')).toMatchObject({ status: 0, stderr: '' });
    expect(readFileSync(join(dir, 'out/g0-1.txt'), 'utf8')).toContain('def shared2');
  });
});
