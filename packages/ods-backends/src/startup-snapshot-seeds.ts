// Seeds of startup snapshots (startup-snapshot.ts): the commands a snapshot rehearses, and how a
// command line is matched against them. Only a rough reading of the command line is needed
// here (llvm::cl's full rules are in cli/cl.ts): a wrong guess costs time, never a wrong output.

/** A command the snapshot's process ran before saving its heap. */
export interface Seed {
  /** What its parse depends on (`parseId`): the include parses it leaves in the snapshot. */
  readonly id: string;
  /** Its action (`actionOf`): the generator whose code it leaves compiled. */
  readonly action: string;
  readonly cwd: string;
  readonly argv: readonly string[];
}

/**
 * The exit code of a snapshot's process for a build it leaves to a process with worker threads
 * (it cannot start them): nothing was printed or written.
 */
export const BUILD_HANDED_BACK = 75;

/** Options whose value names an output (with the value as the next word, or after `=`). */
const OUTPUT_OPTIONS = ['o', 'd'];

/** The command line without its output names: the same run writing elsewhere is the same seed. */
export function withoutOutputs(argv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const m = /^--?([a-z]+)(=.*)?$/.exec(argv[i]!);
    if (m && OUTPUT_OPTIONS.includes(m[1]!)) {
      if (m[2] === undefined) i++;
      continue;
    }
    kept.push(argv[i]!);
  }
  return kept;
}

/** The words that select an action (a generator or one of llvm-tblgen's built-in actions). */
const ACTION = /^--?(gen-[\w-]+|print-records|print-detailed-records|dump-json|null-backend|print-enums|print-sets)$/;

/** A command's action word, without its dashes ('print-records' when it names none; 'build'). */
export function actionOf(argv: readonly string[]): string {
  if (argv[0] === 'build') return 'build';
  const a = argv.find((w) => ACTION.test(w));
  return a ? a.replace(/^--?/, '') : 'print-records';
}

/**
 * What a command's parse depends on: its working folder and its words but the outputs and
 * action. Builds in one folder count as one: an Nx workspace builds each project from its root,
 * and the projects' configs mostly share their include parses (OpBase.td and friends).
 */
export function parseId(argv: readonly string[], cwd: string): string {
  if (argv[0] === 'build') return JSON.stringify([cwd, 'build']);
  return JSON.stringify([cwd, withoutOutputs(argv).filter((w) => !ACTION.test(w))]);
}

export function makeSeed(argv: readonly string[], cwd: string): Seed {
  return { id: parseId(argv, cwd), action: actionOf(argv), cwd, argv: [...argv] };
}

/** Whether a snapshot of `seeds` holds what a run of `argv` needs: its include parses and its action's code. */
export function covers(seeds: readonly Seed[], argv: readonly string[], cwd: string): boolean {
  const id = parseId(argv, cwd);
  const action = actionOf(argv);
  return seeds.some((s) => s.id === id) && seeds.some((s) => s.action === action);
}

/**
 * The seeds of the next snapshot: `seed` first, then the earlier ones, one per parse and action,
 * keeping at most `maxParses` different parses (each adds its include parses to the snapshot,
 * which every run loads) and `maxSeeds` commands.
 */
export function addSeed(seeds: readonly Seed[], seed: Seed, maxParses: number, maxSeeds: number): Seed[] {
  const out: Seed[] = [];
  const parses = new Set<string>();
  for (const s of [seed, ...seeds]) {
    if (out.some((o) => o.id === s.id && o.action === s.action)) continue;
    if (!parses.has(s.id) && parses.size === maxParses) continue;
    parses.add(s.id);
    out.push(s);
    if (out.length === maxSeeds) break;
  }
  return out;
}

/** The include folders a command line names (`-I dir`, `-Idir`, `-I=dir`), in order. */
export function includeWords(argv: readonly string[]): string[] {
  const dirs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const m = /^--?I(=?)(.*)$/s.exec(argv[i]!);
    if (!m) continue;
    if (m[1] === '' && m[2] === '') {
      if (i + 1 < argv.length) dirs.push(argv[++i]!);
    } else dirs.push(m[2]!);
  }
  return dirs;
}

/**
 * Whether a command may be a seed: one that reads a file and is worth rehearsing (not stdin,
 * help or version; a build that ends, not a watch).
 */
export function seedable(argv: readonly string[]): boolean {
  if (argv[0] === 'build') return !argv.some((a) => /^(-w|-h|--(watch|help|print-config))(=|$)/.test(a));
  return argv.length > 0 && !argv.some((a) => a === '-' || /^--?(help|version|print-all-options|print-options)/.test(a));
}

/** Whether a snapshot of `seeds` is worth starting `argv` from: it holds parses the run may share. */
export function worthStarting(seeds: readonly Seed[], argv: readonly string[]): boolean {
  if (argv[0] === 'build') return seeds.some((s) => s.action === 'build');
  const dirs = JSON.stringify(includeWords(argv));
  return seeds.some((s) => s.action !== 'build' && JSON.stringify(includeWords(s.argv)) === dirs);
}
