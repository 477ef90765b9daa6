// The ods-tblgen executable through the build service: every mode gives the same stdout bytes,
// stderr, exit code, depfile and written files as the in-process run (ODS_DAEMON=false), with
// relative paths taken from the client's working directory and its environment; and the
// `daemon` command's start, status and stop.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MLIR_INCLUDE, haveMlirFile } from './testing/fixtures.js';

const BIN = fileURLToPath(new URL('../bin/ods-tblgen.js', import.meta.url));
const BUILT = existsSync(fileURLToPath(new URL('../dist/build-id.txt', import.meta.url)));
const OP_DEFS_TD = fileURLToPath(new URL('./__fixtures__/op-defs.td', import.meta.url));

let root: string;
let serviceDir: string;

function run(args: string[], opts: { cwd: string; via: 'service' | 'in-process'; input?: string; env?: Record<string, string> }) {
  const env: NodeJS.ProcessEnv = { ...process.env, ...opts.env, ODS_DAEMON_DIR: serviceDir, ODS_DAEMON: opts.via === 'service' ? 'true' : 'false' };
  delete env['CI'];
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: opts.cwd, input: opts.input ?? '', env, encoding: 'latin1' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function daemon(cmd: string) {
  return run(['daemon', cmd], { cwd: root, via: 'in-process' });
}

const write = (rel: string, text: string) => {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
};
const read = (rel: string) => (existsSync(join(root, rel)) ? readFileSync(join(root, rel), 'latin1') : undefined);

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'ods-svc-cli-'));
  serviceDir = join(root, '.service');
  write('inc/b.td', 'class B<int v> { int b = v; }\n');
  write('sub/a.td', 'include "b.td"\ndef a : B<1> { string s = "ñ"; }\n');
  write('bad.td', 'def x { int y = ; }\n');
  mkdirSync(join(root, 'o'));
  write('cfg/ods.json', JSON.stringify({ includeDirs: ['$env{ODS_TEST_INC}'], jobs: [{ input: '../sub/a.td', generator: 'print-records', output: 'out/a.txt' }] }));
});
afterAll(() => {
  if (BUILT) daemon('stop');
  rmSync(root, { recursive: true, force: true });
});

describe.skipIf(!BUILT)('ods-tblgen through the build service', () => {
  it('starts, reports its status, and stops', () => {
    expect(daemon('status').code).toBe(3);
    const started = daemon('start');
    expect(started.code).toBe(0);
    expect(started.stdout).toMatch(/^ods-tblgen daemon: running \(pid \d+/);
    expect(daemon('status').stdout).toContain(join(serviceDir, ''));
    // What its threads keep, and for how long.
    expect(daemon('status').stdout).toContain('include parses and runs kept, dropped after 300 s idle');
    expect(daemon('stop').stdout).toBe('ods-tblgen daemon: stopped\n');
    expect(daemon('status').stdout).toBe('ods-tblgen daemon: not running\n');
    expect(daemon('start').code).toBe(0);
  });

  const cases: { name: string; args: string[]; cwd?: string; input?: string; files?: string[]; env?: Record<string, string> }[] = [
    { name: 'print-records with includes', args: ['-I', 'inc', 'sub/a.td'] },
    { name: 'dump-json', args: ['--dump-json', '-I', 'inc', 'sub/a.td'] },
    { name: 'standard input', args: ['-I', 'inc', '-'], input: 'include "b.td"\ndef s : B<2>;\n' },
    { name: 'a parse error', args: ['bad.td'] },
    { name: 'a missing file', args: ['nope.td'] },
    { name: 'an unknown option', args: ['--bogus'] },
    { name: 'output, depfile and write-if-changed', args: ['-I', 'inc', 'sub/a.td', '-o', 'o/{via}.txt', '-d', 'o/{via}.d', '--write-if-changed'], files: ['o/{via}.txt', 'o/{via}.d'] },
    { name: 'relative paths from another folder', args: ['-I', '../inc', 'a.td', '-o', '../o/rel-{via}.txt'], cwd: 'sub', files: ['o/rel-{via}.txt'] },
    { name: 'build, with the client environment', args: ['build', '--config', 'cfg/ods.json', '--cache-dir', 'cache-{via}'], env: { ODS_TEST_INC: join('{root}', 'inc') }, files: ['cfg/out/a.txt'] },
  ];
  for (const c of cases) {
    it(`gives the in-process result: ${c.name}`, () => {
      const results = (['in-process', 'service'] as const).map((via) => {
        const subst = (s: string) => s.replaceAll('{via}', via).replaceAll('{root}', root);
        if (c.files) for (const f of c.files) rmSync(join(root, subst(f)), { force: true });
        const env = c.env && Object.fromEntries(Object.entries(c.env).map(([k, v]) => [k, subst(v)]));
        const r = run(c.args.map(subst), { cwd: join(root, c.cwd ?? ''), via, input: c.input, ...(env ? { env } : {}) });
        const files = (c.files ?? []).map((f) => read(subst(f))?.replaceAll(via, '{via}'));
        // build prints its own timing: the rest must agree.
        return { ...r, stdout: r.stdout.replace(/\(\d+ ms\)/g, '(N ms)').replaceAll(via, '{via}'), stderr: r.stderr.replaceAll(via, '{via}'), files };
      });
      expect(results[1]).toEqual(results[0]);
      if (c.files) for (const f of results[0]!.files) expect(f).toBeDefined();
    });
  }

  it('ends quietly through the service when stdout is closed (`| head`), with the status of SIGPIPE', () => {
    write('big.td', `class X { string s = "${'x'.repeat(60)}"; }\n${Array.from({ length: 5000 }, (_, i) => `def D${i} : X;\n`).join('')}`);
    const env: NodeJS.ProcessEnv = { ...process.env, ODS_DAEMON_DIR: serviceDir, ODS_DAEMON: 'true' };
    delete env['CI'];
    const script = `"${process.execPath}" "${BIN}" big.td | head -c 10 >/dev/null; echo "\${PIPESTATUS[0]}"`;
    const r = spawnSync('bash', ['-c', script], { cwd: root, env, encoding: 'latin1' });
    expect({ stdout: r.stdout, stderr: r.stderr }).toEqual({ stdout: '141\n', stderr: '' });
  });

  it.skipIf(!haveMlirFile('mlir/IR/OpBase.td'))('generates MLIR outputs byte for byte', () => {
    for (const gen of ['--gen-op-decls', '--gen-op-defs', '--gen-dialect-decls', '--gen-op-doc']) {
      const args = [gen, '-I', MLIR_INCLUDE, OP_DEFS_TD];
      const a = run(args, { cwd: root, via: 'in-process' });
      const b = run(args, { cwd: root, via: 'service' });
      expect(a.code).toBe(0);
      expect(b).toEqual(a);
    }
    const s = daemon('status').stdout;
    expect(Number(/(\d+) requests served/.exec(s)?.[1])).toBeGreaterThan(0);
  });
});
