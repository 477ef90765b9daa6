// --gen-python-op-bindings on fixtures written for these tests (src/__fixtures__/python/). The
// fixtures include MLIR 22's OpBase.td, read in place from the LLVM 22 include directory (skipped
// when absent); each expected output was produced by mlir-tblgen-22 with the same arguments
// while writing the test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliRunner, fixtureDir, haveMlirFile, MLIR_INCLUDE } from '../testing/fixtures.js';
import { sanitizePythonName } from './python-op-bindings.js';
import { convertToSnakeFromCamelCase, pythonAttrTypeName, pythonValueTypeName } from './python-util.js';

const HAVE_MLIR = haveMlirFile('mlir/IR/OpBase.td');
const DIR = fixtureDir('python');

const run = cliRunner(DIR);

const expected = (name: string): string => readFileSync(join(DIR, 'expected', name), 'latin1');

describe.skipIf(!HAVE_MLIR)('--gen-python-op-bindings matches mlir-tblgen-22', () => {
  it('generates op classes, builders, accessors and value builders', () => {
    const r = run('--gen-python-op-bindings', '--bind-dialect=py', '-I', MLIR_INCLUDE, 'ops.td');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toBe(expected('ops.py'));
  });
  it('imports the dialect class in a dialect extension module', () => {
    const r = run('--gen-python-op-bindings', '--bind-dialect=py', '--dialect-extension=ext', '-I', MLIR_INCLUDE, 'ops.td');
    expect(r.code).toBe(0);
    expect(r.out).toBe(expected('ops.ext.py'));
  });
  it('emits only the prologue for a dialect without ops in the file', () => {
    const r = run('--gen-python-op-bindings', '--bind-dialect=other', '-I', MLIR_INCLUDE, 'ops.td');
    expect(r.code).toBe(0);
    expect(r.out).toBe(expected('ops.other.py'));
  });
  it('rejects two variadic groups it cannot tell apart', () => {
    const r = run('--gen-python-op-bindings', '--bind-dialect=bad', '-I', MLIR_INCLUDE, 'bad-structure.td');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toBe('error: unsupported operand structure\n');
  });
  it('needs the Op class', () => {
    const r = run('--gen-python-op-bindings', '--bind-dialect=py', '../docs/empty.td');
    expect(r.code).toBe(1);
    expect(r.err).toContain("error: The class 'Op' is not defined");
  });
});

describe('Python naming helpers', () => {
  it('sanitizes names like mlir-tblgen', () => {
    expect(sanitizePythonName('lambda')).toBe('lambda_');
    expect(sanitizePythonName('results')).toBe('results_');
    expect(sanitizePythonName('_ods_x')).toBe('_ods_x_');
    expect(sanitizePythonName('x_ods')).toBe('x_ods_');
    expect(sanitizePythonName('1names')).toBe('_1names');
    expect(sanitizePythonName('irdl.collect_matching')).toBe('irdl_collect_matching');
    expect(sanitizePythonName('value')).toBe('value');
  });
  it('converts camelCase to snake_case like llvm', () => {
    expect(convertToSnakeFromCamelCase('invariantGroup')).toBe('invariant_group');
    expect(convertToSnakeFromCamelCase('CConv')).toBe('c_conv');
    expect(convertToSnakeFromCamelCase('XMLHttp')).toBe('xml_http');
    expect(convertToSnakeFromCamelCase('num_caseRegions')).toBe('num_case_regions');
    expect(convertToSnakeFromCamelCase('v2Data')).toBe('v2_data');
  });
  it('maps builtin C++ types to Python classes', () => {
    expect(pythonValueTypeName('::mlir::IntegerType')).toBe('IntegerType');
    expect(pythonValueTypeName('::mlir::TensorType')).toBeUndefined();
    expect(pythonAttrTypeName('::mlir::DictionaryAttr', '::mlir::DictionaryAttr')).toBe('DictAttr');
    expect(pythonAttrTypeName('::mlir::IntegerAttr', 'bool')).toBe('BoolAttr');
    expect(pythonAttrTypeName('::mlir::IntegerAttr', 'uint32_t')).toBe('IntegerAttr');
    expect(pythonAttrTypeName('::mlir::arith::FastMathFlagsAttr', '')).toBe('Attribute');
  });
});
