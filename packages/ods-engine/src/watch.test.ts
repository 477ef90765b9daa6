import { afterEach, describe, expect, it } from 'vitest';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { resolveConfig, type OdsConfigSpec } from './config.js';
import { OdsEngine, type BuildSummary } from './engine.js';
import { watchEngine, type WatchHandle } from './watch.js';
import { testGenerate } from './__fixtures__/test-generator.js';
import { tempTree, waitFor, type TempTree } from './__fixtures__/helpers.js';

let t: TempTree;
let handle: WatchHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
  t?.remove();
});

const FILES = {
  'sys/Base.td': 'class X;\nclass Y;\n',
  'src/Ops.td': 'include "Base.td"\ndef A : X;\n',
  'src/Other.td': 'include "Base.td"\ndef C : X;\n',
};
const SPEC: OdsConfigSpec = {
  includeDirs: ['inc'],
  mlirIncludeDir: 'sys',
  jobs: [
    { input: 'src/Ops.td', generator: 'defs-of', args: ['--class=X'], output: 'out/Ops.X' },
    { input: 'src/Ops.td', generator: 'print-records', output: 'out/Ops.records' },
    { input: 'src/Other.td', generator: 'defs-of', args: ['--class=X'], output: 'out/Other.X' },
  ],
};

function makeEngine(spec: OdsConfigSpec = SPEC): OdsEngine {
  return new OdsEngine(resolveConfig(spec, t.path('ods.json'), { env: {} }), { generate: testGenerate, toolVersion: 'test' });
}

/** Start watching after a first build; collects log lines. */
async function start(spec: OdsConfigSpec = SPEC, extra: Parameters<typeof watchEngine>[1] = {}) {
  const engine = makeEngine(spec);
  await engine.build();
  const log: string[] = [];
  handle = await watchEngine(engine, { log: (l) => log.push(l), ...extra });
  return { engine, log };
}

/** Perform an edit and wait for the rebuild it triggers. */
async function edit(fn: () => void, ms = 10_000): Promise<BuildSummary> {
  const next = handle!.nextBuild();
  fn();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, rej) => {
    timer = setTimeout(() => rej(new Error('no rebuild after the edit')), ms);
  });
  try {
    return await Promise.race([next, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe('watch mode', () => {
  it('rebuilds the affected group after a save, writing only changed outputs', async () => {
    t = tempTree(FILES);
    const { log } = await start();
    const otherMtime = t.mtime('out/Other.X');
    const s = await edit(() => t.write('src/Ops.td', 'include "Base.td"\ndef A : X;\ndef B : X;\n'));
    expect(s.outcomes.map((o) => [o.job.index, o.status])).toEqual([
      [0, 'generated'],
      [1, 'generated'],
    ]);
    expect(t.read('out/Ops.X')).toContain('def B ');
    expect(t.mtime('out/Other.X')).toBe(otherMtime);
    expect(log.at(-1)).toMatch(/^ods: 2 outputs: 2 generated, 0 unchanged, 0 up to date; 1 parse \(\d+ ms\)$/);
    // A comment-only save: rerun, nothing rewritten.
    const m = t.mtime('out/Ops.X');
    const s2 = await edit(() => t.write('src/Ops.td', 'include "Base.td"\ndef A : X;\ndef B : X; // hi\n'));
    expect(s2.unchanged).toBe(2);
    expect(t.mtime('out/Ops.X')).toBe(m);
  });

  it('builds the last of two quick saves (chokidar drops the second change event)', async () => {
    t = tempTree(FILES);
    await start();
    t.write('src/Ops.td', 'include "Base.td"\ndef A : X;\ndef V1 : X;\n');
    await new Promise((r) => setTimeout(r, 10));
    t.write('src/Ops.td', 'include "Base.td"\ndef A : X;\ndef V2 : X;\n');
    await waitFor(() => t.read('out/Ops.X').includes('def V2 '), 5000, 'the second save to be built');
    expect(t.read('out/Ops.X')).not.toContain('V1');
  });

  it('an edit to a shared include rebuilds every dependant', async () => {
    t = tempTree(FILES);
    await start();
    const s = await edit(() => t.write('sys/Base.td', 'class X;\nclass Y;\ndef S : X;\n'));
    expect(s.parses).toBe(2);
    expect(s.generated).toBe(3);
  });

  it('survives a syntax error mid-edit and recovers on the next good save', async () => {
    t = tempTree(FILES);
    const { log } = await start();
    const before = t.read('out/Ops.X');
    const bad = await edit(() => t.write('src/Ops.td', 'include "Base.td"\ndef A : X;\ndef B : \n'));
    expect(bad.failed).toBe(2);
    expect(log.join('\n')).toContain('src/Ops.td:4:1: error:');
    expect(t.read('out/Ops.X')).toBe(before); // the last good output stays
    const good = await edit(() => t.write('src/Ops.td', 'include "Base.td"\ndef A : X;\ndef B : X;\n'));
    expect(good.failed).toBe(0);
    expect(good.generated).toBe(2);
    expect(t.read('out/Ops.X')).toContain('def B ');
  });

  it('follows a newly added include, and stops following a removed one', async () => {
    t = tempTree({ ...FILES, 'inc/New.td': 'def N : X;\n' });
    await start();
    await edit(() => t.write('src/Ops.td', 'include "Base.td"\ninclude "New.td"\ndef A : X;\n'));
    expect(handle!.watched()).toContain(t.path('inc/New.td'));
    const s = await edit(() => t.write('inc/New.td', 'def N : X;\ndef N2 : X;\n'));
    expect(s.parses).toBe(1);
    expect(t.read('out/Ops.X')).toContain('def N2 ');
    await edit(() => t.write('src/Ops.td', 'include "Base.td"\ndef A : X;\n'));
    expect(handle!.watched()).not.toContain(t.path('inc/New.td'));
  });

  it('picks up an include whose file is created after the edit that added it', async () => {
    t = tempTree({ ...FILES, 'inc/.keep': '' });
    const { log } = await start();
    const bad = await edit(() => t.write('src/Ops.td', 'include "Base.td"\ninclude "Later.td"\ndef A : X;\n'));
    expect(bad.failed).toBe(2);
    expect(log.join('\n')).toContain("could not find include file 'Later.td'");
    const good = await edit(() => t.write('inc/Later.td', 'def L : X;\n'));
    expect(good.failed).toBe(0);
    expect(t.read('out/Ops.X')).toContain('def L ');
  });

  it('sees atomic saves (write to a temp file, rename over) and deleted-then-restored files', async () => {
    t = tempTree(FILES);
    await start();
    let s = await edit(() => {
      writeFileSync(t.path('src/Ops.td.swp'), 'include "Base.td"\ndef A : X;\ndef R : X;\n');
      renameSync(t.path('src/Ops.td.swp'), t.path('src/Ops.td'));
    });
    expect(t.read('out/Ops.X')).toContain('def R ');
    s = await edit(() => rmSync(t.path('src/Other.td')));
    expect(s.failed).toBe(1);
    s = await edit(() => t.write('src/Other.td', 'include "Base.td"\ndef C : X;\ndef C2 : X;\n'));
    expect(s.failed).toBe(0);
    expect(t.read('out/Other.X')).toContain('def C2 ');
  });

  it('starts with nothing to watch but the config (no jobs, no probes) and follows jobs added later', async () => {
    t = tempTree({ ...FILES, 'ods.json': JSON.stringify({ mlirIncludeDir: 'sys', jobs: [] }) });
    const load = () => new OdsEngine(resolveConfig(JSON.parse(t.read('ods.json')), t.path('ods.json'), { env: {} }), { generate: testGenerate, toolVersion: 'test' });
    const engine = load();
    await engine.build();
    handle = await watchEngine(engine, { config: { path: t.path('ods.json'), reload: load } });
    const s = await edit(() => t.write('ods.json', JSON.stringify({ mlirIncludeDir: 'sys', jobs: [SPEC.jobs[0]] })));
    expect(s.generated).toBe(1);
    const s2 = await edit(() => t.write('src/Ops.td', 'include "Base.td"\ndef A : X;\ndef A2 : X;\n'));
    expect(s2.generated).toBe(1);
  });

  it('starts with no paths at all', async () => {
    t = tempTree({});
    const engine = makeEngine({ jobs: [] });
    await engine.build();
    handle = await watchEngine(engine);
    expect(handle.watched()).toEqual([]);
  });

  it('reloads the config when it changes, keeping the old one when the new one is invalid', async () => {
    t = tempTree({ ...FILES, 'ods.json': JSON.stringify(SPEC) });
    const reload = () => new OdsEngine(resolveConfig(JSON.parse(t.read('ods.json')), t.path('ods.json'), { env: {} }), { generate: testGenerate, toolVersion: 'test' });
    const { log } = await start(SPEC, { config: { path: t.path('ods.json'), reload } });
    const spec2 = { ...SPEC, jobs: [...SPEC.jobs, { input: 'src/Other.td', generator: 'print-records', output: 'out/Other.records' }] };
    const s = await edit(() => t.write('ods.json', JSON.stringify(spec2)));
    expect(s.outcomes.map((o) => o.status)).toEqual(['up-to-date', 'up-to-date', 'up-to-date', 'generated']);
    expect(handle!.engine.config.jobs).toHaveLength(4);
    // An invalid config is reported; the running one stays.
    t.write('ods.json', '{ "jobs": 1 }');
    await new Promise((r) => setTimeout(r, 300));
    expect(log.join('\n')).toContain('$.jobs: expected an array of jobs');
    expect(handle!.engine.config.jobs).toHaveLength(4);
    const s2 = await edit(() => t.write('src/Other.td', 'include "Base.td"\ndef C : X;\ndef C3 : X;\n'));
    expect(s2.generated).toBe(2);
  });
});
