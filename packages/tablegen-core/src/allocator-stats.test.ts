// The allocator lines of --print-detailed-records ("Bytes allocated", "Total allocator memory"):
// small sources covering each kind of value, with the numbers llvm-tblgen-22 prints for them.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allocatorStats } from './allocator-stats.js';
import { printDetailedRecords } from './detailed-records.js';
import { parseTableGen } from './index.js';
import { parseSource } from './testing.js';

function stats(src: string) {
  const r = parseSource(src);
  if (r.stderr) throw new Error(r.stderr);
  return allocatorStats(r.records);
}

describe('allocator stats', () => {
  it.each([
    ['ints, strings, bits, lists, a binary operator and an anonymous def', 'class A<int x> { int v = x; string s = "hi"; bits<4> b = 0b1010; list<int> l = [1,2]; }\ndef X : A<3>;\ndef { int q = !add(1,2); }\n', 1548, 4096],
    ['a list type', 'def d { list<int> L = [1, 2, 3]; }\n', 332, 4096],
    ['a Class<args> value (an anonymous record, its def)', 'class B<int n, string s = "x"> { int N = n; string S = s; }\nclass C<B b> { B Ref = b; }\ndef c2 : C<B<7, "anon">>;\n', 1824, 4096],
    ['!isa and !exists', 'class B; def b1 : B; def d { bit Is = !isa<B>(b1); bit Ex = !exists<B>("b1"); }\n', 822, 4096],
    ['bits, a bit of them, !sub, !toupper', 'def d { bits<4> bb = {1,0,?,1}; bit b0 = bb{2}; int neg = !sub(0, 5); string up = !toupper("abc"); }\n', 1063, 4096],
    ['!instances', 'class B; def x : B; def d { list<B> ins = !instances<B>(); }\n', 830, 4096],
    ['!cast of NAME', 'class R<int a> { int x = a; R self = !cast<R>(NAME); }\ndef rr : R<4>;\n', 987, 4096],
    ['dags, !interleave, !size', 'def b1; def b2; def cc { list<dag> ds = [(b1), (b2 1)]; string j = !interleave(["a","b"], ","); int sz = !size([1,2]); }\n', 1299, 4096],
    ['!foldl', 'def d { list<int> L = [1, 2, 3]; int F = !foldl(0, L, a, e, !add(a, e)); }\n', 1026, 4096],
    ['!cond and !subst', 'def d { int Cn = !cond(!eq(1,2): 3, true: 4); string Sub = !subst("a", "b", "abc"); }\n', 813, 4096],
  ])('%s', (_what, src, bytes, total) => {
    expect(stats(src)).toEqual({ bytesAllocated: bytes, totalMemory: total });
  });

  it('fills slabs with 16-byte aligned objects and 8-byte aligned string entries', () => {
    let src = '';
    for (let i = 0; i < 300; i++) src += `def rec${i} { int v = ${i}; string s = "str${i * 7}"; }\n`;
    expect(stats(src)).toEqual({ bytesAllocated: 52362, totalMemory: 61440 });
  });

  it('doubles the slab size every 128 slabs', () => {
    let src = '';
    for (let i = 0; i < 4000; i++) src += `def rec${i} { int v = ${i}; string s = "str${i * 7}"; list<int> l = [${i}, ${i + 1}]; }\n`;
    expect(stats(src)).toEqual({ bytesAllocated: 929571, totalMemory: 966656 });
  });

  it('gives requests bigger than a slab a slab of their own', () => {
    const ints = (n: number) => Array.from({ length: n }, (_, i) => i).join(', ');
    let src = `def big { list<int> l = [${ints(700)}]; }\n`;
    for (let i = 0; i < 30; i++) src += `def r${i} { string s = "${i}"; }\n`;
    src += `def big2 { list<int> l = [${ints(600)}]; bits<520> b = 0; }\n`;
    expect(stats(src)).toEqual({ bytesAllocated: 45725, totalMemory: 47580 });
  });

  it('ends the pool sizes of --print-detailed-records', () => {
    const r = parseSource('def d { list<int> L = [1, 2, 3]; }\n');
    expect(printDetailedRecords(r.records, r.sources)).toContain(
      'TheFieldInitPool size = 0\nBytes allocated = 332\nTotal allocator memory = 4096\n\nNumber of records instantiated = 1\n',
    );
  });

  const include = '/usr/lib/llvm-22/include';
  it.skipIf(!existsSync(`${include}/llvm/Frontend/Directive/DirectiveBase.td`))('an installed include (DirectiveBase.td)', () => {
    const r = parseTableGen({
      file: 'test.td',
      text: 'include "llvm/Frontend/Directive/DirectiveBase.td"\ndef L : DirectiveLanguage { let name = "Lang"; }\ndef C_a : Clause<[Spelling<"a">]>;\ndef D_b : Directive<[Spelling<"b">]> { let association = AS_Block; let category = CA_Utility; }\n',
      includeDirs: [include],
      unshared: true,
    });
    expect(r.ok).toBe(true);
    // llvm-tblgen-22 --print-detailed-records on this source.
    expect(allocatorStats(r.records)).toEqual({ bytesAllocated: 13507, totalMemory: 16384 });
  });

  it.skipIf(!existsSync(`${include}/mlir/Dialect/Arith/IR/ArithOps.td`))('types made by the constructor of a Class<args> value, a def reference or a list come after it (ArithOps.td)', () => {
    // A modelling run (the pools llvm keeps) of a file whose slabs only match in that order.
    const r = parseTableGen({ file: `${include}/mlir/Dialect/Arith/IR/ArithOps.td`, includeDirs: [include], unshared: true, modelAllocations: true });
    expect(r.ok).toBe(true);
    // llvm-tblgen-22 --print-detailed-records on this file.
    expect(allocatorStats(r.records)).toEqual({ bytesAllocated: 1308505, totalMemory: 1389652 });
  });
});
