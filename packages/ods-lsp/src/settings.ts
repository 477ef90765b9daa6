// Where a file's includes come from: the nearest ods.json whose jobs read the file (its include
// folders, macros and working directory, and the jobs whose input it is), else the client's
// `-I`-style settings, else MLIR's installed tree (`llvm-config-22 --includedir`).
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { type OdsConfig, type OdsJob, findMlirIncludeDir, loadConfig, scanIncludes } from '@ods-ts/ods-engine';

/** Settings from the client (initializationOptions, or the `ods` workspace configuration). */
export interface ClientSettings {
  /** `-I` folders, absolute or relative to the workspace root. */
  readonly includeDirs?: readonly string[];
  /** `-D` macros. */
  readonly macros?: readonly string[];
  /** MLIR's include folder (default: `llvm-config-22 --includedir`). */
  readonly mlirIncludeDir?: string;
  /** Milliseconds of quiet typing before diagnostics are computed (default 150). */
  readonly debounceMs?: number;
}

/** How to parse one file. */
export interface FileSettings {
  /** The working directory of the parse (the config's folder, else the file's). */
  readonly cwd: string;
  readonly includeDirs: readonly string[];
  readonly macros: readonly string[];
  /** The jobs of the config whose input is this file. */
  readonly jobs: readonly OdsJob[];
  /** The ods.json the settings come from, if any. */
  readonly configPath?: string;
}

interface LoadedConfig {
  readonly mtimeMs: number;
  readonly config: OdsConfig | undefined;
  /** Every file the jobs read (inputs and their includes), computed on demand. */
  reads?: Set<string>;
}

/** Configs by path (bounded). */
const configs = new Map<string, LoadedConfig>();
const MAX_CONFIGS = 64;

function configAt(path: string): LoadedConfig | undefined {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
  const hit = configs.get(path);
  if (hit && hit.mtimeMs === mtimeMs) return hit;
  let config: OdsConfig | undefined;
  try {
    config = loadConfig(path);
  } catch {
    // An invalid ods.json gives no settings: the next one up, or the client's, apply.
    config = undefined;
  }
  if (configs.size >= MAX_CONFIGS) configs.delete(configs.keys().next().value!);
  const loaded: LoadedConfig = { mtimeMs, config };
  configs.set(path, loaded);
  return loaded;
}

function readsOf(loaded: LoadedConfig): Set<string> {
  if (!loaded.reads) {
    const c = loaded.config!;
    const reads = new Set<string>();
    for (const input of new Set(c.jobs.map((j) => j.input)))
      for (const f of scanIncludes(input, c.includeDirs, c.baseDir).files) reads.add(f);
    loaded.reads = reads;
  }
  return loaded.reads;
}

/** Forget what was learnt of the configs (an ods.json or a .td file changed on disk). */
export function forgetConfigs(): void {
  configs.clear();
}

/** The settings of a file (absolute path). `root` resolves relative client folders. */
export function settingsFor(path: string, client: ClientSettings, root: string | undefined): FileSettings {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    const candidate = join(dir, 'ods.json');
    const loaded = existsSync(candidate) ? configAt(candidate) : undefined;
    if (loaded?.config) {
      const c = loaded.config;
      const jobs = c.jobs.filter((j) => j.input === path);
      if (jobs.length > 0 || readsOf(loaded).has(path))
        return { cwd: c.baseDir, includeDirs: c.includeDirs, macros: c.macros, jobs, configPath: c.configPath };
    }
    if (dirname(dir) === dir) break;
  }
  const base = root ?? dirname(path);
  const dirs = (client.includeDirs ?? []).map((d) => (isAbsolute(d) ? d : resolve(base, d)));
  const mlir = client.mlirIncludeDir ? resolve(base, client.mlirIncludeDir) : findMlirIncludeDir();
  if (mlir && !dirs.includes(mlir)) dirs.push(mlir);
  return { cwd: dirname(path), includeDirs: dirs, macros: [...(client.macros ?? [])], jobs: [] };
}
