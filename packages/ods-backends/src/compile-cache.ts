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
    if (!f.startsWith('cli-') || !f.endsWith('.v8cache')) continue;
    try {
      if (statSync(join(dir, f)).atimeMs < weekAgo) {
        unlinkSync(join(dir, f));
        unlinkSync(join(dir, `${f}.json`));
      }
    } catch {
      // gone already
    }
  }
}
