// Startup snapshots: a faster start for `ods-tblgen build` without the build service
// (ODS_DAEMON=false, CI, or no service answering), as Nx runs it once per project. Such a build is
// one short process in a cold V8, and much of it goes to loading the engine and the generators
// and to parsing MLIR's shared includes (OpBase.td and the interfaces a dialect includes). A V8
// startup snapshot (`node --build-snapshot`) saves the heap of a process that loaded `build` and
// ran a few recent builds, the seeds (startup-snapshot-main.ts): their include parses and the
// compiled code. A build started from it parses only its own files, while the includes are
// restored, each after every file it read was read again and found to have the same bytes
// (tablegen-core's share.ts); so an edit is never missed.
//
// - Use: the executable runs `build` from the snapshot of this tool build, Node executable and
//   V8 flags, when there is one: in a child process, since a process picks its snapshot when it
//   starts (`node --snapshot-blob`). Output, exit code and streams are the child's. A build big
//   enough for worker threads (which such a process cannot start) is handed back at once.
// - Making: after a successful build the executable notes it (the last one per working folder,
//   up to MAX_SEEDS folders), and when the snapshot holds no build of that folder, or the last
//   run found it stale, it starts `ods-tblgen daemon snapshot` in the background: one at a time,
//   at low priority, at most one per COOLDOWN_MS, writing the new snapshot atomically.
// - Where: the service's private folder (0700, checked), since V8 runs the code a snapshot
//   holds; files `snapshot-<key>.*` (key: tool build and folder, Node version and executable, V8
//   flags).
//   ODS_SNAPSHOT=false turns them off.
//
// The CLI's one-file calls (`--gen-*`) do not use snapshots: a snapshot of their parses loads
// about as slowly as they parse (V8 deserializes the record graph), and the CLI alone already
// starts with a code cache (compile-cache.ts) and reads its include parses from disk
// (parse-cache-file.ts). Measured in tools/bench/callers-bench.mjs.
import type * as ChildProcess from 'node:child_process';
import { chmodSync, closeSync, existsSync, lstatSync, openSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePrivateDir, serviceDir } from '@ods-ts/ods-engine/service-client';
import { writePrivateFile } from './private-file.js';
import { BUILD_HANDED_BACK, type Seed, addSeed, covers, runsOnWorkers, snapshotCommand } from './startup-snapshot-seeds.js';

// child_process only on the paths that start a process: the thin client (which holds this module)
// talks to a running service on most calls and needs none.
const childProcess = (): typeof ChildProcess => createRequire(import.meta.url)('node:child_process') as typeof ChildProcess;

/** V8 flags of the snapshot's processes (a snapshot loads only under the flags it was made with). */
const V8_FLAGS = ['--no-opt', '--v8-pool-size=1'];
/** Seed builds (working folders): each adds its include parses to the snapshot, which every run loads. */
const MAX_SEEDS = 3;
/** The least time between two snapshots. */
const COOLDOWN_MS = 20_000;
/** A builder that held the lock this long is taken for dead. */
const LOCK_STALE_MS = 180_000;

export interface SnapshotPaths {
  readonly dir: string;
  /** The snapshot. */
  readonly blob: string;
  /** The seeds it was made from ({ seeds: Seed[] }). */
  readonly built: string;
  /** The seeds of the next one. */
  readonly wanted: string;
  /** Held by the one builder at work. */
  readonly lock: string;
  /** Left by a run that found the snapshot's include parses out of date. */
  readonly stale: string;
}

export function snapshotsEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env['ODS_SNAPSHOT'] !== 'false' && env['ODS_SNAPSHOT'] !== '0';
}

/** The snapshot files of `buildId` for this Node executable, or undefined without a private folder. */
export function snapshotPaths(buildId: string, env: NodeJS.ProcessEnv = process.env): SnapshotPaths | undefined {
  let dir: string;
  let exe: { size: number; mtimeMs: number };
  try {
    dir = serviceDir(env);
    ensurePrivateDir(dir);
    exe = statSync(process.execPath);
  } catch {
    return undefined;
  }
  // The tool's folder too: a snapshot holds the paths of the installation that made it (the
  // worker script whose hash is in every cache key), and another installation of the same build
  // (a second workspace, a deleted one) must not run with them.
  const key = fnv1a(JSON.stringify([process.version, process.arch, process.execPath, exe.size, exe.mtimeMs, V8_FLAGS, fileURLToPath(new URL('.', import.meta.url))]));
  const base = join(dir, `snapshot-${buildId.replace(/[^\w.-]/g, '_')}-${key}`);
  return { dir, blob: `${base}.blob`, built: `${base}.built.json`, wanted: `${base}.wanted.json`, lock: `${base}.lock`, stale: `${base}.stale` };
}

/** A 32-bit FNV-1a hash in hex (a file name's part; node:crypto costs the thin client a load). */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** A seeds file: the seeds, and for a snapshot made, the snapshot file's stamp. */
interface SeedsFile {
  readonly seeds: readonly Seed[];
  readonly blob?: string;
}

function readSeedsFile(file: string): SeedsFile | undefined {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as Partial<SeedsFile>;
    return Array.isArray(v.seeds) ? { seeds: v.seeds, ...(typeof v.blob === 'string' ? { blob: v.blob } : {}) } : undefined;
  } catch {
    return undefined;
  }
}

function readSeeds(file: string): readonly Seed[] | undefined {
  return readSeedsFile(file)?.seeds;
}

/**
 * The snapshot file's identity, size and time: recorded when it is made and checked before each
 * use, so that a file damaged or replaced since is never loaded (Node dies on a damaged one).
 */
function stamp(file: string): string | undefined {
  try {
    const st = lstatSync(file);
    return `${st.ino}:${st.size}:${st.mtimeMs}`;
  } catch {
    return undefined;
  }
}

/** A file of ours that only we may write (the folder is private; this also rules out links). */
function ours(file: string): boolean {
  try {
    const st = lstatSync(file);
    const uid = typeof process.getuid === 'function' ? process.getuid() : st.uid;
    return st.isFile() && st.uid === uid && (st.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/**
 * Run `argv` (`build ...`) from the snapshot, when there is one: the exit code, or undefined (run
 * it another way). `bin` is the executable's path (the child's argv[1]).
 */
export function runFromSnapshot(paths: SnapshotPaths, argv: readonly string[], bin: string): number | undefined {
  if (!snapshotCommand(argv) || !ours(paths.blob) || runsOnWorkers(argv, process.cwd(), (f) => readFileSync(f, 'utf8'))) return undefined;
  const built = readSeedsFile(paths.built);
  if (!built?.seeds.length || built.blob !== stamp(paths.blob)) return undefined;
  const r = childProcess().spawnSync(process.execPath, [...V8_FLAGS, '--snapshot-blob', paths.blob, '--', bin, ...argv], {
    stdio: 'inherit',
    env: { ...process.env, ODS_SNAPSHOT_STALE_MARK: paths.stale },
  });
  if (r.error) return undefined;
  // Node's exit code when V8 refuses a snapshot (made by another build of Node): nothing ran.
  if (r.status === 14) {
    forget(paths.blob);
    return undefined;
  }
  // A build that needs worker threads, which a process started from a snapshot cannot start:
  // handed back before it printed anything.
  if (r.status === BUILD_HANDED_BACK) return undefined;
  // Node died loading it (it checks little of a snapshot): it is not used again, and the run
  // goes on another way (outputs are written only at the end of a run, and atomically).
  if (r.signal === 'SIGSEGV' || r.signal === 'SIGBUS' || r.signal === 'SIGABRT' || r.signal === 'SIGILL' || r.signal === 'SIGTRAP') {
    forget(paths.blob);
    return undefined;
  }
  if (r.signal) {
    process.kill(process.pid, r.signal);
    return 1;
  }
  return r.status ?? 1;
}

function forget(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // gone already
  }
}

/**
 * Note a successful build (`argv`) in `cwd`, and start a new snapshot in the background when
 * none holds a build of that folder (or the last one is stale). `bin` runs `daemon snapshot`.
 */
export function noteRun(paths: SnapshotPaths, argv: readonly string[], cwd: string, bin: string): void {
  if (!snapshotCommand(argv) || runsOnWorkers(argv, cwd, (f) => readFileSync(f, 'utf8'))) return;
  const stale = existsSync(paths.stale);
  const built = readSeeds(paths.built);
  if (!stale && existsSync(paths.blob) && built && covers(built, cwd)) return;
  const wanted = readSeeds(paths.wanted) ?? built ?? [];
  if (!covers(wanted, cwd)) {
    try {
      writePrivateFile(paths.wanted, JSON.stringify({ seeds: addSeed(wanted, { cwd, argv: [...argv] }, MAX_SEEDS) }));
    } catch {
      return;
    }
  }
  if (lockHeld(paths)) return;
  try {
    if (Date.now() - statSync(paths.built).mtimeMs < COOLDOWN_MS) return;
  } catch {
    // none made yet
  }
  try {
    const child = childProcess().spawn(process.execPath, [bin, 'daemon', 'snapshot'], { detached: true, stdio: 'ignore', env: { ...process.env, ODS_DAEMON: 'false' } });
    child.unref();
  } catch {
    // Next time.
  }
}

function lockHeld(paths: SnapshotPaths): boolean {
  try {
    return Date.now() - statSync(paths.lock).mtimeMs < LOCK_STALE_MS;
  } catch {
    return false;
  }
}

export type BuildOutcome = 'made' | 'busy' | 'nothing to do' | 'failed';

/**
 * Make the snapshot of the wanted seeds (`daemon snapshot`), at low priority; one builder at a
 * time. `entry` is dist/startup-snapshot.cjs.
 */
export function buildSnapshot(paths: SnapshotPaths, entry: string): BuildOutcome {
  if (lockHeld(paths)) return 'busy';
  forget(paths.lock); // a dead builder's
  try {
    closeSync(openSync(paths.lock, 'wx', 0o600));
  } catch {
    return 'busy';
  }
  const seedsFile = `${paths.wanted}.${process.pid}.building`;
  const tmp = `${paths.blob}.${process.pid}.tmp`;
  try {
    const seeds = readSeeds(paths.wanted) ?? readSeeds(paths.built);
    if (!seeds?.length) return 'nothing to do';
    try {
      setPriority(19);
    } catch {
      // as is
    }
    writeFileSync(seedsFile, JSON.stringify({ seeds }), { mode: 0o600 });
    forget(paths.stale);
    const r = childProcess().spawnSync(process.execPath, [...V8_FLAGS, '--snapshot-blob', tmp, '--build-snapshot', entry], {
      stdio: 'ignore',
      env: { ...process.env, ODS_SNAPSHOT_SEEDS: seedsFile },
      timeout: LOCK_STALE_MS - 10_000,
    });
    if (r.status !== 0 || !existsSync(tmp)) return 'failed';
    chmodSync(tmp, 0o600);
    renameSync(tmp, paths.blob);
    writePrivateFile(paths.built, JSON.stringify({ seeds, blob: stamp(paths.blob) }));
    forgetOldSnapshots(paths);
    return 'made';
  } catch {
    return 'failed';
  } finally {
    forget(tmp);
    forget(seedsFile);
    forget(paths.lock);
  }
}

/** Snapshots of other tool builds or Node executables unused for a day. */
function forgetOldSnapshots(paths: SnapshotPaths): void {
  const dayAgo = Date.now() - 24 * 3600 * 1000;
  const mine = paths.blob.slice(0, -'.blob'.length);
  for (const f of readdirSync(paths.dir)) {
    const file = join(paths.dir, f);
    if (!f.startsWith('snapshot-') || file.startsWith(mine)) continue;
    try {
      if (statSync(file).atimeMs < dayAgo) unlinkSync(file);
    } catch {
      // gone already
    }
  }
}

/** A one-line description for `daemon status`. */
export function describeSnapshot(paths: SnapshotPaths): string {
  if (!existsSync(paths.blob)) return 'startup snapshot: none yet\n';
  const seeds = readSeeds(paths.built) ?? [];
  const mb = statSync(paths.blob).size / 1048576;
  return `startup snapshot: ${mb.toFixed(1)} MB, ${seeds.length} seed build${seeds.length === 1 ? '' : 's'}${existsSync(paths.stale) ? ' (stale: a new one is due)' : ''}\n`;
}
