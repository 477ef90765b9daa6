// @ods-ts/nx-ods: the Nx plugin of ods-ts.
// - `createNodesV2` over `**/ods.json` infers an `ods` target on the project that owns each
//   config, running `ods-tblgen build` as a command (or the executor, `runWith`): cacheable, with the config and the transitive `.td` files inside the workspace as
//   inputs (found by the static include scan), the tool version and a hash of the `.td` files
//   outside the workspace (MLIR's own tree) in its options, and the job outputs as outputs.
// - `createDependencies` adds a project dependency wherever a project's `.td` files include a file
//   of another project, so `nx affected` follows shared `.td` files.
// - The executor `@ods-ts/nx-ods:generate` runs the same engine as `ods-tblgen build`, with a batch
//   implementation for Nx batch mode; the inferred target uses it with `runWith: 'executor'`, and
//   project.json may use it explicitly, with inline jobs.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
// Types only from @nx/devkit, and the engine's project entry (config, scan, hashes): Nx loads the
// plugin in a process of its own at every run, where importing @nx/devkit took ~0.45 s and the
// whole engine ~0.13 s.
import type {
  CreateDependencies,
  CreateDependenciesContext,
  CreateNodesContext,
  CreateNodesResult,
  CreateNodesV2,
  DependencyType,
  RawProjectGraphDependency,
  TargetConfiguration,
} from '@nx/devkit';
import {
  ConfigError,
  FileHasher,
  LruMap,
  ScanSession,
  hashText,
  loadConfig,
  rememberScannedFiles,
  scanIncludes,
  scannedFiles,
  writeFileAtomic,
} from '@ods-ts/ods-engine/project';

export interface OdsPluginOptions {
  /** Name of the inferred target (default `ods`). */
  targetName?: string;
  /**
   * How the inferred target runs. `command` (the default): `ods-tblgen build --config
   * <project>/ods.json` as a command target (nx:run-commands), which Nx runs without a process
   * of its own per task; the CLI hands the build to the warm build service. `executor`: the
   * `@ods-ts/nx-ods:generate` executor, for which Nx starts a process per task (its own start
   * costs about as much as the reference's whole run of a dialect), but which batch mode
   * (`--batch`) can run as one batch.
   */
  runWith?: 'command' | 'executor';
}

/**
 * The way the inferred target runs (see OdsPluginOptions.runWith). `external`, when known: the
 * tool version and the hash of the project's .td files outside the workspace.
 *
 * Files outside the workspace (MLIR's own .td tree) cannot be Nx file inputs. Their hash goes into
 * the target's options instead, which Nx's task hash covers: an upgraded MLIR misses the cache.
 * In the command target's command line (`--cache-key`, which the build ignores): Nx merges a
 * project.json's target options over the inferred ones one key deep, so a user's own `env` would
 * drop a hash kept there, and Nx would then restore outputs generated from the old MLIR. In the
 * executor's `externalTdHash` option (which it ignores). Not a runtime input: Nx runs a shell per
 * distinct runtime command to hash it, ~0.3-0.5 s per run over 91 projects.
 */
function runSpec(options: OdsPluginOptions | undefined, external?: string): Pick<TargetConfiguration, 'command' | 'executor' | 'options'> {
  return options?.runWith === 'executor'
    ? { executor: '@ods-ts/nx-ods:generate', options: { config: `{projectRoot}/ods.json`, ...(external ? { externalTdHash: external } : {}) } }
    : // Run in the workspace root (Nx's default), where node_modules/.bin is on the command's PATH.
      { command: `ods-tblgen build --config {projectRoot}/ods.json${external ? ` --cache-key ${external}` : ''}` };
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
/**
 * The last result per ods.json, for the Nx daemon's repeated graph computations. Bounded: a
 * workspace with more ods.json files than this only recomputes the least recently used.
 */
export const MAX_CACHED_NODES = 1_000;
const nodeCache = new LruMap<string, { key: string; result: CreateNodesResult }>(MAX_CACHED_NODES);

/** ods.json results cached (for tests). */
export function cachedNodeCount(): number {
  return nodeCache.size;
}

function inside(workspaceRoot: string, p: string): string | undefined {
  const rel = relative(workspaceRoot, p);
  return rel.startsWith('..') || rel.startsWith('/') ? undefined : rel;
}

/**
 * One graph computation's scans (all ods.json files at once): most .td files (MLIR's OpBase.td
 * and friends) are read by every project, and are placed and hashed once here. Make one per
 * createNodesV2 call, never keep it.
 */
export class GraphSession {
  readonly scan = new ScanSession();
  private readonly rel = new Map<string, string | undefined>();
  private readonly hashes = new Map<string, string | undefined>();
  constructor(readonly workspaceRoot: string) {}
  /** The workspace-relative path of a file, undefined outside the workspace. */
  inside(p: string): string | undefined {
    if (this.rel.has(p)) return this.rel.get(p);
    const r = inside(this.workspaceRoot, p);
    this.rel.set(p, r);
    return r;
  }
  /**
   * A file's name below the first of `includeDirs` that holds it (mlir/IR/OpBase.td), else its
   * path: the same wherever MLIR is installed.
   */
  portableNames(includeDirs: readonly string[]): (file: string) => string {
    const key = includeDirs.join('\0');
    let names = this.portable.get(key);
    if (!names) this.portable.set(key, (names = new Map()));
    const memo = names;
    return (f) => {
      let name = memo.get(f);
      if (name === undefined) {
        name = f;
        for (const d of includeDirs) {
          const rel = relative(d, f);
          if (!rel.startsWith('..') && !isAbsolute(rel)) {
            name = rel.split(sep).join('/');
            break;
          }
        }
        memo.set(f, name);
      }
      return name;
    };
  }
  private readonly portable = new Map<string, Map<string, string>>();
  hash(p: string): string | undefined {
    if (this.hashes.has(p)) return this.hashes.get(p);
    const h = hasher.hash(p);
    this.hashes.set(p, h);
    return h;
  }

  /**
   * Take the scans and hashes of earlier graph computations (see ScanMemo) before the first
   * scan, and keep this session's for the next ones when they changed.
   */
  readonly memo = new ScanMemo(this.workspaceRoot);
  saveMemo(): void {
    this.memo.save(scannedFiles(this.scan.scannedPaths()), hasher.stamps(this.hashes.keys()));
  }
}

/**
 * The include names and content hashes of the .td files a graph computation read, kept in Nx's
 * workspace data folder (`.nx/workspace-data`, or NX_WORKSPACE_DATA_DIRECTORY) for the next one:
 * without the Nx daemon every Nx command computes the graph in a fresh process, which read and
 * hashed MLIR's .td files again (over 91 dialect projects, ~0.15 s of the ~0.3 s this plugin
 * takes). Each entry is used only while its file's stat stamp (size, mtime, ctime, inode) holds,
 * as the engine's own stamps are; the file holds the entries of the last computation only.
 */
class ScanMemo {
  constructor(private readonly workspaceRoot: string) {}
  private path(): string {
    const dir = process.env['NX_WORKSPACE_DATA_DIRECTORY'] || join(this.workspaceRoot, '.nx', 'workspace-data');
    return join(isAbsolute(dir) ? dir : join(this.workspaceRoot, dir), `ods-ts-scans-${toolVersion()}.json`);
  }
  /** Seed the process's scan and hash memos from the file (once per file per process). */
  load(): void {
    const path = this.path();
    if (memoTexts.has(path)) return;
    memoTexts.set(path, undefined);
    try {
      const text = readFileSync(path, 'utf8');
      const m = JSON.parse(text) as { scans?: unknown; stamps?: Parameters<FileHasher['loadStamps']>[0] };
      rememberScannedFiles(m.scans);
      if (m.stamps && typeof m.stamps === 'object') hasher.loadStamps(m.stamps);
      memoTexts.set(path, text);
    } catch {
      // none yet, or unreadable: scanned afresh
    }
  }
  /** Write the file when its text changed. */
  save(scans: unknown[], stamps: object): void {
    const path = this.path();
    const text = JSON.stringify({ scans, stamps });
    if (scans.length === 0 || memoTexts.get(path) === text) return;
    try {
      writeFileAtomic(path, text, 'utf8');
      memoTexts.set(path, text);
    } catch {
      // a read-only workspace: the next computation scans again
    }
  }
}

/**
 * The memo files this process read or wrote, with their last text (a daemon's plugin worker
 * computes the graph many times: it reads a file once, and writes it only when it changes).
 */
const memoTexts = new Map<string, string | undefined>();

/** The inferred target for one ods.json (exported for tests). */
export function createOdsNodes(
  configFile: string,
  options: OdsPluginOptions | undefined,
  context: CreateNodesContext,
  session = new GraphSession(context.workspaceRoot),
): CreateNodesResult {
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
      return { projects: { [root]: { targets: { [options?.targetName ?? 'ods']: errorTarget(root, e, options) } } } };
    }
    throw e;
  }
  const tdFiles = new Set<string>();
  const external = new Set<string>();
  for (const input of new Set(config.jobs.map((j) => j.input))) {
    for (const f of scanIncludes(input, config.includeDirs, config.baseDir, undefined, session.scan).files) {
      const rel = session.inside(f);
      if (rel) tdFiles.add(rel);
      else external.add(f);
    }
  }
  // The content hashes of the files outside the workspace (see runSpec), each named
  // by its path below the include folder that holds it (mlir/IR/OpBase.td), not by its absolute
  // path: the hash is the same wherever MLIR is installed (a shared remote cache).
  const portable = session.portableNames(config.includeDirs);
  const externalHash = hashText([...external].map((f) => `${portable(f)}:${session.hash(f) ?? ''}`).sort().join('\n')).slice(0, 16);
  const cacheKey =
    [...tdFiles].sort().map((f) => `${f}:${session.hash(join(context.workspaceRoot, f))}`).join('|') + `|${hasher.hash(configPath)}|${externalHash}`;
  const hit = nodeCache.get(configFile);
  if (hit && hit.key === cacheKey) return hit.result;

  const outputs = config.jobs.map((j) => {
    const rel = inside(context.workspaceRoot, j.output);
    return rel ? `{workspaceRoot}/${rel}` : j.output;
  });
  const target: TargetConfiguration = {
    ...runSpec(options, `ods-ts-${toolVersion()}-external-${externalHash}`),
    cache: true,
    inputs: [
      ...[...tdFiles].sort().map((f) => `{workspaceRoot}/${f}`),
      // A glob input: a new matching file changes the hash (and the jobs, when the graph is
      // computed again).
      ...config.globs.flatMap((g) => {
        const rel = inside(context.workspaceRoot, g.pattern);
        return rel ? [`{workspaceRoot}/${rel.split(sep).join('/')}`] : [];
      }),
      `{projectRoot}/ods.json`,
      // No absolute path and no $MLIR_INCLUDE_DIR here (the options above name MLIR's files by
      // their paths below the include folder): machines with MLIR elsewhere share the cache.
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

function errorTarget(root: string, e: ConfigError, options: OdsPluginOptions | undefined): TargetConfiguration {
  return {
    ...runSpec(options),
    cache: false,
    metadata: { description: `Invalid ods.json in ${root}: ${e.problems.join('; ')}` },
  };
}

/** Longest-root-first list of the projects that can own a file (not the workspace root project). */
function ownerIndex(projects: CreateDependenciesContext['projects']): (rel: string) => string | undefined {
  const roots = Object.entries(projects)
    .map(([name, p]) => ({ name, root: p.root.replace(/\/$/, '') }))
    .filter((r) => r.root !== '' && r.root !== '.')
    .sort((a, b) => b.root.length - a.root.length);
  return (rel) => roots.find((r) => rel === r.root || rel.startsWith(`${r.root}/`))?.name;
}

/** DependencyType.static (an enum of @nx/devkit: its value without loading the module). */
const STATIC = 'static' as DependencyType.static;

/**
 * Project dependencies from includes: a project whose .td files include a file of another
 * project depends on it (a static dependency from its ods.json), so `nx affected` and `nx graph`
 * know that editing a shared .td affects every project that includes it.
 */
export const createDependencies: CreateDependencies<OdsPluginOptions> = (_options, context) => {
  const owner = ownerIndex(context.projects);
  const deps: RawProjectGraphDependency[] = [];
  const session = new GraphSession(context.workspaceRoot);
  session.memo.load();
  for (const [name, project] of Object.entries(context.projects)) {
    const configRel = join(project.root, 'ods.json');
    const configPath = join(context.workspaceRoot, configRel);
    if (!existsSync(configPath)) continue;
    let config;
    try {
      config = loadConfig(configPath);
    } catch {
      continue; // reported by the target
    }
    const targets = new Set<string>();
    for (const input of new Set(config.jobs.map((j) => j.input))) {
      for (const f of scanIncludes(input, config.includeDirs, config.baseDir, undefined, session.scan).files) {
        const rel = session.inside(f);
        const o = rel === undefined ? undefined : owner(rel.split(sep).join('/'));
        if (o && o !== name) targets.add(o);
      }
    }
    for (const target of [...targets].sort())
      deps.push({ source: name, target, type: STATIC, sourceFile: configRel.split(sep).join('/') });
  }
  return deps;
};

export const createNodesV2: CreateNodesV2<OdsPluginOptions> = [
  '**/ods.json',
  async (configFiles, options, context) => {
    const out: [string, CreateNodesResult][] = [];
    // One session for the whole workspace: shared includes are resolved and hashed once.
    const session = new GraphSession(context.workspaceRoot);
    session.memo.load();
    for (const f of configFiles) out.push([f, createOdsNodes(f, options, context, session)]);
    session.saveMemo();
    return out;
  },
];

/** Nx 24's name for the same hook. */
export const createNodes = createNodesV2;
