import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { parseTableGen, printRecords, type ParseResult } from '@ods-ts/tablegen-core';
import { resolveConfig, type OdsConfigSpec, type OdsJob } from './config.js';
import { OdsEngine, summaryLine, type BuildSummary, type EngineOptions, type JobStatus } from './engine.js';
import type { GenerateFn } from './run-group.js';
import { testGenerate } from './__fixtures__/test-generator.js';
import { tempTree, testWorkerScript, tick, type TempTree } from './__fixtures__/helpers.js';

let t: TempTree;
afterEach(() => t?.remove());

const FILES = {
  'sys/Base.td': 'class X;\nclass Y;\n',
  'src/Ops.td': '// Ops\ninclude "Base.td"\ninclude "Extra.td"\ndef A : X;\ndef B : Y;\n',
  'src/Other.td': 'include "Base.td"\ndef C : X;\n',
  'inc/Extra.td': 'def E : X;\n',
};

const SPEC: OdsConfigSpec = {
  includeDirs: ['inc'],
  mlirIncludeDir: 'sys',
  jobs: [
    { input: 'src/Ops.td', generator: 'print-records', output: 'out/Ops.records' },
    { input: 'src/Ops.td', generator: 'defs-of', args: ['--class=X'], output: 'out/Ops.X' },
    { input: 'src/Ops.td', generator: 'defs-of', args: ['--class=Y'], output: 'out/Ops.Y' },
    { input: 'src/Other.td', generator: 'dump-json', output: 'out/Other.json' },
    { input: 'src/Other.td', generator: 'defs-of', args: ['--class=X'], output: 'out/Other.X' },
  ],
};

/** A generate function that records which parse each call received. */
function counting(inner: GenerateFn = testGenerate) {
  const calls: { parse: ParseResult; job: OdsJob }[] = [];
  const fn: GenerateFn = (parse, job) => {
    calls.push({ parse, job });
    return inner(parse, job);
  };
  return { fn, calls };
}

function makeEngine(spec: OdsConfigSpec = SPEC, opts: Partial<EngineOptions> = {}): OdsEngine {
  const config = resolveConfig(spec, t.path('ods.json'), { env: {} });
  return new OdsEngine(config, { generate: testGenerate, toolVersion: 'test', ...opts });
}

const statuses = (s: BuildSummary): JobStatus[] => s.outcomes.map((o) => o.status);
const outs = ['out/Ops.records', 'out/Ops.X', 'out/Ops.Y', 'out/Other.json', 'out/Other.X'];
const mtimes = () => outs.map((o) => t.mtime(o));

describe('OdsEngine', () => {
  it('parses each input once for all of its jobs', async () => {
    t = tempTree(FILES);
    const gen = counting();
    const s = await makeEngine(SPEC, { generate: gen.fn }).build();
    expect(statuses(s)).toEqual(['generated', 'generated', 'generated', 'generated', 'generated']);
    expect(s.parses).toBe(2);
    // The two defs-of jobs of Ops.td saw the very same parse; Other.td's job another one.
    expect(gen.calls.map((c) => c.job.index)).toEqual([1, 2, 4]);
    expect(gen.calls[0]!.parse).toBe(gen.calls[1]!.parse);
    expect(gen.calls[2]!.parse).not.toBe(gen.calls[0]!.parse);
    expect(summaryLine(s)).toBe('5 outputs: 5 generated, 0 unchanged, 0 up to date; 2 parses');
    // The outputs are what the parser and generators give directly.
    const direct = parseTableGen({ file: 'src/Ops.td', includeDirs: [t.path('inc'), t.path('sys')], cwd: t.dir });
    expect(t.read('out/Ops.records')).toBe(printRecords(direct.records));
    expect(t.read('out/Ops.X')).toBe('def A {\t// X\n}\ndef E {\t// X\n}\n');
    expect(t.read('out/Ops.Y')).toBe('def B {\t// Y\n}\n');
    expect(JSON.parse(t.read('out/Other.json'))).toMatchObject({ C: { '!superclasses': ['X'] } });
  });

  it('skips every job when nothing changed, across engine instances (the cache is on disk)', async () => {
    t = tempTree(FILES);
    await makeEngine().build();
    const before = mtimes();
    const gen = counting();
    const s = await makeEngine(SPEC, { generate: gen.fn }).build();
    expect(statuses(s)).toEqual(['up-to-date', 'up-to-date', 'up-to-date', 'up-to-date', 'up-to-date']);
    expect(s.parses).toBe(0);
    expect(gen.calls).toEqual([]);
    expect(mtimes()).toEqual(before);
    expect(existsSync(t.path('.ods-cache/state.json'))).toBe(true);
  });

  it('finer than files: an edit reruns the jobs that read the file but rewrites only outputs whose bytes change', async () => {
    t = tempTree(FILES);
    const e = makeEngine();
    await e.build();
    const before = mtimes();
    await tick();

    // A comment: Ops.td's jobs rerun (one parse), nothing is rewritten, Other.td is not parsed.
    t.write('src/Ops.td', FILES['src/Ops.td'] + '// just a comment\n');
    let s = await e.build();
    expect(statuses(s)).toEqual(['unchanged', 'unchanged', 'unchanged', 'up-to-date', 'up-to-date']);
    expect(s.parses).toBe(1);
    expect(mtimes()).toEqual(before);

    // A def of class Y: print-records and the Y view change; the X view keeps its bytes and mtime.
    t.write('src/Ops.td', FILES['src/Ops.td'] + 'def D : Y;\n');
    s = await e.build();
    expect(statuses(s)).toEqual(['generated', 'unchanged', 'generated', 'up-to-date', 'up-to-date']);
    const after = mtimes();
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).toBe(before[1]);
    expect(after[2]).not.toBe(before[2]);
    expect(t.read('out/Ops.Y')).toBe('def B {\t// Y\n}\ndef D {\t// Y\n}\n');

    // Unchanged outputs were recorded too: the next build does nothing.
    s = await makeEngine().build();
    expect(s.upToDate).toBe(5);
  });

  it('an edit to a shared include reruns every group that reads it', async () => {
    t = tempTree(FILES);
    await makeEngine().build();
    t.write('sys/Base.td', FILES['sys/Base.td'] + 'def FromBase : X;\n');
    const s = await makeEngine().build();
    expect(s.parses).toBe(2);
    expect(statuses(s)).toEqual(['generated', 'generated', 'unchanged', 'generated', 'generated']);
    expect(t.read('out/Other.X')).toContain('def FromBase');
  });

  it('picks up new and removed includes', async () => {
    t = tempTree(FILES);
    await makeEngine().build();
    // A new include: its file becomes a dependency.
    t.write('inc/New.td', 'def N : X;\n');
    t.write('src/Ops.td', FILES['src/Ops.td'] + 'include "New.td"\n');
    let s = await makeEngine().build();
    expect(s.outcomes[1]!.status).toBe('generated');
    expect(t.read('out/Ops.X')).toContain('def N ');
    t.write('inc/New.td', 'def N : X;\ndef N2 : X;\n');
    s = await makeEngine().build();
    expect(s.parses).toBe(1);
    expect(t.read('out/Ops.X')).toContain('def N2 ');
    // Removed: editing the file no longer reruns anything.
    t.write('src/Ops.td', FILES['src/Ops.td']);
    s = await makeEngine().build();
    expect(t.read('out/Ops.X')).not.toContain('def N');
    t.write('inc/New.td', 'def N3 : X;\n');
    s = await makeEngine().build();
    expect(s.parses).toBe(0);
    expect(s.upToDate).toBe(5);
  });

  it('notices a new file that shadows an include found later in the search path', async () => {
    t = tempTree(FILES);
    await makeEngine().build();
    // Base.td was found in sys/ after probing <cwd>/Base.td and inc/Base.td: creating either
    // changes what the parse would read.
    t.write('inc/Base.td', 'class X;\nclass Y;\ndef Shadow : X;\n');
    const s = await makeEngine().build();
    expect(s.parses).toBe(2);
    expect(t.read('out/Ops.X')).toContain('def Shadow');
    expect(t.read('out/Other.X')).toContain('def Shadow');
  });

  it('a failed job does not block the others; it reruns until it succeeds', async () => {
    t = tempTree({ ...FILES, 'src/Bad.td': 'include "Base.td"\ndef Q : X\n' });
    const spec: OdsConfigSpec = {
      ...SPEC,
      jobs: [
        { input: 'src/Bad.td', generator: 'print-records', output: 'out/Bad.records' },
        ...SPEC.jobs,
        { input: 'src/Other.td', generator: 'fail', output: 'out/fail.txt' },
        { input: 'src/Other.td', generator: 'explode', output: 'out/explode.txt' },
        { input: 'src/Other.td', generator: 'warn', output: 'out/warn.txt' },
        { input: 'src/Ops.td', generator: 'defs-of', args: ['--class=Nope'], output: 'out/nope.txt' },
      ],
    };
    let s = await makeEngine(spec).build();
    expect(statuses(s)).toEqual(['failed', 'generated', 'generated', 'generated', 'generated', 'generated', 'failed', 'failed', 'generated', 'failed']);
    expect(s.failed).toBe(4);
    for (const o of outs) expect(existsSync(t.path(o))).toBe(true);
    expect(existsSync(t.path('out/Bad.records'))).toBe(false);
    // Diagnostics in LLVM's format, per failure.
    expect(s.diagnostics).toContain("src/Bad.td:3:1: error: Expected '{' to start body or ';' for declaration only");
    expect(s.outcomes[0]!.error).toContain('src/Bad.td:3:1: error:');
    expect(s.outcomes[6]!.error).toBe('error: this generator always fails\n');
    expect(s.outcomes[7]!.error).toMatch(/^error: internal error: boom\n/);
    expect(s.outcomes[9]!.error).toContain("The class 'Nope' is not defined");
    expect(s.diagnostics).toContain('warning: just a warning');
    expect(t.read('out/warn.txt')).toBe('warned\n');

    // Failed jobs rerun (their group is parsed again); the good ones of other groups do not.
    s = await makeEngine(spec).build();
    expect(statuses(s)).toEqual(['failed', 'up-to-date', 'up-to-date', 'up-to-date', 'up-to-date', 'up-to-date', 'failed', 'failed', 'up-to-date', 'failed']);
    t.write('src/Bad.td', 'include "Base.td"\ndef Q : X;\n');
    s = await makeEngine(spec).build();
    expect(s.outcomes[0]!.status).toBe('generated');
    expect(t.read('out/Bad.records')).toContain('def Q {');
  });

  it('a missing include fails its group only, and creating the file fixes it', async () => {
    t = tempTree({ ...FILES, 'src/Later.td': 'include "Later.inc.td"\ndef L : X;\ninclude "Base.td"\n' });
    const spec: OdsConfigSpec = { ...SPEC, jobs: [...SPEC.jobs, { input: 'src/Later.td', generator: 'print-records', output: 'out/Later.records' }] };
    let s = await makeEngine(spec).build();
    expect(s.outcomes[5]!.status).toBe('failed');
    expect(s.outcomes[5]!.error).toContain("src/Later.td:1:9: error: could not find include file 'Later.inc.td'");
    expect(s.generated).toBe(5);
    t.write('inc/Later.inc.td', 'class X;\n');
    s = await makeEngine(spec).build();
    expect(s.outcomes[5]!.status).toBe('generated');
  });

  it('keeps stamps of every output and dependency, so a no-op build only stats them', async () => {
    t = tempTree(FILES);
    await makeEngine().build();
    const state = JSON.parse(t.read('.ods-cache/state.json')) as { stamps: { [path: string]: unknown[] } };
    const stamped = Object.keys(state.stamps).map((p) => p.slice(t.dir.length + 1)).sort();
    expect(stamped).toEqual([...outs, 'inc/Extra.td', 'src/Ops.td', 'src/Other.td', 'sys/Base.td'].sort());
  });

  it('does not trust a stamp whose file was rewritten, even with the same size and mtime', async () => {
    t = tempTree(FILES);
    await makeEngine().build();
    const base = t.path('sys/Base.td');
    const { atime, mtime } = statSync(base);
    t.write('sys/Base.td', 'class Y;\nclass X;\n'); // same size
    utimesSync(base, atime, mtime);
    const s = await makeEngine().build();
    expect(s.parses).toBe(2);
    expect(statuses(s)).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged']);
  });

  it('regenerates an output that was deleted or edited by hand', async () => {
    t = tempTree(FILES);
    await makeEngine().build();
    const good = t.read('out/Ops.X');
    rmSync(t.path('out/Ops.Y'));
    t.write('out/Ops.X', 'scribbled');
    const s = await makeEngine().build();
    expect(statuses(s)).toEqual(['up-to-date', 'generated', 'generated', 'up-to-date', 'up-to-date']);
    expect(s.parses).toBe(1);
    expect(t.read('out/Ops.X')).toBe(good);
  });

  it('reports an unwritable output as a failed job', async () => {
    t = tempTree(FILES);
    mkdirSync(t.path('out/Ops.Y'), { recursive: true }); // a folder where the output should go
    const s = await makeEngine().build();
    expect(statuses(s)).toEqual(['generated', 'generated', 'failed', 'generated', 'generated']);
    expect(s.outcomes[2]!.error).toMatch(/^error: cannot write .*Ops\.Y/);
    expect(readdirSync(t.path('out')).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('rebuilds everything for a new tool version or changed tool files', async () => {
    t = tempTree({ ...FILES, 'tool.js': 'v1' });
    await makeEngine(SPEC, { toolFiles: [t.path('tool.js')] }).build();
    expect((await makeEngine(SPEC, { toolFiles: [t.path('tool.js')] }).build()).parses).toBe(0);
    expect((await makeEngine(SPEC, { toolFiles: [t.path('tool.js')], toolVersion: 'test2' }).build()).parses).toBe(2);
    t.write('tool.js', 'v2');
    const s = await makeEngine(SPEC, { toolFiles: [t.path('tool.js')], toolVersion: 'test2' }).build();
    expect(s.parses).toBe(2);
    expect(s.unchanged).toBe(5);
  });

  it('treats changed job arguments as a new job and prunes entries of removed jobs', async () => {
    t = tempTree(FILES);
    await makeEngine().build();
    const spec = { ...SPEC, jobs: SPEC.jobs.map((j, i) => (i === 2 ? { ...j, args: ['--class=X'] } : j)) };
    const s = await makeEngine(spec).build();
    expect(statuses(s)).toEqual(['up-to-date', 'up-to-date', 'generated', 'up-to-date', 'up-to-date']);
    const state = JSON.parse(t.read('.ods-cache/state.json')) as { entries: object; deps: object };
    expect(Object.keys(state.entries)).toHaveLength(5);
    // One dependency set per parse, shared by the jobs of the group.
    expect(Object.keys(state.deps)).toHaveLength(2);
  });

  it('survives a corrupt cache', async () => {
    t = tempTree(FILES);
    await makeEngine().build();
    t.write('.ods-cache/state.json', '{"version": 2, "entr');
    const s = await makeEngine().build();
    expect(s.parses).toBe(2);
    expect(s.unchanged).toBe(5);
  });

  it('never loses a save that lands during a build', async () => {
    t = tempTree(FILES);
    let saved = false;
    // A "save" of Ops.td while its generators run, after the parse read the old text.
    const racing: GenerateFn = (parse, job) => {
      if (!saved && job.index === 1) {
        saved = true;
        writeFileSync(t.path('src/Ops.td'), FILES['src/Ops.td'] + 'def Late : X;\n');
      }
      return testGenerate(parse, job);
    };
    await makeEngine(SPEC, { generate: racing }).build();
    expect(t.read('out/Ops.X')).not.toContain('Late');
    const s = await makeEngine().build();
    expect(s.parses).toBe(1);
    expect(t.read('out/Ops.X')).toContain('def Late');
  });

  it('builds only the groups asked for', async () => {
    t = tempTree(FILES);
    const e = makeEngine();
    await e.build();
    t.write('src/Ops.td', FILES['src/Ops.td'] + 'def A2 : X;\n');
    t.write('src/Other.td', 'include "Base.td"\ndef C : X;\ndef C2 : X;\n');
    const affected = e.groupsAffectedBy([t.path('src/Other.td')]);
    expect(affected.map((g) => g.input)).toEqual([t.path('src/Other.td')]);
    const s = await e.build(affected);
    expect(s.outcomes.map((o) => o.job.index)).toEqual([3, 4]);
    expect(e.groupsAffectedBy([t.path('sys/Base.td')]).map((g) => g.input)).toEqual([t.path('src/Ops.td'), t.path('src/Other.td')]);
    expect(e.watchedFiles().sort()).toEqual(
      [t.path('src/Ops.td'), t.path('src/Other.td'), t.path('sys/Base.td'), t.path('inc/Extra.td')].sort(),
    );
  });
});

describe('OdsEngine on worker threads', () => {
  it('gives the same outputs, statuses and diagnostics as the single-threaded path', async () => {
    const worker = await testWorkerScript();
    const files = { ...FILES, 'src/Bad.td': 'def Q : X\n' };
    const spec: OdsConfigSpec = {
      ...SPEC,
      jobs: [
        ...SPEC.jobs,
        { input: 'src/Bad.td', generator: 'print-records', output: 'out/Bad.records' },
        { input: 'src/Other.td', generator: 'explode', output: 'out/explode.txt' },
        { input: 'src/Other.td', generator: 'warn', output: 'out/warn.txt' },
      ],
    };
    const runs: { s: BuildSummary; out: string[] }[] = [];
    for (const jobs of [1, 2]) {
      t = tempTree(files);
      const s = await makeEngine(spec, { jobs, workerScript: worker }).build();
      runs.push({ s, out: outs.map((o) => t.read(o)) });
      if (jobs === 2) {
        // Again, warm: nothing to do.
        const again = await makeEngine(spec, { jobs, workerScript: worker }).build();
        expect(again.parses).toBe(2); // only the groups with a failed job
        expect(again.upToDate).toBe(6);
      }
      t.remove();
    }
    const [one, two] = runs as [(typeof runs)[0], (typeof runs)[0]];
    expect(two.out).toEqual(one.out);
    expect(statuses(two.s)).toEqual(statuses(one.s));
    expect(two.s.parses).toBe(3);
    expect(two.s.diagnostics.replaceAll(/\/tmp\/ods-engine-\w+/g, '')).toEqual(one.s.diagnostics.replaceAll(/\/tmp\/ods-engine-\w+/g, ''));
    expect(two.s.outcomes.map((o) => o.error?.split('\n')[0])).toEqual(one.s.outcomes.map((o) => o.error?.split('\n')[0]));
  });

  it('turns a crashed worker into failed jobs of that group only', async () => {
    const worker = await testWorkerScript();
    t = tempTree(FILES);
    const spec: OdsConfigSpec = { ...SPEC, jobs: [...SPEC.jobs, { input: 'src/Other.td', generator: 'crash', output: 'out/crash.txt' }] };
    const s = await makeEngine(spec, { jobs: 2, workerScript: worker }).build();
    expect(statuses(s)).toEqual(['generated', 'generated', 'generated', 'failed', 'failed', 'failed']);
    expect(s.outcomes[3]!.error).toMatch(/ods worker crashed while building .*Other\.td: worker exited with code 3/);
    // The crash is not cached: the group runs again (and still crashes), Ops.td is up to date.
    const again = await makeEngine(spec, { jobs: 2, workerScript: worker }).build();
    expect(again.upToDate).toBe(3);
  });

  it('runs even a single group on a worker when it has no generate function of its own', async () => {
    const worker = await testWorkerScript();
    t = tempTree(FILES);
    // This thread knows no `defs-of` generator: only the worker script's code can succeed.
    const spec: OdsConfigSpec = { ...SPEC, jobs: SPEC.jobs.slice(0, 3) };
    const s = await makeEngine(spec, { generate: undefined, jobs: 1, workerScript: worker }).build();
    expect(statuses(s)).toEqual(['generated', 'generated', 'generated']);
    const inProcess = await makeEngine(spec, { generate: undefined, toolVersion: 'other' }).build();
    expect(inProcess.outcomes[1]!.error).toBe("error: no generator 'defs-of'\n");
  });

  it('keeps its workers between builds with keepWorkers, and close() ends them', async () => {
    const worker = await testWorkerScript();
    t = tempTree(FILES);
    const e = makeEngine(SPEC, { jobs: 2, workerScript: worker, keepWorkers: true });
    await e.build();
    t.write('src/Ops.td', FILES['src/Ops.td'] + 'def K : X;\n');
    t.write('src/Other.td', FILES['src/Other.td'] + 'def K2 : X;\n');
    const s = await e.build();
    expect(s.generated).toBe(4);
    await e.close();
    expect(statSync(t.path('out/Ops.X')).size).toBeGreaterThan(0);
  });
});
