// Helpers shared by the benchmarks: the case list, child processes and their CPU time, lanes of
// parallel work, medians and markdown tables.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultManifests, readManifests } from '../conformance/lib.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const which = (t) => spawnSync(t, ['--version'], { stdio: 'ignore' }).status === 0;
/** The absolute path of a program on PATH, or '' (CMake wants paths for its tablegens). */
export const whichPath = (t) => spawnSync('sh', ['-c', 'command -v "$1"', 'sh', t], { encoding: 'utf8' }).stdout?.trim() ?? '';

export function readManifest() {
  const explicit = process.env.ODS_CONFORMANCE_MANIFEST;
  // The committed case list of MLIR 22's tree (not the extra generators': the bench builds
  // what ods-tblgen builds), and ../shared's when it is there.
  const paths = explicit ? [explicit] : defaultManifests(ROOT).filter((p) => !p.includes('extra'));
  for (const p of paths) if (!existsSync(p)) throw new Error(`manifest ${p} not found (set ODS_CONFORMANCE_MANIFEST)`);
  // mlir-tblgen rows over the installed tree only (the llvm-tblgen rows run other backends; the
  // fixture rows read tools/conformance/fixtures/, not MLIR's dialects).
  return readManifests(paths).filter((r) => !r.tool && !r.file.startsWith('fixtures/'));
}

/**
 * CPU time (user + system, ms) of the terminated children of this process (Linux: cutime and
 * cstime of /proc/self/stat), or undefined where unavailable. Unlike wall time, it does not
 * depend on the load of the machine.
 */
export function childrenCpuMs() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return undefined;
  }
}

export function exec(cmd, args, cwd) {
  return new Promise((res) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', () => undefined);
    child.on('error', () => res({ code: -1, out }));
    child.on('exit', (c, sig) => res({ code: c ?? (sig ? 128 : -1), out }));
  });
}

/** Run `fn` over items, `jobs` at a time; wall and children CPU time. */
export async function timed(fn) {
  const t0 = performance.now();
  const c0 = childrenCpuMs();
  const value = await fn();
  const c1 = childrenCpuMs();
  return { value, ms: performance.now() - t0, cpuMs: c0 === undefined ? undefined : c1 - c0 };
}

export async function lanes(items, jobs, fn) {
  let next = 0;
  const out = new Array(items.length);
  await Promise.all(
    Array.from({ length: Math.min(jobs, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

export function table(header, rows) {
  const cells = [header, ...rows].map((r) => r.map(String));
  const width = header.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const right = header.map((_, i) => i > 0);
  const line = (r) => '| ' + r.map((c, i) => (right[i] ? c.padStart(width[i]) : c.padEnd(width[i]))).join(' | ') + ' |';
  return [line(cells[0]), '|' + width.map((w, i) => (right[i] ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|') + '|', ...cells.slice(1).map(line)].join('\n');
}

/**
 * Resident memory of a live process in MB (`pid`, or 'self'): VmRSS now and VmHWM, its peak; or
 * undefined (not Linux, or the process is gone).
 */
export function procMemMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return undefined;
  }
}

export const sec = (ms) => (ms === undefined ? '-' : (ms / 1000).toFixed(2));
/** The median; of an even count, the mean of the two middle values. */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? undefined : s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

