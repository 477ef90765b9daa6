// The Nx plugin: inferred `ods` targets (createNodesV2) and the generate executor, over temp
// workspaces. Needs the built @ods-ts packages (dist/), like Nx itself.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CreateNodesContextV2, ExecutorContext, TargetConfiguration } from '@nx/devkit';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// In this monorepo the packages are siblings; their dist/ exists once `npm run build` ran.
const built = (pkg: string) => existsSync(fileURLToPath(new URL(`../../${pkg}/dist/index.js`, import.meta.url)));
const READY = built('tablegen-core') && built('ods-backends');

type Plugin = typeof import('./index.js');
type Executor = typeof import('./executors/generate/executor.js');
let plugin: Plugin;
let executor: Executor;
beforeAll(async () => {
  if (!READY) return;
  plugin = await import('./index.js');
  executor = await import('./executors/generate/executor.js');
});

let ws: string;
let outside: string;
afterEach(() => {
  for (const d of [ws, outside]) if (d) rmSync(d, { recursive: true, force: true });
});

function write(root: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
}

/** A workspace with two projects sharing libs/shared/Common.td and one .td outside the workspace. */
function workspace(): void {
  ws = mkdtempSync(join(tmpdir(), 'ods-nx-ws-'));
  outside = mkdtempSync(join(tmpdir(), 'ods-nx-ext-'));
  write(outside, { 'ext/External.td': 'class Ext;\n' });
  const odsJson = (input: string, out: string) =>
    JSON.stringify({
      includeDirs: ['td', '../shared', join(outside, 'ext')],
      mlirIncludeDir: outside,
      jobs: [
        { input, generator: 'print-records', output: `gen/${out}.txt` },
        { input, generator: 'dump-json', output: `gen/${out}.json` },
      ],
    });
  write(ws, {
    'libs/shared/Common.td': 'class Common;\n',
    'libs/a/package.json': '{"name":"a"}',
    'libs/a/ods.json': odsJson('td/A.td', 'A'),
    'libs/a/td/A.td': 'include "Common.td"\ninclude "AOps.td"\ninclude "External.td"\ndef A : Common, Ext;\n',
    'libs/a/td/AOps.td': 'class AOp;\n',
    'libs/b/project.json': '{"name":"b"}',
    'libs/b/ods.json': odsJson('td/B.td', 'B'),
    'libs/b/td/B.td': 'include "Common.td"\ndef B : Common;\n',
    'libs/not-a-project/ods.json': odsJson('x.td', 'x'),
    'libs/bad/package.json': '{"name":"bad"}',
    'libs/bad/ods.json': '{"jobs": [{"input": 1}]}',
  });
}

const context = (): CreateNodesContextV2 => ({ workspaceRoot: ws, nxJsonConfiguration: {} });

async function nodes(files: string[], options?: { targetName?: string }) {
  const [, fn] = plugin.createNodesV2;
  const results = await fn(files, options, context());
  return Object.fromEntries(results.map(([f, r]) => [f, r]));
}
function targetOf(r: Awaited<ReturnType<typeof nodes>>, file: string, name = 'ods'): TargetConfiguration {
  const root = dirname(file);
  const t = r[file]?.projects?.[root]?.targets?.[name];
  if (!t) throw new Error(`no ${name} target for ${file}`);
  return t;
}
/** The tool version and external .td hash the target carries in its command or options (Nx hashes them). */
const externalOf = (t: TargetConfiguration): string => {
  const o = t.options as { externalTdHash?: string } | undefined;
  return (o?.externalTdHash ?? / --cache-key (\S+)$/.exec(t.command ?? '')?.[1])!;
};

describe.skipIf(!READY)('createNodesV2', () => {
  it('infers a cacheable ods target with the .td files inside the workspace as inputs and the outputs', async () => {
    workspace();
    const r = await nodes(['libs/a/ods.json', 'libs/b/ods.json', 'libs/not-a-project/ods.json']);
    const a = targetOf(r, 'libs/a/ods.json');
    // A command target: Nx runs it without a process of its own per task.
    // MLIR's files: their hash in the command line (Nx's task hash covers it, and a project.json's
    // own options cannot drop it), not a runtime input (a shell per project).
    expect(a.command).toMatch(/^ods-tblgen build --config \{projectRoot\}\/ods\.json --cache-key ods-ts-0\.1\.0-external-[0-9a-f]{16}$/);
    expect(a.options).toBeUndefined();
    expect(a.executor).toBeUndefined();
    expect(a.cache).toBe(true);
    expect(a.outputs).toEqual(['{workspaceRoot}/libs/a/gen/A.txt', '{workspaceRoot}/libs/a/gen/A.json']);
    expect(a.inputs).toEqual([
      '{workspaceRoot}/libs/a/td/A.td',
      '{workspaceRoot}/libs/a/td/AOps.td',
      '{workspaceRoot}/libs/shared/Common.td',
      '{projectRoot}/ods.json',
      { dependentTasksOutputFiles: '**/*.js', transitive: true },
    ]);
    const b = targetOf(r, 'libs/b/ods.json');
    expect(b.inputs?.slice(0, 3)).toEqual(['{workspaceRoot}/libs/b/td/B.td', '{workspaceRoot}/libs/shared/Common.td', '{projectRoot}/ods.json']);
    // An ods.json without package.json/project.json beside it is not a project.
    expect(r['libs/not-a-project/ods.json']).toEqual({});
  });

  it('honours targetName', async () => {
    workspace();
    const r = await nodes(['libs/b/ods.json'], { targetName: 'tblgen' });
    expect(targetOf(r, 'libs/b/ods.json', 'tblgen').command).toMatch(/^ods-tblgen build --config \{projectRoot\}\/ods\.json --cache-key /);
  });

  it('runs the executor instead of the command with runWith: executor (for batch mode)', async () => {
    workspace();
    const r = await nodes(['libs/b/ods.json', 'libs/bad/ods.json'], { runWith: 'executor' });
    for (const f of ['libs/b/ods.json', 'libs/bad/ods.json']) {
      const t = targetOf(r, f);
      expect(t.executor).toBe('@ods-ts/nx-ods:generate');
      expect(t.options).toMatchObject({ config: '{projectRoot}/ods.json' });
      expect(t.command).toBeUndefined();
    }
  });

  it('keeps the graph usable for an invalid config, naming the problems', async () => {
    workspace();
    const r = await nodes(['libs/bad/ods.json']);
    const t = targetOf(r, 'libs/bad/ods.json');
    expect(t.cache).toBe(false);
    expect(t.metadata?.description).toContain('$.jobs[0].input: expected a non-empty string');
  });

  it('follows include edits, and hashes the .td files outside the workspace into the options', async () => {
    workspace();
    const before = targetOf(await nodes(['libs/b/ods.json']), 'libs/b/ods.json');
    write(ws, { 'libs/b/td/B.td': 'include "Common.td"\ninclude "BExtra.td"\ndef B : Common;\n', 'libs/b/td/BExtra.td': '' });
    const after = targetOf(await nodes(['libs/b/ods.json']), 'libs/b/ods.json');
    expect(after.inputs).toContain('{workspaceRoot}/libs/b/td/BExtra.td');
    expect(externalOf(after)).toBe(externalOf(before));
    const a1 = externalOf(targetOf(await nodes(['libs/a/ods.json']), 'libs/a/ods.json'));
    write(outside, { 'ext/External.td': 'class Ext;\nclass Ext2;\n' });
    const a2 = externalOf(targetOf(await nodes(['libs/a/ods.json']), 'libs/a/ods.json'));
    expect(a2).not.toBe(a1);
  });

  it("keeps its scans for the next graph computation in Nx's workspace data folder, each used while its file is unchanged", async () => {
    workspace();
    const memoDir = join(ws, '.nx', 'workspace-data');
    /** createNodesV2 over libs/b in a fresh process (as Nx runs a plugin without its daemon): B's inputs. */
    const inputsInNewProcess = (): string[] => {
      const dist = pathToFileURL(fileURLToPath(new URL('../dist/index.js', import.meta.url))).href;
      const code = `const p = await import(${JSON.stringify(dist)}); const [[, r]] = await p.createNodesV2[1](['libs/b/ods.json'], undefined, { workspaceRoot: ${JSON.stringify(ws)}, nxJsonConfiguration: {} }); process.stdout.write(JSON.stringify(r.projects['libs/b'].targets.ods.inputs));`;
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      return JSON.parse(r.stdout) as string[];
    };
    expect(inputsInNewProcess()).toContain('{workspaceRoot}/libs/shared/Common.td');
    const [file] = readdirSync(memoDir).filter((f) => f.startsWith('ods-ts-scans-'));
    const memo = JSON.parse(readFileSync(join(memoDir, file!), 'utf8')) as { scans: [string, string, string[]][]; stamps: Record<string, unknown> };
    const b = join(ws, 'libs/b/td/B.td');
    expect(memo.scans.map(([p]) => p)).toEqual(expect.arrayContaining([b, join(ws, 'libs/shared/Common.td')]));
    expect(Object.keys(memo.stamps)).toEqual(expect.arrayContaining([b, join(ws, 'libs/shared/Common.td')]));
    // The next process takes B.td's include names from the memo while its stamp holds (made
    // up here: the file itself still includes Common.td only)...
    write(ws, { 'libs/b/td/Remembered.td': '' });
    for (const e of memo.scans) if (e[0] === b) e[2] = ['Remembered.td'];
    writeFileSync(join(memoDir, file!), JSON.stringify(memo));
    expect(inputsInNewProcess()).toContain('{workspaceRoot}/libs/b/td/Remembered.td');
    // ...and scans it again once it changed.
    write(ws, { 'libs/b/td/B.td': 'include "Common.td"\ndef B : Common;\n// edited\n' });
    const inputs = inputsInNewProcess();
    expect(inputs).not.toContain('{workspaceRoot}/libs/b/td/Remembered.td');
    expect(inputs).toContain('{workspaceRoot}/libs/shared/Common.td');
  });

  it('names the .td files outside the workspace by their path below their include folder (the hash is portable)', async () => {
    workspace();
    const a1 = externalOf(targetOf(await nodes(['libs/a/ods.json']), 'libs/a/ods.json'));
    // The same MLIR-like tree elsewhere: the same hash.
    const moved = mkdtempSync(join(tmpdir(), 'ods-nx-ext-moved-'));
    try {
      write(moved, { 'ext/External.td': 'class Ext;\n' });
      const spec = JSON.parse(readFileSync(join(ws, 'libs/a/ods.json'), 'utf8')) as { includeDirs: string[]; mlirIncludeDir: string };
      spec.includeDirs = spec.includeDirs.map((d) => d.replace(outside, moved));
      spec.mlirIncludeDir = moved;
      write(ws, { 'libs/a/ods.json': JSON.stringify(spec) });
      const t = targetOf(await nodes(['libs/a/ods.json']), 'libs/a/ods.json');
      expect(externalOf(t)).toBe(a1);
      expect(JSON.stringify(t.inputs)).not.toContain(moved);
    } finally {
      rmSync(moved, { recursive: true, force: true });
    }
  });

  it('expands dialect presets and glob inputs: the matching files and the glob are inputs, a new match adds outputs', async () => {
    workspace();
    write(ws, {
      'libs/c/project.json': '{"name":"c"}',
      'libs/c/ods.json': JSON.stringify({
        includeDirs: ['../shared'],
        mlirIncludeDir: outside,
        dialects: [{ name: 'c', input: 'td/COps.td', types: false, dialect: false }],
        jobs: [{ input: 'td/**/*Passes.td', generator: 'print-records', output: 'gen/{name}.txt' }],
      }),
      'libs/c/td/COps.td': 'include "Common.td"\n',
      'libs/c/td/x/APasses.td': 'def P;\n',
    });
    const c = targetOf(await nodes(['libs/c/ods.json']), 'libs/c/ods.json');
    expect(c.outputs).toEqual(['{workspaceRoot}/libs/c/generated/COps.h.inc', '{workspaceRoot}/libs/c/generated/COps.cpp.inc', '{workspaceRoot}/libs/c/gen/APasses.txt']);
    expect(c.inputs?.slice(0, 5)).toEqual([
      '{workspaceRoot}/libs/c/td/COps.td',
      '{workspaceRoot}/libs/c/td/x/APasses.td',
      '{workspaceRoot}/libs/shared/Common.td',
      '{workspaceRoot}/libs/c/td/**/*Passes.td',
      '{projectRoot}/ods.json',
    ]);
    write(ws, { 'libs/c/td/y/BPasses.td': 'def Q;\n' });
    const c2 = targetOf(await nodes(['libs/c/ods.json']), 'libs/c/ods.json');
    expect(c2.outputs).toContain('{workspaceRoot}/libs/c/gen/BPasses.txt');
    expect(c2.inputs).toContain('{workspaceRoot}/libs/c/td/y/BPasses.td');
  });
});

describe.skipIf(!READY)('createDependencies', () => {
  it('makes a project depend on the projects whose .td files it includes', async () => {
    workspace();
    write(ws, { 'libs/shared/project.json': '{"name":"shared"}' });
    const projects = {
      a: { root: 'libs/a' },
      b: { root: 'libs/b' },
      shared: { root: 'libs/shared' },
      bad: { root: 'libs/bad' },
      root: { root: '.' },
    };
    const deps = await plugin.createDependencies(undefined, {
      projects,
      workspaceRoot: ws,
      nxJsonConfiguration: {},
      externalNodes: {},
      fileMap: { projectFileMap: {}, nonProjectFiles: [] },
      filesToProcess: { projectFileMap: {}, nonProjectFiles: [] },
    });
    expect(deps).toEqual([
      { source: 'a', target: 'shared', type: 'static', sourceFile: 'libs/a/ods.json' },
      { source: 'b', target: 'shared', type: 'static', sourceFile: 'libs/b/ods.json' },
    ]);
  });
});

describe.skipIf(!READY)('the generate executor', () => {
  const ctx = (project: string, root: string): ExecutorContext =>
    ({
      root: ws,
      cwd: ws,
      isVerbose: false,
      projectName: project,
      projectsConfigurations: { version: 2, projects: { [project]: { root } } },
      nxJsonConfiguration: {},
      projectGraph: { nodes: {}, dependencies: {} },
    }) as unknown as ExecutorContext; // only the fields the executor reads

  it('runs the jobs of the project ods.json, incrementally', async () => {
    workspace();
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      expect(await executor.default({ parallel: 1 }, ctx('a', 'libs/a'))).toEqual({ success: true });
      expect(readFileSync(join(ws, 'libs/a/gen/A.txt'), 'utf8')).toContain('def A {\t// Common Ext\n}');
      expect(await executor.default({ parallel: 1 }, ctx('a', 'libs/a'))).toEqual({ success: true });
      expect(out.mock.calls.map((c) => String(c[0])).join('')).toMatch(/2 outputs: 0 generated, 0 unchanged, 2 up to date; 0 parses/);
    } finally {
      out.mockRestore();
    }
  });

  it('runs inline jobs from project.json, with a cacheDir relative to the workspace root', async () => {
    workspace();
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const r = await executor.default(
        { includeDirs: ['../shared'], jobs: [{ input: 'td/B.td', generator: 'print-records', output: 'inline/B.txt' }], cacheDir: '{projectRoot}/.c', parallel: 1 },
        ctx('b', 'libs/b'),
      );
      expect(r).toEqual({ success: true });
      expect(readFileSync(join(ws, 'libs/b/inline/B.txt'), 'utf8')).toContain('def B {');
      expect(existsSync(join(ws, 'libs/b/.c/state.json'))).toBe(true);
    } finally {
      out.mockRestore();
    }
  });

  it('fails on an invalid config or a failed job', async () => {
    workspace();
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      expect(await executor.default({}, ctx('bad', 'libs/bad'))).toEqual({ success: false });
      expect(err.mock.calls.map((c) => String(c[0])).join('')).toContain('$.jobs[0].input: expected a non-empty string');
      write(ws, { 'libs/b/td/B.td': 'def B : Nope;\n' });
      expect(await executor.default({ parallel: 1 }, ctx('b', 'libs/b'))).toEqual({ success: false });
      expect(err.mock.calls.map((c) => String(c[0])).join('')).toContain("td/B.td:1:9: error: Couldn't find class 'Nope'");
    } finally {
      err.mockRestore();
      out.mockRestore();
    }
  });
});

describe.skipIf(!READY)('bounded memory', () => {
  it('keeps at most MAX_CACHED_NODES ods.json results', () => {
    ws = mkdtempSync(join(tmpdir(), 'ods-nx-ws-'));
    const n = plugin.MAX_CACHED_NODES + 5;
    const files: Record<string, string> = {};
    for (let i = 0; i < n; i++) {
      files[`p${i}/package.json`] = '{}';
      files[`p${i}/ods.json`] = JSON.stringify({ mlirIncludeDir: ws, jobs: [{ input: 'A.td', generator: 'print-records', output: 'a.txt' }] });
      files[`p${i}/A.td`] = 'def A;\n';
    }
    write(ws, files);
    for (let i = 0; i < n; i++) plugin.createOdsNodes(`p${i}/ods.json`, undefined, { workspaceRoot: ws, nxJsonConfiguration: {} });
    expect(plugin.cachedNodeCount()).toBe(plugin.MAX_CACHED_NODES);
  });
});
