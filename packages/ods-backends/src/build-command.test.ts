// `ods-tblgen build`: in process (runBuildCommand, one job slot) and through the built executable
// (worker threads, watch mode, exit codes), when dist/ exists.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runBuildCommand } from './build-command.js';

const BIN = fileURLToPath(new URL('../bin/ods-tblgen.js', import.meta.url));
const BUILT = existsSync(fileURLToPath(new URL('../dist/ods-tblgen.js', import.meta.url)));
const hasTool = (t: string) => spawnSync(t, ['--version'], { stdio: 'ignore' }).status === 0;

const FILES: Record<string, string> = {
  'td/Base.td': 'class X;\nclass Y { int n = 0; }\n',
  'td/Ops.td': '// Ops\ninclude "Base.td"\ndef A : X;\ndef B : Y { let n = 2; }\n',
  'td/Other.td': 'include "Base.td"\ndef C : X;\n',
  'td/Bad.td': 'include "Base.td"\ndef Q : Nope;\n',
};
const JOBS = [
  { input: 'td/Ops.td', generator: 'print-records', output: 'gen/Ops.records.txt' },
  { input: 'td/Ops.td', generator: 'dump-json', output: 'gen/Ops.records.json' },
  { input: 'td/Other.td', generator: 'print-records', output: 'gen/Other.records.txt' },
];

let dir: string;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function setup(config: object, files: Record<string, string> = FILES): void {
  dir = mkdtempSync(join(tmpdir(), 'ods-build-test-'));
  for (const [name, text] of Object.entries({ ...files, 'ods.json': JSON.stringify(config, null, 2) })) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}
const read = (name: string) => readFileSync(join(dir, name), 'latin1');
const mtime = (name: string) => statSync(join(dir, name), { bigint: true }).mtimeNs;

async function build(argv: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runBuildCommand(['--jobs', '1', ...argv], { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd: dir });
  return { code, stdout, stderr };
}

describe('ods-tblgen build (in process)', () => {
  it('builds, then finds everything up to date', async () => {
    setup({ includeDirs: ['td'], jobs: JOBS });
    let r = await build();
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain(`ods: 3 jobs from ${join(dir, 'ods.json')}\n`);
    expect(r.stdout).toContain('ods: generated gen/Ops.records.txt\n');
    expect(r.stdout).toMatch(/ods: 3 outputs: 3 generated, 0 unchanged, 0 up to date; 2 parses \(\d+ ms\)\n$/);
    expect(read('gen/Ops.records.txt')).toContain('def B {\t// Y\n  int n = 2;\n}\n');
    expect(JSON.parse(read('gen/Ops.records.json'))).toMatchObject({ A: { '!superclasses': ['X'] } });
    const m = mtime('gen/Ops.records.txt');
    r = await build();
    expect(r.stdout).toMatch(/ods: 3 outputs: 0 generated, 0 unchanged, 3 up to date; 0 parses/);
    writeFileSync(join(dir, 'td/Ops.td'), FILES['td/Ops.td'] + '// a comment\n');
    r = await build();
    expect(r.stdout).toMatch(/ods: 3 outputs: 0 generated, 2 unchanged, 1 up to date; 1 parse /);
    expect(mtime('gen/Ops.records.txt')).toBe(m);
  });

  it('exits 1 on a failed job, after writing the outputs of the others', async () => {
    setup({ includeDirs: ['td'], jobs: [{ input: 'td/Bad.td', generator: 'print-records', output: 'gen/Bad.txt' }, ...JOBS] });
    const r = await build();
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("td/Bad.td:2:9: error: Couldn't find class 'Nope'\ndef Q : Nope;\n        ^\n");
    expect(r.stdout).toMatch(/4 outputs: 3 generated, 0 unchanged, 0 up to date, 1 failed; 3 parses/);
    for (const j of JOBS) expect(existsSync(join(dir, j.output))).toBe(true);
    expect(existsSync(join(dir, 'gen/Bad.txt'))).toBe(false);
  });

  it('reports config problems with their JSON paths and exits 1', async () => {
    setup({ jobs: [{ input: 'td/Ops.td', generator: 'no-such-gen', output: 'x' }, { input: 'td/None.td', generator: 'dump-json' }] });
    const r = await build();
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${join(dir, 'ods.json')}: invalid ods config:\n`);
    expect(r.stderr).toContain("  $.jobs[0].generator: unknown generator 'no-such-gen' (known: print-records, dump-json, ");
    expect(r.stderr).toContain('  $.jobs[1].output: expected a non-empty string\n');
    expect(r.stderr).toContain(`  $.jobs[1].input: file not found: ${join(dir, 'td/None.td')}\n`);
  });

  it('takes --config, --cache-dir, --cache-key and --help, and rejects unknown arguments', async () => {
    setup({ includeDirs: ['td'], jobs: JOBS });
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ includeDirs: ['td'], jobs: [JOBS[2]] }));
    let r = await build(['--config', 'other.json', '--cache-dir', 'c']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/1 output: 1 generated/);
    expect(existsSync(join(dir, 'c/state.json'))).toBe(true);
    r = await build(['-c=other.json', '--cache-dir=c']);
    expect(r.stdout).toMatch(/1 up to date/);
    // Only for a build system's cache key: the build ignores it (and its value).
    r = await build(['--cache-key', 'ods-ts-0.1.0-external-0123', '-c', 'other.json', '--cache-dir', 'c', '--cache-key=x']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toMatch(/1 up to date/);
    r = await build(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^USAGE: ods-tblgen build /);
    r = await build(['--frobnicate']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^ods-tblgen build: unknown argument '--frobnicate'/);
    r = await build(['--jobs', '0']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('ods-tblgen build: --jobs needs a positive integer\n');
  });

  it('--print-config prints the expanded config (globs as plain jobs, absolute paths) and builds nothing', async () => {
    setup({ includeDirs: ['td'], mlirIncludeDir: 'td', jobs: [{ input: 'td/O*.td', generator: 'print-records', output: 'gen/{name}.txt' }] });
    const r = await build(['--print-config']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      includeDirs: [join(dir, 'td')],
      mlirIncludeDir: join(dir, 'td'),
      cacheDir: join(dir, '.ods-cache'),
      jobs: ['Ops', 'Other'].map((n) => ({ input: join(dir, `td/${n}.td`), generator: 'print-records', output: join(dir, `gen/${n}.txt`) })),
    });
    expect(existsSync(join(dir, 'gen'))).toBe(false);
  });
});

/** Run the built executable to completion. */
function runBin(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'latin1', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe.skipIf(!BUILT)('ods-tblgen build (the executable)', () => {
  it('gives the same outputs with worker threads as in one thread', () => {
    setup({ includeDirs: ['td'], jobs: JOBS });
    const one = runBin(['build', '--jobs', '1', '--cache-dir', 'c1'], dir);
    expect(one.code).toBe(0);
    const outs1 = JOBS.map((j) => read(j.output));
    rmSync(join(dir, 'gen'), { recursive: true });
    const two = runBin(['build', '--jobs', '2', '--cache-dir', 'c2'], dir);
    expect(two.code).toBe(0);
    expect(two.stdout).toMatch(/3 outputs: 3 generated, 0 unchanged, 0 up to date; 2 parses/);
    expect(JOBS.map((j) => read(j.output))).toEqual(outs1);
    // ...and equal to the plain CLI's.
    expect(runBin(['--print-records', '-I', 'td', 'td/Ops.td'], dir).stdout).toBe(outs1[0]);
    expect(runBin(['build', '--jobs', '2', '--cache-dir', 'c2'], dir).stdout).toMatch(/3 up to date; 0 parses/);
  });

  it('writes from the worker threads: unchanged bytes keep the file, an unwritable output fails its job only', () => {
    setup({ includeDirs: ['td'], jobs: JOBS });
    expect(runBin(['build', '--jobs', '2'], dir).code).toBe(0);
    const first = JOBS.map((j) => statSync(join(dir, j.output)).mtimeMs);
    // A new cache: every job reruns on a worker and finds its bytes already there.
    const again = runBin(['build', '--jobs', '2', '--cache-dir', 'fresh'], dir);
    expect(again.stdout).toMatch(/3 outputs: 0 generated, 3 unchanged, 0 up to date; 2 parses/);
    expect(JOBS.map((j) => statSync(join(dir, j.output)).mtimeMs)).toEqual(first);
    // A folder where one output should go.
    rmSync(join(dir, JOBS[1]!.output));
    mkdirSync(join(dir, JOBS[1]!.output));
    const bad = runBin(['build', '--jobs', '2', '--cache-dir', 'other'], dir);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(`error: cannot write ${join(dir, JOBS[1]!.output)}`);
    expect(bad.stdout).toMatch(/3 outputs: 0 generated, 2 unchanged, 0 up to date, 1 failed; 2 parses/);
    expect(readdirSync(join(dir, 'gen')).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('exits 1 when a job fails, 0 once it is fixed', () => {
    setup({ includeDirs: ['td'], jobs: [...JOBS, { input: 'td/Bad.td', generator: 'print-records', output: 'gen/Bad.txt' }] });
    const r = runBin(['build', '-j', '2'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("td/Bad.td:2:9: error: Couldn't find class 'Nope'");
    expect(read('gen/Other.records.txt')).toContain('def C');
    writeFileSync(join(dir, 'td/Bad.td'), 'include "Base.td"\ndef Q : X;\n');
    const r2 = runBin(['build', '-j', '2'], dir);
    expect(r2.code).toBe(0);
    expect(r2.stdout).toMatch(/4 outputs: 1 generated, 0 unchanged, 3 up to date; 1 parse/);
  });

  it('watches: rebuilds after a save, survives a syntax error, stops on SIGINT', async () => {
    setup({ includeDirs: ['td'], jobs: JOBS });
    const child = spawn(process.execPath, [BIN, 'build', '--watch', '--jobs', '2'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => void (out += d.toString('latin1')));
    child.stderr.on('data', (d: Buffer) => void (out += d.toString('latin1')));
    const until = async (re: RegExp, from: number, ms = 15_000) => {
      const t0 = Date.now();
      while (!re.test(out.slice(from))) {
        if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${re} in:\n${out}`);
        if (child.exitCode !== null) throw new Error(`exited early:\n${out}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    try {
      await until(/watching for changes/, 0);
      let at = out.length;
      writeFileSync(join(dir, 'td/Other.td'), 'include "Base.td"\ndef C : X;\ndef D : X;\n');
      await until(/1 output: 1 generated, 0 unchanged, 0 up to date; 1 parse/, at);
      expect(read('gen/Other.records.txt')).toContain('def D {');
      at = out.length;
      writeFileSync(join(dir, 'td/Other.td'), 'include "Base.td"\ndef C : X;\ndef D : \n');
      await until(/1 failed; 1 parse/, at);
      expect(out.slice(at)).toContain('td/Other.td:4:1: error:');
      await new Promise((r) => setTimeout(r, 200));
      at = out.length;
      writeFileSync(join(dir, 'td/Other.td'), 'include "Base.td"\ndef C : X;\ndef E : X;\n');
      await until(/1 output: 1 generated, 0 unchanged, 0 up to date; 1 parse/, at);
      expect(read('gen/Other.records.txt')).toContain('def E {');
      child.kill('SIGINT');
      const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it.skipIf(!hasTool('llvm-tblgen-22'))('keeps the Make-style depfile (-d) of llvm-tblgen-22', () => {
    setup({ jobs: [] }, { ...FILES, 'inc dir/Extra.td': 'class Z;\n', 'main.td': 'include "Base.td"\ninclude "Extra.td"\ndef M : Z;\n' });
    const args = (o: string) => ['-I', 'td', '-I', 'inc dir', 'main.td', '-o', `${o}.txt`, '-d', `${o}.d`];
    expect(spawnSync('llvm-tblgen-22', args('ref'), { cwd: dir }).status).toBe(0);
    expect(runBin(args('ods'), dir).code).toBe(0);
    expect(read('ods.d')).toBe(read('ref.d').replace('ref.txt', 'ods.txt'));
    expect(read('ods.txt')).toBe(read('ref.txt'));
  });
});
