// The LLVM IR generators (--gen-llvmir-conversions, --gen-op-from/intr-from-llvmir-conversions,
// --gen-enum-to/from-llvmir-conversions, --gen-convertible-llvmir-intrinsics,
// --gen-llvmir-intrinsics) on small fixtures (src/__fixtures__/llvmir/), outputs and diagnostics.
// The expected texts in expected.json were produced by mlir-tblgen-22 (LLVM/MLIR 22.1.8) on the
// same fixtures while writing this test. The op and enum fixtures include MLIR's OpBase.td /
// EnumAttr.td from the installed tree and are skipped without it. A last group compares with
// mlir-tblgen-22 itself on MLIR's own LLVM IR .td files when both are installed.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MLIR_INCLUDE, cliRunner, fixtureDir, haveMlirFile } from '../testing/fixtures.js';

interface Expected {
  readonly args: readonly string[];
  readonly out: string;
  readonly err: string;
  readonly code: number;
}

const dir = fixtureDir('llvmir');
const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'latin1')) as { [name: string]: Expected };
const run = cliRunner(dir);

/** Run one recorded case and compare everything: stdout, the whole stderr, the exit code. */
function check(name: string): void {
  const e = expected[name]!;
  const r = run(...e.args, '-I', MLIR_INCLUDE);
  expect(r.err).toBe(e.err);
  expect(r.out).toBe(e.out);
  expect(r.code).toBe(e.code);
}

describe('--gen-llvmir-intrinsics', () => {
  it('emits an ODS op per intrinsic (names, overloaded types, traits, results)', () => check('intr-default'));
  it('keeps the intrinsics whose record name contains the filter, on the given base class', () => check('intr-filter'));
  it('adds access group and alias analysis arguments where the regexps match', () => check('intr-meta'));
  it('emits only the header when the filter matches nothing', () => check('intr-none'));
  it('reports a value type without LLVMName', () => check('intr-novt'));
  it('reports a file without the Intrinsic class', () => {
    const r = run('--gen-llvmir-intrinsics', 'nofield.td', '-I', MLIR_INCLUDE);
    if (!haveMlirFile('mlir/IR/OpBase.td')) return;
    expect(r.err).toBe("error: The class 'Intrinsic' is not defined\n\n");
    expect(r.out).toBe('');
    expect(r.code).toBe(1);
  });
  it('requires a value for its options', () => {
    const r = run('--gen-llvmir-intrinsics', '--dialect-opclass-base');
    expect(r.err).toBe('ods-tblgen: for the --dialect-opclass-base option: requires a value!\n');
    expect(r.code).toBe(1);
  });
});

describe.skipIf(!haveMlirFile('mlir/IR/OpBase.td'))('LLVM IR op conversions', () => {
  it('--gen-llvmir-conversions rewrites the llvmBuilder variables', () => check('llvmir'));
  it('--gen-op-from-llvmir-conversions converts the operands an mlirBuilder uses', () => check('opfrom'));
  it('--gen-intr-from-llvmir-conversions keys the intrinsic builders by llvmEnumName', () => check('intrfrom'));
  it('--gen-convertible-llvmir-intrinsics lists the intrinsic ids', () => check('conv'));
  it('requires the llvmBuilder field', () => check('nofield'));
  it('reports a missing LLVM_IntrOpBase class', () => check('noclass'));
  for (const d of ['UNKNOWN', 'DOLLAR', 'INDICES', 'NEGATIVE', 'RESULTS', 'UNSET', 'MULTICLASS']) {
    it(`diagnoses a bad op (${d.toLowerCase()}) like mlir-tblgen-22`, () => {
      check(`bad-llvmir-${d}`);
      check(`bad-opfrom-${d}`);
    });
  }
});

describe.skipIf(!haveMlirFile('mlir/IR/EnumAttr.td'))('LLVM IR enum conversions', () => {
  it('--gen-enum-to-llvmir-conversions (enum classes, then C-style enums)', () => check('eto'));
  it('--gen-enum-from-llvmir-conversions (with unsupported enumerants)', () => check('efrom'));
  it('reports a missing LLVM_CEnumAttr class', () => check('enoc'));
});

/** Whether mlir-tblgen-22 runs here. */
function haveReference(): boolean {
  return spawnSync('mlir-tblgen-22', ['--version'], { encoding: 'latin1' }).status === 0;
}

describe.skipIf(!haveReference() || !haveMlirFile('mlir/Dialect/LLVMIR/LLVMOps.td'))('on the installed tree, like mlir-tblgen-22', () => {
  const cases: readonly (readonly string[])[] = [
    ['--gen-llvmir-conversions', 'mlir/Dialect/ArmNeon/ArmNeon.td'],
    ['--gen-intr-from-llvmir-conversions', 'mlir/Dialect/ArmNeon/ArmNeon.td'],
    ['--gen-convertible-llvmir-intrinsics', 'mlir/Dialect/ArmNeon/ArmNeon.td'],
    ['--gen-op-from-llvmir-conversions', 'mlir/Dialect/LLVMIR/LLVMOps.td'],
    ['--gen-enum-to-llvmir-conversions', 'mlir/Dialect/LLVMIR/LLVMEnums.td'],
    ['--gen-enum-from-llvmir-conversions', 'mlir/Dialect/LLVMIR/LLVMEnums.td'],
    ['--gen-llvmir-intrinsics', '--llvmir-intrinsics-filter=aarch64_sve', '--dialect-opclass-base=ArmSVE_IntrOp', 'llvm/IR/Intrinsics.td'],
  ];
  const inTree = cliRunner(MLIR_INCLUDE);
  for (const args of cases) {
    it(args.join(' '), { timeout: 120_000 }, () => {
      const ref = spawnSync('mlir-tblgen-22', [...args, '-I', '.'], { cwd: MLIR_INCLUDE, encoding: 'latin1', maxBuffer: 1 << 28 });
      const ours = inTree(...args, '-I', '.');
      expect(ours.err).toBe(ref.stderr);
      expect(ours.code).toBe(ref.status);
      expect(ours.out === ref.stdout).toBe(true);
    });
  }
});
