// Helpers of the Vite end-to-end test and the Vite bench: a copy of the example app and dialect,
// a dev server started as a child process, headless Chromium through playwright-core, and the
// reference tools.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const OUT = join(REPO, 'e2e/out');
export const ODS_TBLGEN = join(REPO, 'packages/ods-backends/bin/ods-tblgen.js');

/** Chromium from Debian (`apt-get install -y chromium`), or $CHROMIUM_PATH. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env['CHROMIUM_PATH'], '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => !!p && existsSync(p));
}

export function hasTool(name: string): boolean {
  return spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0;
}

export function mlirIncludeDir(): string | undefined {
  if (process.env['MLIR_INCLUDE_DIR']) return process.env['MLIR_INCLUDE_DIR'];
  try {
    const dir = execFileSync('llvm-config-22', ['--includedir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return existsSync(join(dir, 'mlir/IR/OpBase.td')) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/** Builds the packages the example needs when their dist is missing. */
export function ensureBuilt(): void {
  const need = ['tablegen-core/dist/index.js', 'ods-backends/dist/index.js', 'ods-backends/dist/engine-worker.js', 'vite-plugin-ods/dist/index.js'];
  if (need.every((p) => existsSync(join(REPO, 'packages', p)))) return;
  execFileSync('npx', ['nx', 'run-many', '-t', 'build', '-p', '@ods-ts/tablegen-core', '@ods-ts/ods-backends', '@ods-ts/vite-plugin-ods', '--output-style=static'], {
    cwd: REPO,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  });
}

/**
 * A temp folder with copies of examples/dialect (its .td files and ods.json, no generated
 * outputs, no cache) and examples/dialect-docs (without node_modules or dist) side by side, and a
 * node_modules link to the repository's (vite, marked and the workspace packages).
 */
export function copyExample(): { dir: string; app: string; dialect: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'ods-vite-e2e-'));
  const dialect = join(dir, 'examples/dialect');
  const app = join(dir, 'examples/dialect-docs');
  mkdirSync(dialect, { recursive: true });
  cpSync(join(REPO, 'examples/dialect/include'), join(dialect, 'include'), { recursive: true });
  cpSync(join(REPO, 'examples/dialect/ods.json'), join(dialect, 'ods.json'));
  cpSync(join(REPO, 'examples/dialect-docs'), app, {
    recursive: true,
    filter: (src) => !/[/\\](node_modules|dist|\.ods-cache)$/.test(src),
  });
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return { dir, app, dialect, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface DevServer {
  url: string;
  child: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** `vite` in `app` on 127.0.0.1 and a free port; resolves when it answers. */
export async function startVite(app: string, timeoutMs = 120_000): Promise<DevServer> {
  const port = await freePort();
  const vite = join(REPO, 'node_modules/vite/bin/vite.js');
  const child = spawn(process.execPath, [vite, '--host', '127.0.0.1', '--port', String(port), '--strictPort', '--clearScreen', 'false'], {
    cwd: app,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}/`;
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`vite exited with ${child.exitCode}:\n${out}`);
    try {
      const r = await fetch(url);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) {
      child.kill('SIGTERM');
      throw new Error(`vite did not answer on ${url}:\n${out}`);
    }
    await sleep(100);
  }
  return {
    url,
    child,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Headless Chromium with a fresh profile (a persistent context is the way to pass one). */
export async function launchChromium(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const { chromium } = await import('playwright-core');
  const userDataDir = mkdtempSync(join(tmpdir(), 'ods-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    viewport: { width: 1360, height: 1000 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** The first error of a reference tool run on a file: `path:line:col`. */
export function referenceErrorLocation(tool: string, args: readonly string[], cwd: string): { file: string; line: number; column: number; message: string } | undefined {
  const r = spawnSync(tool, args, { cwd, encoding: 'utf8' });
  const m = /^(.+?):(\d+):(\d+): error: (.*)$/m.exec(r.stderr);
  return m ? { file: m[1]!, line: Number(m[2]), column: Number(m[3]), message: m[4]! } : undefined;
}

export function readLatin1(p: string): string {
  return readFileSync(p, 'latin1');
}
