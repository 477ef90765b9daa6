import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ConfigError, loadConfig, normalizeGenerator, resolveConfig } from './config.js';
import { tempTree, type TempTree } from './__fixtures__/helpers.js';

let t: TempTree;
afterEach(() => t?.remove());

/** The problems a config is rejected with. */
function problems(spec: unknown, opts: Parameters<typeof resolveConfig>[2] = {}): string[] {
  try {
    resolveConfig(spec, t.path('ods.json'), { env: {}, ...opts });
  } catch (e) {
    if (e instanceof ConfigError) return [...e.problems];
    throw e;
  }
  throw new Error('config was accepted');
}

describe('ods.json validation', () => {
  it('resolves paths against the config folder and adds the MLIR include folder last', () => {
    t = tempTree({ 'td/A.td': 'def A;\n', 'mlir/x.td': '' });
    const c = resolveConfig(
      { includeDirs: ['td', '/abs/inc'], mlirIncludeDir: 'mlir', macros: ['M'], jobs: [{ input: 'td/A.td', generator: '--gen-op-decls', output: 'out/A.inc', args: ['--dialect=a'] }] },
      t.path('ods.json'),
      { env: {} },
    );
    expect(c.includeDirs).toEqual([t.path('td'), '/abs/inc', t.path('mlir')]);
    expect(c.macros).toEqual(['M']);
    expect(c.baseDir).toBe(t.dir);
    expect(c.cacheDir).toBe(t.path('.ods-cache'));
    expect(c.jobs).toEqual([{ index: 0, input: t.path('td/A.td'), generator: 'op-decls', args: ['--dialect=a'], output: t.path('out/A.inc') }]);
  });

  it('reports every problem with its JSON path', () => {
    t = tempTree({ 'A.td': '' });
    const p = problems({
      includeDirs: 'inc',
      macros: ['OK', 3],
      bogus: true,
      cacheDir: 7,
      jobs: [
        { input: 'A.td', generator: 'print-records', output: 'a.txt' },
        'not a job',
        { input: 'missing.td', generator: '', output: 'a.txt', args: ['--x', 1], extra: 1 },
        { input: 'A.td', generator: 'dump-json', output: 'b.json', args: 'nope' },
      ],
    });
    expect(p).toEqual([
      '$.bogus: unknown property',
      '$.includeDirs: expected an array of strings',
      '$.macros[1]: expected a string',
      '$.cacheDir: expected a string',
      '$.jobs[1]: expected an object',
      '$.jobs[2].extra: unknown property',
      '$.jobs[2].generator: expected a non-empty string',
      '$.jobs[2].args[1]: expected a string',
      `$.jobs[2].input: file not found: ${t.path('missing.td')}`,
      '$.jobs[2].output: same output as $.jobs[0]',
      '$.jobs[3].args: expected an array of strings',
    ]);
  });

  it('rejects a non-object document and a missing jobs array', () => {
    t = tempTree();
    expect(problems([])).toEqual(['$: expected an object']);
    expect(problems({})).toEqual(['$.jobs: expected an array of jobs']);
    expect(problems({ jobs: {} })).toEqual(['$.jobs: expected an array of jobs']);
  });

  it('checks generator names against the registry, accepting gen-/--gen- prefixes and the built-ins', () => {
    t = tempTree({ 'A.td': '' });
    const known = ['op-decls'];
    const c = resolveConfig(
      {
        jobs: [
          { input: 'A.td', generator: 'op-decls', output: '1' },
          { input: 'A.td', generator: 'gen-op-decls', output: '2' },
          { input: 'A.td', generator: '--gen-op-decls', output: '3' },
          { input: 'A.td', generator: '--print-records', output: '4' },
          { input: 'A.td', generator: 'dump-json', output: '5' },
        ],
      },
      t.path('ods.json'),
      { env: {}, knownGenerators: known },
    );
    expect(c.jobs.map((j) => j.generator)).toEqual(['op-decls', 'op-decls', 'op-decls', 'print-records', 'dump-json']);
    expect(problems({ jobs: [{ input: 'A.td', generator: 'op-defs', output: 'x' }] }, { knownGenerators: known })).toEqual([
      "$.jobs[0].generator: unknown generator 'op-defs' (known: print-records, dump-json, op-decls)",
    ]);
    expect(normalizeGenerator('--gen-enum-defs')).toBe('enum-defs');
  });

  it('reports a missing mlirIncludeDir', () => {
    t = tempTree({ 'A.td': '' });
    expect(problems({ mlirIncludeDir: 'nowhere', jobs: [] })).toEqual([`$.mlirIncludeDir: folder not found: ${t.path('nowhere')}`]);
    expect(problems({ mlirIncludeDir: 1, jobs: [] })).toEqual(['$.mlirIncludeDir: expected a string']);
  });
});

describe('$env{}', () => {
  it('expands environment variables in every string', () => {
    t = tempTree({ 'src/A.td': '', 'mlir/.keep': '' });
    const env = { SRC: 'src', MLIR: t.path('mlir'), OUT: 'gen', DIALECT: 'toy', M: 'FOO' };
    const c = resolveConfig(
      {
        includeDirs: ['$env{SRC}/inc'],
        mlirIncludeDir: '$env{MLIR}',
        macros: ['$env{M}'],
        cacheDir: '$env{OUT}/cache',
        jobs: [{ input: '$env{SRC}/A.td', generator: 'dialect-decls', args: ['--dialect=$env{DIALECT}'], output: '$env{OUT}/$env{DIALECT}.h.inc' }],
      },
      t.path('ods.json'),
      { env },
    );
    expect(c.includeDirs).toEqual([t.path('src/inc'), t.path('mlir')]);
    expect(c.macros).toEqual(['FOO']);
    expect(c.cacheDir).toBe(t.path('gen/cache'));
    expect(c.jobs[0]).toMatchObject({ input: t.path('src/A.td'), args: ['--dialect=toy'], output: t.path('gen/toy.h.inc') });
  });

  it('names the unset variable and where it is used', () => {
    t = tempTree({ 'A.td': '' });
    expect(problems({ jobs: [{ input: 'A.td', generator: 'dump-json', output: '$env{NOPE}/a.json' }] })).toEqual([
      '$.jobs[0].output: environment variable NOPE is not set',
    ]);
  });

  it('drops arguments that expand to nothing', () => {
    t = tempTree({ 'A.td': '' });
    const c = resolveConfig({ jobs: [{ input: 'A.td', generator: 'dump-json', output: 'a', args: ['$env{EMPTY}', '-x'] }] }, t.path('ods.json'), {
      env: { EMPTY: '' },
    });
    expect(c.jobs[0]!.args).toEqual(['-x']);
  });

  it('uses $MLIR_INCLUDE_DIR when mlirIncludeDir is not given', () => {
    t = tempTree({ 'A.td': '' });
    const c = resolveConfig({ includeDirs: ['inc'], jobs: [] }, t.path('ods.json'), { env: { MLIR_INCLUDE_DIR: '/opt/mlir/include' } });
    expect(c.includeDirs).toEqual([t.path('inc'), '/opt/mlir/include']);
  });
});

describe('loadConfig', () => {
  it('reports unreadable files and invalid JSON', () => {
    t = tempTree({ 'bad.json': '{ "jobs": [ }' });
    expect(() => loadConfig(t.path('none.json'))).toThrow(/none\.json: invalid ods config:\n {2}cannot read/);
    try {
      loadConfig(t.path('bad.json'));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      expect((e as ConfigError).problems[0]).toMatch(/^\$: invalid JSON: /);
    }
  });

  it('lets --cache-dir override the config', () => {
    t = tempTree({ 'ods.json': JSON.stringify({ cacheDir: 'c1', jobs: [] }) });
    expect(loadConfig(t.path('ods.json'), { env: {} }).cacheDir).toBe(t.path('c1'));
    expect(loadConfig(t.path('ods.json'), { env: {}, cacheDir: join(t.dir, 'c2') }).cacheDir).toBe(t.path('c2'));
  });
});
