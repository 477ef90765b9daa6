// Robustness: inputs nested 100,000 deep, very long paste chains, blow-ups and huge files must
// parse or fail with a located error; never overflow the stack, hang, or crash the process.
// (llvm-tblgen-22 itself overflows its stack on most of the 100,000-deep inputs.)
import { describe, expect, it } from 'vitest';
import { FatalError } from './diagnostics.js';
import { printRecords } from './printer.js';
import { DagInit, DefInit, StringInit } from './records.js';
import { type TestParseOptions, parseSource, printRecordsOf } from './testing.js';

const DEEP = 100_000;
const LOCATED = /^test\.td:\d+:\d+: error: /;

/** Parse `src`: it must fail, the first error located and containing `message`. */
function expectLocatedError(src: string, message: string, opts?: TestParseOptions): void {
  const r = parseSource(src, opts);
  expect(r.ok).toBe(false);
  const first = r.diagnostics.firstErrorLine() ?? '';
  expect(first).toMatch(LOCATED);
  expect(first).toContain(message);
}

/** The value of field `field` of def `def` as print-records shows it. */
function fieldOf(src: string, def: string, field: string): string {
  const r = parseSource(src);
  if (!r.ok) throw new Error(r.stderr);
  return r.records.with(() => r.records.getDef(def)!.getValue(field)!.value.getAsString());
}

const nest = (open: string, inner: string, close: string, n: number): string =>
  open.repeat(n) + inner + close.repeat(n);

describe('values nested 100,000 deep give a located error', () => {
  const cases: [string, string][] = [
    ['lists', `defvar x = ${nest('[', '1', ']', DEEP)};\n`],
    ['!add', `def a { int x = ${nest('!add(', '1', ', 1)', DEEP)}; }\n`],
    ['dags', `def ops;\ndef a { dag x = ${nest('(ops ', '1', ')', DEEP)}; }\n`],
    ['bit lists', `def a { bits<1> x = ${nest('{', '1', '}', DEEP)}; }\n`],
    ['!if', `def a { int x = ${nest('!if(1, ', '1', ', 2)', DEEP)}; }\n`],
    ['!cond', `def a { int x = ${nest('!cond(0: 1, 1: ', '5', ')', DEEP)}; }\n`],
    ['!strconcat', `def a { string x = ${nest('!strconcat("a", ', '"b"', ')', DEEP)}; }\n`],
    ['!foreach', `def a { list<int> x = ${nest('!foreach(i, ', '[1]', ', i)', DEEP)}; }\n`],
    ['!listconcat', `def a { list<int> x = ${nest('!listconcat([1], ', '[2]', ')', DEEP)}; }\n`],
    ['field access chains', `class P { int v = 1; }\ndef p : P;\ndef a { int x = ${nest('!cast<P>(', '"p"', ').v', DEEP)}; }\n`],
  ];
  for (const [name, src] of cases) {
    it(name, () => expectLocatedError(src, 'expression nesting is too deep'));
  }
});

describe('values nested a few hundred deep evaluate', () => {
  const depth = 400;
  it('lists', () => {
    const deep = nest('[', '7', ']', depth);
    expect(fieldOf(`defvar x = ${deep};\ndef a { int s = !size(x); }\n`, 'a', 's')).toBe('1');
  });
  it('!add', () => {
    expect(fieldOf(`def a { int x = ${nest('!add(', '1', ', 1)', depth)}; }\n`, 'a', 'x')).toBe(String(depth + 1));
  });
  it('dags', () => {
    const v = fieldOf(`def ops;\ndef a { dag x = ${nest('(ops ', '1', ')', depth)}; }\n`, 'a', 'x');
    expect(v).toBe(nest('(ops ', '1', ')', depth));
  });
  it('!if and !cond', () => {
    expect(fieldOf(`def a { int x = ${nest('!if(1, ', '3', ', 2)', depth)}; }\n`, 'a', 'x')).toBe('3');
    expect(fieldOf(`def a { int x = ${nest('!cond(0: 1, 1: ', '5', ')', depth)}; }\n`, 'a', 'x')).toBe('5');
  });
});

describe('statements nested 100,000 deep give a located error', () => {
  it('top-level let blocks', () => {
    expectLocatedError(`class A { int x; }\n${'let x = 1 in {\n'.repeat(DEEP)}def a : A;\n${'}\n'.repeat(DEEP)}`, 'statement nesting is too deep');
  });
  it('let without braces', () => {
    expectLocatedError(`class A { int x; }\n${'let x = 1 in\n'.repeat(DEEP)}def a : A;\n`, 'statement nesting is too deep');
  });
  it('foreach blocks', () => {
    let src = '';
    for (let i = 0; i < DEEP; i++) src += `foreach i${i} = [1] in {\n`;
    expectLocatedError(`${src}def a;\n${'}\n'.repeat(DEEP)}`, 'statement nesting is too deep');
  });
  it('if blocks', () => {
    expectLocatedError(`${'if 1 then {\n'.repeat(DEEP)}def a;\n${'}\n'.repeat(DEEP)}`, 'statement nesting is too deep');
  });
  it('if/else chains', () => {
    expectLocatedError(`${'if 0 then def x; else\n'.repeat(DEEP)}def a;\n`, 'statement nesting is too deep');
  });
  it('defsets', () => {
    let src = '';
    for (let i = 0; i < DEEP; i++) src += `defset list<int> s${i} = {\n`;
    expectLocatedError(`${src}${'}\n'.repeat(DEEP)}`, 'statement nesting is too deep');
  });
  it('a few hundred levels are fine', () => {
    const n = 400;
    let src = 'class A { int x = 0; }\n';
    for (let i = 0; i < n; i++) src += `foreach i${i} = [${i}] in {\n`;
    src += `if 1 then let x = i${n - 1} in def a : A;\n${'}\n'.repeat(n)}`;
    expect(fieldOf(src, 'a', 'x')).toBe(String(n - 1));
  });
});

describe('nested multiclasses', () => {
  it('a defm chain 100,000 deep gives a located error', () => {
    let src = 'multiclass M0 { def _x; }\n';
    for (let k = 1; k < DEEP; k++) src += `multiclass M${k} { defm _${k} : M${k - 1}; }\n`;
    expectLocatedError(`${src}defm top : M${DEEP - 1};\n`, 'multiclass nesting is too deep');
  });
  it('a chain of multiclass inheritance 100,000 deep gives a located error', () => {
    let src = 'multiclass M0 { def _x; }\n';
    for (let k = 1; k < DEEP; k++) src += `multiclass M${k} : M${k - 1};\n`;
    expectLocatedError(`${src}defm top : M${DEEP - 1};\n`, 'multiclass nesting is too deep');
  });
  it('a defm chain 50 deep builds the pasted name', () => {
    let src = 'multiclass M0 { def _x { string n = NAME; } }\n';
    for (let k = 1; k < 50; k++) src += `multiclass M${k} { defm _${k} : M${k - 1}; }\n`;
    const name = `top${Array.from({ length: 49 }, (_, i) => `_${49 - i}`).join('')}_x`;
    const r = parseSource(`${src}defm top : M49;\n`);
    expect(r.ok).toBe(true);
    expect([...r.records.defs.keys()]).toEqual([name]);
  });
  it('multiclasses that double at every level are stopped', () => {
    let src = 'multiclass M0 { def _x; }\n';
    for (let k = 1; k < 40; k++) src += `multiclass M${k} { defm _a : M${k - 1}; defm _b : M${k - 1}; }\n`;
    expectLocatedError(`${src}defm top : M39;\n`, 'multiclass expands to too many records');
  });
});

describe('paste chains', () => {
  it('100,000 pasted literals make one string', () => {
    const r = parseSource(`def a { string x = ${Array(DEEP).fill('"ab"').join(' # ')}; }\n`);
    expect(r.ok).toBe(true);
    expect(r.records.with(() => (r.records.getDef('a')!.getValue('x')!.value as StringInit).value)).toBe('ab'.repeat(DEEP));
  });
  it('100,000 pasted names and numbers in a def name', () => {
    const r = parseSource(`def ${Array(DEEP).fill('x # 1').join(' # ')};\n`);
    expect(r.ok).toBe(true);
    expect([...r.records.defs.keys()]).toEqual(['x1'.repeat(DEEP)]);
  });
  it('pastes stay right-associative', () => {
    expect(printRecordsOf(`class A<string s> { string x = s # "a" # s # "b"; }\n`)).toContain(
      'string x = !strconcat(A:s, !strconcat("a", !strconcat(A:s, "b")));',
    );
  });
  it('100,000 pasted template arguments give a located error when evaluated', () => {
    const src = `class A<string s> { string x = ${Array(DEEP).fill('s').join(' # ')}; }\ndef a : A<"q">;\n`;
    expectLocatedError(src, 'input is nested too deeply to evaluate');
  });
  it('pasted lists', () => {
    expect(fieldOf(`def a { list<int> x = ${Array(2000).fill('[1]').join(' # ')}; }\n`, 'a', 'x')).toBe(
      `[${Array(2000).fill('1').join(', ')}]`,
    );
  });
});

describe('blow-ups stop with a located error', () => {
  it('strings doubled past the longest JavaScript string', () => {
    let src = 'defvar s0 = "abcdefgh";\n';
    for (let k = 1; k < 40; k++) src += `defvar s${k} = !strconcat(s${k - 1}, s${k - 1});\n`;
    expectLocatedError(src, 'input is too large to evaluate');
  });
  it('lists doubled past 2 million elements', () => {
    let src = 'defvar l0 = [1, 2, 3, 4];\n';
    for (let k = 1; k < 40; k++) src += `defvar l${k} = !listconcat(l${k - 1}, l${k - 1});\n`;
    expectLocatedError(src, 'list of 2097152 elements is too large');
  });
  it('huge ranges', () => {
    expectLocatedError('defvar l = !range(0, 100000000000);\n', 'range of');
    expectLocatedError('foreach i = {0-100000000000} in def a # i;\n', 'range is too large');
  });
  it('self-inclusion', () => {
    expectLocatedError('include "test.td"\n', 'include nesting too deep', { files: { 'test.td': 'include "test.td"\n' } });
  });
});

describe('class hierarchies', () => {
  it('an inheritance chain 100,000 deep parses', () => {
    let src = 'class C0 { int x = 0; }\n';
    for (let k = 1; k < DEEP; k++) src += `class C${k} : C${k - 1};\n`;
    const r = parseSource(`${src}def a : C${DEEP - 1};\n`);
    expect(r.ok).toBe(true);
    const a = r.records.getDef('a')!;
    expect(a.isSubClassOf(r.records.getClass('C0')!)).toBe(true);
    expect(a.superClassNames().length).toBe(DEEP);
  });
  it('an inheritance chain 2,000 deep prints every superclass', () => {
    let src = 'class C0;\n';
    for (let k = 1; k < 2000; k++) src += `class C${k} : C${k - 1};\n`;
    const out = printRecordsOf(`${src}def a : C1999;\n`);
    expect(out.endsWith(`def a {\t// ${Array.from({ length: 2000 }, (_, i) => `C${i}`).join(' ')}\n}\n`)).toBe(true);
  });
  it('diamonds that double the superclass list at every level stop with an error', () => {
    let src = 'class A0;\n';
    for (let k = 1; k < 40; k++) src += `class B${k} : A${k - 1};\nclass C${k} : A${k - 1};\nclass A${k} : B${k}, C${k};\n`;
    const r = parseSource(`${src}def a : A39;\n`);
    expect(r.ok).toBe(true);
    expect(r.records.getDef('a')!.isSubClassOf(r.records.getClass('A0')!)).toBe(true);
    expect(() => r.records.with(() => printRecords(r.records))).toThrow(FatalError);
    expect(r.diagnostics.firstErrorLine()).toMatch(/^test\.td:\d+:\d+: error: too many superclasses/);
  });
});

describe('printing', () => {
  it('a value too deeply nested to print is a located error', () => {
    const r = parseSource('def op;\ndef a { dag d = (op); }\n');
    expect(r.ok).toBe(true);
    r.records.with(() => {
      const op = DefInit.get(r.records.getDef('op')!);
      let d = DagInit.get(op, undefined, [], []);
      for (let i = 0; i < DEEP; i++) d = DagInit.get(op, undefined, [d], [undefined]);
      r.records.getDef('a')!.getValue('d')!.value = d;
      expect(() => printRecords(r.records)).toThrow(FatalError);
    });
    expect(r.diagnostics.firstErrorLine()).toBe('test.td:2:5: error: record is too large or too deeply nested to print (Maximum call stack size exceeded)');
  });
});

describe('large inputs', () => {
  it('50,000 defs', () => {
    let src = 'class C<int n> { int x = n; list<int> l = [n, 1]; }\n';
    for (let k = 0; k < 50_000; k++) src += `def d${k} : C<${k}> { string s = "v${k}"; }\n`;
    const r = parseSource(src);
    expect(r.ok).toBe(true);
    expect(r.records.defs.size).toBe(50_000);
    const out = r.records.with(() => printRecords(r.records));
    expect(out).toContain('def d49999 {\t// C\n  int x = 49999;\n  list<int> l = [49999, 1];\n  string s = "v49999";\n}\n');
  });
  it('a list of 1,000,000 elements', () => {
    expect(fieldOf(`def a { int n = !size([${Array(1_000_000).fill('1').join(',')}]); }\n`, 'a', 'n')).toBe('1000000');
  });
  it('a 10 MB string literal and a 10 MB code block', () => {
    const big = 'x'.repeat(10_000_000);
    expect(fieldOf(`def a { int n = !size("${big}"); int m = !size([{${big}}]); }\n`, 'a', 'n')).toBe('10000000');
  });
  it('block comments nested 100,000 deep and 100,000 nested #ifdefs', () => {
    expect(printRecordsOf(`${'/*'.repeat(DEEP)}${'*/'.repeat(DEEP)}\ndef a;\n`)).toContain('def a {\n}\n');
    expect(printRecordsOf(`${'#ifdef X\n'.repeat(DEEP)}${'#endif\n'.repeat(DEEP)}def a;\n`)).toContain('def a {\n}\n');
  });
});
