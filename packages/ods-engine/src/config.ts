// The `ods.json` config: one format for the CLI (`ods-tblgen build`), Nx and Vite. Paths are
// relative to the config file's folder; `$env{NAME}` expands an environment variable. Every
// mistake is reported with its JSON path.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import fg from 'fast-glob';

/** A job as written in ods.json. `input` may be a glob; `output` and `args` may hold `{name}`/`{dir}`. */
export interface OdsJobSpec {
  input: string;
  generator: string;
  args?: string[];
  output: string;
}

/** An output set of a dialect preset: on (the dialect's input), another .td, or both given. */
export type DialectPartSpec = boolean | string | { input?: string; output?: string };

/**
 * A dialect preset: the outputs of CMake's `add_mlir_dialect(<base> <name>)` (ops, dialect and
 * types) and, when asked for, attributes, enums, interfaces, docs and DRR patterns.
 */
export interface DialectPresetSpec {
  /** The dialect's name (`--dialect=`, `--typedefs-dialect=`, `--attrdefs-dialect=`). */
  name: string;
  /** The dialect's ops .td (CMake's `<base>.td`). */
  input: string;
  /** The outputs' base name (CMake's first argument); default: the input's file name without `.td`. */
  base?: string;
  /** The folder of the outputs, relative to the config (default `generated`). */
  outputDir?: string;
  ops?: DialectPartSpec;
  dialect?: DialectPartSpec;
  types?: DialectPartSpec;
  attributes?: DialectPartSpec;
  enums?: DialectPartSpec;
  interfaces?: DialectPartSpec;
  docs?: DialectPartSpec;
  drr?: DialectPartSpec;
}

/** The ods.json document. */
export interface OdsConfigSpec {
  $schema?: string;
  includeDirs?: string[];
  /** MLIR's .td include folder; found with `llvm-config-22 --includedir` when omitted. */
  mlirIncludeDir?: string;
  macros?: string[];
  cacheDir?: string;
  dialects?: DialectPresetSpec[];
  jobs?: OdsJobSpec[];
}

/** A job with absolute paths. */
export interface OdsJob {
  readonly index: number;
  readonly input: string;
  readonly generator: string;
  readonly args: readonly string[];
  readonly output: string;
}

/** A glob input of the config: its absolute pattern, the folder it starts from, the files it matched. */
export interface OdsGlob {
  readonly pattern: string;
  readonly base: string;
  readonly matches: readonly string[];
}

/** A validated config with absolute paths. */
export interface OdsConfig {
  /** The config file (or a virtual path for inline configs). */
  readonly configPath: string;
  readonly baseDir: string;
  readonly includeDirs: readonly string[];
  /** MLIR's include folder (also the last of `includeDirs`), when known. */
  readonly mlirIncludeDir?: string;
  readonly macros: readonly string[];
  readonly cacheDir: string;
  readonly jobs: readonly OdsJob[];
  /** The glob inputs the jobs were expanded from (a new matching file changes the config). */
  readonly globs: readonly OdsGlob[];
}

export class ConfigError extends Error {
  constructor(
    readonly configPath: string,
    readonly problems: readonly string[],
  ) {
    super(`${configPath}: invalid ods config:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Generators that are not `--gen-*` flags. */
export const BUILTIN_GENERATORS = ['print-records', 'dump-json'] as const;

let cachedMlirIncludeDir: string | null | undefined;

/** MLIR's include folder: $MLIR_INCLUDE_DIR, else `llvm-config-22 --includedir`, else undefined. */
export function findMlirIncludeDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env['MLIR_INCLUDE_DIR']) return env['MLIR_INCLUDE_DIR'];
  if (cachedMlirIncludeDir === undefined) {
    try {
      const dir = execFileSync('llvm-config-22', ['--includedir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
      cachedMlirIncludeDir = dir && existsSync(join(dir, 'mlir')) ? dir : null;
    } catch {
      cachedMlirIncludeDir = null;
    }
  }
  return cachedMlirIncludeDir ?? undefined;
}

function expandEnv(value: string, path: string, env: NodeJS.ProcessEnv, problems: string[]): string {
  return value.replace(/\$env\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_m, name: string) => {
    const v = env[name];
    if (v === undefined) {
      problems.push(`${path}: environment variable ${name} is not set`);
      return '';
    }
    return v;
  });
}

/** `op-decls`, `gen-op-decls` and `--gen-op-decls` all name the generator `op-decls`. */
export function normalizeGenerator(name: string): string {
  return name.replace(/^--?/, '').replace(/^gen-/, '');
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

type PresetOutput = { readonly generator: string; readonly ext: string; readonly nameArg?: string };
/** A `-decls`/`-defs` pair into `.h.inc`/`.cpp.inc`, with the dialect's name in `nameArg` if any. */
const declsAndDefs = (prefix: string, nameArg?: string): readonly PresetOutput[] =>
  (['decls', 'defs'] as const).map((k) => ({ generator: `${prefix}-${k}`, ext: k === 'decls' ? '.h.inc' : '.cpp.inc', ...(nameArg ? { nameArg } : {}) }));

/** The output sets of a dialect preset: generators, arguments and output names, after MLIR's CMake. */
const DIALECT_PARTS: readonly {
  key: keyof DialectPresetSpec & string;
  /** Made without being asked (as by `add_mlir_dialect`). */
  byDefault: boolean;
  /** The base name's suffix when the part reads the dialect's input. */
  suffix: string;
  outputs: readonly PresetOutput[];
}[] = [
  { key: 'ops', byDefault: true, suffix: '', outputs: declsAndDefs('op') },
  { key: 'types', byDefault: true, suffix: 'Types', outputs: declsAndDefs('typedef', '--typedefs-dialect') },
  { key: 'dialect', byDefault: true, suffix: 'Dialect', outputs: declsAndDefs('dialect', '--dialect') },
  { key: 'attributes', byDefault: false, suffix: 'Attributes', outputs: declsAndDefs('attrdef', '--attrdefs-dialect') },
  { key: 'enums', byDefault: false, suffix: 'Enums', outputs: declsAndDefs('enum') },
  { key: 'interfaces', byDefault: false, suffix: 'Interfaces', outputs: declsAndDefs('op-interface') },
  { key: 'docs', byDefault: false, suffix: '', outputs: [{ generator: 'dialect-doc', ext: '.md', nameArg: '--dialect' }] },
  { key: 'drr', byDefault: false, suffix: 'Patterns', outputs: [{ generator: 'rewriters', ext: '.inc' }] },
];
const PRESET_KEYS = new Set(['name', 'input', 'base', 'outputDir', ...DIALECT_PARTS.map((p) => p.key)]);
const TOP_KEYS = new Set(['$schema', 'includeDirs', 'mlirIncludeDir', 'macros', 'cacheDir', 'dialects', 'jobs']);
const JOB_KEYS = new Set(['input', 'generator', 'args', 'output']);

/** `{name}` (the input's file name without `.td`) and `{dir}` (its folder below a glob's base). */
function fillTemplate(text: string, input: string, dir: string): string {
  return text.replaceAll('{name}', basename(input).replace(/\.td$/, '')).replaceAll('{dir}', dir);
}

/** Validate a parsed ods.json document; throws ConfigError listing every problem. */
export function resolveConfig(
  spec: unknown,
  configPath: string,
  opts: { env?: NodeJS.ProcessEnv; knownGenerators?: readonly string[]; cacheDir?: string } = {},
): OdsConfig {
  const env = opts.env ?? process.env;
  const problems: string[] = [];
  const baseDir = dirname(resolve(configPath));
  const abs = (p: string) => (isAbsolute(p) ? p : join(baseDir, p));
  if (!isObject(spec)) throw new ConfigError(configPath, ['$: expected an object']);
  for (const k of Object.keys(spec)) if (!TOP_KEYS.has(k)) problems.push(`$.${k}: unknown property`);

  const stringList = (key: string): string[] => {
    const v = spec[key];
    if (v === undefined) return [];
    if (!Array.isArray(v)) {
      problems.push(`$.${key}: expected an array of strings`);
      return [];
    }
    const out: string[] = [];
    v.forEach((e, i) => {
      if (typeof e !== 'string') problems.push(`$.${key}[${i}]: expected a string`);
      else out.push(expandEnv(e, `$.${key}[${i}]`, env, problems));
    });
    return out;
  };
  const includeDirs = stringList('includeDirs').map(abs);
  const macros = stringList('macros');
  let mlirDir: string | undefined;
  if (spec['mlirIncludeDir'] !== undefined) {
    if (typeof spec['mlirIncludeDir'] !== 'string') problems.push('$.mlirIncludeDir: expected a string');
    else {
      const n = problems.length;
      mlirDir = abs(expandEnv(spec['mlirIncludeDir'], '$.mlirIncludeDir', env, problems));
      if (problems.length === n && !existsSync(mlirDir)) problems.push(`$.mlirIncludeDir: folder not found: ${mlirDir}`);
    }
  }
  let cacheDir = opts.cacheDir ? abs(opts.cacheDir) : join(baseDir, '.ods-cache');
  if (spec['cacheDir'] !== undefined && !opts.cacheDir) {
    if (typeof spec['cacheDir'] !== 'string') problems.push('$.cacheDir: expected a string');
    else cacheDir = abs(expandEnv(spec['cacheDir'], '$.cacheDir', env, problems));
  }

  const jobs: OdsJob[] = [];
  const globs: OdsGlob[] = [];
  /** Output -> the JSON path of the job that writes it. */
  const outputs = new Map<string, string>();
  // Many jobs share an input: each is resolved and looked for once.
  const inputs = new Map<string, { readonly path: string; readonly found: boolean }>();
  const inputOf = (raw: string) => {
    let r = inputs.get(raw);
    if (!r) {
      const path = abs(raw);
      inputs.set(raw, (r = { path, found: existsSync(path) }));
    }
    return r;
  };
  const checkGenerator = (generator: string, at: string) => {
    if (!opts.knownGenerators) return;
    const g = normalizeGenerator(generator);
    if (!opts.knownGenerators.includes(g) && !(BUILTIN_GENERATORS as readonly string[]).includes(g))
      problems.push(`${at}: unknown generator '${generator}' (known: ${[...BUILTIN_GENERATORS, ...opts.knownGenerators].join(', ')})`);
  };
  /** Claims an output for the job at `owner` (`at`: where a clash is reported); the absolute path. */
  const claim = (at: string, owner: string, output: string): string => {
    const out = abs(output);
    const prev = outputs.get(out);
    if (prev !== undefined) problems.push(`${at}: same output as ${prev}`);
    else outputs.set(out, owner);
    return out;
  };
  /** One job of the expanded config. */
  const addJob = (input: string, generator: string, args: readonly string[], out: string) => {
    jobs.push({ index: jobs.length, input, generator: normalizeGenerator(generator), args: args.filter((a) => a.length > 0), output: out });
  };
  const str = (o: Record<string, unknown>, k: string, at: string): string | undefined => {
    const v = o[k];
    if (typeof v !== 'string' || v === '') {
      problems.push(`${at}.${k}: expected a non-empty string`);
      return undefined;
    }
    return expandEnv(v, `${at}.${k}`, env, problems);
  };

  const rawPresets = spec['dialects'];
  if (rawPresets !== undefined && !Array.isArray(rawPresets)) problems.push('$.dialects: expected an array of dialects');
  else
    rawPresets?.forEach((d, i) => {
      const p = `$.dialects[${i}]`;
      if (!isObject(d)) return void problems.push(`${p}: expected an object`);
      for (const k of Object.keys(d)) if (!PRESET_KEYS.has(k)) problems.push(`${p}.${k}: unknown property`);
      const name = str(d, 'name', p);
      const input = str(d, 'input', p);
      if (input && !inputOf(input).found) problems.push(`${p}.input: file not found: ${inputOf(input).path}`);
      const base = d['base'] === undefined ? (input ? basename(input).replace(/\.td$/, '') : undefined) : str(d, 'base', p);
      const outputDir = d['outputDir'] === undefined ? 'generated' : str(d, 'outputDir', p);
      for (const part of DIALECT_PARTS) {
        const at = `${p}.${part.key}`;
        const v = d[part.key] ?? part.byDefault;
        let partInput = input;
        let partBase = base === undefined ? undefined : base + part.suffix;
        if (v === false) continue;
        /** Where a missing input of the part is reported. */
        let inputAt = `${at}.input`;
        if (typeof v === 'string') {
          if (v === '') {
            problems.push(`${at}: expected true, false, a .td file or { input, output }`);
            continue;
          }
          partInput = expandEnv(v, at, env, problems);
          partBase = basename(partInput).replace(/\.td$/, '');
          inputAt = at;
        } else if (isObject(v)) {
          for (const k of Object.keys(v)) if (k !== 'input' && k !== 'output') problems.push(`${at}.${k}: unknown property`);
          if (v['input'] !== undefined) {
            partInput = str(v, 'input', at);
            if (partInput) partBase = basename(partInput).replace(/\.td$/, '');
          }
          if (v['output'] !== undefined) partBase = str(v, 'output', at);
        } else if (v !== true) {
          problems.push(`${at}: expected true, false, a .td file or { input, output }`);
          continue;
        }
        if (partInput !== input && partInput && !inputOf(partInput).found) problems.push(`${inputAt}: file not found: ${inputOf(partInput).path}`);
        if (!partInput || !partBase || !name || outputDir === undefined || !inputOf(partInput).found) continue;
        for (const o of part.outputs)
          addJob(inputOf(partInput).path, o.generator, o.nameArg ? [`${o.nameArg}=${name}`] : [], claim(at, at, join(outputDir, partBase + o.ext)));
      }
    });

  const rawJobs = spec['jobs'];
  if (rawJobs === undefined && rawPresets === undefined) problems.push('$.jobs: expected an array of jobs');
  else if (rawJobs !== undefined && !Array.isArray(rawJobs)) problems.push('$.jobs: expected an array of jobs');
  else
    rawJobs?.forEach((j, i) => {
      const p = `$.jobs[${i}]`;
      if (!isObject(j)) return void problems.push(`${p}: expected an object`);
      for (const k of Object.keys(j)) if (!JOB_KEYS.has(k)) problems.push(`${p}.${k}: unknown property`);
      const input = str(j, 'input', p);
      const generator = str(j, 'generator', p);
      const output = str(j, 'output', p);
      const args: string[] = [];
      if (j['args'] !== undefined) {
        if (!Array.isArray(j['args'])) problems.push(`${p}.args: expected an array of strings`);
        else
          j['args'].forEach((a, k) => {
            if (typeof a !== 'string') problems.push(`${p}.args[${k}]: expected a string`);
            else args.push(expandEnv(a, `${p}.args[${k}]`, env, problems));
          });
      }
      if (generator) checkGenerator(generator, `${p}.generator`);
      if (!input) return;
      if (fg.isDynamicPattern(input)) {
        // A glob: one job per matching file (none is no mistake: files may come later).
        const pattern = abs(input);
        const task = fg.generateTasks([pattern])[0];
        const globBase = task ? resolve(task.base) : baseDir;
        const matches = fg.sync(pattern, { absolute: true, onlyFiles: true, ignore: ['**/node_modules/**'] }).sort();
        globs.push({ pattern, base: globBase, matches });
        if (generator && output)
          for (const m of matches) {
            const dir = relative(globBase, dirname(m)) || '.';
            addJob(m, generator, args.map((a) => fillTemplate(a, m, dir)), claim(`${p}.output`, p, fillTemplate(output, m, dir)));
          }
        return;
      }
      if (!inputOf(input).found) problems.push(`${p}.input: file not found: ${inputOf(input).path}`);
      const out = output === undefined ? undefined : claim(`${p}.output`, p, fillTemplate(output, input, '.'));
      if (inputOf(input).found && generator && out !== undefined) addJob(inputOf(input).path, generator, args.map((a) => fillTemplate(a, input, '.')), out);
    });
  if (problems.length) throw new ConfigError(configPath, problems);
  if (!mlirDir) mlirDir = findMlirIncludeDir(env);
  const dirs = mlirDir && !includeDirs.includes(mlirDir) ? [...includeDirs, mlirDir] : includeDirs;
  return { configPath: resolve(configPath), baseDir, includeDirs: dirs, ...(mlirDir ? { mlirIncludeDir: mlirDir } : {}), macros, cacheDir, jobs, globs };
}

/** Whether a glob of the config now matches other files than when it was read. */
export function globsChanged(config: OdsConfig): boolean {
  return config.globs.some((g) => {
    const now = fg.sync(g.pattern, { absolute: true, onlyFiles: true, ignore: ['**/node_modules/**'] }).sort();
    return now.length !== g.matches.length || now.some((m, i) => m !== g.matches[i]);
  });
}

/** The expanded config as an ods.json document of plain jobs with absolute paths (`--print-config`). */
export function expandedConfigSpec(config: OdsConfig): OdsConfigSpec {
  return {
    includeDirs: [...config.includeDirs],
    ...(config.mlirIncludeDir ? { mlirIncludeDir: config.mlirIncludeDir } : {}),
    ...(config.macros.length ? { macros: [...config.macros] } : {}),
    cacheDir: config.cacheDir,
    jobs: config.jobs.map((j) => ({ input: j.input, generator: j.generator, ...(j.args.length ? { args: [...j.args] } : {}), output: j.output })),
  };
}

/** Read and validate an ods.json file. */
export function loadConfig(path: string, opts: { env?: NodeJS.ProcessEnv; knownGenerators?: readonly string[]; cacheDir?: string } = {}): OdsConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new ConfigError(path, [`cannot read: ${(e as Error).message}`]);
  }
  let spec: unknown;
  try {
    spec = JSON.parse(text);
  } catch (e) {
    throw new ConfigError(path, [`$: invalid JSON: ${(e as Error).message}`]);
  }
  return resolveConfig(spec, path, opts);
}
