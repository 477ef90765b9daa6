// Seeds of startup snapshots (startup-snapshot.ts): the builds a snapshot rehearses, one per
// working folder. Builds in one folder count as one: an Nx workspace builds each project from
// its root, and the projects' configs mostly share their include parses (OpBase.td and friends),
// which the snapshot holds; a project's own files are parsed anyway.

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

/** Whether a command line may run from a snapshot and seed one: a build that ends (not a watch, help or --print-config). */
export function snapshotCommand(argv: readonly string[]): boolean {
  return argv[0] === 'build' && !argv.some((a) => /^(-w|-h|--(watch|help|print-config))(=|$)/.test(a));
}

/** Whether the seeds hold a build in `cwd`. */
export function covers(seeds: readonly Seed[], cwd: string): boolean {
  return seeds.some((s) => s.cwd === cwd);
}

/** The seeds of the next snapshot: `seed` first, then the earlier ones of other folders, at most `max`. */
export function addSeed(seeds: readonly Seed[], seed: Seed, max: number): Seed[] {
  return [seed, ...seeds.filter((s) => s.cwd !== seed.cwd)].slice(0, max);
}
