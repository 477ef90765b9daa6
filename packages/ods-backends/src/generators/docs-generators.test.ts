// The documentation, pass, Python-binding and availability generators on small fixtures
// (src/__fixtures__/docs/*.td, written for these tests; most include MLIR 22's .td files, read
// in place from the LLVM 22 include directory, and are skipped when it is absent). Each
// expected output in __fixtures__/docs/expected/ was produced by mlir-tblgen-22 from the same
// fixture and arguments while writing the test (see cases.tsv).
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliRunner, fixtureDir, haveMlirFile, MLIR_INCLUDE } from '../testing/fixtures.js';

const HAVE_MLIR = haveMlirFile('mlir/IR/OpBase.td');
const DIR = fixtureDir('docs');

const run = cliRunner(DIR);

interface Case {
  readonly file: string;
  readonly generator: string;
  readonly arg: string;
}

const CASES: Case[] = readFileSync(join(DIR, 'cases.tsv'), 'latin1')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => {
    const [file = '', generator = '', arg = ''] = l.split('\t');
    return { file, generator, arg };
  });

function expectedPath(c: Case): string {
  const suffix = c.arg !== '' ? `.${c.arg.replace(/^--/, '')}` : '';
  return join(DIR, 'expected', `${c.file.replace(/\.td$/, '')}.${c.generator}${suffix}.txt`);
}

describe.skipIf(!HAVE_MLIR)('documentation and pass generators match mlir-tblgen-22', () => {
  for (const c of CASES) {
    it(`--gen-${c.generator} ${c.arg} ${c.file}`, () => {
      const args = [`--gen-${c.generator}`, ...(c.arg !== '' ? [c.arg] : []), '-I', MLIR_INCLUDE, c.file];
      const r = run(...args);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out).toBe(readFileSync(expectedPath(c), 'latin1'));
    });
  }
});

// An input inside an MLIR source tree (`.../mlir/include/mlir/...`, as LLVM's CMake build passes
// it, absolute) gets a `[source](...)` link before the first op: a blank line, then the link.
describe.skipIf(!HAVE_MLIR)('source links of inputs in an MLIR source tree', () => {
  const link = '[source](https://github.com/llvm/llvm-project/blob/main/mlir/include/mlir/Test/ops.td)';
  it.each([
    ['op-doc', 2],
    ['dialect-doc', 13],
  ])('--gen-%s inserts the link and a blank line after line %i', (generator, line) => {
    const root = mkdtempSync(join(tmpdir(), 'ods-doc-link-'));
    try {
      const input = join(root, 'mlir/include/mlir/Test/ops.td');
      mkdirSync(dirname(input), { recursive: true });
      copyFileSync(join(DIR, 'ops.td'), input);
      const r = run(`--gen-${generator}`, '-I', MLIR_INCLUDE, input);
      expect(r.code, r.err).toBe(0);
      const lines = readFileSync(join(DIR, 'expected', `ops.${generator}.txt`), 'latin1').split('\n');
      lines.splice(line, 0, link, '');
      expect(r.out).toBe(lines.join('\n'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('generator errors', () => {
  it('reports an undefined interface class like mlir-tblgen-22', () => {
    const r = run('--gen-op-interface-docs', 'empty.td');
    expect(r.code).toBe(1);
    expect(r.err).toContain("error: The class 'OpInterface' is not defined");
    expect(r.out).toBe('');
  });
  it('needs PassBase for the pass generators', () => {
    const r = run('--gen-pass-decls', 'availability.td');
    expect(r.code).toBe(1);
    expect(r.err).toContain("error: The class 'PassBase' is not defined");
  });
  it.skipIf(!HAVE_MLIR)('needs --dialect when several dialects are defined', () => {
    const r = run('--gen-dialect-doc', '-I', MLIR_INCLUDE, 'dialect.td');
    expect(r.code).toBe(1);
    expect(r.err).toContain("when more than 1 dialect is present, one must be selected via '-dialect'");
    expect(r.out).toBe('');
  });
  it.skipIf(!HAVE_MLIR)('needs --bind-dialect for the Python op bindings', () => {
    const r = run('--gen-python-op-bindings', '-I', MLIR_INCLUDE, 'dialect.td');
    expect(r.code).toBe(1);
    expect(r.err).toContain('dialect name not provided');
  });
});
