// Nx batch mode and the build service end to end: a fresh workspace (the packed packages) of
// MLIR 22 dialect projects read in place. `nx run-many -t ods-batch --batch` (the executor target)
// runs every task in one process on the warm threads of a private build service; the default
// command target `ods`, with the service allowed, sends each task to the user's service
// (started by the first task). Every output is
// compared with mlir-tblgen-22's.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NX_ENV,
  createWorkspace,
  ensureBuilt,
  hasTool,
  mlirIncludeDir,
  ok,
  packPackages,
  pool,
  readManifest,
  run,
  runAsync,
  writeFiles,
} from './support.js';

const MLIR = mlirIncludeDir();
const READY = hasTool('mlir-tblgen-22') && MLIR !== undefined;
const DIALECTS = [
  'mlir/Dialect/Math/IR/MathOps.td',
  'mlir/Dialect/Func/IR/FuncOps.td',
  'mlir/Dialect/ControlFlow/IR/ControlFlowOps.td',
  'mlir/Dialect/Index/IR/IndexOps.td',
  'mlir/Dialect/Complex/IR/ComplexOps.td',
  'mlir/Dialect/UB/IR/UBOps.td',
];
const GENS = ['op-decls', 'op-defs', 'dialect-decls', 'dialect-defs'];

interface Job {
  input: string;
  generator: string;
  args?: string[];
  output: string;
}

let base = '';
let ws = '';
const jobs = new Map<string, Job[]>();

function nx(args: string[], env: NodeJS.ProcessEnv) {
  const r = run('npx', ['nx', ...args], ws, env);
  const all = (r.stdout + r.stderr).replace(/\x1b\[[0-9;]*m/g, '');
  if (r.code !== 0) throw new Error(`nx ${args.join(' ')} failed (${r.code}):\n${all}`);
  return all;
}

async function expectReferenceOutputs(): Promise<void> {
  const cases = [...jobs].flatMap(([name, js]) => js.map((j) => ({ name, j })));
  const problems: string[] = [];
  await pool(cases, 2, async ({ name, j }) => {
    const cwd = join(ws, 'dialects', name);
    const ref = await runAsync('mlir-tblgen-22', [`--gen-${j.generator}`, ...(j.args ?? []), '-I', MLIR!, j.input], cwd);
    const ours = readFileSync(join(cwd, j.output), 'latin1');
    if (ref.code !== 0 || ref.stdout !== ours) problems.push(`${name}: ${j.generator} differs from mlir-tblgen-22`);
  });
  expect(problems).toEqual([]);
}

const clean = () => {
  for (const name of jobs.keys()) {
    rmSync(join(ws, 'dialects', name, 'gen'), { recursive: true, force: true });
    rmSync(join(ws, 'dialects', name, '.ods-cache'), { recursive: true, force: true });
  }
};

describe.skipIf(!READY)('Nx batch mode and the build service', () => {
  beforeAll(() => {
    ensureBuilt();
    base = mkdtempSync(join(tmpdir(), 'ods-e2e-batch-'));
    ws = join(base, 'ws');
    const tarballs = packPackages(join(base, 'tarballs'));
    // Two inferred targets: `ods`, the default command target, and `ods-batch`, the executor
    // (which batch mode runs as one batch).
    createWorkspace(ws, tarballs, {
      gitignore: 'node_modules\n.nx\n.ods-cache\ngen\n.packages\n',
      plugins: ['@ods-ts/nx-ods', { plugin: '@ods-ts/nx-ods', options: { targetName: 'ods-batch', runWith: 'executor' } }],
    });
    const manifest = readManifest();
    for (const key of DIALECTS) {
      const name = basename(key, '.td').toLowerCase();
      const input = join(MLIR!, key);
      const js: Job[] = [];
      for (const row of manifest)
        if (row.file === key && GENS.includes(row.generator))
          js.push({ input, generator: row.generator, ...(row.args.length ? { args: row.args } : {}), output: `gen/${row.generator}${row.args.map((a) => '.' + a.replace(/[^A-Za-z0-9_.=-]+/g, '_')).join('')}.inc` });
      jobs.set(name, js);
      writeFiles(join(ws, 'dialects', name), {
        'project.json': JSON.stringify({ name }),
        'ods.json': JSON.stringify({ mlirIncludeDir: MLIR, jobs: js }),
      });
    }
  });
  afterAll(() => {
    if (process.env['ODS_E2E_KEEP'] !== '1') rmSync(base, { recursive: true, force: true });
  });

  it('--batch runs every ods task in one process, on the threads of a private build service', async () => {
    clean();
    const privateDirs = () => readdirSync(tmpdir()).filter((f) => f.startsWith('ods-batch-'));
    const before = privateDirs();
    // A fresh workspace: nothing in Nx's cache yet.
    const out = nx(['run-many', '-t', 'ods-batch', '--batch', '--output-style=static'], { ...NX_ENV, NX_BATCH_MODE: 'true' });
    expect(out).toContain(`ods batch: ${jobs.size} tasks`);
    await expectReferenceOutputs();
    // The private service's folder is gone with it.
    expect(privateDirs().filter((d) => !before.includes(d))).toEqual([]);
    // Nx caches the batch's results per task.
    const again = nx(['run-many', '-t', 'ods-batch', '--batch', '--output-style=static'], NX_ENV);
    expect(again).toContain(`from the cache instead of running the command for ${jobs.size} out of ${jobs.size} tasks`);
  });

  it('--batch starts your build service when it may run and does not, and leaves it warm for the next batch', async () => {
    clean();
    const dir = join(base, 'batch-service');
    const env = { ...NX_ENV, CI: '', ODS_DAEMON: 'true', ODS_DAEMON_DIR: dir };
    const tool = join(ws, 'node_modules/.bin/ods-tblgen');
    try {
      const out = nx(['run-many', '-t', 'ods-batch', '--batch', '--skip-nx-cache', '--output-style=static'], env);
      expect(out).toContain(`ods batch: ${jobs.size} tasks, on your build service`);
      await expectReferenceOutputs();
      const status = ok(tool, ['daemon', 'status'], ws, env).stdout;
      expect(Number(/(\d+) requests served/.exec(status)?.[1])).toBeGreaterThanOrEqual(jobs.size);
    } finally {
      run(tool, ['daemon', 'stop'], ws, env);
    }
  });

  it('the inferred command target sends each task to the build service when it may run', async () => {
    clean();
    const dir = join(base, 'service');
    const env = { ...NX_ENV, CI: '', ODS_DAEMON: 'true', ODS_DAEMON_DIR: dir };
    try {
      nx(['run-many', '-t', 'ods', '--skip-nx-cache', '--parallel=2', '--output-style=static'], env);
      await expectReferenceOutputs();
      // The first task started the service: the next run's tasks all go there.
      clean();
      nx(['run-many', '-t', 'ods', '--skip-nx-cache', '--parallel=2', '--output-style=static'], env);
      await expectReferenceOutputs();
      const status = ok(join(ws, 'node_modules/.bin/ods-tblgen'), ['daemon', 'status'], ws, env).stdout;
      expect(Number(/(\d+) requests served/.exec(status)?.[1])).toBeGreaterThanOrEqual(jobs.size);
    } finally {
      run(join(ws, 'node_modules/.bin/ods-tblgen'), ['daemon', 'stop'], ws, env);
    }
  });
});
