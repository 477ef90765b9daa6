// @ods-ts/vite-plugin-ods: the Vite plugin of ods-ts, meant to turn `.td` imports into the
// output of ods-tblgen (records, JSON or a --gen-* generator) during development and builds.
// This release defines the plugin object and validates its options; it adds no hooks yet, so it
// is safe to list in a Vite config today.

/** Options of {@link odsPlugin}. */
export interface OdsPluginOptions {
  /** Include directories searched by `include "..."` (like `-I`). */
  includeDirs?: string[];
  /** Macro names defined for the preprocessor (like `-D`). */
  defines?: string[];
  /** The generator to run on imported `.td` files, without `--gen-` (e.g. `op-decls`). */
  generator?: string;
  /** Extra generator options, e.g. `--dialect=toy`. */
  generatorArgs?: string[];
}

/** The subset of Vite's `Plugin` shape this plugin fills in (no dependency on Vite's types). */
export interface OdsVitePlugin {
  name: 'vite:ods';
  enforce: 'pre';
}

function checkStringArray(value: unknown, name: string): void {
  if (value === undefined) return;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw new TypeError(`vite:ods: option '${name}' must be an array of strings`);
  }
}

/** Throws a TypeError naming the first invalid option. */
export function validateOptions(options: unknown): asserts options is OdsPluginOptions {
  if (options === undefined) return;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError('vite:ods: options must be an object');
  }
  const o = options as Record<string, unknown>;
  const known = new Set(['includeDirs', 'defines', 'generator', 'generatorArgs']);
  for (const key of Object.keys(o)) {
    if (!known.has(key)) throw new TypeError(`vite:ods: unknown option '${key}'`);
  }
  checkStringArray(o.includeDirs, 'includeDirs');
  checkStringArray(o.defines, 'defines');
  checkStringArray(o.generatorArgs, 'generatorArgs');
  if (o.generator !== undefined && (typeof o.generator !== 'string' || !/^[a-z][a-z0-9-]*$/.test(o.generator))) {
    throw new TypeError(`vite:ods: option 'generator' must be a generator name such as 'op-decls'`);
  }
  for (const d of (o.defines as string[] | undefined) ?? []) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(d)) throw new TypeError(`vite:ods: '${d}' is not a valid macro name`);
  }
}

/** Creates the plugin; throws a TypeError on invalid options. */
export function odsPlugin(options: OdsPluginOptions = {}): OdsVitePlugin {
  validateOptions(options);
  return { name: 'vite:ods', enforce: 'pre' };
}

export default odsPlugin;
