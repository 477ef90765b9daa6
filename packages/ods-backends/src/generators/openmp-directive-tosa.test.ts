// --gen-directive-decl, --gen-openmp-clause-ops, --verify-openmp-ops and --gen-tosa-avail-impls
// on fixtures written for these tests (src/__fixtures__/{directives,openmp,tosa}/), which include
// LLVM 22's .td files read in place (skipped when absent); each expected output and stderr was
// produced by mlir-tblgen-22 with the same arguments while writing the test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliRunner, fixtureDir, haveMlirFile, MLIR_INCLUDE } from '../testing/fixtures.js';

const expected = (dir: string, name: string): string => readFileSync(join(dir, 'expected', name), 'latin1');

describe.skipIf(!haveMlirFile('llvm/Frontend/Directive/DirectiveBase.td'))('--gen-directive-decl', () => {
  const DIR = fixtureDir('directives');
  const run = cliRunner(DIR);
  it('declares an enum attribute per clause with values', () => {
    const r = run('--gen-directive-decl', '--directives-dialect=Toy', '-I', MLIR_INCLUDE, 'lang.td');
    expect(r.err).toBe('');
    expect(r.out).toBe(expected(DIR, 'lang.td'));
  });
  it('takes the last of comma-separated dialects', () => {
    const r = run('--gen-directive-decl', '--directives-dialect=A,Toy', '-I', MLIR_INCLUDE, 'lang.td');
    expect(r.out).toBe(expected(DIR, 'lang.td'));
  });
  it('needs a dialect when the option is given', () => {
    const r = run('--gen-directive-decl', '--directives-dialect=', '-I', MLIR_INCLUDE, 'lang.td');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toBe("error: a dialect must be selected for the directives via '--directives-dialect'\n");
  });
  it("writes llvm-tblgen's C++ header without the option (llvm-tblgen has none)", () => {
    const r = run('--gen-directive-decl', '-I', MLIR_INCLUDE, 'lang.td');
    expect(r.err).toBe('');
    expect(r.out).toMatch(/^#ifndef LLVM_\w+_INC\n/);
  });
  it('reports a missing DirectiveLanguage where mlir-tblgen crashes', () => {
    const r = run('--gen-directive-decl', '--directives-dialect=Toy', '-I', MLIR_INCLUDE, 'no-language.td');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^no-language\.td:5:5: error: clause 'TOYC_Mode' has values, but no record derives from DirectiveLanguage\n/);
  });
});

describe.skipIf(!haveMlirFile('mlir/Dialect/OpenMP/OpenMPOpBase.td'))('OpenMP clause generators', () => {
  const DIR = fixtureDir('openmp');
  const run = cliRunner(DIR);
  it('--gen-openmp-clause-ops writes clause and op operand structures', () => {
    const r = run('--gen-openmp-clause-ops', '-I', MLIR_INCLUDE, 'clauses.td');
    expect(r.code).toBe(0);
    expect(r.err).toBe(expected(DIR, 'clauses.gen.err'));
    expect(r.out).toBe(expected(DIR, 'clauses.h'));
  });
  it('--verify-openmp-ops reports what ops did not take over from their clauses', () => {
    const r = run('--verify-openmp-ops', '-I', MLIR_INCLUDE, 'clauses.td');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toBe(expected(DIR, 'clauses.verify.err'));
  });
});

describe.skipIf(!haveMlirFile('mlir/Dialect/Tosa/IR/TosaOpBase.td'))('--gen-tosa-avail-impls', () => {
  const DIR = fixtureDir('tosa');
  const run = cliRunner(DIR);
  it('merges availability specs per class, classes in StringMap order', () => {
    const r = run('--gen-tosa-avail-impls', '-I', MLIR_INCLUDE, 'avail.td');
    expect(r.err).toBe('');
    expect(r.out).toBe(expected(DIR, 'avail.cpp'));
  });
});
