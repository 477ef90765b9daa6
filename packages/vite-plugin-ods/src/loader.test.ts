import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTableGen, resolveConfig, type GenerateFn } from '@ods-ts/tablegen-core';
import { OdsModuleLoader } from './loader.js';

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
    loader.offer(x, parse);
    const before = loader.parses;
    loader.offerOutput(x, 'dump-json', [], () => '{"offered":true}');
    expect(loader.load(x, 'records', [])).toMatchObject({ text: '{"offered":true}', cached: true });
    expect(loader.load(x, 'dump-json', [])).toMatchObject({ text: '{"offered":true}', cached: true });
    expect(loader.parses).toBe(before);
    // Without a parse of the input nothing is kept.
    loader.offerOutput(join(dir, 'other.td'), 'print-records', [], () => 'x');
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
