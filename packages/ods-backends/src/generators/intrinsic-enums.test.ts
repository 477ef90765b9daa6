// --gen-intrinsic-enums on small inputs that include LLVM 22's Intrinsics.td in place: the texts
// written out here were produced by llvm-tblgen-22; where it is installed, every case is also run
// through it and compared byte for byte (output, stderr, exit code).
import { describe, expect, it } from 'vitest';
import { HAVE_LLVM_TBLGEN, MLIR_INCLUDE, haveMlirFile, runBothOn } from '../testing/fixtures.js';

const TOY =
  'include "llvm/IR/Intrinsics.td"\n' +
  'let TargetPrefix = "toy" in {\n' +
  '  def int_toy_b : Intrinsic<[llvm_i32_ty], [llvm_i32_ty]>;\n' +
  '  def int_toy_a : Intrinsic<[llvm_anyint_ty], [LLVMMatchType<0>]>;\n' +
  '}\n';

function run(src: string, ...flags: string[]) {
  const { ref, ours } = runBothOn({ 'in.td': src }, ['--gen-intrinsic-enums', ...flags, '-I', MLIR_INCLUDE, 'in.td']);
  if (HAVE_LLVM_TBLGEN) expect(ours).toEqual(ref);
  return ours;
}

describe.skipIf(!haveMlirFile('llvm/IR/Intrinsics.td'))('--gen-intrinsic-enums', () => {
  it("writes a target's enum, numbered after every target before it", () => {
    const r = run(TOY, '-intrinsic-prefix=toy');
    expect(r.out).toMatch(/^#ifndef LLVM_IR_INTRINSIC_TOY_ENUMS_H\n#define LLVM_IR_INTRINSIC_TOY_ENUMS_H\nnamespace llvm::Intrinsic {\nenum TOYIntrinsics : unsigned {\n/m);
    expect(r.out).toMatch(/\n {4}toy_a = \d+, {36} \/\/ llvm\.toy\.a \(in\.td:4\)\n {4}toy_b, {36} \/\/ llvm\.toy\.b \(in\.td:3\)\n\}; \/\/ enum\n/);
  });

  it('lists the known targets for an unknown prefix', () => {
    const r = run(TOY, '-intrinsic-prefix=nope');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^error: tried to generate intrinsics for unknown target nope\nKnown targets are: aarch64, .*, toy, .*\n$/);
  });

  it('rejects a target-independent name of a target, at the def', () => {
    const r = run('include "llvm/IR/Intrinsics.td"\ndef int_x86_mine : Intrinsic<[], []>;\n');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^in\.td:2:5: error: target independent intrinsic `llvm\.x86\.mine' has prefix `llvm\.x86` that conflicts with intrinsics for target `x86`\n/);
  });

  it('notes an explicit name equal to the default one, and goes on', () => {
    const src = 'include "llvm/IR/Intrinsics.td"\nmulticlass M { def _same : Intrinsic<[], [], [], "llvm.my.same">; }\n' +
      'def int_my_other : Intrinsic<[], [], [], "llvm.my.other.name">;\ndefm int_my : M;\n';
    const r = run(src);
    expect(r.code).toBe(0);
    expect(r.err).toBe(
      'in.td:2:20: note: Explicitly specified name matches default name, consider dropping it\n' +
        'multiclass M { def _same : Intrinsic<[], [], [], "llvm.my.same">; }\n                   ^\n' +
        'in.td:4:15: note: instantiated from multiclass\ndefm int_my : M;\n              ^\n',
    );
  });

  it("checks the properties' fields and memory properties like llvm-tblgen-22, whatever the prefix", () => {
    const head = 'include "llvm/IR/Intrinsics.td"\n';
    const unset = run(`${head}def NoIndex : NoCapture<ArgIndex<0>> { let ArgNo = ?; }\ndef int_unset : Intrinsic<[], [llvm_ptr_ty], [NoIndex]>;\n`, '-intrinsic-prefix=x86');
    expect(unset.err.split('\n')[0]).toBe("in.td:2:5: error: Record `NoIndex', field `ArgNo' exists but does not have an int value: ?");
    const mem = run(`${head}def int_m : Intrinsic<[], [], [IntrNoMem, IntrRead<[InaccessibleMem]>, IntrWriteMem]>;\n`);
    expect(mem.err.split('\n')[0]).toBe('in.td:2:5: error: IntrWriteMem cannot be used after IntrNoMem or IntrReadMem. Default is ReadWrite');
    expect(run(`${head}def int_ok : Intrinsic<[], [llvm_ptr_ty], [IntrRead<[InaccessibleMem]>, IntrWriteMem, NoCapture<ArgIndex<0>>]>;\n`).code).toBe(0);
  });

  it('wants every type of TypeInfo a record (a bad LLVMMatchType index leaves a value)', () => {
    const r = run('include "llvm/IR/Intrinsics.td"\ndef int_bad : Intrinsic<[llvm_i32_ty], [LLVMMatchType<3>]>;\n');
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: Expected record in list!\n');
  });

  it('reports a negative argument index at its property (llvm-tblgen-22 crashes)', () => {
    const { ours } = runBothOn(
      { 'in.td': 'include "llvm/IR/Intrinsics.td"\ndef Neg : NoCapture<ArgIndex<0>> { let ArgNo = -1; }\ndef int_neg : Intrinsic<[], [llvm_ptr_ty], [Neg]>;\n' },
      ['--gen-intrinsic-enums', '-I', MLIR_INCLUDE, 'in.td'],
    );
    expect(ours.code).toBe(1);
    expect(ours.err.split('\n')[0]).toBe('in.td:2:5: error: invalid argument index -1 in an intrinsic property');
  });
});
