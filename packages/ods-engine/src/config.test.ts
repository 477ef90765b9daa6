import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, expandedConfigSpec, globsChanged, loadConfig, normalizeGenerator, resolveConfig } from './config.js';
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

/** The jobs of a config as `generator args -> output` lines relative to the config folder. */
const lines = (c: ReturnType<typeof resolveConfig>) =>
  c.jobs.map((j) => `${j.input.slice(t.dir.length + 1)} ${[j.generator, ...j.args].join(' ')} -> ${j.output.slice(t.dir.length + 1)}`);

describe('dialect presets', () => {
  it('makes the outputs of add_mlir_dialect, named as MLIR names them', () => {
    t = tempTree({ 'inc/FooOps.td': '' });
    const c = resolveConfig({ dialects: [{ name: 'foo', input: 'inc/FooOps.td' }] }, t.path('ods.json'), { env: {} });
    expect(lines(c)).toEqual([
      'inc/FooOps.td op-decls -> generated/FooOps.h.inc',
      'inc/FooOps.td op-defs -> generated/FooOps.cpp.inc',
      'inc/FooOps.td typedef-decls --typedefs-dialect=foo -> generated/FooOpsTypes.h.inc',
      'inc/FooOps.td typedef-defs --typedefs-dialect=foo -> generated/FooOpsTypes.cpp.inc',
      'inc/FooOps.td dialect-decls --dialect=foo -> generated/FooOpsDialect.h.inc',
      'inc/FooOps.td dialect-defs --dialect=foo -> generated/FooOpsDialect.cpp.inc',
    ]);
    expect(c.jobs.map((j) => j.index)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('adds the optional outputs, from the dialect input or files of their own, with renamed outputs and plain jobs after', () => {
    t = tempTree({ 'inc/FooOps.td': '', 'inc/FooAttrs.td': '', 'inc/FooItf.td': '', 'inc/FooPat.td': '' });
    const c = resolveConfig(
      {
        dialects: [
          {
            name: 'foo',
            input: 'inc/FooOps.td',
            base: 'Foo',
            outputDir: 'out',
            ops: { output: 'FooOps' },
            types: false,
            attributes: 'inc/FooAttrs.td',
            enums: { input: 'inc/FooAttrs.td', output: 'FooEnums' },
            interfaces: 'inc/FooItf.td',
            docs: true,
            drr: true,
          },
        ],
        jobs: [{ input: 'inc/FooPat.td', generator: 'rewriters', output: 'out/{name}.inc' }],
      },
      t.path('ods.json'),
      { env: {} },
    );
    expect(lines(c)).toEqual([
      'inc/FooOps.td op-decls -> out/FooOps.h.inc',
      'inc/FooOps.td op-defs -> out/FooOps.cpp.inc',
      'inc/FooOps.td dialect-decls --dialect=foo -> out/FooDialect.h.inc',
      'inc/FooOps.td dialect-defs --dialect=foo -> out/FooDialect.cpp.inc',
      'inc/FooAttrs.td attrdef-decls --attrdefs-dialect=foo -> out/FooAttrs.h.inc',
      'inc/FooAttrs.td attrdef-defs --attrdefs-dialect=foo -> out/FooAttrs.cpp.inc',
      'inc/FooAttrs.td enum-decls -> out/FooEnums.h.inc',
      'inc/FooAttrs.td enum-defs -> out/FooEnums.cpp.inc',
      'inc/FooItf.td op-interface-decls -> out/FooItf.h.inc',
      'inc/FooItf.td op-interface-defs -> out/FooItf.cpp.inc',
      'inc/FooOps.td dialect-doc --dialect=foo -> out/Foo.md',
      'inc/FooOps.td rewriters -> out/FooPatterns.inc',
      'inc/FooPat.td rewriters -> out/FooPat.inc',
    ]);
  });

  it('reports preset mistakes with their JSON paths', () => {
    t = tempTree({ 'A.td': '' });
    expect(
      problems({
        dialects: [
          { input: 'A.td', enums: 3, oops: 1 },
          { name: 'a', input: 'none.td' },
          { name: 'b', input: 'A.td', types: 'missing.td', docs: { input: 'A.td', what: 1 } },
          { name: 'c', input: 'A.td' },
        ],
      }),
    ).toEqual([
      '$.dialects[0].oops: unknown property',
      '$.dialects[0].name: expected a non-empty string',
      '$.dialects[0].enums: expected true, false, a .td file or { input, output }',
      `$.dialects[1].input: file not found: ${t.path('none.td')}`,
      `$.dialects[2].types: file not found: ${t.path('missing.td')}`,
      '$.dialects[2].docs.what: unknown property',
      '$.dialects[3].ops: same output as $.dialects[2].ops',
      '$.dialects[3].ops: same output as $.dialects[2].ops',
      '$.dialects[3].dialect: same output as $.dialects[2].dialect',
      '$.dialects[3].dialect: same output as $.dialects[2].dialect',
    ]);
    expect(problems({ dialects: {} })).toEqual(['$.dialects: expected an array of dialects']);
  });
});

describe('glob inputs', () => {
  it('makes one job per matching file, with {name} and {dir} in outputs and args', () => {
    t = tempTree({ 'include/a/FooPasses.td': '', 'include/b/c/BarPasses.td': '', 'include/a/Other.td': '', 'node_modules/x/XPasses.td': '' });
    const c = resolveConfig(
      { jobs: [{ input: 'include/**/*Passes.td', generator: 'pass-decls', args: ['-name={name}'], output: 'generated/{dir}/{name}.h.inc' }] },
      t.path('ods.json'),
      { env: {} },
    );
    expect(lines(c)).toEqual([
      'include/a/FooPasses.td pass-decls -name=FooPasses -> generated/a/FooPasses.h.inc',
      'include/b/c/BarPasses.td pass-decls -name=BarPasses -> generated/b/c/BarPasses.h.inc',
    ]);
    expect(c.globs).toEqual([{ pattern: t.path('include/**/*Passes.td'), base: t.path('include'), matches: [t.path('include/a/FooPasses.td'), t.path('include/b/c/BarPasses.td')] }]);
    expect(globsChanged(c)).toBe(false);
    t.write('include/d/NewPasses.td', '');
    expect(globsChanged(c)).toBe(true);
    expect(lines(resolveConfig({ jobs: [{ input: 'include/**/*Passes.td', generator: 'pass-decls', output: 'g/{name}.h.inc' }] }, t.path('ods.json'), { env: {} }))).toHaveLength(3);
  });

  it('accepts a glob matching nothing, and reports outputs the template makes twice', () => {
    t = tempTree({ 'a/X.td': '', 'b/X.td': '' });
    expect(resolveConfig({ jobs: [{ input: 'none/*.td', generator: 'dump-json', output: '{name}.json' }] }, t.path('ods.json'), { env: {} }).jobs).toEqual([]);
    expect(problems({ jobs: [{ input: '*/X.td', generator: 'dump-json', output: '{name}.json' }] })).toEqual(['$.jobs[0].output: same output as $.jobs[0]']);
  });
});

describe('--print-config', () => {
  it('gives the expanded config as plain jobs with absolute paths, which reads back the same', () => {
    t = tempTree({ 'inc/FooOps.td': '', 'mlir/.keep': '' });
    const c = resolveConfig({ includeDirs: ['inc'], mlirIncludeDir: 'mlir', dialects: [{ name: 'foo', input: 'inc/FooOps.td', types: false }] }, t.path('ods.json'), {
      env: {},
    });
    const spec = expandedConfigSpec(c);
    expect(spec).toEqual({
      includeDirs: [t.path('inc'), t.path('mlir')],
      mlirIncludeDir: t.path('mlir'),
      cacheDir: t.path('.ods-cache'),
      jobs: [
        { input: t.path('inc/FooOps.td'), generator: 'op-decls', output: t.path('generated/FooOps.h.inc') },
        { input: t.path('inc/FooOps.td'), generator: 'op-defs', output: t.path('generated/FooOps.cpp.inc') },
        { input: t.path('inc/FooOps.td'), generator: 'dialect-decls', args: ['--dialect=foo'], output: t.path('generated/FooOpsDialect.h.inc') },
        { input: t.path('inc/FooOps.td'), generator: 'dialect-defs', args: ['--dialect=foo'], output: t.path('generated/FooOpsDialect.cpp.inc') },
      ],
    });
    const again = resolveConfig(spec, t.path('elsewhere/ods.json'), { env: {} });
    expect(again.jobs).toEqual(c.jobs);
    expect(again.includeDirs).toEqual(c.includeDirs);
  });
});

describe('ods.schema.json', () => {
  type Schema = { properties: Record<string, unknown>; definitions: Record<string, { properties: Record<string, unknown> }> };
  const schema = JSON.parse(readFileSync(new URL('../ods.schema.json', import.meta.url), 'utf8')) as Schema;
  /** The properties the validator accepts, as reported for an unknown one. */
  const accepted = (spec: (k: string) => unknown, known: string[]) => {
    t = tempTree({ 'A.td': '' });
    return known.filter((k) => !problems(spec(k)).some((p) => p.endsWith(`.${k}: unknown property`) && p.includes(`.${k}:`)));
  };

  it('names the properties the validator knows, at every level', () => {
    expect(Object.keys(schema.properties).sort()).toEqual(['$schema', 'cacheDir', 'dialects', 'includeDirs', 'jobs', 'macros', 'mlirIncludeDir']);
    expect(Object.keys(schema.definitions['job']!.properties).sort()).toEqual(['args', 'generator', 'input', 'output']);
    const presetKeys = Object.keys(schema.definitions['dialect']!.properties);
    expect(accepted((k) => ({ dialects: [{ [k]: 1 }] }), [...presetKeys, 'nope'])).toEqual(presetKeys);
    const topKeys = Object.keys(schema.properties);
    expect(accepted((k) => ({ [k]: 1, jobs: 2 }), [...topKeys, 'nope'])).toEqual(topKeys);
  });
});
