#!/usr/bin/env node
// `node tools/bench/callers-bench.mjs`: ods-tblgen as each of its callers runs it, against
// mlir-tblgen-22 timed in the same run (medians; the machine's load is printed with the results).
//
//   cli      one process per output, as CMake's mlir_tablegen() and Bazel's gentbl run it:
//            ArithOps.td --gen-op-defs and LLVMOps.td --gen-op-decls; ods-tblgen with its build
//            service warm, and with ODS_DAEMON=false; the client's peak memory (/usr/bin/time)
//   example  the example dialect's ods.json built cold (fresh outputs and cache): `ods-tblgen
//            build` with the service warm and with ODS_DAEMON=false, against its jobs run as
//            reference processes one after another
//   nx       a fresh Nx workspace (the packed packages) with one project per MLIR dialect file
//            (91 projects, 782 outputs), `nx run-many` cold (--skip-nx-cache, no .ods-cache): the
//            default command target `ods` with the service (started by the first task; 2 and Nx's
//            default 3 tasks at a time) and with ODS_DAEMON=false (its startup snapshot made by an
//            earlier build), and the executor target (`runWith: executor`) with --batch (its own
//            service, and the user's service warm from the runs before); against one reference
//            process per output, 2-wide, timed at the start and at the end of each round (their
//            median). Nx is run by its bin in the workspace (as a global `nx` or a package.json
//            script runs it), not through `npx`, whose own start (npm's CLI, ~0.7 s here) is the
//            same for every Nx command and no part of Nx or ods-ts
//   cmake    the example dialect built cold by CMake + Ninja with MLIR 22's mlir_tablegen(), the
//            reference tools against ods-tblgen as MLIR_TABLEGEN_EXE (service warm, and off)
//   memory   the build service's peak resident memory (VmHWM) after all of that
//
// Options: --suite cli,example,cmake,nx (default all)   --runs N (cli and example, default 7)
//          --nx-runs N (default 1)   --keep
// Performance is measured here only, never in the tests. Needs `npm run build` first.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, exec, lanes, median, readManifest, table, which, whichPath } from './bench-util.mjs';

const BIN = join(ROOT, 'packages/ods-backends/bin/ods-tblgen.js');
const REF = 'mlir-tblgen-22';
const TIME = '/usr/bin/time';
const NX_GENS = ['op-decls', 'op-defs', 'dialect-decls', 'dialect-defs', 'typedef-decls', 'typedef-defs', 'attrdef-decls', 'attrdef-defs', 'enum-decls', 'enum-defs'];

function parseArgs(argv) {
  const o = { suites: ['cli', 'example', 'cmake', 'nx'], runs: 7, nxRuns: 1, keep: false };
  for (let i = 0; i < argv.length; i++) {
    const [a, inline] = argv[i].includes('=') ? argv[i].split(/=(.*)/s) : [argv[i], undefined];
    const take = () => inline ?? argv[++i];
    if (a === '--suite') o.suites = take().split(',');
    else if (a === '--runs') o.runs = Number(take());
    else if (a === '--nx-runs') o.nxRuns = Number(take());
    else if (a === '--keep') o.keep = true;
    else throw new Error(`unknown argument '${argv[i]}'`);
  }
  return o;
}

/** Run a command; wall ms, exit code and (with /usr/bin/time) peak RSS in MB. */
function timedRun(cmd, args, { cwd, env } = {}) {
  const mem = existsSync(TIME) ? join(tmpdir(), `ods-bench-mem-${process.pid}`) : undefined;
  const [c, a] = mem ? [TIME, ['-f', '%M', '-o', mem, cmd, ...args]] : [cmd, args];
  const t0 = performance.now();
  const r = spawnSync(c, a, { cwd, env: env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 });
  const ms = performance.now() - t0;
  const rssMb = mem && existsSync(mem) ? Number(readFileSync(mem, 'utf8').trim().split('\n').pop()) / 1024 : undefined;
  return { ms, code: r.status, stdout: r.stdout, rssMb };
}

const fmtMs = (ms) => `${Math.round(ms)} ms`;
const ratio = (a, b) => `${(a / b).toFixed(2)}x`;

/** The service of this build in a folder of the bench's own. */
function serviceEnv(dir) {
  return { ...process.env, CI: '', ODS_DAEMON: 'true', ODS_DAEMON_DIR: dir, ODS_DAEMON_IDLE: '600' };
}
/** No service; startup snapshots in a private folder of the bench's (`snapshots: false`: none). */
let offDir = '';
const offEnv = ({ snapshots = true } = {}) => ({ ...process.env, ODS_DAEMON: 'false', ODS_DAEMON_DIR: offDir, ODS_SNAPSHOT: snapshots ? 'true' : 'false' });

/**
 * Make the startup snapshot of the commands run so far without the service (the executable
 * makes it in the background after such runs; here it is awaited, so that every timed run has it).
 */
function settleSnapshot() {
  const end = Date.now() + 120_000;
  for (;;) {
    const r = spawnSync(process.execPath, [BIN, 'daemon', 'snapshot'], { env: offEnv(), encoding: 'utf8' });
    if (!/snapshot: busy/.test(r.stdout) || Date.now() > end) {
      if (r.status !== 0) throw new Error(`daemon snapshot failed: ${r.stdout}${r.stderr}`);
      return;
    }
    spawnSync('sleep', ['0.3']);
  }
}

function servicePeakMb(env) {
  const s = spawnSync(process.execPath, [BIN, 'daemon', 'status'], { env, encoding: 'utf8' }).stdout;
  const pid = /pid (\d+)/.exec(s)?.[1];
  if (!pid) return undefined;
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

async function cliSuite(opts, inc, env, out) {
  const cases = [
    ['ArithOps --gen-op-defs', '--gen-op-defs', 'mlir/Dialect/Arith/IR/ArithOps.td'],
    ['LLVMOps --gen-op-decls', '--gen-op-decls', 'mlir/Dialect/LLVMIR/LLVMOps.td'],
  ];
  const rows = [];
  for (const [name, gen, file] of cases) {
    process.stderr.write(`callers-bench: cli ${name} ...\n`);
    const args = [gen, '-I', '.', file];
    // The same file edited before each call (a comment appended): the service parses it again
    // (its includes stay shared) and runs the backend again; unchanged, it reuses its last run.
    const edited = join(out, 'edit', basename(file));
    mkdirSync(join(out, 'edit'), { recursive: true });
    const editArgs = [gen, '-I', '.', edited];
    // Warm the service on this case (the first call starts it when needed; the edits below
    // make it run the generator again, the rest of its JIT warm-up).
    for (let i = 0; i < 3; i++) timedRun(BIN, [...args, '-o', join(out, 'warm.inc')], { cwd: inc, env });
    for (let i = 0; i < 4; i++) {
      writeFileSync(edited, `${readFileSync(join(inc, file), 'latin1')}// warm ${i}\n`, 'latin1');
      timedRun(BIN, [...editArgs, '-o', join(out, 'warm.inc')], { cwd: inc, env });
    }
    const ref = [];
    const svc = [];
    const svcEdit = [];
    const off = [];
    const offEdit = [];
    const offFirst = [];
    const offBare = [];
    let same = true;
    for (let k = 0; k < opts.runs; k++) {
      const r = timedRun(REF, [...args, '-o', join(out, 'ref.inc')], { cwd: inc });
      const s = timedRun(BIN, [...args, '-o', join(out, 'svc.inc')], { cwd: inc, env });
      const o = timedRun(BIN, [...args, '-o', join(out, 'off.inc')], { cwd: inc, env: offEnv() });
      writeFileSync(edited, `${readFileSync(join(inc, file), 'latin1')}// edit ${k}\n`, 'latin1');
      const re = timedRun(REF, [...editArgs, '-o', join(out, 'ref-edit.inc')], { cwd: inc });
      const se = timedRun(BIN, [...editArgs, '-o', join(out, 'svc-edit.inc')], { cwd: inc, env });
      // Without the service: the input edited (its includes read back from disk), the first call
      // on an input (no parses on disk: it parses and saves them), and no parses on disk at all.
      const oe = timedRun(BIN, [...editArgs, '-o', join(out, 'off-edit.inc')], { cwd: inc, env: offEnv() });
      // (A private folder of its own, whose parses are removed each time; its code cache stays.)
      const firstDir = join(offDir, 'first');
      rmSync(join(firstDir, 'parses'), { recursive: true, force: true });
      const of = timedRun(BIN, [...args, '-o', join(out, 'off-first.inc')], { cwd: inc, env: { ...offEnv(), ODS_DAEMON_DIR: firstDir } });
      const ob = timedRun(BIN, [...args, '-o', join(out, 'off-bare.inc')], { cwd: inc, env: { ...offEnv(), ODS_PARSE_CACHE: 'false' } });
      ref.push(r, re);
      svc.push(s);
      svcEdit.push(se);
      off.push(o);
      offEdit.push(oe);
      offFirst.push(of);
      offBare.push(ob);
      const want = readFileSync(join(out, 'ref.inc'));
      same &&= want.equals(readFileSync(join(out, 'svc.inc'))) && want.equals(readFileSync(join(out, 'off.inc')));
      same &&= readFileSync(join(out, 'ref-edit.inc')).equals(readFileSync(join(out, 'svc-edit.inc')));
      same &&= readFileSync(join(out, 'ref-edit.inc')).equals(readFileSync(join(out, 'off-edit.inc')));
      same &&= want.equals(readFileSync(join(out, 'off-first.inc'))) && want.equals(readFileSync(join(out, 'off-bare.inc')));
    }
    const m = (xs, k = 'ms') => median(xs.map((x) => x[k]).filter((v) => v !== undefined));
    const refMs = m(ref);
    const cell = (xs) => `${fmtMs(m(xs))} (${ratio(m(xs), refMs)})`;
    rows.push([name, fmtMs(refMs), cell(svc), cell(svcEdit), cell(off), cell(offEdit), cell(offFirst), cell(offBare),
      `${m(ref, 'rssMb')?.toFixed(0) ?? '-'} / ${m(svc, 'rssMb')?.toFixed(0) ?? '-'} / ${m(off, 'rssMb')?.toFixed(0) ?? '-'} MB`, same ? 'yes' : 'NO']);
  }
  return table(
    ['one call per output', REF, 'service warm, same input', 'service warm, input edited', 'ODS_DAEMON=false', 'ODS_DAEMON=false, input edited', 'ODS_DAEMON=false, first call (saves its includes)', 'ODS_DAEMON=false, ODS_PARSE_CACHE=false', 'peak RSS ref / client / off', 'same bytes'],
    rows,
  ) + '\n\nThe bin runs as CMake and Bazel run it (executed directly: its #! line applies). "Same input": the service\n' +
    'remembers the clean run and checks every file it read; "input edited": a comment is appended to the file\n' +
    'before each call, so the service parses it and runs the generator again (the includes stay shared).\n' +
    'ODS_DAEMON=false: the CLI alone reads back the include parses an earlier call on the input saved; "first\n' +
    'call": none saved yet (it parses them and saves them as it exits).';
}

/**
 * The example dialect built by CMake + Ninja with MLIR 22's own mlir_tablegen() (its
 * CMakeLists.txt), cold (ninja -t clean first): the reference tools, and ods-tblgen as
 * MLIR_TABLEGEN_EXE with its service warm and with ODS_DAEMON=false.
 */
async function cmakeSuite(opts, env, out) {
  if (!which('cmake') || !which('ninja')) return 'cmake: cmake or ninja is not installed; skipped.';
  const llvmCmake = execFileSync('llvm-config-22', ['--cmakedir'], { encoding: 'utf8' }).trim();
  const mlirDir = join(llvmCmake, '../mlir');
  if (!existsSync(join(mlirDir, 'MLIRConfig.cmake'))) return 'cmake: MLIR 22\'s CMake package is not installed; skipped.';
  process.stderr.write('callers-bench: cmake + ninja, the example dialect ...\n');
  const source = join(out, 'cmake-src');
  for (const sub of ['include', 'CMakeLists.txt', 'ods.json']) cpSync(join(ROOT, 'examples/dialect', sub), join(source, sub), { recursive: true });
  const configure = (name, mlirTblgen, llvmTblgen) => {
    const dir = join(out, name);
    execFileSync('cmake', ['-G', 'Ninja', '-S', source, '-B', dir, `-DMLIR_DIR=${mlirDir}`, `-DTOY_MLIR_TABLEGEN=${mlirTblgen}`, `-DTOY_LLVM_TABLEGEN=${llvmTblgen}`], { stdio: 'ignore' });
    return dir;
  };
  const refDir = configure('cmake-ref', whichPath('mlir-tblgen-22'), whichPath('llvm-tblgen-22'));
  const odsDir = configure('cmake-ods', BIN, BIN);
  const build = (dir, e) => {
    execFileSync('ninja', ['-C', dir, '-t', 'clean', 'ToyIncGen'], { stdio: 'ignore' });
    const r = timedRun('ninja', ['-C', dir, 'ToyIncGen'], { env: e });
    if (r.code !== 0) throw new Error(`ninja -C ${dir} failed`);
    return r.ms;
  };
  build(odsDir, env);
  const ref = [];
  const svc = [];
  const off = [];
  for (let k = 0; k < opts.runs; k++) {
    ref.push(build(refDir, process.env));
    svc.push(build(odsDir, env));
    off.push(build(odsDir, offEnv()));
  }
  const refMs = median(ref);
  const cell = (xs) => `${fmtMs(median(xs))} (${ratio(median(xs), refMs)})`;
  return table(
    ['CMake + Ninja, example dialect, cold', 'mlir-tblgen-22 / llvm-tblgen-22', 'ods-tblgen, service warm', 'ODS_DAEMON=false'],
    [['ninja ToyIncGen (18 outputs)', fmtMs(refMs), cell(svc), cell(off)]],
  );
}

async function exampleSuite(opts, inc, env, out) {
  const { loadConfig } = await import(pathToFileURL(join(ROOT, 'packages/ods-engine/dist/index.js')).href);
  const src = join(ROOT, 'examples/dialect');
  const config = loadConfig(join(src, 'ods.json'), {});
  const incArgs = [...config.includeDirs, config.mlirIncludeDir].filter(Boolean).flatMap((d) => ['-I', d]);
  incArgs.push(...(config.macros ?? []).flatMap((m) => ['-D', m]));
  const refCmd = (j) =>
    j.generator === 'print-records' || j.generator === 'dump-json'
      ? ['llvm-tblgen-22', [...(j.generator === 'dump-json' ? ['--dump-json'] : []), ...incArgs, j.input]]
      : [REF, [`--gen-${j.generator}`, ...j.args, ...incArgs, j.input]];
  process.stderr.write(`callers-bench: example dialect, ${config.jobs.length} jobs ...\n`);
  const ref = [];
  const svc = [];
  const off = [];
  const fresh = (tag, k) => {
    const d = join(out, `example-${tag}-${k}`);
    cpSync(src, d, { recursive: true, filter: (p) => !/[/\\](generated|\.ods-cache|node_modules)$/.test(p) });
    return d;
  };
  // Warm: the service's threads have run this build a few times (their JIT is warm, as after a
  // while of use), not only started.
  for (let w = 0; w < 5; w++) {
    fresh('warm', w);
    timedRun(BIN, ['build', '--config', join(out, `example-warm-${w}`, 'ods.json')], { env });
  }
  // Without the service: a first build, and the startup snapshot it leads to, made here.
  fresh('warm-off', 0);
  timedRun(BIN, ['build', '--config', join(out, 'example-warm-off-0', 'ods.json')], { env: offEnv() });
  settleSnapshot();
  const bare = [];
  for (let k = 0; k < opts.runs; k++) {
    const t0 = performance.now();
    for (const j of config.jobs) {
      const [c, a] = refCmd(j);
      const r = spawnSync(c, [...a, '-o', join(out, 'ref-example.out')], { cwd: config.baseDir, stdio: 'ignore' });
      if (r.status !== 0) throw new Error(`${c} ${a.join(' ')} failed`);
    }
    ref.push(performance.now() - t0);
    const ds = fresh('svc', k);
    svc.push(timedRun(BIN, ['build', '--config', join(ds, 'ods.json')], { env }).ms);
    const dof = fresh('off', k);
    off.push(timedRun(BIN, ['build', '--config', join(dof, 'ods.json')], { env: offEnv() }).ms);
    const dbare = fresh('bare', k);
    bare.push(timedRun(BIN, ['build', '--config', join(dbare, 'ods.json')], { env: offEnv({ snapshots: false }) }).ms);
  }
  const refMs = median(ref);
  return table(
    ['example dialect, cold', `${config.jobs.length} reference processes, one after another`, 'ods-tblgen build, service warm', 'ODS_DAEMON=false', 'ODS_DAEMON=false, no snapshot'],
    [['examples/dialect/ods.json', fmtMs(refMs), ...[svc, off, bare].map((xs) => `${fmtMs(median(xs))} (${ratio(median(xs), refMs)})`)]],
  );
}

/**
 * The workspace's plugin entry: `command`, the default (the `ods` command target), or `executor`
 * (the `ods-batch` target run by the executor, which batch mode runs as one batch). One at a
 * time, as a user has it: Nx runs each plugin entry in a process of its own, at every run.
 */
function useNxPlugin(ws, kind) {
  const plugins = [kind === 'command' ? '@ods-ts/nx-ods' : { plugin: '@ods-ts/nx-ods', options: { targetName: 'ods-batch', runWith: 'executor' } }];
  writeFileSync(join(ws, 'nx.json'), JSON.stringify({ neverConnectToCloud: true, plugins }, null, 2));
}

function packWorkspace(ws, projects) {
  const tarballs = join(ws, '..', 'tarballs');
  mkdirSync(tarballs, { recursive: true });
  const pkgs = ['tablegen-core', 'ods-engine', 'ods-backends', 'nx-ods'];
  const r = execFileSync('npm', ['pack', '--json', '--pack-destination', tarballs, ...pkgs.flatMap((p) => ['-w', `@ods-ts/${p}`])], { cwd: ROOT, encoding: 'utf8' });
  const packed = JSON.parse(r.slice(r.indexOf('[')));
  const nxVersion = JSON.parse(readFileSync(join(ROOT, 'node_modules/nx/package.json'), 'utf8')).version;
  const devDependencies = { nx: nxVersion };
  for (const p of packed) devDependencies[p.name] = `file:${join(tarballs, p.filename)}`;
  mkdirSync(ws, { recursive: true });
  writeFileSync(join(ws, 'package.json'), JSON.stringify({ name: 'ods-bench-nx', private: true, devDependencies }, null, 2));
  useNxPlugin(ws, 'command');
  writeFileSync(join(ws, '.npmrc'), 'fund=false\naudit=false\n');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], { cwd: ws, stdio: 'ignore' });
  for (const p of projects) {
    mkdirSync(join(ws, 'dialects', p.name), { recursive: true });
    writeFileSync(join(ws, 'dialects', p.name, 'project.json'), JSON.stringify({ name: p.name }));
    writeFileSync(join(ws, 'dialects', p.name, 'ods.json'), JSON.stringify({ mlirIncludeDir: p.inc, jobs: p.jobs }));
  }
}

async function nxSuite(opts, inc, out) {
  let rows = readManifest().filter((r) => NX_GENS.includes(r.generator));
  const dialects = new Set(rows.filter((r) => r.generator === 'op-decls').map((r) => r.file));
  rows = rows.filter((r) => !r.trivial && dialects.has(r.file));
  const byFile = new Map();
  for (const r of rows) {
    if (!byFile.has(r.file)) byFile.set(r.file, []);
    byFile.get(r.file).push(r);
  }
  const projects = [...byFile].map(([file, rs], i) => ({
    name: `p${i}-${basename(file, '.td').toLowerCase()}`,
    inc,
    jobs: rs.map((r, k) => ({ input: join(inc, file), generator: r.generator, ...(r.args.length ? { args: r.args } : {}), output: `gen/${k}.inc` })),
  }));
  const n = projects.reduce((s, p) => s + p.jobs.length, 0);
  process.stderr.write(`callers-bench: nx workspace of ${projects.length} projects, ${n} outputs (packing and installing) ...\n`);
  const ws = join(out, 'nx-ws');
  packWorkspace(ws, projects);
  const nxEnv = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', NX_INTERACTIVE: 'false', NO_COLOR: '1' };
  // Every run, the reference's too, writes its outputs into fresh folders, one file per output
  // as a build has them: the previous run's are moved aside, into a folder removed at the end
  // (removing 782 files just before a run made the run's own file creations cost up to ~1 s
  // more system time on this machine's ext4).
  const trash = join(out, 'nx-trash');
  let moved = 0;
  const moveAside = (dir) => {
    if (!existsSync(dir)) return;
    mkdirSync(trash, { recursive: true });
    renameSync(dir, join(trash, String(moved++)));
  };
  const clean = () => {
    for (const p of projects) {
      moveAside(join(ws, 'dialects', p.name, 'gen'));
      moveAside(join(ws, 'dialects', p.name, '.ods-cache'));
    }
  };
  const runMany = (extra, env, target = 'ods') => {
    clean();
    const r = timedRun(join(ws, 'node_modules/.bin/nx'), ['run-many', '-t', target, '--skip-nx-cache', '--output-style=static', ...extra], { cwd: ws, env });
    if (r.code !== 0) throw new Error(`nx run-many ${extra.join(' ')} failed`);
    return r.ms;
  };
  const svcDir = join(out, 'nx-service');
  const results = { ref: [], svc: [], svc3: [], off: [], bare: [], batch: [], batchWarm: [], batchFirst: [], batchNext: [] };
  for (let k = 0; k < opts.nxRuns; k++) {
    process.stderr.write(`callers-bench: nx run ${k + 1}/${opts.nxRuns}: ${n} reference processes, 2-wide ...\n`);
    const items = projects.flatMap((p) => p.jobs.map((j) => ({ j, p })));
    // The reference is timed at the start and again at the end of each round: this machine's
    // speed drifts over the minutes a round takes, and one sample made every ratio swing.
    // Each output at a path of its own, a folder per project (as CMake runs it: the folders made
    // beforehand), outside the workspace (where Nx would hash them).
    const refOut = join(out, 'nx-ref');
    const refRun = async () => {
      moveAside(refOut);
      for (const p of projects) mkdirSync(join(refOut, p.name), { recursive: true });
      const t0 = performance.now();
      await lanes(items, 2, ({ j, p }) => exec(REF, [`--gen-${j.generator}`, ...(j.args ?? []), '-I', inc, j.input, '-o', join(refOut, p.name, basename(j.output))], out));
      results.ref.push(performance.now() - t0);
    };
    await refRun();
    useNxPlugin(ws, 'command');
    process.stderr.write('callers-bench: nx run-many, service on (its first task starts it) ...\n');
    spawnSync(process.execPath, [BIN, 'daemon', 'stop'], { env: serviceEnv(svcDir) });
    results.svc.push(runMany(['--parallel=2'], { ...nxEnv, ...serviceEnv(svcDir) }));
    // Nx's default parallelism: while a task's client process starts, another task keeps the
    // service's threads busy (they idle between tasks at 2).
    process.stderr.write('callers-bench: nx run-many, service on, Nx\'s default --parallel=3 ...\n');
    spawnSync(process.execPath, [BIN, 'daemon', 'stop'], { env: serviceEnv(svcDir) });
    results.svc3.push(runMany(['--parallel=3'], { ...nxEnv, ...serviceEnv(svcDir) }));
    process.stderr.write('callers-bench: nx run-many, ODS_DAEMON=false ...\n');
    // As on a CI runner that ran it before: the startup snapshot of a build made first (a folder
    // of its own: no seeds of the other suites).
    offDir = join(out, 'nx-off-private');
    timedRun(BIN, ['build', '--config', join(ws, 'dialects', projects[0].name, 'ods.json')], { cwd: ws, env: offEnv() });
    settleSnapshot();
    results.off.push(runMany(['--parallel=2'], { ...nxEnv, ...offEnv() }));
    results.bare.push(runMany(['--parallel=2'], { ...nxEnv, ...offEnv({ snapshots: false }) }));
    useNxPlugin(ws, 'executor');
    process.stderr.write('callers-bench: nx run-many --batch ...\n');
    results.batch.push(runMany(['--batch'], { ...nxEnv, ODS_DAEMON: 'false' }, 'ods-batch'));
    // As on a developer's machine: the user's build service runs, warm from the runs above (its
    // threads' JIT and include parses; outputs and .ods-cache are fresh as in every row).
    process.stderr.write('callers-bench: nx run-many --batch, the build service warm ...\n');
    results.batchWarm.push(runMany(['--batch'], { ...nxEnv, ...serviceEnv(svcDir) }, 'ods-batch'));
    // As on a developer's machine with no service running yet: the first batch starts the user's
    // service, the next one (often a few affected projects; here all of them again) meets it warm.
    process.stderr.write('callers-bench: nx run-many --batch twice, the first starting the build service ...\n');
    const batchSvcDir = join(out, `nx-batch-service-${k}`);
    results.batchFirst.push(runMany(['--batch'], { ...nxEnv, ...serviceEnv(batchSvcDir) }, 'ods-batch'));
    results.batchNext.push(runMany(['--batch'], { ...nxEnv, ...serviceEnv(batchSvcDir) }, 'ods-batch'));
    spawnSync(process.execPath, [BIN, 'daemon', 'stop'], { env: serviceEnv(batchSvcDir) });
    process.stderr.write(`callers-bench: nx run ${k + 1}/${opts.nxRuns}: ${n} reference processes again ...\n`);
    await refRun();
  }
  const peak = servicePeakMb(serviceEnv(svcDir));
  spawnSync(process.execPath, [BIN, 'daemon', 'stop'], { env: serviceEnv(svcDir) });
  rmSync(trash, { recursive: true, force: true });
  const refMs = median(results.ref);
  const cell = (xs) => `${(median(xs) / 1000).toFixed(2)} s (${ratio(median(xs), refMs)})`;
  return (
    table(
      [`nx run-many, ${projects.length} projects, ${n} outputs, cold`, `${REF}, 2-wide`, '-t ods, service on', '-t ods, service on, --parallel=3', '-t ods, ODS_DAEMON=false', '-t ods, ODS_DAEMON=false, no snapshot', '-t ods-batch --batch (executor)', '--batch, service warm', '--batch, service started by it', 'the next --batch'],
      [['wall', `${(refMs / 1000).toFixed(2)} s`, cell(results.svc), cell(results.svc3), cell(results.off), cell(results.bare), cell(results.batch), cell(results.batchWarm), cell(results.batchFirst), cell(results.batchNext)]],
    ) +
    `\n\nThe reference's runs (at the start and the end of each round; the table gives their median): ${results.ref.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')}.` +
    (peak ? `\n\nThe service's peak RSS after the Nx runs: ${peak.toFixed(0)} MB.` : '')
  );
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!existsSync(join(ROOT, 'packages/ods-backends/dist/build-id.txt'))) throw new Error('run `npm run build` first');
  if (!which(REF)) throw new Error(`${REF} not found (tools/setup.sh installs it)`);
  const inc = execFileSync('llvm-config-22', ['--includedir'], { encoding: 'utf8' }).trim();
  const out = mkdtempSync(join(tmpdir(), 'ods-callers-bench-'));
  const env = serviceEnv(join(out, 'service'));
  offDir = join(out, 'off-private');
  const sections = [];
  const load0 = loadavg()[0];
  try {
    if (opts.suites.includes('cli')) sections.push(await cliSuite(opts, inc, env, out));
    if (opts.suites.includes('example')) sections.push(await exampleSuite(opts, inc, env, out));
    if (opts.suites.includes('cmake')) sections.push(await cmakeSuite(opts, env, out));
    const peak = servicePeakMb(env);
    if (peak) sections.push(`The build service's peak RSS after the cli and example runs: ${peak.toFixed(0)} MB.`);
    spawnSync(process.execPath, [BIN, 'daemon', 'stop'], { env });
    if (opts.suites.includes('nx')) sections.push(await nxSuite(opts, inc, out));
  } finally {
    spawnSync(process.execPath, [BIN, 'daemon', 'stop'], { env });
    if (!opts.keep) rmSync(out, { recursive: true, force: true });
  }
  process.stdout.write(`\n${sections.join('\n\n')}\n\nLoad average (1 min) at start / end: ${load0.toFixed(2)} / ${loadavg()[0].toFixed(2)}; medians of ${opts.runs} runs (cli, example), ${opts.nxRuns} (nx).\n`);
}

await main();
