// Helpers of the Nx end-to-end test: packing and installing the packages into a fresh workspace,
// running commands, the MLIR 22 manifest, and running the reference tools.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const PACKAGES = ['tablegen-core', 'ods-engine', 'ods-backends', 'nx-ods'] as const;

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment every Nx command runs with: no daemon, no cloud, no TUI, no prompts. */
export const NX_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  CI: 'true',
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_TUI: 'false',
  NX_INTERACTIVE: 'false',
  NX_VERBOSE_LOGGING: 'false',
  NO_COLOR: '1',
  FORCE_COLOR: '0',
};

export function run(cmd: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = NX_ENV): Run {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Run and throw with the output when the exit code is not 0. */
export function ok(cmd: string, args: readonly string[], cwd: string, env?: NodeJS.ProcessEnv): Run {
  const r = run(cmd, args, cwd, env);
  if (r.code !== 0) throw new Error(`${cmd} ${args.join(' ')} (in ${cwd}) exited ${r.code}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`);
  return r;
}

export function hasTool(name: string): boolean {
  return spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0;
}

export function mlirIncludeDir(): string | undefined {
  if (process.env['MLIR_INCLUDE_DIR']) return process.env['MLIR_INCLUDE_DIR'];
  try {
    const dir = execFileSync('llvm-config-22', ['--includedir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return existsSync(join(dir, 'mlir/IR/OpBase.td')) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Build the packages (Nx replays its cache when the sources did not change), so that the
 * packed dist/ matches the sources: a bare `tsc -b` (e.g. `npm run typecheck`) refreshes the
 * modules but not the esbuild bundles. ODS_E2E_NO_BUILD=1 packs dist/ as it is.
 */
export function ensureBuilt(): void {
  if (process.env['ODS_E2E_NO_BUILD'] === '1') return;
  ok('npx', ['nx', 'run-many', '-t', 'build', '-p', ...PACKAGES.map((p) => `@ods-ts/${p}`), '--output-style=static'], REPO, process.env);
}

/** `npm pack` the packages into `dest`; returns package name -> tarball path. */
export function packPackages(dest: string): Map<string, string> {
  mkdirSync(dest, { recursive: true });
  const r = ok('npm', ['pack', '--json', '--pack-destination', dest, ...PACKAGES.flatMap((p) => ['-w', `@ods-ts/${p}`])], REPO, process.env);
  const json = r.stdout.slice(r.stdout.indexOf('['));
  const packed = JSON.parse(json) as { name: string; filename: string }[];
  return new Map(packed.map((p) => [p.name, join(dest, p.filename)]));
}

/** The e2e workspace's package.json: nx and the packed packages (each by its tarball, so npm never asks the registry for them). */
export function workspacePackageJson(tarballs: ReadonlyMap<string, string>, name = 'ods-e2e-workspace'): string {
  const devDependencies: Record<string, string> = { nx: nxVersion() };
  for (const p of PACKAGES) devDependencies[`@ods-ts/${p}`] = `file:${tarballs.get(`@ods-ts/${p}`)}`;
  return JSON.stringify({ name, private: true, devDependencies }, null, 2);
}

export function nxVersion(): string {
  return (JSON.parse(readFileSync(join(REPO, 'node_modules/nx/package.json'), 'utf8')) as { version: string }).version;
}

export function writeFiles(root: string, files: { [rel: string]: string }): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}

/** mtimes (ns) of every file under `dir` (recursively), keyed by path relative to `root`. */
export function mtimes(root: string, dirs: readonly string[]): Map<string, bigint> {
  const out = new Map<string, bigint>();
  const walk = (d: string) => {
    if (!existsSync(d)) return;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(relative(root, p), statSync(p, { bigint: true }).mtimeNs);
    }
  };
  for (const d of dirs) walk(join(root, d));
  return out;
}

/** Paths whose mtime differs (or that appeared/disappeared) between two snapshots. */
export function changed(a: Map<string, bigint>, b: Map<string, bigint>): string[] {
  const keys = new Set([...a.keys(), ...b.keys()]);
  return [...keys].filter((k) => a.get(k) !== b.get(k)).sort();
}

export interface ManifestRow {
  file: string;
  generator: string;
  args: string[];
}

/** The MLIR 22 conformance manifest committed in tools/conformance/cases (rows of `file generator args ...`). */
export function readManifest(): ManifestRow[] {
  const path = process.env['ODS_CONFORMANCE_MANIFEST'] ?? join(REPO, 'tools/conformance/cases/mlir22-cases.tsv');
  if (!existsSync(path)) return [];
  const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
  const header = lines[0]!.split('\t');
  const [iFile, iGen, iArgs] = ['file', 'generator', 'args'].map((c) => header.indexOf(c)) as [number, number, number];
  return lines.slice(1).map((l) => {
    const f = l.split('\t');
    return { file: f[iFile]!, generator: f[iGen]!, args: f[iArgs] ? f[iArgs]!.split(' ').filter(Boolean) : [] };
  });
}

/** Cases that the conformance ratchet says pass (`gen:<generator>` -> keys `file[ args]`). */
export function ratchetGenCases(): Set<string> {
  const out = new Set<string>();
  try {
    const r = JSON.parse(readFileSync(join(REPO, 'tools/conformance/ratchet.json'), 'utf8')) as { groups?: { [g: string]: string[] } };
    for (const [group, keys] of Object.entries(r.groups ?? {})) if (group.startsWith('gen:')) for (const k of keys) out.add(`${group} ${k}`);
  } catch {
    // no ratchet: no strict generator cases
  }
  return out;
}

/** Run commands `width` at a time. */
export async function pool<T, R>(items: readonly T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

/** Run a command asynchronously, capturing stdout as bytes (latin1). */
export function runAsync(cmd: string, args: readonly string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout: Buffer.concat(out).toString('latin1'), stderr: Buffer.concat(err).toString('utf8') }));
  });
}

/** Tasks Nx took from its cache, and the tasks it ran, from `nx run-many --output-style=static`. */
export function nxTasks(output: string): { cached: string[]; ran: string[] } {
  const cached: string[] = [];
  const ran: string[] = [];
  for (const m of output.matchAll(/^> nx run (\S+):(\S+)(.*)$/gm)) {
    const project = m[1]!;
    if (/cache|left as is/.test(m[3]!)) cached.push(project);
    else ran.push(project);
  }
  return { cached: cached.sort(), ran: ran.sort() };
}
