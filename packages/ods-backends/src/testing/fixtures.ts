// Shared harness of the generator fixture tests (src/**/*.test.ts): where MLIR 22's .td files
// are read in place from, where the fixtures live, and running the CLI in a directory while
// capturing its exit code and output. Test support only; no generator imports it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../cli.js';

/** The LLVM 22 include directory the fixtures include MLIR's .td files from. */
export const MLIR_INCLUDE = '/usr/lib/llvm-22/include';

/** Whether `rel` (e.g. `mlir/IR/OpBase.td`) exists under MLIR_INCLUDE; tests skip without it. */
export function haveMlirFile(rel: string): boolean {
  return existsSync(join(MLIR_INCLUDE, rel));
}

/** The directory `src/__fixtures__/<name>/` (with a trailing slash). */
export function fixtureDir(name: string): string {
  return fileURLToPath(new URL(`../__fixtures__/${name}/`, import.meta.url));
}

/** The outcome of one CLI run: exit code, stdout and stderr (byte strings). */
export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/** Run the CLI with `args` in `cwd`, capturing its output. */
export function runCliIn(cwd: string, args: readonly string[]): CliRun {
  let out = '';
  let err = '';
  const code = runCli(args, { stdout: (t) => (out += t), stderr: (t) => (err += t), cwd });
  return { code, out, err };
}

/** A `run(...args)` for tests that always run the CLI in one directory. */
export function cliRunner(cwd: string): (...args: string[]) => CliRun {
  return (...args) => runCliIn(cwd, args);
}

/** Whether llvm-tblgen-22 (the reference of llvm-tblgen's backends) is on PATH. */
export const HAVE_LLVM_TBLGEN = spawnSync('llvm-tblgen-22', ['--version'], { stdio: 'ignore' }).status === 0;

/** Whether mlir-tblgen-22 (the reference of the ODS generators) is on PATH. */
export const HAVE_MLIR_TBLGEN = spawnSync('mlir-tblgen-22', ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * Runs the reference `tool` (llvm-tblgen-22 unless told) and the CLI with the same arguments on
 * `files` (name to text) written to a fresh folder, the program name in the reference's stderr
 * replaced by ours.
 */
export function runBothOn(
  files: { readonly [name: string]: string },
  args: readonly string[],
  tool: 'llvm-tblgen-22' | 'mlir-tblgen-22' = 'llvm-tblgen-22',
): { ref: CliRun; ours: CliRun } {
  const dir = mkdtempSync(join(tmpdir(), 'ods-llvm-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text, 'latin1');
    const r = spawnSync(tool, args, { cwd: dir, encoding: 'latin1', maxBuffer: 1 << 28 });
    const ref = { code: r.status ?? 128, out: r.stdout ?? '', err: (r.stderr ?? '').replaceAll(tool, 'ods-tblgen') };
    return { ref, ours: runCliIn(dir, args) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Run the CLI on `text` written to a temporary `name` (the last argument), then remove it. */
export function runOnTd(text: string, args: readonly string[], name = 'in.td'): CliRun {
  const dir = mkdtempSync(join(tmpdir(), 'ods-td-'));
  try {
    writeFileSync(join(dir, name), text);
    return runCliIn(dir, [...args, name]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
