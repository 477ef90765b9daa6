// Nx's remote cache shared by two workspaces at different absolute paths, through Nx's documented
// self-hosted remote cache API (NX_SELF_HOSTED_REMOTE_CACHE_SERVER, `GET/PUT /v1/cache/{hash}` of
// tar archives) served by a published WebDAV server (webdav-server, installed from npm, its
// folder holding the archives). Nx's own @nx/shared-fs-cache would do with a shared folder, but it
// needs an activation key registered online (NX_KEY), which a test cannot get.
//
// The first workspace builds three dialect projects made by the dialect generator (`alpha` and
// `gamma` include a shared .td of the project `shared-td`, `beta` does not). The second, a copy at
// another path (another depth too), runs no ods task: every output comes from the remote cache and
// equals mlir-tblgen-22's. An edit to the shared .td there misses the cache for its readers only,
// and an edit to a .td outside the workspaces (beta includes one, as dialects include MLIR's own)
// misses it for beta only.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NX_ENV, createWorkspace, ensureBuilt, hasTool, mlirIncludeDir, nxTasks, ok, packPackages, run, writeFiles } from './support.js';

const READY = hasTool('mlir-tblgen-22') && mlirIncludeDir() !== undefined;
const PROJECTS = ['alpha', 'beta', 'gamma'];
const READERS = ['alpha', 'gamma'];

let base = '';
let ws1 = '';
let ws2 = '';
let store = '';
let server: ChildProcess | undefined;
let env: NodeJS.ProcessEnv = NX_ENV;

function nx(ws: string, args: string[]) {
  const r = run('npx', ['nx', ...args], ws, env);
  return { ...r, all: (r.stdout + r.stderr).replace(/\x1b\[[0-9;]*m/g, '') };
}
function runMany(ws: string) {
  const r = nx(ws, ['run-many', '-t', 'ods', '--parallel=2', '--output-style=static']);
  if (r.code !== 0) throw new Error(`nx run-many failed (${r.code}):\n${r.all}`);
  return { ...r, tasks: nxTasks(r.all) };
}
/** The archives the cache server holds (one per task hash). */
const stored = () => (existsSync(join(store, 'v1/cache')) ? readdirSync(join(store, 'v1/cache')).sort() : []);

/** Start the published WebDAV server on a free port, serving `dir`; resolves to its URL. */
async function startServer(dir: string): Promise<string> {
  const serverDir = join(base, 'cache-server');
  writeFiles(serverDir, {
    'package.json': JSON.stringify({ name: 'cache-server', private: true, type: 'module' }),
    // Only the start of the published server: its folder, a free port.
    'start.mjs':
      "import wd from 'webdav-server';\n" +
      'const server = new wd.v2.WebDAVServer({ port: 0, rootFileSystem: new wd.v2.PhysicalFileSystem(process.argv[2]) });\n' +
      'server.start((s) => console.log(`listening ${s.address().port}`));\n',
  });
  ok('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', 'webdav-server@2.6.3'], serverDir, process.env);
  mkdirSync(join(dir, 'v1/cache'), { recursive: true });
  const child = spawn(process.execPath, ['start.mjs', dir], { cwd: serverDir, stdio: ['ignore', 'pipe', 'inherit'] });
  server = child;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the cache server did not start')), 20_000);
    child.stdout!.on('data', (d: Buffer) => {
      const m = /listening (\d+)/.exec(d.toString());
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    });
    child.on('exit', (code) => reject(new Error(`the cache server exited (${code})`)));
  });
}

/** Every output of a project equals mlir-tblgen-22's (the jobs as `ods-tblgen build --print-config` lists them). */
function expectReferenceOutputs(ws: string, project: string): void {
  const printed = JSON.parse(ok(join(ws, 'node_modules/.bin/ods-tblgen'), ['build', '--print-config'], join(ws, project)).stdout) as {
    includeDirs: string[];
    jobs: { input: string; generator: string; args?: string[]; output: string }[];
  };
  expect(printed.jobs.length).toBeGreaterThan(0);
  for (const j of printed.jobs) {
    const ref = run('mlir-tblgen-22', [`--gen-${j.generator}`, ...(j.args ?? []), ...printed.includeDirs.flatMap((d) => ['-I', d]), j.input], ws, process.env);
    expect(ref.code, ref.stderr).toBe(0);
    expect(readFileSync(j.output, 'utf8'), j.output).toBe(ref.stdout);
  }
}

describe.skipIf(!READY)('a remote cache shared by two workspaces', () => {
  beforeAll(async () => {
    ensureBuilt();
    base = mkdtempSync(join(tmpdir(), 'ods-e2e-remote-'));
    store = join(base, 'store');
    env = { ...NX_ENV, NX_SELF_HOSTED_REMOTE_CACHE_SERVER: await startServer(store) };
    ws1 = join(base, 'first', 'ws');
    ws2 = join(base, 'second', 'deeper', 'copy');
    createWorkspace(ws1, packPackages(join(base, 'tarballs')));
    for (const p of PROJECTS) ok('npx', ['nx', 'g', '@ods-ts/nx-ods:dialect', p, '--no-interactive'], ws1, env);
    // The shared .td, included by alpha and gamma.
    writeFiles(ws1, {
      'shared/project.json': JSON.stringify({ name: 'shared-td' }),
      'shared/include/Shared.td': '// Shared by alpha and gamma.\nclass SharedMarker;\n',
    });
    for (const p of READERS) {
      const className = p[0]!.toUpperCase() + p.slice(1);
      const ops = join(ws1, p, 'include', className, `${className}Ops.td`);
      writeFileSync(ops, readFileSync(ops, 'utf8').replace('include "mlir/Interfaces/', 'include "Shared.td"\ninclude "mlir/Interfaces/'));
      const odsJson = join(ws1, p, 'ods.json');
      const spec = JSON.parse(readFileSync(odsJson, 'utf8')) as { includeDirs: string[] };
      spec.includeDirs.push('../shared/include');
      writeFileSync(odsJson, JSON.stringify(spec, null, 2));
    }
    // A .td outside both workspaces (as MLIR's own are), included by beta.
    writeFiles(join(base, 'external', 'include'), { 'External.td': '// Outside the workspaces.\nclass ExternalMarker;\n' });
    {
      const ops = join(ws1, 'beta', 'include', 'Beta', 'BetaOps.td');
      writeFileSync(ops, readFileSync(ops, 'utf8').replace('include "mlir/Interfaces/', 'include "External.td"\ninclude "mlir/Interfaces/'));
      const odsJson = join(ws1, 'beta', 'ods.json');
      const spec = JSON.parse(readFileSync(odsJson, 'utf8')) as { includeDirs: string[] };
      spec.includeDirs.push(join(base, 'external', 'include'));
      writeFileSync(odsJson, JSON.stringify(spec, null, 2));
    }
    // The second workspace: the same sources elsewhere, installed on its own.
    cpSync(ws1, ws2, { recursive: true, filter: (src) => !/\/(node_modules|\.nx)(\/|$)/.test(src) });
    ok('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], ws2, process.env);
  });

  afterAll(() => {
    server?.kill();
    if (!base) return;
    if (process.env['ODS_E2E_KEEP'] === '1') console.log(`e2e workspaces kept: ${base}`);
    else rmSync(base, { recursive: true, force: true });
  });

  it('the first workspace runs every ods task and stores each in the remote cache', () => {
    const r = runMany(ws1);
    expect(r.tasks.ran).toEqual(PROJECTS);
    expect(stored().filter((f) => !f.endsWith('.tmp'))).toHaveLength(PROJECTS.length);
    for (const p of PROJECTS) expectReferenceOutputs(ws1, p);
  });

  it('the inputs of the ods targets are portable: relative files, the same in both workspaces', () => {
    for (const p of PROJECTS) {
      const show = (ws: string) => JSON.parse(nx(ws, ['show', 'project', p, '--json']).stdout) as { targets: { ods: { inputs: unknown[] } } };
      const [a, b] = [show(ws1).targets.ods.inputs, show(ws2).targets.ods.inputs];
      expect(b).toEqual(a);
      expect(JSON.stringify(a)).not.toContain(ws1);
      const files = (ws: string) => JSON.parse(nx(ws, ['show', 'target', 'inputs', `${p}:ods`, '--json']).stdout) as unknown;
      const f1 = files(ws1);
      expect(files(ws2)).toEqual(f1);
      const flat = JSON.stringify(f1);
      expect(flat).not.toContain(ws1);
      expect(flat).not.toContain(base);
      if (READERS.includes(p)) expect(flat).toContain('shared/include/Shared.td');
    }
  });

  it('an edit to a .td outside the workspace misses the cache for the project that includes it', () => {
    appendFileSync(join(base, 'external', 'include', 'External.td'), 'def ExternalEdit : ExternalMarker;\n');
    const r = runMany(ws1);
    expect(r.tasks.ran).toEqual(['beta']);
    expect(r.tasks.cached).toEqual(PROJECTS.filter((p) => p !== 'beta'));
    expectReferenceOutputs(ws1, 'beta');
  });

  it('the second workspace runs no ods task: every output comes from the remote cache, equal to mlir-tblgen-22', () => {
    const r = runMany(ws2);
    expect(r.tasks.ran).toEqual([]);
    expect(r.tasks.cached).toEqual(PROJECTS);
    expect(r.all).toMatch(/remote cache/);
    for (const p of PROJECTS) {
      // The engine never ran here: no cache folder of its own.
      expect(existsSync(join(ws2, p, '.ods-cache'))).toBe(false);
      expectReferenceOutputs(ws2, p);
    }
  });

  it('an edit to the shared .td in the second workspace misses the cache for its readers only', () => {
    appendFileSync(join(ws2, 'shared/include/Shared.td'), 'def SharedEdit : SharedMarker;\n');
    const r = runMany(ws2);
    expect(r.tasks.ran).toEqual(READERS);
    expect(r.tasks.cached).toEqual(PROJECTS.filter((p) => !READERS.includes(p)));
    for (const p of READERS) expectReferenceOutputs(ws2, p);
    // No absolute path of either workspace reached a stored archive's name (hashes only).
    for (const f of stored()) expect(isAbsolute(f)).toBe(false);
  });
});
