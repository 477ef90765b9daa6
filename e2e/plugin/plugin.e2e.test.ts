// The example dialect as a real MLIR client: examples/dialect (its .td files, ods.json, the C++ of
// plugin/ToyPlugin.cpp and the .mlir files of test/) copied to a temp folder, then
// - `ods-tblgen build` runs the jobs of ods.json, and every output is byte-identical to what
//   mlir-tblgen-22 (llvm-tblgen-22 for --dump-json) prints for the same job;
// - the plugin is compiled once from those outputs (g++ against LLVM/MLIR 22's headers, linked
//   to libMLIR.so) and loaded by `mlir-opt-22 --load-dialect-plugin`;
// - test/ops.mlir parses, verifies and prints back in the custom formats as ops.expected.mlir,
//   which round-trips (custom form, generic form, bytecode);
// - test/invalid.mlir fails to parse or verify with the expected messages (--verify-diagnostics);
// - test/canonicalize.mlir is rewritten by the DRR pattern as canonicalize.expected.mlir.
// Skipped when g++, mlir-opt-22, mlir-tblgen-22, llvm-tblgen-22 or libMLIR.so are missing.
import { expandedConfig } from '../ods-config.js';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const EXAMPLE = join(REPO, 'examples/dialect');

function hasTool(name: string): boolean {
  return spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0;
}

function llvmConfig(flag: string, fallback: string): string {
  try {
    return execFileSync('llvm-config-22', [flag], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return fallback;
  }
}

const MLIR_INCLUDE = process.env['MLIR_INCLUDE_DIR'] ?? llvmConfig('--includedir', '/usr/lib/llvm-22/include');
const LLVM_LIB = llvmConfig('--libdir', '/usr/lib/llvm-22/lib');
const READY =
  ['g++', 'mlir-opt-22', 'mlir-tblgen-22', 'llvm-tblgen-22'].every(hasTool) &&
  existsSync(join(MLIR_INCLUDE, 'mlir/Tools/Plugins/DialectPlugin.h')) &&
  existsSync(join(LLVM_LIB, 'libMLIR.so'));

interface Job {
  input: string;
  generator: string;
  args?: string[];
  output: string;
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(cmd: string, args: readonly string[], cwd: string, input?: Buffer): Run {
  const r = spawnSync(cmd, args, { cwd, input, encoding: 'latin1', maxBuffer: 1 << 28 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The reference command of a job: what ods-tblgen is a drop-in for. */
function reference(job: Job, includeDirs: readonly string[]): { tool: string; args: string[] } {
  const common = [...includeDirs.flatMap((d) => ['-I', d]), job.input];
  if (job.generator === 'print-records') return { tool: 'mlir-tblgen-22', args: common };
  if (job.generator === 'dump-json') return { tool: 'llvm-tblgen-22', args: ['--dump-json', ...common] };
  return { tool: 'mlir-tblgen-22', args: [`--gen-${job.generator}`, ...(job.args ?? []), ...common] };
}

/** Builds the packages ods-tblgen needs when their dist is missing. */
function ensureBuilt(): void {
  const need = ['tablegen-core/dist/index.js', 'ods-backends/dist/index.js', 'ods-backends/dist/engine-worker.js'];
  if (need.every((p) => existsSync(join(REPO, 'packages', p)))) return;
  execFileSync('npx', ['nx', 'run-many', '-t', 'build', '-p', '@ods-ts/tablegen-core', '@ods-ts/ods-backends', '--output-style=static'], {
    cwd: REPO,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  });
}

describe.skipIf(!READY)('the toy dialect built into an mlir-opt plugin', () => {
  let dir: string;
  let jobs: Job[];
  let includeDirs: string[];
  let generation: Run;
  let compile: Run & { seconds: number };
  const plugin = (): string => `--load-dialect-plugin=${join(dir, 'libToyPlugin.so')}`;
  const mlirOpt = (...args: string[]): Run => run('mlir-opt-22', [plugin(), ...args], dir);
  const expected = (name: string): string => readFileSync(join(dir, 'test', name), 'latin1');

  beforeAll(() => {
    ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), 'ods-plugin-e2e-'));
    for (const sub of ['include', 'plugin', 'test', 'ods.json']) cpSync(join(EXAMPLE, sub), join(dir, sub), { recursive: true });
    // The jobs as ods-tblgen expands ods.json (the dialect preset, the glob).
    const cfg = expandedConfig(dir);
    jobs = cfg.jobs;
    includeDirs = cfg.includeDirs.includes(MLIR_INCLUDE) ? cfg.includeDirs : [...cfg.includeDirs, MLIR_INCLUDE];
    generation = run(process.execPath, [join(REPO, 'packages/ods-backends/bin/ods-tblgen.js'), 'build', '--config', 'ods.json'], dir);
    if (generation.status !== 0) return;
    // One compiler run: the plugin is a single translation unit.
    const started = Date.now();
    const cxx = run(
      'g++',
      [
        '-std=c++17',
        '-fPIC',
        '-shared',
        '-fno-rtti',
        '-I',
        join(dir, 'generated'),
        '-I',
        MLIR_INCLUDE,
        join(dir, 'plugin/ToyPlugin.cpp'),
        `-L${LLVM_LIB}`,
        '-lMLIR',
        '-lLLVM',
        `-Wl,-rpath,${LLVM_LIB}`,
        '-o',
        join(dir, 'libToyPlugin.so'),
      ],
      dir,
    );
    compile = { ...cxx, seconds: (Date.now() - started) / 1000 };
    console.log(`plugin e2e: g++ compiled plugin/ToyPlugin.cpp in ${compile.seconds.toFixed(1)} s`);
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('generates every output of ods.json with ods-tblgen, byte-identical to mlir-tblgen-22', () => {
    expect(generation.status, generation.stdout + generation.stderr).toBe(0);
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) {
      const ref = reference(job, includeDirs);
      const r = run(ref.tool, ref.args, dir);
      const cmd = `${ref.tool} ${ref.args.join(' ')}`;
      expect(r.status, `${cmd}: ${r.stderr}`).toBe(0);
      const mine = readFileSync(join(dir, job.output), 'latin1');
      if (job.generator === 'dump-json') expect(JSON.parse(mine), job.output).toEqual(JSON.parse(r.stdout));
      else expect(mine, `${job.output} differs from ${cmd}`).toBe(r.stdout);
    }
  });

  it('compiles the plugin from the generated .inc files', () => {
    expect(generation.status).toBe(0);
    expect(compile.status, compile.stderr).toBe(0);
  });

  it('is what makes mlir-opt know the dialect', () => {
    const r = run('mlir-opt-22', [join(dir, 'test/ops.mlir')], dir);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain("Dialect `toy' not found for custom op 'toy.constant'");
  });

  it('parses, verifies and prints ops in their custom assembly formats', () => {
    const r = mlirOpt(join(dir, 'test/ops.mlir'));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(expected('ops.expected.mlir'));
  });

  it('round-trips the printed form, the generic form and bytecode', () => {
    const want = expected('ops.expected.mlir');
    const again = mlirOpt(join(dir, 'test/ops.expected.mlir'));
    expect(again.stdout, again.stderr).toBe(want);
    const generic = mlirOpt('--mlir-print-op-generic', join(dir, 'test/ops.mlir'));
    expect(generic.status, generic.stderr).toBe(0);
    expect(generic.stdout).toContain('"toy.round"(%3) <{exact = false, mode = 0 : i32}>');
    expect(run('mlir-opt-22', [plugin(), '-'], dir, Buffer.from(generic.stdout, 'latin1')).stdout).toBe(want);
    const bytecode = spawnSync('mlir-opt-22', [plugin(), '--emit-bytecode', join(dir, 'test/ops.mlir')], { cwd: dir });
    expect(bytecode.status, bytecode.stderr.toString()).toBe(0);
    expect(run('mlir-opt-22', [plugin(), '-'], dir, bytecode.stdout).stdout).toBe(want);
  });

  it('rejects invalid ops with the expected parse and verification errors', () => {
    const r = mlirOpt('--verify-diagnostics', '--split-input-file', join(dir, 'test/invalid.mlir'));
    expect(r.status, r.stderr).toBe(0);
  });

  it('canonicalizes with the pattern written in DRR', () => {
    const r = mlirOpt('--canonicalize', join(dir, 'test/canonicalize.mlir'));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(expected('canonicalize.expected.mlir'));
  });
});
