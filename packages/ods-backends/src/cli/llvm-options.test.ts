// llvm-tblgen-22's other actions and options through runCli: --print-detailed-records,
// -gen-ctags, -gen-attrs, -gen-vt, --print-enums --class, --print-sets, --color, -debug-counter, and the
// hidden options of its backends. Expected texts come from llvm-tblgen-22 on the same inputs
// (program name replaced by ods-tblgen).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';

const E_TD =
  'class C<int n = 1> { int v = n; }\nclass D : C<2>;\nmulticlass M { def _m : D; }\ndefm x : M;\n' +
  'def b : C;\ndef a10 : C;\ndef a9 : C;\ndefvar g = [1];\n';
const BAD_TD = 'class A<int x> { int y = x; }\ndef b : A<"s">;\n';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ods-llvm-options-'));
  writeFileSync(join(dir, 'e.td'), E_TD);
  writeFileSync(join(dir, 'bad.td'), BAD_TD);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(argv: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = runCli(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd: dir });
  return { code, stdout, stderr };
}

/** llvm-tblgen-22 --print-detailed-records e.td, up to the allocation stats. */
const DETAILED = `DETAILED RECORDS for file e.td

-------------------- Global Variables (1) --------------------

g = [1]

-------------------- Classes (2) --------------------

C  |e.td:1|
  Template args:
    int C:n = 1  |e.td:1|
  Superclasses: (none)
  Fields:
    int v = C:n  |e.td:1|

D  |e.td:2|
  Template args: (none)
  Superclasses: C
  Fields:
    int v = 2  |e.td:1|

-------------------- Records (4) --------------------

a10  |e.td:6|
  Superclasses: C
  Fields:
    int v = 1  |e.td:1|

a9  |e.td:7|
  Superclasses: C
  Fields:
    int v = 1  |e.td:1|

b  |e.td:5|
  Superclasses: C
  Fields:
    int v = 1  |e.td:1|

x_m  |e.td:3|
  Defm sequence: |e.td:4| |e.td:3|
  Superclasses: (C) D
  Fields:
    int v = 2  |e.td:1|

-------------------- Memory Allocation Stats --------------------
`;

describe('--print-detailed-records', () => {
  it('prints globals, classes and records with locations, defm chains and indirect superclasses', () => {
    const r = run(['--print-detailed-records', 'e.td']);
    expect(r.code).toBe(0);
    expect(r.stdout.slice(0, DETAILED.length)).toBe(DETAILED);
    // The stats name llvm's pools (the counts are ods-ts's own).
    expect(r.stdout).toMatch(/\nTheIntInitPool size = \d+\n/);
    expect(r.stdout).toMatch(/\nNumber of anonymous records = 0\n$/);
  });
});

describe('--print-enums', () => {
  it('lists the defs of --class in LessRecord order', () => {
    expect(run(['--print-enums', '--class=C', 'e.td'])).toEqual({ code: 0, stdout: 'a9, a10, b, x_m, \n', stderr: '' });
  });
  it('an unknown class is an error without a location', () => {
    expect(run(['--print-enums', '--class=Z', 'e.td'])).toEqual({ code: 1, stdout: '', stderr: "error: The class 'Z' is not defined\n\n" });
  });
});

describe('-gen-ctags', () => {
  it('indexes classes and defs by name, at their file and line', () => {
    expect(run(['-gen-ctags', 'e.td'])).toEqual({
      code: 0,
      stdout:
        '!_TAG_FILE_FORMAT\t1\t/original ctags format/\n!_TAG_FILE_SORTED\t1\t/0=unsorted, 1=sorted, 2=foldcase/\n' +
        'C\te.td\t1\nD\te.td\t2\na10\te.td\t6\na9\te.td\t7\nb\te.td\t5\nx_m\te.td\t3\n',
      stderr: '',
    });
  });
  it('indexes a forward-declared class at its declarations too, and a def of the same name by line', () => {
    writeFileSync(join(dir, 'fwd.td'), 'def K;\nclass K;\nclass J;\nclass K;\nclass K { int v = 1; }\n');
    expect(run(['-gen-ctags', 'fwd.td']).stdout.split('\n').slice(2).join('\n')).toBe(
      'J\tfwd.td\t3\nK\tfwd.td\t1\nK\tfwd.td\t2\nK\tfwd.td\t4\nK\tfwd.td\t5\n',
    );
  });
});

describe('--print-sets', () => {
  const SETS =
    'class Set<dag d> { dag Elements = d; }\ndef add; def sub; def rotl; def sequence;\nforeach i = 0...3 in def R#i;\n' +
    'def S1 : Set<(add R0, R1, R2)>;\ndef S2 : Set<(sub S1, R1)>;\ndef S3 : Set<(rotl (sequence "R%u", 3, 0), 1)>;\n' +
    'multiclass M { def S : Set<(sequence "R%u", 0, 4)>; }\ndefm X : M;\n';
  it('expands each Set with the SetTheory operators', () => {
    writeFileSync(join(dir, 'sets.td'), SETS.replace(/multiclass[^]*$/, ''));
    expect(run(['--print-sets', 'sets.td'])).toEqual({ code: 0, stdout: 'S1 = [ R0 R1 R2 ]\nS2 = [ R0 R2 ]\nS3 = [ R2 R1 R0 R3 ]\n', stderr: '' });
  });
  it('a missing def of a sequence is a fatal error at the set, with its defm', () => {
    writeFileSync(join(dir, 'sets.td'), SETS);
    const r = run(['--print-sets', 'sets.td']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "sets.td:7:20: error: No def named 'R4': (sequence \"R%u\", 0, 4)\n" +
        'multiclass M { def S : Set<(sequence "R%u", 0, 4)>; }\n                   ^\n' +
        'sets.td:8:10: note: instantiated from multiclass\ndefm X : M;\n         ^\n',
    );
  });
});

describe('-gen-attrs', () => {
  const ATTRS = "class AttrProperty;\ndef FnAttr : AttrProperty;\ndef IntersectAnd : AttrProperty;\nclass Attr<string S, list<AttrProperty> P> { string AttrString = S; list<AttrProperty> Properties = P; }\nclass EnumAttr<string S, bit Allow, list<AttrProperty> P> : Attr<S, P>;\nclass IntAttr<string S, list<AttrProperty> P> : Attr<S, P>;\nclass TypeAttr<string S, list<AttrProperty> P> : Attr<S, P>;\nclass ConstantRangeAttr<string S, list<AttrProperty> P> : Attr<S, P>;\nclass ConstantRangeListAttr<string S, list<AttrProperty> P> : Attr<S, P>;\nclass StrBoolAttr<string S> : Attr<S, []>;\nclass ComplexStrAttr<string S, list<AttrProperty> P> : Attr<S, P>;\ndef NoInline : EnumAttr<\"noinline\", 1, [FnAttr, IntersectAnd]>;\ndef Align : IntAttr<\"align\", []>;\ndef ByVal : TypeAttr<\"byval\", [FnAttr]>;\ndef NoNans : StrBoolAttr<\"no-nans-fp-math\">;\ndef Cold : EnumAttr<\"cold\", 1, [FnAttr]>;\nclass CompatRule<string F> { string CompatFunc = F; string AttrName = \"\"; }\nclass CompatRuleStrAttr<string F, string A> : CompatRule<F> { let AttrName = A; }\ndef : CompatRule<\"isEqual<SanitizeAddressAttr>\">;\ndef : CompatRuleStrAttr<\"isEqual\", \"sign-return-address\">;\nclass MergeRule<string F> { string MergeFunc = F; }\ndef : MergeRule<\"setAND<LessPreciseFPMADAttr>\">;\n";
  it("writes LLVM IR's attribute tables", () => {
    writeFileSync(join(dir, 'attrs.td'), ATTRS);
    const r = run(['-gen-attrs', '--no-warn-on-unused-template-args', 'attrs.td']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("#ifdef GET_ATTR_NAMES\n#undef GET_ATTR_NAMES\n#ifndef ATTRIBUTE_ALL\n#define ATTRIBUTE_ALL(FIRST, SECOND)\n#endif\n\n#ifndef ATTRIBUTE_ENUM\n#define ATTRIBUTE_ENUM(FIRST, SECOND) ATTRIBUTE_ALL(FIRST, SECOND)\n#endif\n\nATTRIBUTE_ENUM(Cold,cold)\nATTRIBUTE_ENUM(NoInline,noinline)\nATTRIBUTE_ENUM(ByVal,byval)\nATTRIBUTE_ENUM(Align,align)\n#undef ATTRIBUTE_ENUM\n\n#ifndef ATTRIBUTE_STRBOOL\n#define ATTRIBUTE_STRBOOL(FIRST, SECOND) ATTRIBUTE_ALL(FIRST, SECOND)\n#endif\n\nATTRIBUTE_STRBOOL(NoNans,no-nans-fp-math)\n#undef ATTRIBUTE_STRBOOL\n\n#ifndef ATTRIBUTE_COMPLEXSTR\n#define ATTRIBUTE_COMPLEXSTR(FIRST, SECOND) ATTRIBUTE_ALL(FIRST, SECOND)\n#endif\n\n#undef ATTRIBUTE_COMPLEXSTR\n\n#undef ATTRIBUTE_ALL\n#endif\n\n#ifdef GET_ATTR_ENUM\n#undef GET_ATTR_ENUM\nFirstEnumAttr = 1,\nCold = 1,\nNoInline = 2,\nLastEnumAttr = 2,\nFirstTypeAttr = 3,\nByVal = 3,\nLastTypeAttr = 3,\nFirstIntAttr = 4,\nAlign = 4,\nLastIntAttr = 4,\nFirstConstantRangeAttr = 5,\nLastConstantRangeAttr = 4,\nFirstConstantRangeListAttr = 5,\nLastConstantRangeListAttr = 4,\n#endif\n\n#ifdef GET_ATTR_COMPAT_FUNC\n#undef GET_ATTR_COMPAT_FUNC\nstatic inline bool hasCompatibleFnAttrs(const Function &Caller,\n                                        const Function &Callee) {\n  bool Ret = true;\n\n  Ret &= isEqual<SanitizeAddressAttr>(Caller, Callee);\n  Ret &= isEqual(Caller, Callee, \"sign-return-address\");\n\n  return Ret;\n}\n\nstatic inline void mergeFnAttrs(Function &Caller,\n                                const Function &Callee) {\n  setAND<LessPreciseFPMADAttr>(Caller, Callee);\n}\n\n#endif\n#ifdef GET_ATTR_PROP_TABLE\n#undef GET_ATTR_PROP_TABLE\nstatic const uint8_t AttrPropTable[] = {\n0 | AttributeProperty::FnAttr,\n0 | AttributeProperty::FnAttr | AttributeProperty::IntersectAnd,\n0 | AttributeProperty::FnAttr,\n0,\n};\n#endif\n");
  });
  it('IntersectAnd on a non-enum attribute is a fatal error', () => {
    writeFileSync(join(dir, 'attrs.td'), ATTRS.replace('IntAttr<"align", []>', 'IntAttr<"align", [IntersectAnd]>'));
    expect(run(['-gen-attrs', '--no-warn-on-unused-template-args', 'attrs.td'])).toEqual({
      code: 1,
      stdout: '',
      stderr: "error: 'IntersectAnd' only compatible with 'EnumAttr'\n",
    });
  });
});

describe('-gen-vt', () => {
  it('writes the value type tables in definition order', () => {
    writeFileSync(join(dir, 'vt.td'), "class ValueType<int size, string llvm_name = NAME> {\n  string LLVMName = llvm_name;\n  int Size = size;\n  int nElem = 1;\n  ValueType ElementType = ?;\n  bit isOverloaded = false;\n  bit isInteger = false;\n  bit isFP = false;\n  bit isVector = false;\n  bit isScalable = false;\n  int NF = 0;\n  bit isRISCVVecTuple = false;\n  bit isNormalValueType = true;\n  bit isCheriCapability = false;\n}\nclass VTInt<int size> : ValueType<size> { let isInteger = true; }\nclass VTFP<int size> : ValueType<size> { let isFP = true; }\nclass VTVec<int nelem, ValueType elt> : ValueType<!mul(nelem, elt.Size)> { let nElem = nelem; let ElementType = elt; let isVector = true; let isInteger = elt.isInteger; let isFP = elt.isFP; }\nclass VTScalableVec<int nelem, ValueType elt> : VTVec<nelem, elt> { let isScalable = true; }\nclass VTVecTup<int size, int nf, ValueType dummy_elt> : ValueType<size> { let NF = nf; let ElementType = dummy_elt; let isRISCVVecTuple = true; }\ndef OtherVT : ValueType<0, \"Other\">;\ndef i1 : VTInt<1>;\ndef i24 : VTInt<24>;\ndef i32 : VTInt<32>;\ndef bf16 : VTFP<16>;\ndef f80 : VTFP<80>;\ndef v4i32 : VTVec<4, i32>;\ndef nxv2bf16 : VTScalableVec<2, bf16>;\ndef riscv_nxv1i8x2 : VTVecTup<16, 2, i1>;\ndef iAny : ValueType<0> { let isOverloaded = true; let isNormalValueType = false; }\n");
    expect(run(['-gen-vt', 'vt.td'])).toEqual({ code: 0, stdout: "/*===- TableGen'erated file -------------------------------------*- C++ -*-===*\\\n|*                                                                            *|\n|* ValueTypes Source Fragment                                                 *|\n|*                                                                            *|\n|* Automatically generated file, do not edit!                                 *|\n|* From: vt.td                                                                *|\n|*                                                                            *|\n\\*===----------------------------------------------------------------------===*/\n\n#ifdef GET_VT_ATTR // (Ty, sz, Any, Int, FP, Vec, Sc, Tup, NF, NElem, EltTy)\n  GET_VT_ATTR(Other, 0, 0, 0, 0, 0, 0, 0, 0, 0, INVALID_SIMPLE_VALUE_TYPE)\n  GET_VT_ATTR(i1, 1, 0, 3, 0, 0, 0, 0, 0, 0, INVALID_SIMPLE_VALUE_TYPE)\n  GET_VT_ATTR(i24, 24, 0, 3, 0, 0, 0, 0, 0, 0, INVALID_SIMPLE_VALUE_TYPE)\n  GET_VT_ATTR(i32, 32, 0, 3, 0, 0, 0, 0, 0, 0, INVALID_SIMPLE_VALUE_TYPE)\n  GET_VT_ATTR(bf16, 16, 0, 0, 1, 0, 0, 0, 0, 0, INVALID_SIMPLE_VALUE_TYPE)\n  GET_VT_ATTR(f80, 80, 0, 0, 3, 0, 0, 0, 0, 0, INVALID_SIMPLE_VALUE_TYPE)\n  GET_VT_ATTR(v4i32, 128, 0, 1, 0, 1, 0, 0, 0, 4, i32)\n  GET_VT_ATTR(nxv2bf16, 32, 0, 0, 1, 1, 1, 0, 0, 2, bf16)\n  GET_VT_ATTR(riscv_nxv1i8x2, 16, 0, 0, 0, 0, 0, 1, 2, 0, INVALID_SIMPLE_VALUE_TYPE)\n  GET_VT_ATTR(iAny, 0, 1, 0, 0, 0, 0, 0, 0, 0, INVALID_SIMPLE_VALUE_TYPE)\n#endif\n\n#ifdef GET_VT_RANGES\n  FIRST_FIXEDLEN_VECTOR_VALUETYPE = v4i32,\n  LAST_FIXEDLEN_VECTOR_VALUETYPE = v4i32,\n  FIRST_FP_SCALABLE_VECTOR_VALUETYPE = nxv2bf16,\n  LAST_FP_SCALABLE_VECTOR_VALUETYPE = nxv2bf16,\n  FIRST_FP_VALUETYPE = bf16,\n  LAST_FP_VALUETYPE = f80,\n  FIRST_INTEGER_FIXEDLEN_VECTOR_VALUETYPE = v4i32,\n  LAST_INTEGER_FIXEDLEN_VECTOR_VALUETYPE = v4i32,\n  FIRST_INTEGER_VALUETYPE = i1,\n  LAST_INTEGER_VALUETYPE = i32,\n  FIRST_RISCV_VECTOR_TUPLE_VALUETYPE = riscv_nxv1i8x2,\n  LAST_RISCV_VECTOR_TUPLE_VALUETYPE = riscv_nxv1i8x2,\n  FIRST_SCALABLE_VECTOR_VALUETYPE = nxv2bf16,\n  LAST_SCALABLE_VECTOR_VALUETYPE = nxv2bf16,\n  FIRST_VALUETYPE = Other,\n  LAST_VALUETYPE = riscv_nxv1i8x2,\n  FIRST_VECTOR_VALUETYPE = v4i32,\n  LAST_VECTOR_VALUETYPE = nxv2bf16,\n#endif\n\n#ifdef GET_VT_VECATTR // (Ty, Sc, Tup, nElem, ElTy)\n  GET_VT_VECATTR(v4i32, 0, 0, 4, i32)\n  GET_VT_VECATTR(nxv2bf16, 1, 0, 2, bf16)\n#endif\n\n#ifdef GET_VT_EVT\n  GET_VT_EVT(i1, Type::getInt1Ty(Context))\n  GET_VT_EVT(i24, Type::getIntNTy(Context, 24))\n  GET_VT_EVT(i32, Type::getInt32Ty(Context))\n  GET_VT_EVT(bf16, Type::getBFloatTy(Context))\n  GET_VT_EVT(f80, Type::getX86_FP80Ty(Context))\n  GET_VT_EVT(v4i32, FixedVectorType::get(Type::getInt32Ty(Context), 4))\n  GET_VT_EVT(nxv2bf16, ScalableVectorType::get(Type::getBFloatTy(Context), 2))\n  GET_VT_EVT(riscv_nxv1i8x2, TargetExtType::get(Context, \"riscv.vector.tuple\", ScalableVectorType::get(Type::getInt8Ty(Context), 1), 2))\n#endif\n\n", stderr: '' });
  });
});

describe('--color', () => {
  it('colors diagnostics as llvm does', () => {
    const r = run(['--color', 'bad.td']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      '\x1b[1mbad.td:2:11: \x1b[0m\x1b[0;1;31merror: \x1b[0m\x1b[1mValue specified for template argument ' +
        `'A:x' is of type string; expected type int: "s"\n\x1b[0mdef b : A<"s">;\n\x1b[0;1;32m          ^\n\x1b[0m`,
    );
  });
});

describe("the options of llvm-tblgen's backends", () => {
  it.each([['--omit-comments'], ['--asmparsernum=2'], ['--suppress-per-hwmode-duplicates=O1'], ['--class=C'], ['--combiners=a,b']])(
    '%s is accepted',
    (opt) => {
      const r = run([opt, 'e.td']);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
    },
  );
  it.each([
    ['--suppress-per-hwmode-duplicates=O9', "ods-tblgen: for the --suppress-per-hwmode-duplicates option: Cannot find option named 'O9'!\n"],
    ['--asmparsernum=x', "ods-tblgen: for the --asmparsernum option: 'x' value invalid for uint argument!\n"],
  ])('%s is rejected', (opt, message) => {
    const r = run([opt, 'e.td']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(message);
  });
});

describe("llvm's debug counters", () => {
  it('-debug-counter without = ends the run', () => {
    expect(run(['-debug-counter=abc', 'e.td'])).toEqual({ code: 1, stdout: '', stderr: 'DebugCounter Error: abc does not have an = in it\n' });
  });
  it('reports each counter as it is parsed, before later errors of the command line', () => {
    expect(run(['-debug-counter', '-I', 'inc', 'e.td'])).toEqual({ code: 1, stdout: '', stderr: 'DebugCounter Error: -I does not have an = in it\n' });
    const r = run(['-debug-counter=a=1', 'x.td', 'e.td']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^DebugCounter Error: a is not a registered counter\n.*Too many positional arguments specified!\n/);
  });
  it('an unknown counter is reported and the run goes on', () => {
    const r = run(['-debug-counter=abc-skip=1,def=2', 'e.td']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('DebugCounter Error: abc-skip is not a registered counter\nDebugCounter Error: def is not a registered counter\n');
  });
  it('--print-debug-counter reports at exit, after the errors', () => {
    const r = run(['--print-debug-counter', 'bad.td']);
    expect(r.code).toBe(1);
    expect(r.stderr.endsWith('def b : A<"s">;\n          ^\nCounters and values:\n')).toBe(true);
  });
});

describe('--info-output-file', () => {
  const report = /^===-+===\n {29}TableGen Phase Timing\n/m;
  it('appends the -time-phases report to the file instead of stderr', () => {
    writeFileSync(join(dir, 'info.txt'), 'before\n');
    const r = run(['--time-phases', '--info-output-file=info.txt', 'e.td']);
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(report);
    const text = readFileSync(join(dir, 'info.txt'), 'latin1');
    expect(text.startsWith('before\n')).toBe(true);
    expect(text.slice(7)).toMatch(report);
  });
  it('sends it to stdout for -, after the output', () => {
    const r = run(['--time-phases', '--info-output-file=-', 'e.td']);
    expect(r.stdout.startsWith('------------- Classes -----------------\n')).toBe(true);
    expect(r.stdout).toMatch(report);
  });
  it('falls back to stderr when the file cannot be opened, as llvm does', () => {
    const r = run(['--time-phases', '--info-output-file=no/such/dir/x', 'e.td']);
    expect(r.stderr).toContain("Error opening info-output-file 'no/such/dir/x for appending!\n");
    expect(r.stderr).toMatch(report);
  });
});
