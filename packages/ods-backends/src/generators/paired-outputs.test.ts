// Paired outputs on one parse (the engine's groups): op-decls, attrdef-decls and typedef-decls
// build their classes once for their -defs job too and leave its text in the group's memo
// (paired-outputs.ts). Each output must equal what the CLI prints for it alone, diagnostics
// included, on our fixtures and on MLIR 22's own dialects (read in place).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTableGen } from '@ods-ts/tablegen-core';
import { type OdsJob, runGroup } from '@ods-ts/ods-engine';
import { describe, expect, it } from 'vitest';
import { generate } from '../generate.js';
import { haveMlirFile, MLIR_INCLUDE, runCliIn } from '../testing/fixtures.js';

const HAVE_MLIR = haveMlirFile('mlir/IR/OpBase.td');
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', '__fixtures__');

const job = (index: number, generator: string, args: string[] = []): OdsJob => ({ index, input: 'in.td', generator, args, output: `out${index}.inc` });

/** Run `jobs` as one group on `file` (relative to `cwd`): text or error of each. */
function group(cwd: string, file: string, jobs: OdsJob[]): { text?: string; error?: string }[] {
  const r = runGroup({ key: 'k', input: join(cwd, file), includeDirs: [MLIR_INCLUDE], macros: [], cwd, jobs: jobs.map((j) => ({ ...j, input: join(cwd, file) })) }, generate);
  return r.results.map((x) => ({ text: x.text, error: x.error }));
}

/** What the CLI gives for one job alone: its stdout when it succeeds, else its stderr. */
function alone(cwd: string, file: string, j: OdsJob): { text?: string; error?: string } {
  const r = runCliIn(cwd, [`--gen-${j.generator}`, ...j.args, '-I', MLIR_INCLUDE, file]);
  return r.code === 0 ? { text: r.out, error: undefined } : { text: undefined, error: r.err };
}

describe.skipIf(!HAVE_MLIR)('op-decls and op-defs on one parse', () => {
  it.each([
    [FIXTURES, 'op-defs.td'],
    [FIXTURES, 'op-defs-props.td'],
    [MLIR_INCLUDE, 'mlir/Dialect/Arith/IR/ArithOps.td'],
    [MLIR_INCLUDE, 'mlir/Dialect/SCF/IR/SCFOps.td'],
    [MLIR_INCLUDE, 'mlir/Dialect/Tosa/IR/TosaOps.td'],
    [MLIR_INCLUDE, 'mlir/Dialect/LLVMIR/NVVMOps.td'],
  ])('%s/%s: each output equals the CLI run alone', (cwd, file) => {
    if (cwd === MLIR_INCLUDE && !haveMlirFile(file)) return;
    const jobs = [job(0, 'op-decls'), job(1, 'op-defs')];
    const got = group(cwd, file, jobs);
    expect(got[0]).toEqual(alone(cwd, file, jobs[0]!));
    expect(got[1]).toEqual(alone(cwd, file, jobs[1]!));
    expect(got[1]!.text).toBeDefined();
  });

  it.each([
    ['attrdef', join(FIXTURES, 'attrs'), 'attr-formats.td', ['--attrdefs-dialect=fmt']],
    ['attrdef', join(FIXTURES, 'attrs'), 'attr-formats.td', []],
    ['typedef', join(FIXTURES, 'attrs'), 'attr-formats.td', []],
    ['typedef', join(FIXTURES, 'attrs'), 'typedefs.td', []],
    ['attrdef', join(FIXTURES, 'attrs'), 'attr-builder-conflict.td', []],
    ['attrdef', MLIR_INCLUDE, 'mlir/Dialect/LLVMIR/LLVMAttrDefs.td', []],
    ['typedef', MLIR_INCLUDE, 'mlir/Dialect/LLVMIR/LLVMTypes.td', []],
    ['attrdef', MLIR_INCLUDE, 'mlir/Dialect/EmitC/IR/EmitC.td', []],
    ['typedef', MLIR_INCLUDE, 'mlir/Dialect/EmitC/IR/EmitC.td', []],
  ])('%s-decls and -defs of %s/%s %j: each output equals the CLI run alone', (kind, cwd, file, args) => {
    if (cwd === MLIR_INCLUDE && !haveMlirFile(file)) return;
    const jobs = [job(0, `${kind}-decls`, args), job(1, `${kind}-defs`, args)];
    const got = group(cwd, file, jobs);
    expect(got[0]).toEqual(alone(cwd, file, jobs[0]!));
    expect(got[1]).toEqual(alone(cwd, file, jobs[1]!));
  });

  it('attrdef-decls leaves attrdef-defs its finished text (and typedef-decls to typedef-defs)', () => {
    const parse = parseTableGen({ file: 'attr-formats.td', includeDirs: [MLIR_INCLUDE], cwd: join(FIXTURES, 'attrs') });
    expect(parse.ok).toBe(true);
    for (const [kind, args] of [['attrdef', ['--attrdefs-dialect=fmt']], ['typedef', []]] as const) {
      const jobs = [job(0, `${kind}-decls`, [...args]), job(1, 'op-defs'), job(2, `${kind}-defs`, [...args])];
      const memo = new Map<string, unknown>();
      parse.records.with(() => generate(parse, jobs[0]!, { jobs, at: 0, memo }));
      expect([...memo.values()]).toEqual([alone(join(FIXTURES, 'attrs'), 'attr-formats.td', jobs[2]!).text]);
      parse.records.with(() => generate(parse, jobs[2]!, { jobs, at: 2, memo }));
      expect(memo.size).toBe(0);
    }
  });

  it('op-decls leaves op-defs its finished text, and op-defs takes it', () => {
    const parse = parseTableGen({ file: 'op-defs.td', includeDirs: [MLIR_INCLUDE], cwd: FIXTURES });
    expect(parse.ok).toBe(true);
    const jobs = [job(0, 'op-decls'), job(1, 'op-defs')];
    const memo = new Map<string, unknown>();
    const decls = parse.records.with(() => generate(parse, jobs[0]!, { jobs, at: 0, memo }));
    expect(decls).toBe(alone(FIXTURES, 'op-defs.td', jobs[0]!).text);
    const left = [...memo.values()];
    expect(left).toEqual([alone(FIXTURES, 'op-defs.td', jobs[1]!).text]);
    // op-defs returns that very text and lets go of it.
    const defs = parse.records.with(() => generate(parse, jobs[1]!, { jobs, at: 1, memo }));
    expect(defs).toBe(left[0]);
    expect(memo.size).toBe(0);
  });

  it('shares nothing when the options differ, or when op-defs does not follow', () => {
    const parse = parseTableGen({ file: 'op-defs.td', includeDirs: [MLIR_INCLUDE], cwd: FIXTURES });
    const cases: OdsJob[][] = [
      [job(0, 'op-decls', ['--op-exclude-regex=test.ops']), job(1, 'op-defs')],
      [job(0, 'op-decls', ['--op-shard-count=2']), job(1, 'op-defs', ['--op-shard-count=2'])],
      [job(0, 'op-defs'), job(1, 'op-decls')],
    ];
    for (const jobs of cases) {
      const memo = new Map<string, unknown>();
      parse.records.with(() => generate(parse, jobs[0]!, { jobs, at: 0, memo }));
      expect(memo.size).toBe(0);
      const got = group(FIXTURES, 'op-defs.td', jobs);
      jobs.forEach((j, i) => expect(got[i]).toEqual(alone(FIXTURES, 'op-defs.td', j)));
    }
  });

  it('reports in each output exactly what that output reports alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'op-classes-'));
    try {
      // A result type taken from a property: both outputs fail (as with mlir-tblgen-22).
      writeFileSync(
        join(dir, 'prop.td'),
        `include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
def B_Dialect : Dialect { let name = "b"; }
def B_Op : Op<B_Dialect, "op", [AllTypesMatch<["count", "res"]>]> {
  let arguments = (ins I64Prop:$count);
  let results = (outs AnyType:$res);
}
`,
      );
      const jobs = [job(0, 'op-decls'), job(1, 'op-defs')];
      const got = group(dir, 'prop.td', jobs);
      expect(got[0]!.error).toContain('prop.td:4:5: error: Properties cannot be used for type inference');
      jobs.forEach((j, i) => expect(got[i]).toEqual(alone(dir, 'prop.td', j)));
      // A bad assembly format that is not fatal: errors in both, outputs still generated.
      const lax = [job(0, 'op-decls', ['--asmformat-error-is-fatal=false']), job(1, 'op-defs', ['--asmformat-error-is-fatal=false'])];
      const bad = group(FIXTURES, 'op-defs-bad-format.td', lax);
      lax.forEach((j, i) => expect(bad[i]).toEqual(alone(FIXTURES, 'op-defs-bad-format.td', j)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
