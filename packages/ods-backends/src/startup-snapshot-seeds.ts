// Seeds of startup snapshots (startup-snapshot.ts): the builds a snapshot rehearses, one per
// working folder. Builds in one folder count as one: an Nx workspace builds each project from
// its root, and the projects' configs mostly share their include parses (OpBase.td and friends),
// which the snapshot holds; a project's own files are parsed anyway.
import { dirname, resolve } from 'node:path';
import { buildArgs } from './build-args.js';

/** A build the snapshot's process ran before saving its heap: `build <argv...>` in `cwd`. */
export interface Seed {
  readonly cwd: string;
  readonly argv: readonly string[];
}

/**
 * The exit code of a snapshot's process for a build it leaves to a process with worker threads
 * (it cannot start them): nothing was printed or written.
 */
export const BUILD_HANDED_BACK = 75;

/**
 * A build of at least this many inputs runs them on worker threads (build-command.ts gives it to
 * the engine as minGroupsForWorkers: one group per input), which a process started from a
 * snapshot cannot start: such a build is handed back whatever is stale, a no-op included.
 */
export const MIN_INPUTS_FOR_WORKERS = 8;

/** Whether a command line may run from a snapshot and seed one: a build that ends (not a watch, help or --print-config). */
export function snapshotCommand(argv: readonly string[]): boolean {
  return argv[0] === 'build' && !argv.some((a) => /^(-w|-h|--(watch|help|print-config))(=|$)/.test(a));
}

/**
 * Whether `build <argv...>` in `cwd` certainly runs on worker threads, judged from its config
 * without loading the engine: its jobs and dialects name MIN_INPUTS_FOR_WORKERS inputs or more.
 * Such a build never runs from a snapshot: starting one only to hand the build back costs a
 * process and the snapshot's load (1.5 s for MLIR's 91 dialects), and its parses would make the
 * snapshot larger and slower to load for every small build. False when unsure (a config that
 * cannot be read, inputs that are globs): the snapshot's process then decides, as before.
 */
export function runsOnWorkers(argv: readonly string[], cwd: string, read: (path: string) => string): boolean {
  let configPath = 'ods.json';
  let json: string | undefined;
  for (const { name, value } of buildArgs(argv.slice(1))) {
    if (name === '--config' || name === '-c') configPath = value ?? configPath;
    else if (name === '--config-json') json = value;
  }
  const file = resolve(cwd, configPath);
  let spec: unknown;
  try {
    spec = JSON.parse(json ?? read(file));
  } catch {
    return false;
  }
  if (typeof spec !== 'object' || spec === null) return false;
  const inputs = new Set<string>();
  for (const key of ['jobs', 'dialects'] as const) {
    const list = (spec as { [k: string]: unknown })[key];
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      const input = typeof entry === 'object' && entry !== null ? (entry as { input?: unknown }).input : undefined;
      if (typeof input !== 'string') continue;
      if (/[*?[\]{}()!\\]/.test(input)) return false;
      inputs.add(resolve(dirname(file), input));
    }
  }
  return inputs.size >= MIN_INPUTS_FOR_WORKERS;
}

/** Whether the seeds hold a build in `cwd`. */
export function covers(seeds: readonly Seed[], cwd: string): boolean {
  return seeds.some((s) => s.cwd === cwd);
}

/** The seeds of the next snapshot: `seed` first, then the earlier ones of other folders, at most `max`. */
export function addSeed(seeds: readonly Seed[], seed: Seed, max: number): Seed[] {
  return [seed, ...seeds.filter((s) => s.cwd !== seed.cwd)].slice(0, max);
}
