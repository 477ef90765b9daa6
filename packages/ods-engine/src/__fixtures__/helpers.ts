// Shared helpers of the engine's tests: temp folders with .td fixtures, a bundled worker script.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface TempTree {
  readonly dir: string;
  path(rel: string): string;
  write(rel: string, text: string): string;
  read(rel: string): string;
  /** mtime in ns (bigint), exact enough to prove a file was not rewritten. */
  mtime(rel: string): bigint;
  remove(): void;
}

export function tempTree(files: { [rel: string]: string } = {}, prefix = 'ods-engine-'): TempTree {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const t: TempTree = {
    dir,
    path: (rel) => join(dir, rel),
    write(rel, text) {
      const p = join(dir, rel);
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, text);
      return p;
    },
    read: (rel) => readFileSync(join(dir, rel), 'latin1'),
    mtime: (rel) => statSync(join(dir, rel), { bigint: true }).mtimeNs,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
  for (const [rel, text] of Object.entries(files)) t.write(rel, text);
  return t;
}

const bundled = new Map<string, Promise<URL>>();
/** A fixture entry (default: the engine's test worker script), bundled once per test file into a temp folder. */
export function testWorkerScript(entry = 'worker-entry.ts'): Promise<URL> {
  let url = bundled.get(entry);
  if (!url) bundled.set(entry, (url = bundle(entry)));
  return url;
}

async function bundle(entry: string): Promise<URL> {
  {
    const { build } = await import('esbuild');
    const out = join(mkdtempSync(join(tmpdir(), 'ods-worker-')), entry.replace(/\.ts$/, '.mjs'));
    await build({
      entryPoints: [fileURLToPath(new URL(`./${entry}`, import.meta.url))],
      outfile: out,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
      external: ['chokidar'],
    });
    return pathToFileURL(out);
  }
}

/** Wait until `fn` returns a truthy value (polling), or fail after `ms`. */
export async function waitFor<T>(fn: () => T | undefined | false, ms = 5000, what = 'condition'): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Sleep long enough that a rewritten file gets a different mtime on coarse file systems. */
export const tick = (ms = 15) => new Promise((r) => setTimeout(r, ms));
