// The generator registry: each `--gen-*` backend registers itself here under its flag name.
import type { RecordKeeper, SourceManager } from '@ods-ts/tablegen-core';

/** A generator option (e.g. `--dialect=arith`), parsed like an llvm cl::opt. */
export interface GeneratorOption {
  readonly name: string;
  readonly description: string;
  /** `string` options take a value; `bool` options are flags; `list` may repeat. */
  readonly kind: 'string' | 'bool' | 'list';
  readonly default?: string;
  /** The value's name in --help (`<target prefix>`); `<string>` by default. */
  readonly valueName?: string;
}

export interface GeneratorContext {
  readonly records: RecordKeeper;
  readonly sources: SourceManager;
  /** The input file name as given on the command line. */
  readonly inputFilename: string;
  /** Values of the options the generator declared. */
  readonly options: ReadonlyMap<string, string | boolean | string[]>;
  /**
   * The jobs that run on the same parse after this one (`ods-tblgen build` and the plugins run
   * every job of an input on one parse; the plain CLI has no group), and a memo in which a
   * generator may leave work for them instead of letting them redo it.
   */
  readonly group?: GeneratorGroup;
}

/** See GeneratorContext.group. */
export interface GeneratorGroup {
  /** The jobs still to run on this parse, in order: generator name and option values. */
  readonly later: readonly { readonly generator: string; readonly options: ReadonlyMap<string, string | boolean | string[]> }[];
  readonly memo: Map<string, unknown>;
}

/** A backend: returns the output text, or throws a FatalError after reporting a diagnostic. */
export interface Generator {
  /** The flag name without `--gen-`, e.g. `op-decls`. */
  readonly name: string;
  readonly description: string;
  /** The action flag without `--` when it is not `gen-<name>` (mlir-tblgen's `verify-openmp-ops`). */
  readonly flag?: string;
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

/** The action flag of a generator, without `--`. */
export function generatorFlag(g: Generator): string {
  return g.flag ?? `gen-${g.name}`;
}

/** Names of every implemented `--gen-*` flag (without the `gen-` prefix). */
export function listGenerators(): string[] {
  return [...generators.keys()].sort();
}

