// The Nx generators (init, dialect) on Nx's testing tree; the dialect's ods.json is expanded by the
// engine's config reader and its outputs generated with ods-tblgen's generators in process.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readJson, readNxJson, readProjectConfiguration, updateNxJson, type Tree } from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { initGenerator } from './init/generator.js';
import { dialectGenerator } from './dialect/generator.js';

let tree: Tree;
beforeEach(() => {
  tree = createTreeWithEmptyWorkspace();
});

const pluginsOf = (t: Tree) => readNxJson(t)?.plugins ?? [];

describe('init', () => {
  it('registers the plugin once, keeping the other plugins, and ignores .ods-cache', async () => {
    const nxJson = readNxJson(tree)!;
    updateNxJson(tree, { ...nxJson, plugins: ['@nx/js/typescript', { plugin: '@nx/vite/plugin', options: { buildTargetName: 'build' } }] });
    tree.write('.gitignore', 'node_modules\ndist');
    await initGenerator(tree, {});
    await initGenerator(tree, { targetName: 'other' });
    expect(pluginsOf(tree)).toEqual([
      '@nx/js/typescript',
      { plugin: '@nx/vite/plugin', options: { buildTargetName: 'build' } },
      { plugin: '@ods-ts/nx-ods', options: { targetName: 'ods' } },
    ]);
    expect(tree.read('.gitignore', 'utf-8')).toBe('node_modules\ndist\n\n# ods-ts engine cache\n.ods-cache\n');
  });

  it('leaves a plugin registered by name alone, and a .gitignore that already lists the cache', async () => {
    updateNxJson(tree, { ...readNxJson(tree)!, plugins: ['@ods-ts/nx-ods'] });
    tree.write('.gitignore', '.ods-cache/\n');
    await initGenerator(tree, { targetName: 'tblgen' });
    expect(pluginsOf(tree)).toEqual(['@ods-ts/nx-ods']);
    expect(tree.read('.gitignore', 'utf-8')).toBe('.ods-cache/\n');
  });

  it('creates the .gitignore when there is none', async () => {
    if (tree.exists('.gitignore')) tree.delete('.gitignore');
    await initGenerator(tree, { skipFormat: true });
    expect(tree.read('.gitignore', 'utf-8')).toBe('# ods-ts engine cache\n.ods-cache\n');
  });
});

describe('dialect', () => {
  it('scaffolds a project with the .td skeleton and an ods.json with a dialect preset', async () => {
    await dialectGenerator(tree, { name: 'foo', skipFormat: true });
    const project = readProjectConfiguration(tree, 'foo');
    expect(project.root).toBe('foo');
    expect(project.projectType).toBe('library');
    expect(readJson(tree, 'foo/ods.json')).toEqual({
      $schema: '../node_modules/@ods-ts/ods-engine/ods.schema.json',
      includeDirs: ['include'],
      dialects: [{ name: 'foo', input: 'include/Foo/FooOps.td', outputDir: 'generated', attributes: true, docs: true }],
    });
    for (const f of ['Dialect', 'Ops', 'Types', 'Attrs']) expect(tree.exists(`foo/include/Foo/Foo${f}.td`), f).toBe(true);
    const dialectTd = tree.read('foo/include/Foo/FooDialect.td', 'utf-8')!;
    expect(dialectTd).toContain('def Foo_Dialect : Dialect {\n  let name = "foo";');
    expect(dialectTd).toContain('let cppNamespace = "::mlir::foo";');
    expect(dialectTd).toContain('#ifndef FOO_DIALECT_TD');
    expect(tree.read('foo/include/Foo/FooOps.td', 'utf-8')).toContain('include "Foo/FooTypes.td"');
    expect(tree.children('foo/include/Foo').sort()).toEqual(['FooAttrs.td', 'FooDialect.td', 'FooOps.td', 'FooTypes.td']);
    // The plugin is registered on the way.
    expect(pluginsOf(tree)).toContainEqual({ plugin: '@ods-ts/nx-ods', options: { targetName: 'ods' } });
  });

  it('takes the folder, the C++ namespace and tags; a dashed name gives an underscored dialect', async () => {
    await dialectGenerator(tree, { name: 'my-ops', directory: 'dialects/my-ops/', cppNamespace: '::acme::my_ops', tags: 'ods, mlir', skipFormat: true });
    const project = readProjectConfiguration(tree, 'my-ops');
    expect(project.root).toBe('dialects/my-ops');
    expect(project.tags).toEqual(['ods', 'mlir']);
    const td = tree.read('dialects/my-ops/include/MyOps/MyOpsDialect.td', 'utf-8')!;
    expect(td).toContain('let name = "my_ops";');
    expect(td).toContain('let cppNamespace = "::acme::my_ops";');
    expect(td).toContain('def MyOps_Dialect : Dialect');
    expect(readJson(tree, 'dialects/my-ops/ods.json').$schema).toBe('../../node_modules/@ods-ts/ods-engine/ods.schema.json');
  });

  it('rejects a bad name, an existing project, a bad namespace and a folder outside the workspace', async () => {
    await expect(dialectGenerator(tree, { name: '9lives' })).rejects.toThrow(/not valid/);
    await dialectGenerator(tree, { name: 'foo' });
    await expect(dialectGenerator(tree, { name: 'foo' })).rejects.toThrow(/already exists/);
    await expect(dialectGenerator(tree, { name: 'bar', directory: 'foo' })).rejects.toThrow(/already holds a project/);
    await expect(dialectGenerator(tree, { name: 'baz', cppNamespace: 'a::::b' })).rejects.toThrow(/C\+\+ namespace/);
    await expect(dialectGenerator(tree, { name: 'qux', directory: '../out' })).rejects.toThrow(/outside the workspace/);
  });
});

// The generated project builds: its ods.json expands to add_mlir_dialect's outputs (plus
// attributes and docs), and every output equals mlir-tblgen-22's where it is installed.
const built = (pkg: string) => existsSync(fileURLToPath(new URL(`../../../${pkg}/dist/index.js`, import.meta.url)));
const hasRef = spawnSync('mlir-tblgen-22', ['--version'], { stdio: 'ignore' }).status === 0;
describe.skipIf(!built('ods-backends') || !built('ods-engine') || !hasRef)('the generated dialect', () => {
  it('generates every output of its ods.json as mlir-tblgen-22 does', async () => {
    const { OdsEngine, resolveConfig } = await import('@ods-ts/ods-engine');
    const { generate } = await import('@ods-ts/ods-backends');
    await dialectGenerator(tree, { name: 'foo', skipFormat: true });
    const dir = mkdtempSync(join(tmpdir(), 'ods-gen-dialect-'));
    try {
      for (const c of tree.listChanges()) {
        if (c.type === 'DELETE' || !c.path.startsWith('foo/')) continue;
        mkdirSync(dirname(join(dir, c.path)), { recursive: true });
        writeFileSync(join(dir, c.path), c.content ?? '');
      }
      const config = resolveConfig(readJson(tree, 'foo/ods.json'), join(dir, 'foo/ods.json'));
      expect(config.jobs.map((j) => `${[j.generator, ...j.args].join(' ')} ${relative(dir, j.output)}`)).toEqual([
        'op-decls foo/generated/FooOps.h.inc',
        'op-defs foo/generated/FooOps.cpp.inc',
        'typedef-decls --typedefs-dialect=foo foo/generated/FooOpsTypes.h.inc',
        'typedef-defs --typedefs-dialect=foo foo/generated/FooOpsTypes.cpp.inc',
        'dialect-decls --dialect=foo foo/generated/FooOpsDialect.h.inc',
        'dialect-defs --dialect=foo foo/generated/FooOpsDialect.cpp.inc',
        'attrdef-decls --attrdefs-dialect=foo foo/generated/FooOpsAttributes.h.inc',
        'attrdef-defs --attrdefs-dialect=foo foo/generated/FooOpsAttributes.cpp.inc',
        'dialect-doc --dialect=foo foo/generated/FooOps.md',
      ]);
      const engine = new OdsEngine(config, { generate, toolVersion: 'test', jobs: 1 });
      const s = await engine.build();
      await engine.close();
      expect(s.failed, s.diagnostics).toBe(0);
      for (const j of config.jobs) {
        const ref = spawnSync('mlir-tblgen-22', [`--gen-${j.generator}`, ...j.args, ...config.includeDirs.flatMap((d) => ['-I', d]), j.input], {
          encoding: 'latin1',
        });
        expect(ref.status, ref.stderr).toBe(0);
        expect(readFileSync(j.output, 'latin1'), j.output).toBe(ref.stdout);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
