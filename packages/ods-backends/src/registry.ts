// The generator registry: each `--gen-*` backend registers itself here under its flag name.
import type { RecordKeeper, SourceManager } from '@ods-ts/tablegen-core';

/** A generator option (e.g. `--dialect=arith`), parsed like an llvm cl::opt. */
export interface GeneratorOption {
  readonly name: string;
  readonly description: string;
  /** `string` options take a value; `bool` options are flags; `list` may repeat. */
  readonly kind: 'string' | 'bool' | 'list';
  readonly default?: string;
}

export interface GeneratorContext {
  readonly records: RecordKeeper;
  readonly sources: SourceManager;
  /** The input file name as given on the command line. */
  readonly inputFilename: string;
  /** Values of the options the generator declared. */
  readonly options: ReadonlyMap<string, string | boolean | string[]>;
}

/** A backend: returns the output text, or throws a FatalError after reporting a diagnostic. */
export interface Generator {
  /** The flag name without `--gen-`, e.g. `op-decls`. */
  readonly name: string;
  readonly description: string;
  readonly options?: readonly GeneratorOption[];
  run(ctx: GeneratorContext): string;
}

const generators = new Map<string, Generator>();

export function registerGenerator(g: Generator): void {
  if (generators.has(g.name)) throw new Error(`generator ${g.name} registered twice`);
  generators.set(g.name, g);
}

export function getGenerator(name: string): Generator | undefined {
  return generators.get(name);
}

/** Names of every implemented `--gen-*` flag (without the `gen-` prefix). */
export function listGenerators(): string[] {
  return [...generators.keys()].sort();
}

/** Thrown for a malformed generator option. */
export class GeneratorOptionError extends Error {}

/**
 * Parse generator options given as command-line words (`--dialect=x`, `--dialect x`, `--flag`)
 * like llvm's cl::opt. Unknown options are errors.
 */
export function parseGeneratorOptions(g: Generator, args: readonly string[]): Map<string, string | boolean | string[]> {
  const out = new Map<string, string | boolean | string[]>();
  const specs = new Map((g.options ?? []).map((o) => [o.name, o] as const));
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const body = arg.replace(/^--?/, '');
    const eq = body.indexOf('=');
    const name = eq >= 0 ? body.slice(0, eq) : body;
    const inline = eq >= 0 ? body.slice(eq + 1) : undefined;
    const spec = specs.get(name);
    if (!spec || !arg.startsWith('-')) throw new GeneratorOptionError(`Unknown command line argument '${arg}'`);
    if (spec.kind === 'bool') {
      out.set(name, inline === undefined ? true : inline !== 'false' && inline !== '0');
      continue;
    }
    let value = inline;
    if (value === undefined) {
      if (i + 1 >= args.length) throw new GeneratorOptionError(`for the --${name} option: requires a value!`);
      value = args[++i]!;
    }
    if (spec.kind === 'list') {
      const prev = out.get(name);
      out.set(name, [...(Array.isArray(prev) ? prev : []), ...value.split(',')]);
    } else out.set(name, value);
  }
  return out;
}
