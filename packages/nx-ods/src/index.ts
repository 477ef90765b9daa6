// @ods-ts/nx-ods: the Nx plugin of ods-ts. `createNodesV2` over `**/ods.json` infers an `ods`
// target on the project that owns each config: cacheable, with the config and the transitive
// `.td` files inside the workspace as inputs (found by the static include scan), the tool
// version and the external MLIR include folder as runtime/env inputs, and the job outputs as
// outputs. An explicit executor `@ods-ts/nx-ods:generate` runs the same engine from project.json.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, relative } from 'node:path';
import type { CreateNodesContext, CreateNodesResult, CreateNodesV2, TargetConfiguration } from '@nx/devkit';
import { ConfigError, findMlirIncludeDir, loadConfig, scanIncludes, FileHasher } from '@ods-ts/tablegen-core';

export interface OdsPluginOptions {
  /** Name of the inferred target (default `ods`). */
  targetName?: string;
}

const hasher = new FileHasher();

let cachedVersion: string | undefined;
/** The installed @ods-ts/ods-backends version (part of the cache key of every ods target). */
function toolVersion(): string {
  if (cachedVersion === undefined) {
    try {
      const pkg = fileURLToPath(new URL('../package.json', import.meta.resolve('@ods-ts/ods-backends')));
      cachedVersion = (JSON.parse(readFileSync(pkg, 'utf8')) as { version?: string }).version ?? 'unknown';
    } catch {
      cachedVersion = 'unknown';
    }
  }
  return cachedVersion;
}
const nodeCache = new Map<string, { key: string; result: CreateNodesResult }>();

function inside(workspaceRoot: string, p: string): string | undefined {
  const rel = relative(workspaceRoot, p);
  return rel.startsWith('..') || rel.startsWith('/') ? undefined : rel;
}

/** The inferred target for one ods.json (exported for tests). */
export function createOdsNodes(configFile: string, options: OdsPluginOptions | undefined, context: CreateNodesContext): CreateNodesResult {
  const root = dirname(configFile);
  const configPath = join(context.workspaceRoot, configFile);
  // A project is an ods.json next to a package.json or project.json (Nx's own project files).
  if (!existsSync(join(context.workspaceRoot, root, 'package.json')) && !existsSync(join(context.workspaceRoot, root, 'project.json')))
    return {};
  let config;
  try {
    config = loadConfig(configPath);
  } catch (e) {
    if (e instanceof ConfigError) {
      // Keep the graph usable; running the target reports the problems.
      return { projects: { [root]: { targets: { [options?.targetName ?? 'ods']: errorTarget(root, e) } } } };
    }
    throw e;
  }
  const tdFiles = new Set<string>();
  for (const job of config.jobs) {
    for (const f of scanIncludes(job.input, config.includeDirs, config.baseDir).files) {
      const rel = inside(context.workspaceRoot, f);
      if (rel) tdFiles.add(rel);
    }
  }
  const cacheKey = [...tdFiles].sort().map((f) => `${f}:${hasher.hash(join(context.workspaceRoot, f))}`).join('|') + `|${hasher.hash(configPath)}`;
  const hit = nodeCache.get(configFile);
  if (hit && hit.key === cacheKey) return hit.result;

  const outputs = config.jobs.map((j) => {
    const rel = inside(context.workspaceRoot, j.output);
    return rel ? `{workspaceRoot}/${rel}` : j.output;
  });
  const mlir = findMlirIncludeDir();
  const target: TargetConfiguration = {
    executor: '@ods-ts/nx-ods:generate',
    options: { config: `{projectRoot}/ods.json` },
    cache: true,
    inputs: [
      ...[...tdFiles].sort().map((f) => `{workspaceRoot}/${f}`),
      `{projectRoot}/ods.json`,
      { env: 'MLIR_INCLUDE_DIR' },
      // The tool version and the external MLIR .td tree (outside the workspace: its location).
      { runtime: `node -p "'ods-ts ${toolVersion()} mlir ${(mlir ?? 'none').replace(/[\\'"]/g, '')}'"` },
      // When ods-ts itself is built in this workspace, its build outputs.
      { dependentTasksOutputFiles: '**/*.js', transitive: true },
    ],
    outputs,
    metadata: { description: `Generate ${config.jobs.length} ODS outputs with ods-tblgen` },
  };
  const result: CreateNodesResult = { projects: { [root]: { targets: { [options?.targetName ?? 'ods']: target } } } };
  nodeCache.set(configFile, { key: cacheKey, result });
  return result;
}

function errorTarget(root: string, e: ConfigError): TargetConfiguration {
  return {
    executor: '@ods-ts/nx-ods:generate',
    options: { config: `{projectRoot}/ods.json` },
    cache: false,
    metadata: { description: `Invalid ods.json in ${root}: ${e.problems.join('; ')}` },
  };
}

export const createNodesV2: CreateNodesV2<OdsPluginOptions> = [
  '**/ods.json',
  async (configFiles, options, context) => {
    const out: [string, CreateNodesResult][] = [];
    for (const f of configFiles) out.push([f, createOdsNodes(f, options, context)]);
    return out;
  },
];

/** Nx 24's name for the same hook. */
export const createNodes = createNodesV2;
