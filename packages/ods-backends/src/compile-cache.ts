// The in-process CLI's code, compiled with a V8 code cache. A run without the build service
// (ODS_DAEMON=false, CI) is one short process: V8 spends a good part of it compiling the CLI's
// bundle and then each function it calls. Node 22.1 and later keep that work on disk themselves
// (module.enableCompileCache); on older Node (20) the bundle is run as a vm.Script with the
// cached data of an earlier run, made after that run (so it holds the functions the run
// compiled lazily, not only the top level). V8 checks the data against the source and its own
// version and flags and ignores data that does not match (then a new one is written). A run of
// an action (a generator) no earlier run of the data had writes it again, with that action's
// functions added: CMake calls many generators, each would otherwise compile its own every time.
//
// The cache lives in the tool's private folder (the build service's: 0700, owned by the user,
// checked), since V8 runs whatever bytecode the data holds; its name carries the tool build,
// Node's version and the V8 flags the caller set.
import { readFileSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { cachedDataVersionTag } from 'node:v8';
import { Script } from 'node:vm';
import { ensurePrivateDir, serviceDir } from '@ods-ts/ods-engine/service-client';
import { writePrivateFile } from './private-file.js';

/**
 * Run the CommonJS bundle `file` as the main program. `key` names its build and the V8 flags in
 * effect (the cache file's name); without a key, or where Node keeps a compile cache itself, it
 * is simply required.
 */
export function runCompiled(file: string, key: string | undefined): void {
  // Node 22.1+: the executable turned Node's own compile cache on (module.enableCompileCache).
  if (key === undefined || 'enableCompileCache' in nodeModule) {
    createRequire(file)(file);
    return;
  }
  let cacheFile: string | undefined;
  try {
    const dir = serviceDir();
    ensurePrivateDir(dir);
    cacheFile = join(dir, `cli-${key}-${process.version}.v8cache`);
  } catch {
    // No private folder: run without a cache.
  }
  let cachedData: Buffer | undefined;
  let covered: string[] = [];
  try {
    if (cacheFile) {
      cachedData = readFileSync(cacheFile);
      covered = (JSON.parse(readFileSync(`${cacheFile}.json`, 'utf8')) as { actions?: string[] }).actions ?? [];
    }
  } catch {
    // none yet
  }
  const script = new Script(nodeModule.Module.wrap(readFileSync(file, 'utf8')), { filename: file, ...(cachedData ? { cachedData } : {}) });
  // The data holds the functions the runs that wrote it compiled: a run of another action (another
  // generator) compiles its own functions and writes the data again, with them added.
  const action = actionOf(process.argv.slice(2));
  const accepted = cachedData !== undefined && !script.cachedDataRejected;
  if (cacheFile && (!accepted || !covered.includes(action))) {
    const target = cacheFile;
    const actions = [...(accepted ? covered : []), action].slice(-MAX_ACTIONS);
    process.once('exit', () => {
      try {
        writePrivateFile(target, script.createCachedData());
        writePrivateFile(`${target}.json`, JSON.stringify({ actions }));
        forgetOldCaches(dirname(target));
      } catch {
        // The next run tries again.
      }
    });
  }
  runAsModule(script, file);
}

/** How long a thread runs before it writes its cache: by then it compiled what its work calls. */
const THREAD_CACHE_AFTER_MS = 3_000;

/**
 * Run the CommonJS bundle `file` as the program of a worker thread (the engine's workers, the
 * build service's threads), with a code cache of its own named by `name` and the tool build
 * `build`: every thread started cold on a build compiled the bundle's top level and then each
 * function it called (~150 ms of a thread's start over MLIR's dialects). Threads of several
 * hosts with other V8 flags (`build`'s, Vite's defaults) keep caches of their own: the name holds
 * V8's tag of its version and flags. A thread whose data was missing or refused writes it after
 * a few seconds of work (between two of its jobs), for the threads that come after it.
 */
export function runCompiledInThread(file: string, name: string, build: string | undefined, writeAfterMs = THREAD_CACHE_AFTER_MS): void {
  if (build === undefined || 'enableCompileCache' in nodeModule) {
    createRequire(file)(file);
    return;
  }
  let cacheFile: string | undefined;
  let cachedData: Buffer | undefined;
  try {
    const dir = serviceDir();
    ensurePrivateDir(dir);
    cacheFile = join(dir, `thread-${name}-${build}-${process.version}-${cachedDataVersionTag()}.v8cache`);
    cachedData = readFileSync(cacheFile);
  } catch {
    // No private folder (then no cache), or no data yet.
  }
  const script = new Script(nodeModule.Module.wrap(readFileSync(file, 'utf8')), { filename: file, ...(cachedData ? { cachedData } : {}) });
  if (cacheFile && (cachedData === undefined || script.cachedDataRejected)) {
    const target = cacheFile;
    setTimeout(() => {
      try {
        writePrivateFile(target, script.createCachedData());
        forgetOldCaches(dirname(target));
      } catch {
        // The next thread tries again.
      }
    }, writeAfterMs).unref();
  }
  runAsModule(script, file);
}

/** Run `script` (a CommonJS module wrapped by Module.wrap) as the module `file`. */
function runAsModule(script: Script, file: string): void {
  const module = { exports: {} };
  (script.runInThisContext() as (...args: unknown[]) => void).call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
}

/** Actions a cache is written again for, at most (then the oldest is forgotten). */
const MAX_ACTIONS = 64;

/** The action a command line runs (its generator or llvm-tblgen action), or '' for none. */
function actionOf(argv: readonly string[]): string {
  for (const a of argv) {
    const m = /^--?((?:gen|print)-[a-z0-9-]+|dump-json|null-backend)$/.exec(a);
    if (m) return m[1]!;
  }
  return '';
}

/** Caches unused for a week: other tool builds' and Node versions' (written rarely, so checked then). */
function forgetOldCaches(dir: string): void {
  const weekAgo = Date.now() - 7 * 24 * 3600 * 1000;
  for (const f of readdirSync(dir)) {
    if (!(f.startsWith('cli-') || f.startsWith('thread-')) || !f.endsWith('.v8cache')) continue;
    try {
      if (statSync(join(dir, f)).atimeMs < weekAgo) {
        unlinkSync(join(dir, f));
        if (f.startsWith('cli-')) unlinkSync(join(dir, `${f}.json`));
      }
    } catch {
      // gone already
    }
  }
}
