// Shared include parses (share.ts): a parse that restores a snapshot must be indistinguishable
// from one that parses the include, in its records, JSON, dependencies and diagnostics.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BinOp,
  BinOpInit,
  IntInit,
  IntRecTy,
  ListInit,
  ParseCache,
  RecordKeeper,
  StringRecTy,
  ValuePools,
  VarInit,
  dumpJson,
  parseTableGen,
  printRecords,
  processParseCache,
  recordsToJson,
  writeJson,
} from './index.js';
import { TEST_CWD, type TestParseOptions, type TestParseResult, parseSource } from './testing.js';

/**
 * print-records, dump-json, dependencies and stderr of a parse. (printRecords and dumpJson keep
 * the text of shared records: a second parse restoring them prints what was kept.)
 */
function observe(r: TestParseResult): string {
  if (!r.ok) return `FAILED\n${r.stderr}`;
  const json = r.records.with(() => dumpJson(r.records, r.sources));
  expect(json).toBe(r.records.with(() => writeJson(recordsToJson(r.records, r.sources))));
  return [
    r.records.with(() => printRecords(r.records)),
    json,
    r.dependencies.join('\n'),
    r.stderr,
  ].join('\n----\n');
}

/** Parse with the cache and without; both must be the same. Returns the shared parse. */
function same(src: string, opts: TestParseOptions & { cache: ParseCache }): TestParseResult {
  const shared = parseSource(src, opts);
  const plain = parseSource(src, { ...opts, cache: undefined });
  expect(observe(shared)).toBe(observe(plain));
  return shared;
}

const newCache = () => new ParseCache([]);

const BASE = `#ifndef BASE_TD
#define BASE_TD
class Base<int n> { int value = n; string where = "base"; }
def b0 : Base<0>;
class Holder<Base b> { Base held = b; }
def anonUser : Holder<Base<7>>;
multiclass M<int n> { def _a : Base<n>; def _b : Base<!add(n, 1)>; }
defvar limit = 10;
deftype Num = int;
#endif
`;
const EXTRA = `#ifndef EXTRA_TD
#define EXTRA_TD
include "base.td"
def e0 : Base<limit>;
#endif
`;
const files = { 'base.td': BASE, 'extra.td': EXTRA };

describe('shared include parses', () => {
  it('counts the record types a parse asks for in its RecordTypePool, though types live in the shared pool', () => {
    const cache = newCache();
    const src = `class A<int a> { int Num = a; }\ndef y { int x = A<10>.Num; }\n`;
    const pool = (r: TestParseResult) => r.records.allocationStats().pools.find(([n]) => n === 'RecordTypePool')?.[1];
    const plain = parseSource(src, { cache: undefined });
    expect(pool(plain)).toBe(1);
    expect(pool(parseSource(src, { files, cache }))).toBe(1);
    expect(pool(parseSource(src, { files, cache }))).toBe(1);
  });

  it("keeps no parse's own record types in the shared pool (a build service would keep every parse alive)", () => {
    const cache = newCache();
    // Main-file classes used as types (fields, lists of them): new records, and types, each parse.
    const src = 'include "extra.td"\nclass Own<int n> { int v = n; }\nclass User { list<Own> owns = [Own<1>, Own<2>]; Own one = Own<3>; }\ndef u : User;\n';
    same(src, { files, cache });
    const types = cache.pools.typePool.size;
    for (let i = 0; i < 3; i++) same(src, { files, cache });
    expect(cache.pools.typePool.size).toBe(types);
    // The include's own record types are shared.
    expect([...cache.pools.typePool.keys()].some((k) => k.startsWith('rec:'))).toBe(true);
  });

  it('finds values of fixed-size keys (the tuple table) again after growth and after shareValues', () => {
    const pools = new ValuePools();
    const count = (k: RecordKeeper, pool: string) => k.allocationStats().pools.find(([n]) => n === pool)?.[1];
    const first = new RecordKeeper(undefined, pools);
    const made = first.with(() => {
      const int = IntRecTy.get();
      // Enough entries to make the table grow several times.
      const vars = Array.from({ length: 5000 }, (_, i) => VarInit.get(`v${i}`, int));
      const sums = vars.map((v, i) => BinOpInit.get(BinOp.ADD, v, IntInit.get(i), int));
      expect(vars.every((v, i) => VarInit.get(`v${i}`, int) === v)).toBe(true);
      expect(sums.every((s, i) => BinOpInit.get(BinOp.ADD, vars[i]!, IntInit.get(i), int) === s)).toBe(true);
      return { vars, sums };
    });
    expect(count(first, 'TheVarInitPool')).toBe(5000);
    expect(count(first, 'TheBinOpInitPool')).toBe(5000);
    first.shareValues();
    expect(count(first, 'TheVarInitPool')).toBe(0);
    const second = new RecordKeeper(undefined, pools);
    second.with(() => {
      const int = IntRecTy.get();
      expect(VarInit.get('v4999', int)).toBe(made.vars[4999]);
      expect(BinOpInit.get(BinOp.ADD, made.vars[7]!, IntInit.get(7), int)).toBe(made.sums[7]);
      expect(BinOpInit.get(BinOp.SUB, made.vars[7]!, IntInit.get(7), int)).not.toBe(made.sums[7]);
    });
    expect(count(second, 'TheVarInitPool')).toBe(0);
    expect(count(second, 'TheBinOpInitPool')).toBe(1);
  });

  it('uniques lists of every length (short keys in the tuple table, long ones in the trie) and counts them', () => {
    const keeper = new RecordKeeper();
    keeper.with(() => {
      const int = IntRecTy.get();
      const elts = Array.from({ length: 12 }, (_, i) => IntInit.get(i));
      // Lists built up element by element: prefixes of each other, of lengths 0 to 12.
      const lists = elts.map((_, n) => ListInit.get(elts.slice(0, n), int));
      expect(lists.every((l, n) => ListInit.get(elts.slice(0, n), int) === l)).toBe(true);
      expect(new Set(lists).size).toBe(12);
      // Same length and prefix, different last element; an element 0 cannot pass for padding.
      expect(ListInit.get([elts[1]!, elts[2]!], int)).not.toBe(lists[2]);
      expect(ListInit.get(elts.slice(0, 2), StringRecTy.get())).not.toBe(lists[2]);
    });
    expect(keeper.allocationStats().pools.find(([n]) => n === 'TheListInitPool')?.[1]).toBe(14);
  });

  it('keeps a bounded number of caches per thread, the least recently used dropped first', () => {
    const refs = Array.from({ length: 6 }, (_, i) => processParseCache([`/lru${i}`]));
    expect(processParseCache(['/lru0'])).toBe(refs[0]); // used again: now the newest
    processParseCache(['/lru6']); // one too many: /lru1, the oldest, goes
    expect(processParseCache(['/lru0'])).toBe(refs[0]);
    expect(processParseCache(['/lru1'])).not.toBe(refs[1]);
  });

  it('restores a shared include: the same records, JSON, dependencies and anonymous defs', () => {
    const cache = newCache();
    const main1 = `include "base.td"\ninclude "extra.td"\ndefm m1 : M<1>;\ndef x : Holder<Base<7>>;\n`;
    const main2 = `// another dialect\ninclude "base.td"\ninclude "extra.td"\ndef y : Holder<Base<8>>; Num z = 3;\ndefm m2 : M<limit>;\n`;
    same(main1, { files, cache });
    expect(cache.hits).toBe(0);
    same(main2, { files, cache });
    expect(cache.hits).toBe(2);
    same(main1, { files, cache });
    expect(cache.hits).toBe(4);
  });

  it('names the anonymous def by where each parse first referenced it', () => {
    const cache = newCache();
    // The first parse references Base<5> before the shared include's state is reused...
    same(`include "base.td"\ndef p : Holder<Base<5>>;\n`, { files, cache });
    // ... and this one elsewhere: its anonymous def is located in its own main file.
    const r = same(`include "base.td"\n\n\ndef q : Holder<Base<5>>;\n`, { files, cache });
    const json = JSON.parse(r.records.with(() => writeJson(recordsToJson(r.records, r.sources)))) as { [k: string]: { '!locs'?: string[] } };
    const anon = Object.entries(json).filter(([k]) => k.startsWith('anonymous_'));
    expect(anon.map(([, v]) => v['!locs'])).toContainEqual(['test.td:4']);
  });

  it('does not use a snapshot whose files changed', () => {
    const cache = newCache();
    same(`include "base.td"\ndef u : Base<1>;\n`, { files, cache });
    const edited = { ...files, 'base.td': BASE.replace('"base"', '"edited"') };
    const r = same(`include "base.td"\ndef u : Base<1>;\n`, { files: edited, cache });
    expect(cache.hits).toBe(0);
    expect(r.records.with(() => printRecords(r.records))).toContain('"edited"');
  });

  it('shares a snapshot between working directories, checking relative reads in each', () => {
    const cache = new ParseCache(['/lib']);
    const opts = { includeDirs: ['/lib'], cache };
    const inc = { '/lib/base.td': BASE };
    const a = same(`include "base.td"\ndef u : Base<1>;\n`, { ...opts, files: inc, cwd: '/p1' });
    const b = same(`include "base.td"\ndef u : Base<1>;\n`, { ...opts, files: inc, cwd: '/p2' });
    expect(cache.hits).toBe(1);
    expect(b.dependencies).toEqual(a.dependencies);
    // llvm-tblgen looks in the working directory before the include folders: in /p3 a base.td
    // is found there, and the snapshot (whose read of ./base.td found nothing) does not hold.
    const c = same(`include "base.td"\n`, { ...opts, files: { ...inc, '/p3/base.td': 'def local;\n' }, cwd: '/p3' });
    expect(cache.hits).toBe(1);
    expect(c.records.getDef('local')).toBeDefined();
  });

  it('does not use a snapshot when an earlier include folder gains the file', () => {
    const cache = new ParseCache(['first', 'second']);
    const opts = { includeDirs: ['first', 'second'], cache };
    same(`include "base.td"\n`, { ...opts, files: { 'second/base.td': BASE } });
    const r = same(`include "base.td"\n`, { ...opts, files: { 'first/base.td': 'def shadow;\n', 'second/base.td': BASE } });
    expect(cache.hits).toBe(0);
    expect(r.dependencies).toEqual(['first/base.td']);
  });

  it('follows the macros an include tests', () => {
    const cache = newCache();
    const cond = { 'cond.td': '#ifdef FAST\ndef fast;\n#else\ndef slow;\n#endif\n' };
    const a = same(`include "cond.td"\n`, { files: cond, cache });
    const b = same(`include "cond.td"\n`, { files: cond, cache, macros: ['FAST'] });
    const c = same(`#define FAST\ninclude "cond.td"\n`, { files: cond, cache });
    expect(a.records.getDef('slow')).toBeDefined();
    expect(b.records.getDef('fast')).toBeDefined();
    expect(c.records.getDef('fast')).toBeDefined();
    // An include guarded by a macro the main file already defined adds nothing.
    const d = same(`#define BASE_TD\ninclude "base.td"\ndef k;\n`, { files, cache });
    expect(d.records.getClass('Base')).toBeUndefined();
  });

  it('keeps no snapshot of an include that reports a diagnostic, and repeats it', () => {
    const cache = newCache();
    const noisy = { 'noisy.td': 'class C<int unused> { int v = 1; }\ndump "hello";\n' };
    const first = same(`include "noisy.td"\n`, { files: noisy, cache });
    const second = same(`include "noisy.td"\n`, { files: noisy, cache });
    expect(cache.hits).toBe(0);
    expect(first.stderr).toContain('unused template argument');
    expect(second.stderr).toContain('note: hello');
  });

  it('repeats a warning about the last object of an include (reported after the lexer left the file)', () => {
    const cache = newCache();
    const last = { 'last.td': 'class First;\nclass Last<int unused> { int v = 1; }\n' };
    const first = same(`include "last.td"\ndef a : Last<1>;\n`, { files: last, cache });
    const second = same(`include "last.td"\ndef a : Last<1>;\n`, { files: last, cache });
    expect(first.stderr).toContain('unused template argument: Last:unused');
    expect(second.stderr).toBe(first.stderr);
    expect(cache.hits).toBe(0);
  });

  it('prints the including chain of the parse that restored the include', () => {
    const cache = newCache();
    const inc = { 'defs.td': 'class Checked<int n> { assert !lt(n, 5), "too big"; }\n' };
    same(`include "defs.td"\ndef ok : Checked<1>;\n`, { files: inc, cache });
    const r = same(`// second\n\ninclude "defs.td"\ndef bad : Checked<9>;\n`, { files: inc, cache });
    expect(cache.hits).toBe(1);
    expect(r.ok).toBe(false);
    expect(r.stderr).toContain('test.td:4:');
  });

  it('errors inside a restored include point into it, included from the right line', () => {
    const cache = newCache();
    const inc = { 'e.td': 'class E { int v = 1; }\n', 'use.td': 'include "e.td"\n' };
    same(`include "use.td"\ndef a : E;\n`, { files: inc, cache });
    // The redefinition error's note-free first line is in the main file; a def in e.td twice
    // is reported inside e.td with the chain of this parse.
    const r = same(`\n\ninclude "use.td"\ninclude "e.td"\n`, { files: inc, cache });
    expect(r.ok).toBe(false);
    expect(r.stderr).toMatch(/Included from test\.td:4:\ne\.td:1:7: error: Class 'E' already defined/);
  });

  it('runs the parse again without sharing when it would change a shared record', () => {
    const cache = newCache();
    const fwd = { 'fwd.td': 'class Later;\ndef before;\n' };
    same(`include "fwd.td"\n`, { files: fwd, cache });
    // Defining the body of a class the shared include only declared changes that record.
    const r = same(`include "fwd.td"\nclass Later { int v = 2; }\ndef l : Later;\n`, { files: fwd, cache });
    expect(r.records.getDef('l')?.getValue('v')?.value.getAsString()).toBe('2');
    // The shared snapshot itself is untouched.
    const again = same(`include "fwd.td"\ndef m : Later;\n`, { files: fwd, cache });
    expect(again.records.getDef('m')?.getValue('v')).toBeUndefined();
  });

  it('does not share an include that ends inside an object', () => {
    const cache = newCache();
    const half = { 'half.td': 'def open {\n  int a = 1;\n' };
    same(`include "half.td"\n  int b = 2;\n}\n`, { files: half, cache });
    same(`include "half.td"\n  int c = 3;\n}\n`, { files: half, cache });
    expect(cache.hits).toBe(0);
  });

  it('restores the control stack of the includer (a guarded file of includes only)', () => {
    const cache = newCache();
    // The lexer reads past the last include to the end of the main file before the snapshot
    // for that include is restored: the main file's #ifndef must come back with the rewind.
    const main = `#ifndef MAIN_TD\n#define MAIN_TD\ninclude "base.td"\ninclude "extra.td"\ninclude "base.td"\n#endif // MAIN_TD\n`;
    same(main, { files, cache });
    const r = same(main, { files, cache });
    expect(r.ok).toBe(true);
    expect(cache.hits).toBe(3);
  });

  it('shares nested includes that begin a file, and the includes after them', () => {
    const cache = newCache();
    const tree = {
      'a.td': '#ifndef A\n#define A\ninclude "base.td"\ndef a1 : Base<1>;\n#endif\n',
      'b.td': '#ifndef B\n#define B\ninclude "base.td"\ndef b1 : Base<2>;\n#endif\n',
      ...files,
    };
    same(`include "a.td"\ninclude "b.td"\ndef t;\n`, { files: tree, cache });
    // b.td's own parse starts with base.td, shared with a.td's.
    same(`include "b.td"\ndef t;\n`, { files: tree, cache });
    expect(cache.hits).toBe(1);
    same(`include "a.td"\ninclude "b.td"\ndefm z : M<3>;\n`, { files: tree, cache });
    expect(cache.hits).toBe(3);
  });
});

function llvmIncludeDir(): string | undefined {
  try {
    return execFileSync('llvm-config-22', ['--includedir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}
const INCLUDE = llvmIncludeDir();
const HAVE_MLIR = INCLUDE !== undefined && existsSync(`${INCLUDE}/mlir/IR/OpBase.td`);

describe.skipIf(!HAVE_MLIR)("MLIR's dialects, shared and not", () => {
  // Dialects that share OpBase.td, interfaces and (SPIR-V) a large dialect base.
  const FILES = [
    'mlir/IR/BuiltinOps.td',
    'mlir/Dialect/Arith/IR/ArithOps.td',
    'mlir/Dialect/Math/IR/MathOps.td',
    'mlir/Dialect/Func/IR/FuncOps.td',
    'mlir/Dialect/SCF/IR/SCFOps.td',
    'mlir/Dialect/SPIRV/IR/SPIRVOps.td',
    'mlir/Dialect/SPIRV/IR/SPIRVCastOps.td',
    'mlir/Dialect/LLVMIR/LLVMOps.td',
    'mlir/Dialect/LLVMIR/LLVMIntrinsicOps.td',
    'mlir/Dialect/Arith/IR/ArithOps.td',
  ];
  it('gives the same records, JSON and dependencies as unshared parses', () => {
    const inc = INCLUDE!;
    const cache = new ParseCache([inc]);
    for (const file of FILES) {
      const run = (c: ParseCache | undefined) => {
        const r = parseTableGen({ file, includeDirs: [inc], cwd: inc, cache: c });
        expect(r.ok).toBe(true);
        return [
          r.records.with(() => printRecords(r.records)),
          r.records.with(() => writeJson(recordsToJson(r.records, r.sources))),
          r.dependencies.join(' '),
        ];
      };
      const [p1, j1, d1] = run(cache);
      const [p2, j2, d2] = run(undefined);
      expect(p1 === p2, `${file}: print-records`).toBe(true);
      expect(j1 === j2, `${file}: dump-json`).toBe(true);
      expect(d1).toBe(d2);
    }
    expect(cache.hits).toBeGreaterThan(10);
    expect(readFileSync(`${inc}/mlir/IR/OpBase.td`, 'latin1').length).toBeGreaterThan(0);
  }, 120_000);
});
