#!/usr/bin/env node
// `npm run bench`: wall-clock comparison of ods-tblgen with llvm-tblgen-22 over MLIR's .td tree.
//
//   records  --print-records over every .td of $(llvm-config-22 --prefix)/include/mlir (-I .,
//            cwd = that include dir): llvm-tblgen-22, one process per file, N-wide; ods-tblgen,
//            one process per file, N-wide (the bin, as a build system runs it); ods-tblgen
//            in-process (runCli of packages/ods-backends/dist/index.js in N worker threads).
//   json     the same with --dump-json.
//   cold     start-up time: `ods-tblgen --version` against `node -e 0` and llvm-tblgen-22.
//
// Options: --suite records,json,cold   --jobs N (default 2)   --filter SUBSTR   --limit N
//          --repeat N (cold-start runs, default 20)   --node-flags "..." (for the ods processes)
// Performance is measured here only, never in the tests. Needs `npm run build` first.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { childrenCpuMs } from './bench-util.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = join(ROOT, 'packages/ods-backends/bin/ods-tblgen.js');
const BUNDLE = join(ROOT, 'packages/ods-backends/dist/ods-tblgen.js');
const INDEX = join(ROOT, 'packages/ods-backends/dist/index.js');
const REF = 'llvm-tblgen-22';
const SUITES = ['records', 'json', 'cold'];
const ACTIONS = { records: '--print-records', json: '--dump-json' };

const USAGE = `usage: npm run bench -- [--suite records,json,cold] [--jobs N] [--filter SUBSTR] [--limit N]
                       [--repeat N] [--node-flags "FLAGS"]
`;

function parseArgs(argv) {
  const o = { suites: [], jobs: 2, filter: [], limit: Infinity, repeat: 20, nodeFlags: [] };
  for (let i = 0; i < argv.length; i++) {
    let a = argv[i];
    let inline;
    const eq = a.indexOf('=');
    if (a.startsWith('--') && eq > 0) [a, inline] = [a.slice(0, eq), a.slice(eq + 1)];
    const take = () => {
      if (inline !== undefined) return inline;
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    const int = (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) throw new Error(`${a} needs a positive integer (got '${v}')`);
      return n;
    };
    switch (a) {
      case '--suite':
        for (const s of take().split(',')) {
          if (!SUITES.includes(s)) throw new Error(`--suite must be one of ${SUITES.join(', ')} (got '${s}')`);
          if (!o.suites.includes(s)) o.suites.push(s);
        }
        break;
      case '--jobs':
      case '-j':
        o.jobs = int(take());
        break;
      case '--filter':
        o.filter.push(take());
        break;
      case '--limit':
        o.limit = int(take());
        break;
      case '--repeat':
        o.repeat = int(take());
        break;
      case '--node-flags':
        o.nodeFlags = take().split(/\s+/).filter(Boolean);
        break;
      case '--help':
      case '-h':
        process.stdout.write(USAGE);
        process.exit(0);
        break;
      default:
        throw new Error(`unknown argument '${argv[i]}'\n${USAGE}`);
    }
  }
  if (o.suites.length === 0) o.suites = [...SUITES];
  return o;
}

function which(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).status === 0;
}

/** Every .td under include/mlir, relative to the include dir, sorted. */
function mlirFiles(includeDir) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.td')) out.push(relative(includeDir, p));
    }
  };
  walk(join(includeDir, 'mlir'));
  return out.sort();
}

/** CPU time (user + system, ms) of this process, all threads included. */
function selfCpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Run `cmd args... file` for every file, `jobs` at a time; stdout discarded. */
async function runProcesses(cmd, argsFor, files, cwd, jobs) {
  const codes = new Map();
  const reasons = new Map();
  let next = 0;
  const t0 = performance.now();
  const c0 = childrenCpuMs();
  const lane = async () => {
    while (next < files.length) {
      const file = files[next++];
      const { code, why } = await new Promise((res) => {
        const child = spawn(cmd, argsFor(file), { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
        let err = '';
        child.stderr.on('data', (d) => {
          if (err.length < 2000) err += d;
        });
        child.on('error', (e) => res({ code: -1, why: e.message }));
        child.on('close', (c, sig) => res({ code: c ?? -1, why: sig ? `signal ${sig}` : err.split('\n')[0] }));
      });
      codes.set(file, code);
      if (code !== 0) reasons.set(file, why);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, files.length) }, lane));
  const c1 = childrenCpuMs();
  return { ms: performance.now() - t0, cpuMs: c0 === undefined ? undefined : c1 - c0, codes, reasons };
}

/** runCli over every file in `jobs` worker threads (each loads dist/index.js once). */
async function runInProcess(args, files, cwd, jobs) {
  const codes = new Map();
  let next = 0;
  let busyMs = 0;
  const t0 = performance.now();
  const c0 = selfCpuMs();
  const lane = () =>
    new Promise((res, rej) => {
      const w = new Worker(new URL('./worker.mjs', import.meta.url), { workerData: { index: INDEX, args, cwd } });
      const feed = () => {
        if (next < files.length) w.postMessage(files[next++]);
        else void w.terminate().then(() => res());
      };
      w.on('message', (m) => {
        if (m.ready) return feed();
        codes.set(m.file, m.code);
        busyMs += m.ms;
        feed();
      });
      w.on('error', rej);
    });
  await Promise.all(Array.from({ length: Math.min(jobs, files.length) }, lane));
  return { ms: performance.now() - t0, cpuMs: selfCpuMs() - c0, codes, busyMs };
}

/** Files whose success differs between two runs. */
function disagreements(a, b) {
  return [...a.keys()].filter((f) => (a.get(f) === 0) !== (b.get(f) === 0));
}

/** Wall time of `cmd args` run `n` times in a row: min and median, ms. */
function coldStart(cmd, args, n) {
  const t = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const r = spawnSync(cmd, args, { stdio: 'ignore' });
    t.push(performance.now() - t0);
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: exit ${r.status}`);
  }
  t.sort((x, y) => x - y);
  return { min: t[0], median: t[t.length >> 1] };
}

function table(header, rows) {
  const cells = [header, ...rows].map((r) => r.map(String));
  const width = header.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const right = header.map((_, i) => i > 0 && rows.every((r) => typeof r[i] === 'number' || /^[\d.x×-]+/.test(String(r[i]))));
  const line = (r) => '| ' + r.map((c, i) => (right[i] ? c.padStart(width[i]) : c.padEnd(width[i]))).join(' | ') + ' |';
  return [line(cells[0]), '|' + width.map((w, i) => (right[i] ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|') + '|', ...cells.slice(1).map(line)].join('\n');
}

const sec = (ms) => (ms / 1000).toFixed(2);
const ratio = (ms, ref) => (ref ? `${(ms / ref).toFixed(1)}x` : '-');

async function main() {
  // One process per file without the build service (callers-bench.mjs measures the service).
  process.env.ODS_DAEMON = 'false';
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`bench: ${e.message}\n`);
    process.exit(2);
  }
  if (!existsSync(BUNDLE) || !existsSync(INDEX)) {
    process.stderr.write('bench: packages/ods-backends/dist is missing: run `npm run build` first\n');
    process.exit(1);
  }
  const haveRef = which(REF) && which('llvm-config-22');
  const rows = [];
  const notes = [];
  const node = process.execPath;
  const odsArgv = (args) => [...opts.nodeFlags, BIN, ...args];

  if (opts.suites.some((s) => s in ACTIONS)) {
    if (!which('llvm-config-22')) {
      process.stderr.write('bench: llvm-config-22 not found (install llvm-22 and libmlir-22-dev; see tools/setup.sh)\n');
      process.exit(1);
    }
    const includeDir = join(execFileSync('llvm-config-22', ['--prefix'], { encoding: 'utf8' }).trim(), 'include');
    let files = mlirFiles(includeDir);
    if (opts.filter.length) files = files.filter((f) => opts.filter.some((s) => f.includes(s)));
    files = files.slice(0, opts.limit);
    notes.push(`${files.length} files under ${includeDir}/mlir, -I . (cwd ${includeDir}), ${opts.jobs}-wide`);
    for (const suite of opts.suites.filter((s) => s in ACTIONS)) {
      const action = ACTIONS[suite];
      process.stderr.write(`bench: ${suite}: ${REF} ...\n`);
      const ref = haveRef ? await runProcesses(REF, (f) => [action, '-I', '.', f], files, includeDir, opts.jobs) : undefined;
      process.stderr.write(`bench: ${suite}: ods-tblgen processes ...\n`);
      const proc = await runProcesses(node, (f) => odsArgv([action, '-I', '.', f]), files, includeDir, opts.jobs);
      process.stderr.write(`bench: ${suite}: ods-tblgen in-process ...\n`);
      const inproc = await runInProcess([action, '-I', '.'], files, includeDir, opts.jobs);
      const ok = (r) => [...r.codes.values()].filter((c) => c === 0).length;
      const row = (label, r) => [suite, label, files.length, ok(r), sec(r.ms), ratio(r.ms, ref?.ms), r.cpuMs === undefined ? '-' : sec(r.cpuMs), r.cpuMs === undefined ? '-' : ratio(r.cpuMs, ref?.cpuMs)];
      if (ref) rows.push(row(`${REF}, a process per file`, ref));
      rows.push(row(`ods-tblgen, a process per file${opts.nodeFlags.length ? ` (node ${opts.nodeFlags.join(' ')})` : ''}`, proc));
      rows.push(row(`ods-tblgen in-process (runCli, ${opts.jobs} workers)`, inproc));
      if (ref) {
        const dp = disagreements(ref.codes, proc.codes);
        const di = disagreements(ref.codes, inproc.codes);
        notes.push(`${suite}: exit status (success/failure) agrees with ${REF} for ${files.length - dp.length}/${files.length} files (processes), ${files.length - di.length}/${files.length} (in-process)`);
        for (const f of dp.slice(0, 5)) notes.push(`${suite}: ${f}: ${REF} exit ${ref.codes.get(f)}, ods-tblgen exit ${proc.codes.get(f)}${proc.reasons.get(f) ? `: ${proc.reasons.get(f)}` : ''}`);
        for (const f of di.slice(0, 5)) notes.push(`${suite}: ${f}: ${REF} exit ${ref.codes.get(f)}, in-process exit ${inproc.codes.get(f)}`);
      }
      notes.push(`${suite}: in-process, ${sec(inproc.busyMs)} s spent in runCli in total (${(inproc.busyMs / files.length).toFixed(1)} ms a file)`);
    }
  }

  let cold;
  if (opts.suites.includes('cold')) {
    process.stderr.write('bench: cold start ...\n');
    const n = opts.repeat;
    cold = [
      ['node -e 0', coldStart(node, ['-e', '0'], n)],
      [`node ${relative(ROOT, BIN)} --version`, coldStart(node, odsArgv(['--version']), n)],
      [`node ${relative(ROOT, BUNDLE)} --version`, coldStart(node, [...opts.nodeFlags, BUNDLE, '--version'], n)],
    ];
    if (haveRef) cold.push([`${REF} --version`, coldStart(REF, ['--version'], n)]);
  }

  const out = [];
  if (rows.length) out.push(table(['suite', 'runner', 'files', 'exit 0', 'wall (s)', 'vs llvm', 'cpu (s)', 'cpu vs llvm'], rows));
  if (cold) {
    out.push(table(['cold start', 'min (ms)', 'median (ms)'], cold.map(([l, t]) => [l, t.min.toFixed(1), t.median.toFixed(1)])));
    notes.push(`cold start: ${opts.repeat} runs each, sequential`);
  }
  if (rows.length) {
    notes.push('cpu: user + system time of the processes (in-process: of the benchmark process, all threads); steadier than wall time on a busy machine');
    const load = (() => {
      try {
        return readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
      } catch {
        return undefined;
      }
    })();
    if (load !== undefined) notes.push(`load average at the end: ${load}`);
  }
  out.push(notes.map((n) => `- ${n}`).join('\n'));
  process.stdout.write(out.join('\n\n') + '\n');
}

await main();
