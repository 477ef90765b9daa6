// ods-tblgen as a drop-in under CMake + Ninja: the example dialect (a copy of examples/dialect with
// its CMakeLists.txt, which uses MLIR 22's own CMake modules: find_package(MLIR), mlir_tablegen,
// tablegen, add_public_tablegen_target) is configured and built twice, once with mlir-tblgen-22 and
// llvm-tblgen-22, once with ods-tblgen (a wrapper script running bin/ods-tblgen.js) as
// MLIR_TABLEGEN_EXE; every output and every depfile must be byte-identical. CMake passes the
// inputs and include folders as absolute paths and the outputs relative to the build folder,
// which the conformance harness never does. Then Ninja's view of the depfiles: a second build
// does nothing, and touching an included .td rebuilds the same outputs in both builds.
// Skipped when cmake, ninja, the reference tools or MLIR 22's CMake modules are missing.
import { expandedConfig } from '../ods-config.js';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, ensureBuilt, hasTool } from '../nx/support.js';

const EXAMPLE = join(REPO, 'examples/dialect');

/** MLIR 22's CMake package folder (MLIRConfig.cmake), from llvm-config-22. */
function mlirCmakeDir(): string | undefined {
  try {
    const llvm = execFileSync('llvm-config-22', ['--cmakedir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dir = join(llvm, '../mlir');
    return existsSync(join(dir, 'MLIRConfig.cmake')) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/** The absolute path of a program on PATH (CMake lists the tablegen as a file dependency). */
function which(name: string): string {
  return execFileSync('sh', ['-c', 'command -v "$1"', 'sh', name], { encoding: 'utf8' }).trim();
}

const MLIR_DIR = mlirCmakeDir();
const READY = MLIR_DIR !== undefined && ['cmake', 'ninja', 'mlir-tblgen-22', 'llvm-tblgen-22'].every(hasTool);

interface Build {
  dir: string;
  log: string;
}

function sh(cmd: string, args: readonly string[], cwd: string): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 26, env: { ...process.env, NINJA_STATUS: '[ninja] ' } });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} (in ${cwd}) exited ${r.status}\n${r.stdout}\n${r.stderr}`);
  return r.stdout + r.stderr;
}

/** The outputs Ninja ran a command for, from its `[ninja] Building X...` lines. */
function rebuilt(log: string): string[] {
  return [...log.matchAll(/^\[ninja\] Building (\S+)\.\.\.$/gm)].map((m) => m[1]!).sort();
}

/** The files a build wrote: the TableGen outputs and their depfiles. */
function outputs(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.startsWith('Toy'))
    .sort();
}

describe.skipIf(!READY)('ods-tblgen as MLIR_TABLEGEN_EXE in a CMake + Ninja build', () => {
  let root: string;
  let source: string;
  let ref: Build;
  let ours: Build;

  const configure = (name: string, tablegens: string[]): Build => {
    const dir = join(root, name);
    const log = sh('cmake', ['-G', 'Ninja', '-S', source, '-B', dir, `-DMLIR_DIR=${MLIR_DIR}`, ...tablegens], root);
    return { dir, log };
  };
  const build = (b: Build): string => sh('ninja', ['-C', b.dir, 'ToyIncGen'], root);

  beforeAll(() => {
    ensureBuilt();
    root = mkdtempSync(join(tmpdir(), 'ods-cmake-e2e-'));
    source = join(root, 'dialect');
    for (const sub of ['include', 'CMakeLists.txt', 'ods.json']) cpSync(join(EXAMPLE, sub), join(source, sub), { recursive: true });
    const wrapper = join(root, 'ods-tblgen');
    writeFileSync(wrapper, `#!/bin/sh\nexec "${process.execPath}" "${join(REPO, 'packages/ods-backends/bin/ods-tblgen.js')}" "$@"\n`);
    chmodSync(wrapper, 0o755);
    ref = configure('build-ref', [`-DTOY_MLIR_TABLEGEN=${which('mlir-tblgen-22')}`, `-DTOY_LLVM_TABLEGEN=${which('llvm-tblgen-22')}`]);
    ours = configure('build-ods', [`-DTOY_MLIR_TABLEGEN=${wrapper}`, `-DTOY_LLVM_TABLEGEN=${wrapper}`]);
    ref.log = build(ref);
    ours.log = build(ours);
  });

  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('runs the tablegen it was given', () => {
    const ninja = readFileSync(join(ours.dir, 'build.ninja'), 'utf8');
    expect(ninja).toContain(`${join(root, 'ods-tblgen')} -gen-rewriters`);
    expect(readFileSync(join(ref.dir, 'build.ninja'), 'utf8')).toContain(`${which('mlir-tblgen-22')} -gen-rewriters`);
  });

  it('builds every output of ods.json, with a depfile each', () => {
    // The jobs as ods-tblgen expands the example's ods.json (its dialect preset and glob).
    const jobs = expandedConfig(EXAMPLE).jobs;
    const names = jobs.map((j) => j.output.replace(/^generated\//, ''));
    expect(outputs(ref.dir)).toEqual([...names, ...names.map((n) => `${n}.d`)].sort());
    expect(rebuilt(ours.log)).toEqual([...names].sort());
  });

  it('writes every output and depfile byte for byte as mlir-tblgen-22 and llvm-tblgen-22 do', () => {
    expect(outputs(ours.dir)).toEqual(outputs(ref.dir));
    for (const f of outputs(ref.dir)) {
      const want = readFileSync(join(ref.dir, f), 'latin1');
      const got = readFileSync(join(ours.dir, f), 'latin1');
      expect(got, `${f} differs from the reference's`).toBe(want);
    }
  });

  it('leaves Ninja nothing to do after a build, and rebuilds what includes a touched file', () => {
    expect(build(ours)).toContain('no work to do');
    // A later mtime on a file that ToyOps.td includes: only the outputs whose depfiles name it.
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(source, 'include/Toy/ToyDialect.td'), later, later);
    const again = { ref: rebuilt(build(ref)), ours: rebuilt(build(ours)) };
    expect(again.ours.length).toBeGreaterThan(0);
    expect(again.ours).toEqual(again.ref);
    expect(again.ours).not.toContain('ToyInterfaces.h.inc');
    expect(build(ours)).toContain('no work to do');
  });
});
