// --gen-bytecode on fixtures written for these tests (src/__fixtures__/bytecode/). They include
// MLIR 22's BytecodeBase.td, read in place from the LLVM 22 include directory (skipped when
// absent); each expected output was produced by mlir-tblgen-22 with the same arguments while
// writing the test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliRunner, fixtureDir, haveMlirFile, MLIR_INCLUDE } from '../testing/fixtures.js';

const HAVE_MLIR = haveMlirFile('mlir/IR/BytecodeBase.td');
const DIR = fixtureDir('bytecode');

const run = cliRunner(DIR);

const expected = (name: string): string => readFileSync(join(DIR, 'expected', name), 'latin1');

describe.skipIf(!HAVE_MLIR)('--gen-bytecode matches mlir-tblgen-22', () => {
  it('generates readers, writers and dispatchers of the selected dialect', () => {
    const r = run('--gen-bytecode', '--bytecode-dialect=Demo', '-I', MLIR_INCLUDE, 'dialect.td');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toBe(expected('dialect.Demo.inc'));
  });
  it('generates the dispatchers alone for empty lists', () => {
    const r = run('--gen-bytecode', '--bytecode-dialect=Other', '-I', MLIR_INCLUDE, 'dialect.td');
    expect(r.code).toBe(0);
    expect(r.out).toBe(expected('dialect.Other.inc'));
  });
  it('needs one dialect', () => {
    const r = run('--gen-bytecode', '-I', MLIR_INCLUDE, 'dialect.td');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toBe(
      'error: Single dialect per invocation required (either only one in input file or specified via dialect option)\n',
    );
  });
  it('needs printer predicates for defs sharing a C++ type', () => {
    const r = run('--gen-bytecode', '-I', MLIR_INCLUDE, 'shared-ctype.td');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toContain('shared-ctype.td:5:5: error: Requires parsing predicate given common cType');
    expect(r.err).toContain('shared-ctype.td:6:5: error: Requires parsing predicate given common cType');
    expect(r.err).toContain('error: Unspecified for shared cType NumberAttr\n');
  });
  it('needs the DialectAttributes class', () => {
    const r = run('--gen-bytecode', '../docs/empty.td');
    expect(r.code).toBe(1);
    expect(r.err).toContain("error: The class 'DialectAttributes' is not defined");
  });
});
