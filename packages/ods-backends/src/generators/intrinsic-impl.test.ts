// --gen-intrinsic-impl on small inputs over LLVM 22's Intrinsics.td read in place (its own
// intrinsics left out with -DTEST_INTRINSICS_SUPPRESS_DEFS); where llvm-tblgen-22 is installed,
// each case is also run through it and compared byte for byte (output, stderr, exit code).
import { describe, expect, it } from 'vitest';
import { HAVE_LLVM_TBLGEN, MLIR_INCLUDE, haveMlirFile, runBothOn } from '../testing/fixtures.js';

const HEAD = 'include "llvm/IR/Intrinsics.td"\n';

function run(src: string, compare = true) {
  const { ref, ours } = runBothOn({ 'in.td': HEAD + src }, ['--gen-intrinsic-impl', '-DTEST_INTRINSICS_SUPPRESS_DEFS', '-I', MLIR_INCLUDE, 'in.td']);
  if (HAVE_LLVM_TBLGEN && compare) expect(ours).toEqual(ref);
  return ours;
}

describe.skipIf(!haveMlirFile('llvm/IR/Intrinsics.td'))('--gen-intrinsic-impl', () => {
  it('writes the memory effects and function attributes of each distinct set once', () => {
    const r = run(
      'def int_a : DefaultAttrsIntrinsic<[llvm_i32_ty], [llvm_ptr_ty], [IntrReadMem, IntrArgMemOnly]>;\n' +
        'def int_b : DefaultAttrsIntrinsic<[llvm_i32_ty], [llvm_ptr_ty], [IntrReadMem, IntrArgMemOnly]>;\n' +
        'def int_c : Intrinsic<[], [], [IntrRead<[TargetMem0]>]>;\n',
    );
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      '  case 0: // llvm.a\n    return AttributeSet::get(C, {\n      Attribute::get(C, Attribute::NoUnwind),\n' +
        '      Attribute::get(C, Attribute::NoCallback),\n      Attribute::get(C, Attribute::NoSync),\n' +
        '      Attribute::get(C, Attribute::NoFree),\n      Attribute::get(C, Attribute::WillReturn),\n' +
        '      // ArgMem: Ref, InaccessibleMem: NoModRef, ErrnoMem: NoModRef, Other: NoModRef, TargetMem0: NoModRef, TargetMem1: NoModRef\n' +
        '      Attribute::getWithMemoryEffects(C, MemoryEffects::createFromIntValue(1)),\n',
    );
    expect(r.out).not.toContain('case 0: // llvm.b');
    expect(r.out).toContain('TargetMem0: ModRef, TargetMem1: Mod\n');
  });

  it('shares argument attribute lists and writes ranges as signed values', () => {
    const r = run(
      'def int_r : Intrinsic<[llvm_i32_ty], [llvm_i32_ty], [Range<RetIndex, -1, 2>, ImmArg<ArgIndex<0>>]>;\n' +
        'def int_s : Intrinsic<[llvm_i32_ty], [llvm_i32_ty], [Range<RetIndex, -1, 2>, ImmArg<ArgIndex<0>>]>;\n',
    );
    expect(r.out).toContain('ConstantRange(APInt(BitWidth, -1, /*isSigned=*/true, /*implicitTrunc=*/true), APInt(BitWidth, 2,');
    expect(r.out).toContain('\n    0 << 0 | 0, // llvm.r\n    0 << 0 | 0, // llvm.s\n');
    expect(r.out).toContain('  /* 0 */ {0, 0}, {1, 1}, \n');
  });

  it('writes the builtin tables, each target with its common prefix', () => {
    const r = run(
      'let TargetPrefix = "t" in {\n' +
        '  def int_t_ab : ClangBuiltin<"__t_ab">, Intrinsic<[], []>;\n' +
        '  def int_t_ac : ClangBuiltin<"__t_ac">, MSBuiltin<"_ac">, Intrinsic<[], []>;\n}\n',
    );
    expect(r.out).toContain('    {"t", tNames, "__t_a"},\n');
    expect(r.out).toContain('    {t_ab, 1}, // __t_ab\n    {t_ac, 3}, // __t_ac\n');
    expect(r.out).toContain('    {"t", tNames, "_ac"},\n');
  });

  it('writes the ImmArg printers, qualified by the target', () => {
    const r = run('let TargetPrefix = "q" in def int_q_x : Intrinsic<[], [llvm_i32_ty], [ArgInfo<ArgIndex<0>, [ArgName<"k">, ImmArgPrinter<"pk">]>]>;\n');
    expect(r.out).toContain('  case q_x:\n    switch (ArgIdx) {\n    case 0:\n      OS << "k=";\n      q::pk(OS, ImmArgVal);\n      return;\n');
  });

  it('reports a duplicate builtin at the second intrinsic', () => {
    const r = run('def int_d1 : ClangBuiltin<"__d">, Intrinsic<[], []>;\ndef int_d2 : ClangBuiltin<"__d">, Intrinsic<[], []>;\n');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^in\.td:3:5: error: Intrinsic 'int_d2': duplicate Clang builtin name!\n/);
  });

  it('reports an IIT code out of range at its def, where llvm-tblgen crashes', () => {
    const r = run('def IIT_HUGE : IIT_Base<300>;\n', false);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^in\.td:2:5: error: IIT_Base number 300 of IIT_HUGE does not fit in 8 bits\n/);
  });
});
