// --gen-rewriters on the DRR fixtures of src/__fixtures__/drr/ (written for these tests; they
// include MLIR 22's OpBase.td and PatternBase.td read in place from the LLVM 22 include directory
// and are skipped when it is absent). Each expected output (expected/<fixture>[.<define>].inc) and
// diagnostic (.err) was produced by mlir-tblgen-22 from the same fixture and arguments while
// writing the test; cases.tsv lists the cases.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';
import { StdUnorderedMultimap, splitValuePackName, stdStringHash } from '../ods/pattern.js';
import { drrFmt, DrrFmtContext } from './rewriters-fmt.js';

const MLIR_INCLUDE = '/usr/lib/llvm-22/include';
const HAVE_MLIR = existsSync(join(MLIR_INCLUDE, 'mlir/IR/PatternBase.td'));
const DIR = fileURLToPath(new URL('../__fixtures__/drr/', import.meta.url));

function run(...args: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = runCli(args, { stdout: (t) => (out += t), stderr: (t) => (err += t), cwd: DIR });
  return { code, out, err };
}

function readIfExists(path: string): string {
  return existsSync(path) ? readFileSync(path, 'latin1') : '';
}

const CASES = readFileSync(join(DIR, 'cases.tsv'), 'latin1')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => {
    const [file = '', arg = ''] = l.split('\t');
    return { file, arg };
  });

describe.skipIf(!HAVE_MLIR)('--gen-rewriters matches mlir-tblgen-22 on the DRR fixtures', () => {
  for (const c of CASES) {
    it(`${c.file} ${c.arg}`, () => {
      const base = c.file.replace(/\.td$/, '') + (c.arg !== '' ? `.${c.arg.replace(/^-D/, '')}` : '');
      const expectedOut = readIfExists(join(DIR, 'expected', `${base}.inc`));
      const expectedErr = readIfExists(join(DIR, 'expected', `${base}.err`));
      const r = run('--gen-rewriters', ...(c.arg !== '' ? [c.arg] : []), '-I', MLIR_INCLUDE, c.file);
      expect(r.err).toBe(expectedErr);
      expect(r.out).toBe(expectedOut);
      expect(r.code).toBe(expectedErr !== '' ? 1 : 0);
    });
  }

  it('generates at least 15 patterns across the fixtures', () => {
    let count = 0;
    for (const c of CASES.filter((x) => x.arg === '')) {
      const text = readFileSync(join(DIR, 'expected', c.file.replace(/\.td$/, '.inc')), 'latin1');
      count += text.split('patterns.add<').length - 1;
    }
    expect(count).toBeGreaterThanOrEqual(15);
  });
});

describe('rewriters helpers', () => {
  it('hashes strings like libstdc++ std::hash<std::string>', () => {
    // Values printed by a C++ program built with g++ 12 (libstdc++).
    expect(stdStringHash('').toString(16)).toBe('553e93901e462a6e');
    expect(stdStringHash('x').toString(16)).toBe('b83113fab581d78f');
    expect(stdStringHash('operand_range').toString(16)).toBe('464b9825a720292d');
    expect(stdStringHash('tblgen_value_12').toString(16)).toBe('f5602ec2e8bf2801');
  });

  it('iterates an unordered_multimap in libstdc++ order', () => {
    // Order printed by std::unordered_multimap<std::string, int> (g++ 12) for these insertions.
    const m = new StdUnorderedMultimap<number>();
    ['res', 'x', 'y', 'o', 'd'].forEach((k, i) => m.insert(k, i));
    expect([...m.entries()].map(([k]) => k)).toEqual(['d', 'o', 'x', 'y', 'res']);
    const dup = new StdUnorderedMultimap<number>();
    ['a', 'a', 'a', 'b'].forEach((k, i) => dup.insert(k, i));
    expect([...dup.entries()].map(([k, v]) => `${k}${v}`)).toEqual(['b3', 'a0', 'a2', 'a1']);
  });

  it('splits value pack names', () => {
    expect(splitValuePackName('op__1')).toEqual({ name: 'op', index: 1 });
    expect(splitValuePackName('a__b')).toEqual({ name: 'a__b', index: -1 });
    expect(splitValuePackName('plain')).toEqual({ name: 'plain', index: -1 });
  });

  it('formats templates like tgfmt', () => {
    const ctx = new DrrFmtContext().withBuilder('rewriter').addSubst('_loc', 'odsLoc');
    expect(drrFmt('f($_builder, $_loc, $0, $1...)', ctx, ['a', 'b', 'c'])).toBe('f(rewriter, odsLoc, a, b, c)');
    expect(drrFmt('g($_self, $2)', ctx, ['a'])).toBe('g($_self<no-subst-found>, $2<no-subst-found>)');
  });
});
