// Include parses kept on disk for the CLI's one-file calls without the build service
// (ODS_DAEMON=false, CI): CMake and Bazel run one process per output, several per `.td` file,
// and each would parse the same includes (OpBase.td, the interfaces) again. The first call on an
// input saves its include parses (tablegen-core's share-persist.ts); the next calls on that
// input restore them, each include only after every file it read was read again and found to
// have the same bytes (share.ts), so an edit is never missed.
//
// One file per input (with its include path and working folder): it holds that input's include
// chain only, so a call loads what it needs. Files live in the service's private folder (0700,
// checked), named by the tool build; files unused for a week are removed, and the least recently
// used ones past MAX_TOTAL_BYTES in all (the folder may be a small tmpfs: $XDG_RUNTIME_DIR). A
// cache that turned out stale (an include was edited) is dropped and made afresh by the next call.
// ODS_PARSE_CACHE=false turns this off.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, unlinkSync, utimesSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { ParseCache, decodeParseCache, encodeParseCache } from '@ods-ts/tablegen-core';
import { ensurePrivateDir, serviceDir } from '@ods-ts/ods-engine/service-client';
import { writePrivateFile } from './private-file.js';

/** The most bytes the files may take in all, by default (an MLIR dialect's includes take 2–5 MB). */
const MAX_TOTAL_BYTES = 192 * 1024 * 1024;
/** Files unused this long are removed. */
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;

let build: string | undefined;
/** Whether the process runs without V8's optimizing compiler (the CLI alone): see save. */
let interpreted = false;
let maxTotalBytes = MAX_TOTAL_BYTES;
/** Caches handed out and not saved yet. */
const pending: Loaded[] = [];

/**
 * Turn persisted include parses on for this process (the CLI alone; the conformance harness).
 * `buildId` names the tool build: caches of other builds are never read. They are saved when
 * the process exits, or at flushPersistedParses.
 */
export function persistParses(buildId: string | undefined, opts: { interpreted?: boolean; maxTotalBytes?: number } = {}): void {
  if (process.env['ODS_PARSE_CACHE'] === 'false' || buildId === undefined) return;
  if (build === undefined) process.once('exit', flushPersistedParses);
  build = buildId;
  interpreted = opts.interpreted ?? false;
  maxTotalBytes = opts.maxTotalBytes ?? MAX_TOTAL_BYTES;
}

/** Save what the parses since the last call added to their caches. */
export function flushPersistedParses(): void {
  for (const l of pending.splice(0)) save(l);
}

/** Caches of this thread: read from disk, made new, saved, and dropped as stale. */
export const persistedParseCounts = { read: 0, made: 0, saved: 0, dropped: 0 };

interface Loaded {
  readonly file: string;
  readonly cache: ParseCache;
  /** Includes kept in the cache when it was read (0: a new cache). */
  readonly storedAtLoad: number;
}

/**
 * The cache for a parse of `input` (a path, not `-`) with these include dirs in `cwd`: read
 * from disk when an earlier call saved one, else new. Undefined when parses are not persisted
 * or there is no private folder. Whatever the parse adds is saved when the process exits.
 */
export function persistedParseCache(input: string, includeDirs: readonly string[], cwd: string): ParseCache | undefined {
  if (build === undefined) return undefined;
  let dir: string;
  try {
    dir = join(serviceDir(), 'parses');
    ensurePrivateDir(dir);
  } catch {
    return undefined;
  }
  const key = createHash('sha256')
    .update(JSON.stringify([build, process.version, cwd, isAbsolute(input) ? input : join(cwd, input), includeDirs]))
    .digest('hex')
    .slice(0, 32);
  const file = join(dir, `${build.slice(0, 16)}-${key}.parses`);
  let cache: ParseCache | undefined;
  try {
    cache = decodeParseCache(readFileSync(file), build);
    // Its time says when it was last used (see forgetOldCaches).
    if (cache) utimesSync(file, new Date(), new Date());
  } catch {
    // none yet
  }
  const loaded: Loaded = cache ? { file, cache, storedAtLoad: cache.stored } : { file, cache: new ParseCache(includeDirs), storedAtLoad: 0 };
  persistedParseCounts[cache ? 'read' : 'made']++;
  pending.push(loaded);
  return loaded.cache;
}

function save({ file, cache, storedAtLoad }: Loaded): void {
  if (cache.stored === storedAtLoad) return;
  try {
    if (storedAtLoad > 0) {
      // Some include was parsed again (an edit): drop the grown cache, the next call saves anew.
      unlinkSync(file);
      persistedParseCounts.dropped++;
      return;
    }
    // The walk over the parse's objects: V8's optimizing compiler pays for itself here (the
    // CLI alone otherwise runs without it, and this is its last step).
    if (interpreted) setFlagsFromString('--opt');
    const bytes = encodeParseCache(cache, build!);
    if (interpreted) setFlagsFromString('--no-opt');
    if (!bytes) return;
    writePrivateFile(file, bytes);
    persistedParseCounts.saved++;
    forgetOldCaches(join(file, '..'));
  } catch {
    // The next call tries again.
  }
}

/** Files unused for a week, then the least recently used past maxTotalBytes. */
function forgetOldCaches(dir: string): void {
  const now = Date.now();
  const files: { path: string; bytes: number; used: number }[] = [];
  for (const f of readdirSync(dir)) {
    if (!f.endsWith('.parses')) continue;
    try {
      const st = statSync(join(dir, f));
      files.push({ path: join(dir, f), bytes: st.size, used: st.mtimeMs });
    } catch {
      // gone already
    }
  }
  files.sort((a, b) => b.used - a.used);
  let total = 0;
  for (const f of files) {
    total += f.bytes;
    if (total <= maxTotalBytes && now - f.used < MAX_AGE_MS) continue;
    try {
      unlinkSync(f.path);
    } catch {
      // gone already
    }
  }
}
