// The `ods.json` config: one format for the CLI (`ods-tblgen build`), Nx and Vite. Paths are
// relative to the config file's folder; `$env{NAME}` expands an environment variable. Every
// mistake is reported with its JSON path.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/** A job as written in ods.json. */
export interface OdsJobSpec {
  input: string;
  generator: string;
  args?: string[];
  output: string;
}

/** The ods.json document. */
export interface OdsConfigSpec {
  includeDirs?: string[];
  /** MLIR's .td include folder; found with `llvm-config-22 --includedir` when omitted. */
  mlirIncludeDir?: string;
  macros?: string[];
  cacheDir?: string;
  jobs: OdsJobSpec[];
}

/** A job with absolute paths. */
export interface OdsJob {
  readonly index: number;
  readonly input: string;
  readonly generator: string;
  readonly args: readonly string[];
  readonly output: string;
}

/** A validated config with absolute paths. */
export interface OdsConfig {
  /** The config file (or a virtual path for inline configs). */
  readonly configPath: string;
  readonly baseDir: string;
  readonly includeDirs: readonly string[];
  readonly macros: readonly string[];
  readonly cacheDir: string;
  readonly jobs: readonly OdsJob[];
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
  const allowed = new Set(['includeDirs', 'mlirIncludeDir', 'macros', 'cacheDir', 'jobs', '$schema']);
  for (const k of Object.keys(spec)) if (!allowed.has(k)) problems.push(`$.${k}: unknown property`);

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
  const rawJobs = spec['jobs'];
  if (!Array.isArray(rawJobs)) problems.push('$.jobs: expected an array of jobs');
  else {
    const outputs = new Map<string, number>();
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
    rawJobs.forEach((j, i) => {
      const p = `$.jobs[${i}]`;
      if (!isObject(j)) {
        problems.push(`${p}: expected an object`);
        return;
      }
      for (const k of Object.keys(j))
        if (!['input', 'generator', 'args', 'output'].includes(k)) problems.push(`${p}.${k}: unknown property`);
      const str = (k: string): string | undefined => {
        const v = j[k];
        if (typeof v !== 'string' || v === '') {
          problems.push(`${p}.${k}: expected a non-empty string`);
          return undefined;
        }
        return expandEnv(v, `${p}.${k}`, env, problems);
      };
      const input = str('input');
      const generator = str('generator');
      const output = str('output');
      let args: string[] = [];
      if (j['args'] !== undefined) {
        if (!Array.isArray(j['args'])) problems.push(`${p}.args: expected an array of strings`);
        else
          j['args'].forEach((a, k) => {
            if (typeof a !== 'string') problems.push(`${p}.args[${k}]: expected a string`);
            else args.push(expandEnv(a, `${p}.args[${k}]`, env, problems));
          });
      }
      if (generator && opts.knownGenerators) {
        const g = normalizeGenerator(generator);
        if (!opts.knownGenerators.includes(g) && !(BUILTIN_GENERATORS as readonly string[]).includes(g))
          problems.push(`${p}.generator: unknown generator '${generator}' (known: ${[...BUILTIN_GENERATORS, ...opts.knownGenerators].join(', ')})`);
      }
      if (input && !inputOf(input).found) problems.push(`${p}.input: file not found: ${inputOf(input).path}`);
      const out = output ? abs(output) : undefined;
      if (out !== undefined) {
        const prev = outputs.get(out);
        if (prev !== undefined) problems.push(`${p}.output: same output as $.jobs[${prev}]`);
        outputs.set(out, i);
      }
      args = args.filter((a) => a.length > 0);
      if (input && generator && out !== undefined)
        jobs.push({ index: i, input: inputOf(input).path, generator: normalizeGenerator(generator), args, output: out });
    });
  }
  if (problems.length) throw new ConfigError(configPath, problems);
  if (!mlirDir) mlirDir = findMlirIncludeDir(env);
  const dirs = mlirDir && !includeDirs.includes(mlirDir) ? [...includeDirs, mlirDir] : includeDirs;
  return { configPath: resolve(configPath), baseDir, includeDirs: dirs, macros, cacheDir, jobs };
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
