// Warnings for uses of deprecated defs (--on-deprecated) on an inline fixture of our own; the
// expected stderr was produced by mlir-tblgen-22 from the same text while writing the test.
import { describe, expect, it } from 'vitest';
import { haveMlirFile, MLIR_INCLUDE, runOnTd } from '../testing/fixtures.js';

const HAVE_MLIR = haveMlirFile('mlir/IR/OpBase.td');

const TD = `include "mlir/IR/OpBase.td"
def OldTrait : NativeOpTrait<"Old">, Deprecated<"use New">;
class Holder<list<NativeOpTrait> l> { list<NativeOpTrait> held = l; }
def Direct { NativeOpTrait t = OldTrait; }
def ViaAnon { Holder h = Holder<[OldTrait]>; }
class Base;
def Named : Base { NativeOpTrait t = OldTrait; }
def ViaNamed { Base d = Named; }
def InDag { dag d = (OldTrait $x); }
`;

const warning = (line: number, text: string): string =>
  `in.td:${line}:5: warning: Using deprecated def \`OldTrait\`\n${text}\n    ^\nnote: use New\n`;

const WARNINGS =
  warning(4, 'def Direct { NativeOpTrait t = OldTrait; }') +
  warning(9, 'def InDag { dag d = (OldTrait $x); }') +
  warning(7, 'def Named : Base { NativeOpTrait t = OldTrait; }') +
  warning(5, 'def ViaAnon { Holder h = Holder<[OldTrait]>; }');

describe.skipIf(!HAVE_MLIR)('uses of deprecated defs', () => {
  it('warns at each named user (directly, in dags and lists, through anonymous defs) in name order', () => {
    const r = runOnTd(TD, ['--gen-op-decls', '-I', MLIR_INCLUDE]);
    expect(r.err).toBe(WARNINGS);
    expect(r.code).toBe(0);
  });
  it('stays silent with --on-deprecated=none and fails with =error', () => {
    expect(runOnTd(TD, ['--gen-op-decls', '--on-deprecated=none', '-I', MLIR_INCLUDE]).err).toBe('');
    const r = runOnTd(TD, ['--gen-op-decls', '--on-deprecated=error', '-I', MLIR_INCLUDE]);
    expect(r.err).toBe(`${WARNINGS}note: Error'ing out due to deprecated defs\n`);
    expect(r.out).toBe('');
    expect(r.code).toBe(1);
  });
});
