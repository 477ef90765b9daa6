// Unit tests of the SPIR-V generators (--gen-spirv-*): fixtures in src/__fixtures__/spirv run
// through ods-tblgen and compared with what mlir-tblgen-22 produced for them
// (`<fixture>.<generator>.expected`, `.stderr` for rejected input). enum-avail.td stands alone;
// the op fixtures include MLIR's SPIRVBase.td, read in place, and are skipped without it. The
// last block compares with mlir-tblgen-22 itself over MLIR's SPIR-V files when both are present.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitSourceFileHeader } from '../emit.js';
import { type CliRun, MLIR_INCLUDE, fixtureDir, haveMlirFile, runCliIn } from '../testing/fixtures.js';

const FIXTURES = fixtureDir('spirv');
const haveMlir = haveMlirFile('mlir/Dialect/SPIRV/IR/SPIRVBase.td');
const haveRef = haveMlir && spawnSync('mlir-tblgen-22', ['--version'], { stdio: 'ignore' }).status === 0;

function run(file: string, generator: string, cwd = FIXTURES): CliRun {
  return runCliIn(cwd, [`--gen-${generator}`, '-I', MLIR_INCLUDE, file]);
}

function expected(file: string, generator: string, ext: 'expected' | 'stderr'): string {
  return readFileSync(join(FIXTURES, `${file.replace(/\.td$/, '')}.${generator}.${ext}`), 'latin1');
}

function expectOutput(file: string, gen: string): void {
  const r = run(file, gen);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  expect(r.out).toBe(expected(file, gen, 'expected'));
}

describe('SPIR-V enum generators match mlir-tblgen-22 (self-contained fixture)', () => {
  for (const gen of ['spirv-enum-avail-decls', 'spirv-enum-avail-defs', 'spirv-attr-utils', 'spirv-capability-implication']) {
    it(`--gen-${gen} enum-avail.td`, () => expectOutput('enum-avail.td', gen));
  }
});

describe('SPIR-V generators without their records', () => {
  it('reports an undefined class like the reference', () => {
    for (const gen of ['spirv-serialization', 'spirv-avail-impls']) {
      const r = run('enum-avail.td', gen);
      expect(r.code).toBe(1);
      expect(r.out).toBe('');
      expect(r.err).toBe("error: The class 'SPIRV_Op' is not defined\n\n");
    }
  });
  it('reports a missing capability enum (the reference crashes)', () => {
    const r = run('no-capability.td', 'spirv-capability-implication');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toBe("error: the def 'SPIRV_CapabilityAttr' is not defined\n");
  });
  it('writes only the boilerplate for enums without availability', () => {
    const r = run('no-capability.td', 'spirv-enum-avail-defs');
    expect(r.code).toBe(0);
    expect(r.out).toBe(emitSourceFileHeader('SPIR-V Enum Availability Definitions', 'no-capability.td'));
  });
});

describe.skipIf(!haveMlir)('SPIR-V op generators match mlir-tblgen-22', () => {
  for (const gen of ['spirv-serialization', 'spirv-avail-impls']) {
    it(`--gen-${gen} ops.td`, () => expectOutput('ops.td', gen));
  }

  const rejected: [string, string][] = [
    ['bad-attr.td', 'spirv-serialization'],
    ['two-results.td', 'spirv-serialization'],
    ['variadic-not-last.td', 'spirv-serialization'],
    ['two-parents.td', 'spirv-avail-impls'],
  ];
  for (const [file, gen] of rejected) {
    it(`rejects ${file} with --gen-${gen}`, () => {
      const r = run(file, gen);
      expect(r.code).toBe(1);
      expect(r.out).toBe('');
      expect(r.err).toBe(expected(file, gen, 'stderr'));
    });
  }

  it('reads a property argument as an attribute, failing where the reference does', () => {
    const r = run('property.td', 'spirv-serialization');
    expect(r.code).toBe(1);
    expect(r.err).toContain("error: Record `I32Prop' does not have a field named `isOptional'!");
  });
});

describe.skipIf(!haveRef)('SPIR-V generators over the installed tree equal mlir-tblgen-22', () => {
  const cases: [string, string][] = [
    ['mlir/Dialect/SPIRV/IR/SPIRVBase.td', 'spirv-enum-avail-defs'],
    ['mlir/Dialect/SPIRV/IR/SPIRVBase.td', 'spirv-capability-implication'],
    ['mlir/Dialect/SPIRV/IR/SPIRVAtomicOps.td', 'spirv-serialization'],
    ['mlir/Dialect/SPIRV/IR/SPIRVAtomicOps.td', 'spirv-avail-impls'],
  ];
  for (const [file, gen] of cases) {
    it(`--gen-${gen} ${file}`, () => {
      const ref = spawnSync('mlir-tblgen-22', [`--gen-${gen}`, '-I', '.', file], { cwd: MLIR_INCLUDE, encoding: 'latin1' });
      expect(ref.status).toBe(0);
      const r = run(file, gen, MLIR_INCLUDE);
      expect(r.code).toBe(0);
      expect(r.out).toBe(ref.stdout);
    });
  }
});
