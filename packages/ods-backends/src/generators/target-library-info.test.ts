// --gen-target-library-info on a small input that includes LLVM 22's TargetLibraryInfoImpl.td in
// place, and on TargetLibraryInfo.td: expected texts come from llvm-tblgen-22; where it is
// installed, the runs are also compared with it byte for byte.
import { describe, expect, it } from 'vitest';
import { HAVE_LLVM_TBLGEN, MLIR_INCLUDE, haveMlirFile, runBothOn } from '../testing/fixtures.js';

describe.skipIf(!haveMlirFile('llvm/Analysis/TargetLibraryInfoImpl.td'))('--gen-target-library-info', () => {
  it('stores a signature inside one it ends and numbers calls in definition order', () => {
    const src =
      'include "llvm/Analysis/TargetLibraryInfoImpl.td"\n' +
      'def b : TargetLibCall<"bee", Int, [Ptr, Dbl]>;\ndef a : TargetLibCall<"ay", Dbl>;\n';
    const { ref, ours } = runBothOn({ 'in.td': src }, ['--gen-target-library-info', '-I', MLIR_INCLUDE, 'in.td']);
    if (HAVE_LLVM_TBLGEN) expect(ours).toEqual(ref);
    expect(ours.out).toContain('  NotLibFunc = 0,\n  LibFunc_b,\n  LibFunc_a,\n');
    expect(ours.out).toContain('static const FuncArgTypeID SignatureTable[] = {\n  /* 0 */ Int, Ptr, Dbl, NoFuncArgType,\n  /* 4 */ Void, NoFuncArgType,\n};\n');
  });

  it.skipIf(!HAVE_LLVM_TBLGEN)('generates TargetLibraryInfo.inc as llvm-tblgen does', () => {
    const { ref, ours } = runBothOn({}, ['--gen-target-library-info', '-I', MLIR_INCLUDE, `${MLIR_INCLUDE}/llvm/Analysis/TargetLibraryInfo.td`]);
    expect(ours).toEqual(ref);
  });
});
