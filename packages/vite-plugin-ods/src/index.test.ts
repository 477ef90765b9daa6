import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { build, createLogger, createServer, type HotPayload, type InlineConfig, type ViteDevServer } from 'vite';
import { findMlirIncludeDir } from '@ods-ts/ods-engine';
import { listGenerators } from '@ods-ts/ods-backends';
import ods, { PLUGIN_NAME, availableGenerators, validateOptions, type OdsPluginOptions } from './index.js';

const here = dirname(fileURLToPath(import.meta.url));
const exampleDialect = join(here, '../../../examples/dialect');

// --- helpers ------------------------------------------------------------------------------------

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A temp folder with `files` (path -> text); removed after the test. */
function tempTree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'vite-ods-'));
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, p)), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * The fixture: the app (Vite's root) in `app/`, an include folder outside it in `lib/inc/`.
 * app/x.td includes lib/inc/base.td; app/y.td includes nothing.
 */
function fixture(extra: Record<string, string> = {}): string {
  return tempTree({
    'lib/inc/base.td': 'class Base<string n> { string name = n; }\n',
    'app/x.td': 'include "base.td"\ndef A : Base<"a">;\n',
    'app/y.td': 'def Y { int v = 1; }\n',
    'app/ods.json': JSON.stringify({
      includeDirs: ['../lib/inc'],
      jobs: [
        { input: 'x.td', generator: 'print-records', output: 'out/x.txt' },
        { input: 'x.td', generator: 'dump-json', output: 'out/x.json' },
        { input: 'y.td', generator: 'print-records', output: 'out/y.txt' },
      ],
    }),
    // Accepts the updates of the modules it imports, like a real app does.
    'app/main.js': [
      "import records from './x.td?ods=records';",
      "import text from './x.td?ods=print-records';",
      "import y from './y.td?ods=records';",
      'export { records, text, y };',
      "if (import.meta.hot) import.meta.hot.accept(['./x.td?ods=records', './x.td?ods=print-records', './y.td?ods=records'], () => {});",
      '',
    ].join('\n'),
    ...extra,
  });
}

interface Dev {
  server: ViteDevServer;
  root: string;
  /** HMR payloads sent to the client environment. */
  sent: HotPayload[];
  logs: string[];
}

async function dev(dir: string, pluginOptions: OdsPluginOptions = { jobs: 1 }, config: InlineConfig = {}, hasJobs = true): Promise<Dev> {
  const root = join(dir, 'app');
  const logs: string[] = [];
  const logger = createLogger('info');
  logger.info = (m) => void logs.push(m);
  logger.warn = (m) => void logs.push(m);
  logger.error = (m) => void logs.push(m);
  const server = await createServer({
    root,
    configFile: false,
    customLogger: logger,
    plugins: [ods(pluginOptions)],
    ...config,
    server: { middlewareMode: true, ws: false, fs: { allow: [dir] }, ...config.server },
  });
  cleanups.push(() => server.close());
  if (process.env.ODS_DEBUG) {
    server.watcher.on('all', (e, f) => logs.push(`watch: ${e} ${f}`));
    cleanups.push(() => console.log(logs.join('\n'), JSON.stringify(sent)));
  }
  const sent: HotPayload[] = [];
  const hot = server.environments.client.hot;
  const send = hot.send.bind(hot);
  hot.send = ((payload: HotPayload) => {
    sent.push(payload);
    send(payload);
  }) as typeof hot.send;
  // The first build runs when the server starts.
  if (hasJobs) await waitFor(() => logs.find((l) => /ods: \d+ outputs?:/.test(l)), 'the first build');
  await waitForWatcher(server);
  return { server, root, sent, logs };
}

/** Until chokidar has scanned the root (changes before that are not reported). */
async function waitForWatcher(server: ViteDevServer): Promise<void> {
  // `_readyEmitted` is chokidar's own flag; the 'ready' event may be gone by now.
  const w = server.watcher as unknown as { _readyEmitted?: boolean };
  if (w._readyEmitted === undefined) await new Promise((r) => setTimeout(r, 300));
  else await waitFor(() => w._readyEmitted, "chokidar's first scan");
  // The files the plugin added outside the root are watched a moment later.
  await new Promise((r) => setTimeout(r, 50));
}

async function waitFor<T>(probe: () => T | undefined | false | null | Promise<T | undefined | false | null>, what = 'condition', ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The default export of a transformed `?ods=` module. */
function defaultExport(code: string): unknown {
  const body = code.replace(/^export default /m, 'return ');
  return new Function(body)() as unknown;
}

async function moduleValue(server: ViteDevServer, url: string): Promise<unknown> {
  const r = await server.transformRequest(url);
  if (!r) throw new Error(`no module for ${url}`);
  return defaultExport(r.code);
}

function updates(sent: HotPayload[]): string[][] {
  return sent.filter((p) => p.type === 'update').map((p) => (p.type === 'update' ? p.updates.map((u) => u.acceptedPath) : []));
}

const lastSave = new Map<string, number>();
/**
 * Writes a file like an editor saves it. chokidar drops a change of a path within 50 ms of the
 * previous one, so saves of the same file are kept 100 ms apart (people are slower than that).
 */
async function save(file: string, text: string): Promise<void> {
  const wait = (lastSave.get(file) ?? 0) + 100 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  writeFileSync(file, text);
  lastSave.set(file, Date.now());
}

// --- tests --------------------------------------------------------------------------------------

describe('vite:ods options', () => {
  it('creates the plugin object', () => {
    const p = ods();
    expect(p.name).toBe('vite:ods');
    expect(PLUGIN_NAME).toBe('vite:ods');
    expect(p.enforce).toBe('pre');
    expect(ods({ config: 'ods.json', jobs: 2 }).name).toBe('vite:ods');
    expect(ods({ config: { jobs: [] } }).name).toBe('vite:ods');
  });

  it('rejects invalid options', () => {
    expect(() => validateOptions(null)).toThrow(/must be an object/);
    expect(() => validateOptions({ includeDirs: [] })).toThrow(/unknown option 'includeDirs'/);
    expect(() => validateOptions({ config: 3 })).toThrow(/option 'config'/);
    expect(() => validateOptions({ jobs: 0 })).toThrow(/option 'jobs'/);
  });

  it('lists the generators usable in ?ods=', () => {
    expect(availableGenerators()).toEqual(expect.arrayContaining(['records', 'print-records', 'dump-json', ...listGenerators()]));
  });
});

describe('vite:ods dev server', () => {
  it('runs the jobs at start and serves ?ods= modules equal to the job outputs', async () => {
    const dir = fixture();
    const { server, root } = await dev(dir);
    const txt = readFileSync(join(root, 'out/x.txt'), 'latin1');
    expect(txt).toContain('def A {');
    expect(await moduleValue(server, '/x.td?ods=print-records')).toBe(txt);
    expect(await moduleValue(server, '/x.td?ods=records')).toEqual(JSON.parse(readFileSync(join(root, 'out/x.json'), 'utf8')));
    expect(await moduleValue(server, '/x.td?ods=dump-json')).toBe(readFileSync(join(root, 'out/x.json'), 'utf8'));
    // Relative imports resolve from the importer.
    const main = await server.transformRequest('/main.js');
    expect(main?.code).toContain('/x.td?import&ods=records');
    // The cache folder is written next to ods.json.
    expect(existsSync(join(root, '.ods-cache/state.json'))).toBe(true);
  });

  it('re-runs only the jobs an edit affects and updates exactly the modules that read the file', async () => {
    const dir = fixture();
    const { server, root, sent } = await dev(dir);
    await server.transformRequest('/main.js');
    for (const u of ['/x.td?ods=records', '/x.td?ods=print-records', '/y.td?ods=records']) await server.transformRequest(u);
    const yMtime = statSync(join(root, 'out/y.txt')).mtimeMs;

    // An included file outside the root: watched, and only x's modules update.
    await save(join(dir, 'lib/inc/base.td'), 'class Base<string n> { string name = n; int k = 7; }\n');
    const u1 = await waitFor(() => updates(sent)[0], 'an HMR update');
    expect(u1.sort()).toEqual(['/x.td?ods=print-records', '/x.td?ods=records']);
    expect(sent.some((p) => p.type === 'full-reload')).toBe(false);
    await waitFor(() => readFileSync(join(root, 'out/x.txt'), 'latin1').includes('int k = 7;'), 'out/x.txt');
    expect(statSync(join(root, 'out/y.txt')).mtimeMs).toBe(yMtime);
    expect(await moduleValue(server, '/x.td?ods=print-records')).toContain('int k = 7;');

    // The .td itself.
    await save(join(root, 'y.td'), 'def Y { int v = 2; }\n');
    const u2 = await waitFor(() => updates(sent)[1], 'a second HMR update');
    expect(u2).toEqual(['/y.td?ods=records']);
    await waitFor(() => readFileSync(join(root, 'out/y.txt'), 'latin1').includes('int v = 2;'), 'out/y.txt');
    expect(await moduleValue(server, '/y.td?ods=records')).toMatchObject({ Y: { v: 2 } });
  });

  it('serves the outputs of a rebuild on worker threads (several stale inputs) to the modules', async () => {
    const dir = fixture({
      'app/z.td': 'include "base.td"\ndef Z : Base<"z">;\n',
      'app/main.js': [
        "import x from './x.td?ods=records';",
        "import z from './z.td?ods=records';",
        'export { x, z };',
        "if (import.meta.hot) import.meta.hot.accept(['./x.td?ods=records', './z.td?ods=records'], () => {});",
        '',
      ].join('\n'),
      'app/ods.json': JSON.stringify({
        includeDirs: ['../lib/inc'],
        jobs: [
          { input: 'x.td', generator: 'dump-json', output: 'out/x.json' },
          { input: 'z.td', generator: 'dump-json', output: 'out/z.json' },
        ],
      }),
    });
    const { server, root, sent } = await dev(dir, { jobs: 2 });
    await server.transformRequest('/main.js');
    for (const u of ['/x.td?ods=records', '/z.td?ods=records']) await server.transformRequest(u);
    await save(join(dir, 'lib/inc/base.td'), 'class Base<string n> { string name = n; int k = 9; }\n');
    const u = await waitFor(() => updates(sent)[0], 'an HMR update');
    expect(u.sort()).toEqual(['/x.td?ods=records', '/z.td?ods=records']);
    // The update is sent at once; the modules' loads wait for the rebuild.
    expect(await moduleValue(server, '/x.td?ods=records')).toMatchObject({ A: { k: 9 } });
    expect(await moduleValue(server, '/z.td?ods=records')).toEqual(JSON.parse(readFileSync(join(root, 'out/z.json'), 'utf8')));
    expect(await moduleValue(server, '/z.td?ods=records')).toMatchObject({ Z: { name: 'z', k: 9 } });
  });

  it('writes only outputs whose bytes change', async () => {
    const dir = fixture();
    const { root, logs } = await dev(dir);
    const before = statSync(join(root, 'out/x.txt')).mtimeMs;
    // (Not a line before def A: dump-json's !locs would change.)
    await save(join(root, 'x.td'), 'include "base.td"\ndef A : Base<"a">;\n// a comment changes no record\n');
    await waitFor(() => logs.find((l) => /ods: 2 outputs: 0 generated, 2 unchanged/.test(l)), 'the rebuild');
    expect(statSync(join(root, 'out/x.txt')).mtimeMs).toBe(before);
  });

  it('follows includes as they change', async () => {
    const dir = fixture({ 'lib/inc/extra.td': 'class Extra { int e = 1; }\n' });
    const { server, root, sent } = await dev(dir);
    await server.transformRequest('/main.js');
    await server.transformRequest('/x.td?ods=print-records');
    await save(join(root, 'x.td'), 'include "base.td"\ninclude "extra.td"\ndef A : Base<"a">, Extra;\n');
    await waitFor(() => readFileSync(join(root, 'out/x.txt'), 'latin1').includes('int e = 1;'), 'out/x.txt with extra');
    await waitFor(() => updates(sent).length === 1, 'first update');
    // The client fetches the updated module (and the plugin learns its new includes).
    await server.transformRequest('/x.td?ods=print-records');
    // extra.td (outside the root) is watched now.
    await save(join(dir, 'lib/inc/extra.td'), 'class Extra { int e = 2; }\n');
    await waitFor(() => readFileSync(join(root, 'out/x.txt'), 'latin1').includes('int e = 2;'), 'out/x.txt after editing extra.td');
    await waitFor(() => updates(sent).length === 2, 'second update');
    expect(await moduleValue(server, '/x.td?ods=print-records')).toContain('int e = 2;');
  });

  it('reports syntax errors with their location, keeps running, and recovers on the next good save', async () => {
    const dir = fixture();
    const { server, root, sent, logs } = await dev(dir);
    await server.transformRequest('/main.js');
    await server.transformRequest('/x.td?ods=records');
    await save(join(root, 'x.td'), 'include "base.td"\ndef A : Base<"a">\n  oops;\n');
    await waitFor(() => updates(sent)[0], 'the update of the broken module');
    const err = await server.transformRequest('/x.td?ods=records').then(
      () => undefined,
      (e: unknown) => e as { message: string; plugin: string; id: string; loc: unknown; frame: string },
    );
    expect(err).toBeDefined();
    expect(err!.plugin).toBe('vite:ods');
    expect(err!.message).toMatch(/Expected '\{' to start body/);
    expect(err!.loc).toEqual({ file: join(root, 'x.td'), line: 3, column: 3 });
    expect(err!.id).toBe(join(root, 'x.td'));
    expect(err!.frame).toContain('3 |   oops;\n  |   ^');
    await waitFor(() => logs.find((l) => l.includes('x.td:3:3: error:')), 'the diagnostic in the terminal');
    // Another module keeps working, and so does the server.
    expect(await moduleValue(server, '/y.td?ods=records')).toMatchObject({ Y: { v: 1 } });
    await save(join(root, 'x.td'), 'include "base.td"\ndef A : Base<"a">;\ndef B : Base<"b">;\n');
    await waitFor(() => updates(sent)[1], 'the update after the fix');
    expect(await moduleValue(server, '/x.td?ods=records')).toMatchObject({ B: { name: 'b' } });
    await waitFor(() => readFileSync(join(root, 'out/x.txt'), 'latin1').includes('def B'), 'out/x.txt after the fix');
  });

  it('shows errors of jobs no module imports in the overlay, and clears it after the fix', async () => {
    const dir = fixture();
    const { root, sent } = await dev(dir);
    await save(join(root, 'y.td'), 'def Y { int v = ; }\n');
    const e = await waitFor(() => sent.find((p) => p.type === 'error'), 'an overlay error');
    expect(e.type === 'error' && e.err.loc).toEqual({ file: join(root, 'y.td'), line: 1, column: 17 });
    expect(e.type === 'error' && e.err.plugin).toBe('vite:ods');
    await save(join(root, 'y.td'), 'def Y { int v = 3; }\n');
    await waitFor(() => sent.find((p) => p.type === 'update' && p.updates.length === 0), 'an empty update clearing the overlay');
    expect(readFileSync(join(root, 'out/y.txt'), 'latin1')).toContain('int v = 3;');
  });

  it('reloads ods.json when it changes', async () => {
    const dir = fixture();
    const { root } = await dev(dir);
    const cfg = JSON.parse(readFileSync(join(root, 'ods.json'), 'utf8')) as { jobs: unknown[] };
    cfg.jobs.push({ input: 'y.td', generator: 'dump-json', output: 'out/y.json' });
    await save(join(root, 'ods.json'), JSON.stringify(cfg));
    await waitFor(() => existsSync(join(root, 'out/y.json')), 'the new job output');
  });

  it('errors on unknown generators, unless optional', async () => {
    const dir = fixture();
    const { server } = await dev(dir);
    await expect(server.transformRequest('/x.td?ods=no-such-generator')).rejects.toThrow(/unknown generator 'no-such-generator'/);
    expect(await moduleValue(server, '/x.td?ods=no-such-generator&optional')).toBeNull();
    await expect(server.transformRequest('/x.td?ods=records&-bad=1')).rejects.toThrow(/option name/);
    // A generator option it does not know is the generator's error.
    const gen = listGenerators()[0];
    if (gen) await expect(server.transformRequest(`/x.td?ods=${gen}&no-such-option=1`)).rejects.toThrow(/no-such-option/);
  });

  it('works without an ods.json, and with an inline config', async () => {
    const dir = fixture();
    rmSync(join(dir, 'app/ods.json'));
    const { server } = await dev(dir, { jobs: 1, config: { includeDirs: ['../lib/inc'], jobs: [] } }, {}, false);
    expect(await moduleValue(server, '/x.td?ods=records')).toMatchObject({ A: { name: 'a' } });
    const bare = fixture();
    rmSync(join(bare, 'app/ods.json'));
    const s2 = await dev(bare, { jobs: 1 }, {}, false);
    expect(await moduleValue(s2.server, '/y.td?ods=records')).toMatchObject({ Y: { v: 1 } });
    // x.td's include folder is unknown without a config.
    await expect(s2.server.transformRequest('/x.td?ods=records')).rejects.toThrow(/could not find include file 'base.td'/i);
  });
});

describe('vite:ods security', () => {
  it("refuses .td files outside server.fs.allow and inside server.fs.deny", async () => {
    const dir = fixture({ 'outside/z.td': 'def Z;\n', 'app/secret/s.td': 'def S;\n' });
    const { server } = await dev(dir, { jobs: 1 }, { server: { fs: { allow: [join(dir, 'app'), join(dir, 'lib')], deny: ['**/secret/**'] } } });
    await expect(server.transformRequest(`/@fs${join(dir, 'outside/z.td')}?ods=records`)).rejects.toThrow(/outside Vite's serving allow list/);
    await expect(server.transformRequest('/secret/s.td?ods=records')).rejects.toThrow(/deny list/);
    // No way around it with `..`.
    await expect(server.transformRequest(`/@fs${join(dir, 'app')}/../outside/z.td?ods=records`)).rejects.toThrow(/outside Vite's serving allow list/);
    // A relative import from an allowed module is refused the same way.
    await expect(server.transformRequest(`${join(dir, 'outside/z.td')}?ods=records`)).rejects.toThrow(/outside Vite's serving allow list/);
    expect(await moduleValue(server, '/y.td?ods=records')).toMatchObject({ Y: {} });
    // Only .td files.
    await expect(server.transformRequest('/ods.json?ods=records')).rejects.toThrow(/need a \.td file/);
  });

  it('never serves the cache folder', async () => {
    const dir = fixture({ 'app/.ods-cache/c.td': 'def C;\n' });
    const root = join(dir, 'app');
    const server = await createServer({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [ods({ jobs: 1 })],
      server: { host: '127.0.0.1', port: 0, strictPort: false, ws: false, fs: { allow: [dir] } },
    });
    cleanups.push(() => server.close());
    await server.listen();
    await waitFor(() => existsSync(join(root, '.ods-cache/state.json')), 'the first build');
    const { port } = server.httpServer!.address() as AddressInfo;
    const get = (path: string) => fetch(`http://127.0.0.1:${port}${path}`).then((r) => r.status);
    expect(await get('/.ods-cache/state.json')).toBe(403);
    expect(await get(`/@fs${root}/.ods-cache/state.json`)).toBe(403);
    expect(await get('/.ods-cache/c.td?ods=records')).toBe(403);
    await expect(server.transformRequest('/.ods-cache/c.td?ods=records')).rejects.toThrow(/cache folder/);
    expect(await get('/y.td')).toBe(200);
  });
});

describe('vite:ods build', () => {
  it('generates the outputs once and inlines the imports', async () => {
    const dir = fixture();
    const root = join(dir, 'app');
    await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [ods({ jobs: 1 })],
      build: { outDir: join(dir, 'dist'), lib: { entry: join(root, 'main.js'), formats: ['es'], fileName: 'main' }, minify: false },
    });
    expect(readFileSync(join(root, 'out/x.txt'), 'latin1')).toContain('def A {');
    const bundle = readdirSync(join(dir, 'dist'))
      .filter((f) => /\.m?js$/.test(f))
      .map((f) => readFileSync(join(dir, 'dist', f), 'utf8'))
      .join('\n');
    expect(bundle).toContain('def A {');
    expect(bundle).toContain('!tablegen_json_version');
    expect(bundle).not.toMatch(/(import\b[^;]*\?ods=)|(from ['"][^'"]*\?ods=)/);
  });

  it('fails on a job error, naming the location', async () => {
    const dir = fixture();
    const root = join(dir, 'app');
    await save(join(root, 'y.td'), 'def Y { int v = ; }\n');
    const err = await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [ods({ jobs: 1 })],
      build: { outDir: join(dir, 'dist'), write: false, lib: { entry: join(root, 'main.js'), formats: ['es'], fileName: 'main' } },
    }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err).toBeDefined();
    expect(String(err!.message)).toMatch(/Unknown or reserved token/);
  });
});

// The real dialect: outputs as mlir-tblgen-22 writes them, for the generators that exist.
const mlirInclude = findMlirIncludeDir();
const hasMlirTblgen = (() => {
  try {
    execFileSync('mlir-tblgen-22', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!mlirInclude)('vite:ods with the example dialect', () => {
  function copyDialect(): string {
    const dir = tempTree({});
    const src = join(exampleDialect, 'include/Toy');
    for (const f of readdirSync(src)) {
      mkdirSync(join(dir, 'app/include/Toy'), { recursive: true });
      writeFileSync(join(dir, 'app/include/Toy', f), readFileSync(join(src, f)));
    }
    writeFileSync(join(dir, 'app/ods.json'), readFileSync(join(exampleDialect, 'ods.json')));
    return dir;
  }

  it.skipIf(!listGenerators().includes('dialect-decls'))('serves dialect-decls with --dialect=toy equal to the job output', async () => {
    const dir = copyDialect();
    const { server, root } = await dev(dir);
    const text = await moduleValue(server, '/include/Toy/ToyOps.td?ods=dialect-decls&dialect=toy');
    expect(text).toBe(readFileSync(join(root, 'generated/ToyDialect.h.inc'), 'utf8'));
    if (hasMlirTblgen) {
      const ref = execFileSync('mlir-tblgen-22', ['--gen-dialect-decls', '--dialect=toy', '-I', 'include', '-I', mlirInclude!, 'include/Toy/ToyOps.td'], {
        cwd: root,
        encoding: 'utf8',
      });
      expect(text).toBe(ref);
    }
  });

  it.skipIf(!listGenerators().includes('dialect-doc'))('serves dialect-doc like mlir-tblgen-22', async () => {
    const dir = copyDialect();
    const { server, root } = await dev(dir);
    const text = await moduleValue(server, '/include/Toy/ToyOps.td?ods=dialect-doc&dialect=toy');
    expect(text).toContain("# 'toy' Dialect");
    if (hasMlirTblgen) {
      const ref = execFileSync('mlir-tblgen-22', ['--gen-dialect-doc', '--dialect=toy', '-I', 'include', '-I', mlirInclude!, 'include/Toy/ToyOps.td'], {
        cwd: root,
        encoding: 'utf8',
      });
      expect(text).toBe(ref);
    }
  });
});
