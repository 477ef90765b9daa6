// The entries of worker threads (the engine's, the build service's): each runs its CommonJS bundle
// from beside it in dist/ with the thread code cache of compile-cache.ts. build.mjs writes the
// bundle's hash into the entry, so that whatever hashes the entry as the tool's code (the
// engine's cache fingerprint) sees a change of the bundle too.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runCompiledInThread } from './compile-cache.js';

/** Run dist/<name>.cjs, beside the entry at `entryUrl`, as this thread's program. */
export function runThreadBundle(name: string, entryUrl: string): void {
  let build: string | undefined;
  try {
    build = readFileSync(new URL('./build-id.txt', entryUrl), 'utf8').trim();
  } catch {
    build = undefined; // not built by build.mjs: no cache
  }
  runCompiledInThread(fileURLToPath(new URL(`./${name}.cjs`, entryUrl)), name, build);
}
