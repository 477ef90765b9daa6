// Name conflicts between an op's operands, results, regions and successors, on inline fixtures
// of our own (messages and their order checked against mlir-tblgen-22 while writing them).
import { describe, expect, it } from 'vitest';
import { haveMlirFile, MLIR_INCLUDE, runOnTd } from '../testing/fixtures.js';

const HAVE_MLIR = haveMlirFile('mlir/IR/OpBase.td');

function firstError(body: string): string {
  const td = `include "mlir/IR/OpBase.td"\ndef N_Dialect : Dialect { let name = "n"; }\ndef N_Op : Op<N_Dialect, "op"> { ${body} }\n`;
  const r = runOnTd(td, ['--gen-op-decls', '-I', MLIR_INCLUDE]);
  expect(r.code).toBe(1);
  return r.err.split('\n')[0]!;
}

describe.skipIf(!HAVE_MLIR)('op name conflicts', () => {
  it('reports two entries of one kind with the same name', () => {
    expect(firstError('let arguments = (ins I32:$a, I32:$a, I32:$b, I32:$b);')).toBe(
      "in.td:3:5: error: op has a conflict with two operands having the same name 'a'",
    );
    expect(firstError('let successors = (successor AnySuccessor:$s, AnySuccessor:$s);')).toBe(
      "in.td:3:5: error: op has a conflict with two successors having the same name 's'",
    );
  });
  it('reports a name shared across kinds, found in operand, result, region, successor order', () => {
    expect(firstError('let arguments = (ins I32:$x); let results = (outs I32:$x, I32:$y, I32:$y);')).toBe(
      "in.td:3:5: error: op has a conflict with operands and results both having an entry with the name 'x'",
    );
    expect(firstError('let results = (outs I32:$a, I32:$b); let regions = (region AnyRegion:$b, AnyRegion:$a);')).toBe(
      "in.td:3:5: error: op has a conflict with results and regions both having an entry with the name 'b'",
    );
  });
  it('checks after the builders, and ignores unnamed entries', () => {
    expect(firstError('let regions = (region AnyRegion:$r, AnyRegion:$r); let skipDefaultBuilders = 1;')).toBe(
      'in.td:3:5: error: default builders are skipped and no custom builders provided',
    );
    const td = `include "mlir/IR/OpBase.td"\ndef N_Dialect : Dialect { let name = "n"; }\ndef N_Op : Op<N_Dialect, "op"> { let arguments = (ins I32); let results = (outs I32, I32); }\n`;
    expect(runOnTd(td, ['--gen-op-decls', '-I', MLIR_INCLUDE]).code).toBe(0);
  });
  it('reports a name whose accessor the op class has anyway', () => {
    const overlap = (name: string) => `in.td:3:5: error: generated accessor for \`${name}\` overlaps with a default one; please rename to avoid overlap`;
    expect(firstError('let arguments = (ins I32:$operands);')).toBe(overlap('operands'));
    expect(firstError('let arguments = (ins I32:$attribute_names);')).toBe(overlap('attribute_names'));
    expect(firstError('let regions = (region AnyRegion:$regions);')).toBe(overlap('regions'));
    expect(firstError('let results = (outs I32:$a, I32:$type);')).toBe(overlap('type'));
    expect(firstError('let arguments = (ins I32:$operation, I32:$operation);')).toBe(overlap('operation'));
    // The only operand, variadic: its getOperands is the op's own.
    const td = `include "mlir/IR/OpBase.td"\ndef N_Dialect : Dialect { let name = "n"; }\ndef N_Op : Op<N_Dialect, "op"> { let arguments = (ins Variadic<I32>:$operands); let results = (outs I32:$type); }\n`;
    expect(runOnTd(td, ['--gen-op-decls', '-I', MLIR_INCLUDE]).code).toBe(0);
  });
});
