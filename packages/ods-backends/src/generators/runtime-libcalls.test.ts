// --gen-runtime-libcalls on small inputs with RuntimeLibcalls.td's classes written here; where
// llvm-tblgen-22 is installed, each case is also run through it and compared byte for byte.
import { describe, expect, it } from 'vitest';
import { HAVE_LLVM_TBLGEN, runBothOn, runOnTd } from '../testing/fixtures.js';

const CLASSES = `
def add;
class RuntimeLibcallPredicate<code cond> { code Cond = cond; }
def AlwaysAvailable : RuntimeLibcallPredicate<[{}]>;
class LibcallCallingConv<code cc = [{}]> { code CallingConv = cc; }
def DefaultCC : LibcallCallingConv;
class RuntimeLibcall { string Name = NAME; }
class RuntimeLibcallImpl<RuntimeLibcall provides, string funcName = NAME> {
  RuntimeLibcall Provides = provides;
  string LibCallFuncName = funcName;
  bit IsDefault = false;
}
class LibcallImpls<dag members, RuntimeLibcallPredicate pred = AlwaysAvailable> {
  RuntimeLibcallPredicate AvailabilityPredicate = pred;
  dag MemberList = members;
  LibcallCallingConv CallingConv = ?;
}
class SystemRuntimeLibrary<RuntimeLibcallPredicate pred, dag members> {
  LibcallCallingConv DefaultLibcallCallingConv = DefaultCC;
  RuntimeLibcallPredicate TriplePred = pred;
  LibcallImpls MemberList = LibcallImpls<members>;
}
`;

function run(src: string) {
  const { ref, ours } = runBothOn({ 'in.td': CLASSES + src }, ['--gen-runtime-libcalls', 'in.td']);
  if (HAVE_LLVM_TBLGEN) expect(ours).toEqual(ref);
  return ours;
}

describe('--gen-runtime-libcalls', () => {
  it('numbers the implementations by function name and maps each to its libcall', () => {
    const r = run('def B : RuntimeLibcall;\ndef A : RuntimeLibcall;\ndef z_impl : RuntimeLibcallImpl<A, "aaa">;\ndef y_impl : RuntimeLibcallImpl<B, "bbb">;\n');
    expect(r.code).toBe(0);
    expect(r.out).toContain('  Unsupported = 0,\n  impl_z_impl = 1, // aaa\n  impl_y_impl = 2, // bbb\n};\nconstexpr size_t NumLibcallImpls = 3;\n');
    expect(r.out).toContain('  RTLIB::A, // RTLIB::impl_z_impl\n  RTLIB::B, // RTLIB::impl_y_impl\n');
  });

  it('makes predicated subsets available under their own condition', () => {
    const r = run(
      'def A : RuntimeLibcall;\ndef a : RuntimeLibcallImpl<A>;\ndef P : RuntimeLibcallPredicate<[{TT.p()}]>;\n' +
        'def Q : RuntimeLibcallPredicate<[{TT.q()}]>;\ndef Lib : SystemRuntimeLibrary<P, (add LibcallImpls<(add a), Q>)>;\n',
    );
    expect(r.out).toContain('  if (TT.p()) {\n    static constexpr LibcallImplBitset SystemAvailableImpls({\n      0x00000000000000\n    });\n');
    expect(r.out).toContain('    if (TT.q()) {\n      static const RTLIB::LibcallImpl LibraryCalls_Q[] = {\n          RTLIB::impl_a, // a\n      };\n');
  });

  it('reports a library without any implementation, where llvm-tblgen searches for ever', () => {
    const r = runOnTd(CLASSES + 'def A : RuntimeLibcall;\n', ['--gen-runtime-libcalls']);
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: no RuntimeLibcallImpl defined: the name lookup table would be empty\n');
  });
});
