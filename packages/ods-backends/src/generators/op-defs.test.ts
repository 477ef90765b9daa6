// op-defs on a fixture of our own (src/__fixtures__/op-defs.td) that includes MLIR 22's
// OpBase.td, read in place from the LLVM 22 include directory (skipped when absent). The
// expected text (op-defs.expected.inc) was produced by mlir-tblgen-22 on the same fixture while
// writing this test; it covers verifiers, uniqued constraint functions, type inference and the
// declarative assembly format (optional groups, unit/default attributes, successors, regions,
// functional-type, symbol names) plus a C++-format op.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';

const MLIR_INCLUDE = '/usr/lib/llvm-22/include';
const HAVE_MLIR = existsSync(join(MLIR_INCLUDE, 'mlir/IR/OpBase.td'));
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', '__fixtures__');

function run(...args: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = runCli(args, { stdout: (t) => (out += t), stderr: (t) => (err += t), cwd: FIXTURES });
  return { code, out, err };
}

describe.skipIf(!HAVE_MLIR)('op-defs', () => {
  it('emits constraint functions, adaptors, ops and formats like mlir-tblgen-22', () => {
    const r = run('--gen-op-defs', '-I', MLIR_INCLUDE, 'op-defs.td');
    expect(r.err).toBe('');
    expect(r.out).toBe(readFileSync(join(FIXTURES, 'op-defs.expected.inc'), 'latin1'));
    expect(r.code).toBe(0);
  });
  it('lists only the selected ops with --op-include-regex', () => {
    const r = run('--gen-op-defs', '--op-include-regex=toy.br', '-I', MLIR_INCLUDE, 'op-defs.td');
    expect(r.code).toBe(0);
    expect(r.out).toContain('::toy::BrOp\n#endif // GET_OP_LIST');
    expect(r.out).not.toContain('AddOp');
  });
  it('reports a format error as a located diagnostic', () => {
    const r = run('--gen-op-defs', '-I', MLIR_INCLUDE, 'op-defs-bad-format.td');
    expect(r.code).toBe(1);
    expect(r.err).toContain("error: 'attr-dict' directive not found in custom assembly format");
  });
});
