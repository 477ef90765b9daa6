// The command line of `ods-tblgen build` cut into options and their values: one reading for the
// command itself (build-command.ts) and for the startup snapshot's look at a build before any
// engine code loads (startup-snapshot-seeds.ts), so the two never disagree on which word is an
// option's value. No imports: the snapshot's side runs on the cold path.

/** The options that take a value, as `--name value` or `--name=value`. */
const TAKES_VALUE = new Set(['--config', '-c', '--jobs', '-j', '--cache-dir', '--cache-key', '--config-json']);

export interface BuildArg {
  /** The word as given. */
  readonly arg: string;
  /** The option's name (the word before any `=`). */
  readonly name: string;
  /** Its value: after `=`, else the next word for an option that takes one (undefined at the end). */
  readonly value: string | undefined;
}

/** `argv` (the words after `build`) as options with their values, in order. */
export function buildArgs(argv: readonly string[]): BuildArg[] {
  const out: BuildArg[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(0, eq) : arg;
    const value = eq >= 0 ? arg.slice(eq + 1) : TAKES_VALUE.has(name) ? argv[++i] : undefined;
    out.push({ arg, name, value });
  }
  return out;
}
