import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTableGen } from '@ods-ts/tablegen-core';
import { resolveConfig, type GenerateFn } from '@ods-ts/ods-engine';
import { MAX_LOADER_PARSES, OdsModuleLoader } from './loader.js';

describe('OdsModuleLoader', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ods-loader-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'inc'));
  writeFileSync(join(dir, 'inc/base.td'), 'class Base<string n> { string name = n; }\n');
  writeFileSync(join(dir, 'x.td'), 'include "base.td"\ndef A : Base<"a">;\n');
  writeFileSync(join(dir, 'bad.td'), 'include "base.td"\ndef A : Base<"a"> oops;\n');
  const config = resolveConfig({ includeDirs: ['inc'], jobs: [], mlirIncludeDir: dir }, join(dir, 'ods.json'));
  const calls: string[] = [];
  // A stand-in generator: the names of the defs, and one that fails through the diagnostics.
  const generate: GenerateFn = (parse, job) => {
    calls.push(job.generator);
    if (job.generator === 'fails') return parse.diagnostics.fatal(undefined, `bad option ${job.args.join(' ')}`);
    return parse.records.getDef('A') ? 'has A' : 'no A';
  };
  const loader = new OdsModuleLoader(config, generate, (g) => g === 'names' || g === 'fails');
  const x = join(dir, 'x.td');

  it('parses once per input for every generator, and reuses the parse while its files are unchanged', () => {
    const a = loader.load(x, 'records', []);
    expect(a.cached).toBe(false);
    expect(JSON.parse(a.text!)).toMatchObject({ A: { name: 'a' } });
    expect(a.files).toEqual([x, join(dir, 'inc/base.td')]);
    expect(loader.load(x, 'print-records', []).cached).toBe(true);
    expect(loader.load(x, 'names', ['--n=1']).cached).toBe(true);
    expect(loader.parses).toBe(1);
    // The same output twice runs the generator once.
    loader.load(x, 'names', ['--n=1']);
    expect(calls.filter((c) => c === 'names')).toHaveLength(1);
  });

  it('parses again when an included file changes, even unannounced', () => {
    writeFileSync(join(dir, 'inc/base.td'), 'class Base<string n> { string name = n; int k = 2; }\n');
    const r = loader.load(x, 'records', []);
    expect(r.cached).toBe(false);
    expect(JSON.parse(r.text!)).toMatchObject({ A: { k: 2 } });
    expect(loader.parses).toBe(2);
    loader.invalidate([join(dir, 'inc/base.td')]);
    expect(loader.load(x, 'records', []).cached).toBe(false);
  });

  it('takes parses and outputs the engine offers', () => {
    const parse = parseTableGen({ file: 'x.td', includeDirs: config.includeDirs, cwd: dir });
    const files = [x, join(dir, 'inc/base.td')];
    loader.load(x, 'dump-json', []); // asked for, like records before
    const before = loader.snapshot(files);
    loader.offer(x, parse);
    const parses = loader.parses;
    loader.offerOutput(x, 'dump-json', [], files, before, () => '{"offered":true}');
    expect(loader.load(x, 'records', [])).toMatchObject({ text: '{"offered":true}', cached: true });
    expect(loader.load(x, 'dump-json', [])).toMatchObject({ text: '{"offered":true}', cached: true });
    expect(loader.parses).toBe(parses);
  });

  it('takes outputs without a parse (a build on a worker thread), and parses only for other generators', () => {
    const y = join(dir, 'y.td');
    writeFileSync(y, 'include "base.td"\ndef Y : Base<"y">;\n');
    const files = [y, join(dir, 'inc/base.td')];
    // Only outputs some module asked for are taken.
    loader.offerOutput(y, 'print-records', [], files, loader.snapshot(files), () => 'not asked for');
    expect(loader.load(y, 'print-records', []).text).toContain('def Y {');
    writeFileSync(y, 'include "base.td"\ndef Y : Base<"y">;\n// saved again\n');
    const before = loader.snapshot(files);
    loader.offerOutput(y, 'print-records', [], files, before, () => 'from the engine');
    const parses = loader.parses;
    expect(loader.load(y, 'print-records', [])).toMatchObject({ text: 'from the engine', cached: true, files });
    expect(loader.parses).toBe(parses);
    // Another generator needs the parse; the offered output stays.
    expect(JSON.parse(loader.load(y, 'records', []).text!)).toMatchObject({ Y: { name: 'y' } });
    expect(loader.parses).toBe(parses + 1);
    expect(loader.load(y, 'print-records', [])).toMatchObject({ text: 'from the engine', cached: true });
  });

  it('drops an offered output when a file changed after the snapshot (the build may have read either)', () => {
    const z = join(dir, 'z.td');
    writeFileSync(z, 'include "base.td"\ndef Z : Base<"z">;\n');
    const files = [z, join(dir, 'inc/base.td')];
    loader.load(z, 'print-records', []);
    loader.load(z, 'dump-json', []);
    const before = loader.snapshot(files);
    writeFileSync(z, 'include "base.td"\ndef Z : Base<"zz">;\n');
    loader.offerOutput(z, 'print-records', [], files, before, () => 'stale');
    // Nor is anything kept for files the snapshot did not cover (an include added by the edit).
    loader.offerOutput(z, 'dump-json', [], files, new Map(), () => 'unknown');
    expect(loader.load(z, 'print-records', []).text).toContain('"zz"');
    expect(JSON.parse(loader.load(z, 'dump-json', []).text!)).toMatchObject({ Z: { name: 'zz' } });
  });

  it('reports parse errors, generator errors and missing generators', () => {
    const bad = loader.load(join(dir, 'bad.td'), 'records', []);
    expect(bad.error).toMatch(/^bad\.td:2:19: error: /m);
    expect(bad.files).toContain(join(dir, 'bad.td'));
    const failing = loader.load(x, 'fails', ['--x']);
    expect(failing.error).toMatch(/error: bad option --x/);
    expect(loader.load(x, 'nope', [])).toMatchObject({ missingGenerator: true, files: [x] });
  });
});

describe('OdsModuleLoader memory', () => {
  it('keeps at most MAX_LOADER_PARSES parses, the least recently used dropped', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ods-loader-cap-'));
    try {
      const config = resolveConfig({ jobs: [], mlirIncludeDir: dir }, join(dir, 'ods.json'));
      const loader = new OdsModuleLoader(config, () => 'x', () => false);
      const n = MAX_LOADER_PARSES + 8;
      for (let i = 0; i < n; i++) {
        writeFileSync(join(dir, `f${i}.td`), `def D${i};\n`);
        expect(loader.load(join(dir, `f${i}.td`), 'print-records', []).text).toContain(`def D${i}`);
      }
      expect(loader.cachedInputs).toBe(MAX_LOADER_PARSES);
      expect(loader.load(join(dir, `f${n - 1}.td`), 'print-records', []).cached).toBe(true);
      expect(loader.load(join(dir, 'f0.td'), 'print-records', []).cached).toBe(false);
      expect(loader.cachedInputs).toBe(MAX_LOADER_PARSES);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
