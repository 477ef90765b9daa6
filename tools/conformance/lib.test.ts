import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM JavaScript without declarations
import * as lib from './lib.mjs';

describe('conformance lib', () => {
  it('parses options', () => {
    const o = lib.parseArgs(['--suite', 'records,gen', '--filter=Arith', '-j', '3', '--ratchet', '--impl', '/x.js']);
    expect(o.suites).toEqual(['records', 'gen']);
    expect(o.filter).toEqual(['Arith']);
    expect(o.jobs).toBe(3);
    expect(o.ratchet).toBe(true);
    expect(o.impl).toBe('/x.js');
    expect(lib.parseArgs([]).suites).toEqual(['records', 'json', 'detailed-records', 'gen']);
    expect(lib.parseArgs([]).detailedAll).toBe(false);
    expect(lib.parseArgs(['--suite', 'detailed-records', '--detailed-all']).detailedAll).toBe(true);
    expect(() => lib.parseArgs(['--suite', 'nope'])).toThrow(/--suite/);
    expect(() => lib.parseArgs(['--jobs', '0'])).toThrow(/--jobs/);
    expect(() => lib.parseArgs(['--bogus'])).toThrow(/unknown/);
  });

  it('parses the manifest', () => {
    const rows = lib.parseManifest('file\tgenerator\targs\tref_bytes\ttrivial\na.td\top-decls\t--dialect=x\t10\t0\nb.td\tenum-doc\t\t5\t1\n');
    expect(rows).toEqual([
      { file: 'a.td', generator: 'op-decls', args: ['--dialect=x'], trivial: false },
      { file: 'b.td', generator: 'enum-doc', args: [], trivial: true },
    ]);
    expect(lib.caseId(lib.groupOf('gen', 'op-decls'), lib.caseKey('a.td', ['--dialect=x']))).toBe('gen:op-decls a.td --dialect=x');
  });

  it("runs llvm-tblgen's rows and fixtures where they live", () => {
    const [inTree, fixture] = lib.parseManifest(
      'file\tgenerator\targs\ttool\nllvm/X.td\tvt\t\tllvm-tblgen\nfixtures/d/y.td\tvt\t-a -b\tllvm-tblgen\n',
    );
    expect(inTree).toEqual({ file: 'llvm/X.td', generator: 'vt', args: [], trivial: false, tool: 'llvm-tblgen' });
    expect(lib.rowLocation(inTree, '/inc', '/repo')).toEqual({ fixture: false, base: '/inc', file: 'llvm/X.td', include: '.', tool: 'llvm-tblgen-22' });
    expect(lib.rowLocation(fixture, '/inc', '/repo')).toEqual({
      fixture: true, base: '/repo/tools/conformance/fixtures', file: 'd/y.td', include: '/inc', tool: 'llvm-tblgen-22',
    });
    expect(lib.rowLocation({ file: 'a.td', generator: 'op-decls', args: [] }, '/inc', '/repo').tool).toBe('mlir-tblgen-22');
  });

  it('names cache entries uniquely', () => {
    const a = lib.cacheName('gen:op-decls', 'mlir/A.td --dialect=a');
    const b = lib.cacheName('gen:op-decls', 'mlir/A.td --dialect=b');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^gen_op-decls\/mlir_A\.td_--dialect=a\.[0-9a-f]{10}$/);
  });

  it('finds the first differing line', () => {
    expect(lib.firstLineDiff('a\nb\n', 'a\nb\n')).toBeNull();
    expect(lib.firstLineDiff('a\nbc\n', 'a\nbd\n')).toEqual({ line: 2, column: 2, expected: '"bc"', actual: '"bd"' });
    expect(lib.firstLineDiff('a\n', 'a')).toEqual({ line: 2, column: 1, expected: '""', actual: '<EOF>' });
    const long = 'x'.repeat(1000);
    const d = lib.firstLineDiff(`${long}A`, `${long}B`);
    expect(d.column).toBe(1001);
    expect(d.expected.length).toBeLessThanOrEqual(204);
    expect(d.expected).toContain('A');
  });

  it('compares JSON exactly', () => {
    const e = lib.parseJsonExact('{"a":[1,{"b":9007199254740993}],"s":"12345678901234567890"}');
    const a = lib.parseJsonExact('{"s":"12345678901234567890","a":[1,{"b":9007199254740992}]}');
    expect(lib.firstJsonDiff(e, a)).toEqual({ path: '$.a[1].b', expected: '9007199254740993', actual: '9007199254740992' });
    expect(lib.firstJsonDiff(e, lib.parseJsonExact('{"s":"12345678901234567890","a":[1,{"b":9007199254740993}]}'))).toBeNull();
    expect(lib.firstJsonDiff({ 'x-y': 1 }, {})).toEqual({ path: '$["x-y"]', expected: '1', actual: '<absent>' });
    expect(lib.firstJsonDiff([1], [1, 2]).path).toBe('$.length');
  });

  it('summarizes and renders tables', () => {
    const s = lib.summarize([
      { group: 'gen:op-decls', status: 'pass' },
      { group: 'records', status: 'fail' },
      { group: 'gen:op-decls', status: 'missing' },
      { group: 'json', status: 'pass' },
    ]);
    expect(s.rows.map((r: { group: string }) => r.group)).toEqual(['records', 'json', 'gen:op-decls']);
    expect(s.total).toEqual({ group: 'total', total: 4, pass: 2, fail: 1, missing: 1 });
    expect(lib.markdownTable(s, 'LLVM 22')).toContain('| `--gen-op-decls` | 2 | 1 | 0 | 1 | 50.0% |');
    const readme = `x\n${lib.README_BEGIN}\nold\n${lib.README_END}\ny\n`;
    expect(lib.replaceBetweenMarkers(readme, 'new')).toBe(`x\n${lib.README_BEGIN}\nnew\n${lib.README_END}\ny\n`);
    expect(() => lib.replaceBetweenMarkers('none', 'new')).toThrow();
  });

  it('ratchets', () => {
    const prev = { groups: { records: ['a.td', 'b.td'], 'gen:op-decls': ['c.td'] } };
    const results = [
      { id: 'records a.td', group: 'records', key: 'a.td', status: 'pass' },
      { id: 'records b.td', group: 'records', key: 'b.td', status: 'fail' },
      { id: 'records d.td', group: 'records', key: 'd.td', status: 'pass' },
    ];
    const byId = new Map(results.map((r) => [r.id, r]));
    const onlyRecords = (_id: string, g: string) => g === 'records';
    expect(lib.ratchetRegressions(prev, byId, onlyRecords)).toEqual([{ id: 'records b.td', status: 'fail' }]);
    expect(lib.ratchetRegressions(prev, byId, () => true)).toEqual([
      { id: 'gen:op-decls c.td', status: 'absent' },
      { id: 'records b.td', status: 'fail' },
    ]);
    const ran = new Set(results.map((r) => r.id));
    expect(lib.updatedRatchet(prev, results, ran, 'L')).toEqual({
      reference: 'L',
      groups: { records: ['a.td', 'd.td'], 'gen:op-decls': ['c.td'] },
    });
  });

  it('finds the dialects a .td text defines', () => {
    const td = 'def A_Dialect : Dialect {\n  let name = "a";\n}\ndef B : Dialect { let summary = "x"; let name = "b"; }\ndef C : Op<A_Dialect, "c">;\n';
    expect(lib.dialectNamesIn(td)).toEqual(['a', 'b']);
  });
  it('derives corpus cases with the dialect selector only for a single dialect', () => {
    const one = lib.corpusCases(['X.td'], ['t']);
    expect(one).toContainEqual({ file: 'X.td', generator: 'op-defs', args: [] });
    expect(one).toContainEqual({ file: 'X.td', generator: 'typedef-defs', args: ['--typedefs-dialect=t'] });
    expect(one).toContainEqual({ file: 'X.td', generator: 'python-op-bindings', args: ['-bind-dialect=t'] });
    const two = lib.corpusCases(['X.td'], ['a', 'b']);
    expect(two).toContainEqual({ file: 'X.td', generator: 'dialect-decls', args: [] });
    expect(two.some((r) => r.generator === 'python-op-bindings')).toBe(false);
    expect(lib.isCorpusGroup(`${lib.CORPUS_PREFIX}op-defs`)).toBe(true);
    expect(lib.compareGroups('corpus:a', 'gen:z')).toBeGreaterThan(0);
  });
  it('orders detailed-records after json and before the generators', () => {
    const groups = ['gen:op-decls', 'detailed-records', 'records', 'corpus:op-defs', 'json'];
    expect(groups.sort(lib.compareGroups)).toEqual(['records', 'json', 'detailed-records', 'gen:op-decls', 'corpus:op-defs']);
  });
  it("samples suite detailed-records: the fixtures but Intrinsics.td's, and the listed installed files", () => {
    expect(lib.detailedInSample('fixtures/automata/simple.td')).toBe(true);
    expect(lib.detailedInSample('fixtures/intrinsics/properties.td')).toBe(false);
    expect(lib.detailedInSample('fixtures/intrinsic-impl/wide-ids.td')).toBe(false);
    expect(lib.detailedInSample('llvm/IR/Intrinsics.td')).toBe(true);
    expect(lib.detailedInSample('mlir/Dialect/LLVMIR/NVVMOps.td')).toBe(true);
    expect(lib.detailedInSample('mlir/Dialect/Arith/IR/ArithOps.td')).toBe(false);
  });
  it('reads --corpus', () => {
    expect(lib.parseArgs(['--corpus', '/x']).corpus).toBe('/x');
    expect(lib.parseArgs(['--corpus=/y']).corpus).toBe('/y');
  });
});
