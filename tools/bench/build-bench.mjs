#!/usr/bin/env node
// `node tools/bench/build-bench.mjs`: the incremental engine (`ods-tblgen build`) against
// mlir-tblgen-22, over every dialect output of the MLIR 22 manifest: the substantive rows (not
// `trivial`) of the generators op-, dialect-, typedef-, attrdef- and enum- decls/defs, for the
// dialect files (those with ops, i.e. an op-decls row): 782 outputs of 91 files. `--all` takes
// every row of those generators instead (1,584 outputs of 293 files).
//
//   cold     `ods-tblgen build --jobs N` over an ods.json of all those outputs (one parse per .td,
//            N worker threads, empty cache) against one mlir-tblgen-22 process per output, N-wide;
//            with its peak memory: the maximum resident set of the build's process (main thread
//            and worker threads together), from /usr/bin/time's %M
//            --runs times each, alternating (the reference first), medians reported. Every run
//            writes into fresh folders, for both tools: the outputs of the previous run are moved
//            aside, not deleted (creating files right after deleting many is slower on ext4)
//   no-op    the same build again: nothing changed, every job up to date
//   watch    `ods-tblgen build --watch`: from a save of one dialect .td (a copy in the temp folder,
//            first in the include path) to the end of the rebuild: a comment appended (outputs
//            unchanged), and a new op appended (until its op-decls output is rewritten); the
//            watch process's resident memory (VmRSS) when it starts watching and after the saves,
//            so that growth with time shows, and its peak (VmHWM)
//
// Options: --jobs N (default 2)   --filter SUBSTR (manifest file paths; repeatable)   --limit N
//          --all (every row of those generators, trivial ones and files without ops included)   --samples N (watch saves, default 5)
//          --runs N (cold runs of each tool, default 3)
//          --dialect DIR (the copied dialect, default mlir/Dialect/Arith/IR)   --keep
// Performance is measured here only, never in the tests. Needs `npm run build` first.
import { childrenCpuMs, exec, lanes, median, procMemMb, readManifest, sec, table, timed, which } from './bench-util.mjs';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BUNDLE = join(ROOT, 'packages/ods-backends/dist/ods-tblgen.js');
const INDEX = join(ROOT, 'packages/ods-backends/dist/index.js');
const REF = 'mlir-tblgen-22';
const TIME = '/usr/bin/time';
const GENS = ['op-decls', 'op-defs', 'dialect-decls', 'dialect-defs', 'typedef-decls', 'typedef-defs', 'attrdef-decls', 'attrdef-defs', 'enum-decls', 'enum-defs'];

const USAGE = `usage: node tools/bench/build-bench.mjs [--jobs N] [--filter SUBSTR] [--limit N] [--all]
                                      [--samples N] [--runs N] [--dialect DIR] [--keep]
`;

function parseArgs(argv) {
  const o = { jobs: 2, filter: [], limit: Infinity, all: false, samples: 5, runs: 3, dialect: 'mlir/Dialect/Arith/IR', keep: false, help: false };
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
      case '--samples':
        o.samples = int(take());
        break;
      case '--runs':
        o.runs = int(take());
        break;
      case '--dialect':
        o.dialect = take().replace(/\/$/, '');
        break;
      case '--all':
        o.all = true;
        break;
      case '--keep':
        o.keep = true;
        break;
      case '--help':
      case '-h':
        o.help = true;
        break;
      default:
        throw new Error(`unknown argument '${argv[i]}'\n${USAGE}`);
    }
  }
  return o;
}

const mb = (x) => (x === undefined || Number.isNaN(x) ? '-' : x.toFixed(0));

/** Watch mode: a child `ods-tblgen build --watch`, its output, and a wait for a pattern. */
function startWatch(tool, config, jobs) {
  const child = spawn(tool, ['build', '--config', config, '--watch', '--jobs', String(jobs)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const until = async (re, from, ms = 120_000) => {
    const t0 = performance.now();
    for (;;) {
      const m = re.exec(out.slice(from));
      if (m) return m;
      if (child.exitCode !== null) throw new Error(`ods-tblgen build --watch exited:\n${out}`);
      if (performance.now() - t0 > ms) throw new Error(`timed out waiting for ${re}:\n${out.slice(from)}`);
      await new Promise((r) => setTimeout(r, 2));
    }
  };
  return { child, until, mem: () => procMemMb(child.pid), get length() { return out.length; }, stop: () => new Promise((r) => { child.once('exit', r); child.kill('SIGINT'); }) };
}

async function main() {
  // The monolithic build measured as it runs without the build service (callers-bench.mjs
  // measures the service).
  process.env.ODS_DAEMON = 'false';
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`build-bench: ${e.message}\n`);
    process.exit(2);
  }
  if (opts.help) return void process.stdout.write(USAGE);
  if (!existsSync(BUNDLE) || !existsSync(INDEX)) {
    process.stderr.write('build-bench: packages/ods-backends/dist is missing: run `npm run build` first\n');
    process.exit(1);
  }
  if (!which(REF) || !which('llvm-config-22')) {
    process.stderr.write(`build-bench: ${REF} / llvm-config-22 not found (see tools/setup.sh)\n`);
    process.exit(1);
  }
  const mlir = execFileSync('llvm-config-22', ['--includedir'], { encoding: 'utf8' }).trim();
  const { listGenerators } = await import(pathToFileURL(INDEX).href);
  const registry = new Set(listGenerators());
  const gens = GENS.filter((g) => registry.has(g));
  let rows = readManifest().filter((r) => gens.includes(r.generator));
  if (!opts.all) {
    // The dialect outputs: files that define ops, rows that carry records of their own.
    const dialects = new Set(rows.filter((r) => r.generator === 'op-decls').map((r) => r.file));
    rows = rows.filter((r) => !r.trivial && dialects.has(r.file));
  }
  if (opts.filter.length) rows = rows.filter((r) => opts.filter.some((s) => r.file.includes(s)));
  rows = rows.slice(0, opts.limit);
  if (!rows.length) throw new Error('no manifest rows selected');

  const tmp = mkdtempSync(join(tmpdir(), 'ods-build-bench-'));
  const notes = [];
  // A snapshot of the bundles: a rebuild of dist/ during the run would change the tool's
  // fingerprint, and the engine would (rightly) rebuild everything in the no-op step.
  // The bin as users run it (its #! line sets node's flags), over the snapshot of the bundles.
  // All of dist/ (without maps and declarations): the bin starts with the thin client and runs
  // `build` from build-cli.cjs, with its V8 flags and code cache, as users have it.
  const tool = join(tmp, 'tool', 'bin', 'ods-tblgen.js');
  const pkg = join(ROOT, 'packages/ods-backends');
  cpSync(join(pkg, 'dist'), join(tmp, 'tool', 'dist'), { recursive: true, filter: (f) => !/\.(map|d\.ts)$/.test(f) && !f.endsWith('tsbuildinfo') });
  for (const f of ['package.json', 'bin/package.json', 'bin/ods-tblgen.js']) cpSync(join(pkg, f), join(tmp, 'tool', f));
  symlinkSync(join(ROOT, 'node_modules'), join(tmp, 'tool', 'node_modules'), 'dir');
  // The tool's private folder (its code cache; startup snapshots, which a build this big never
  // runs from nor seeds): the bench's own.
  process.env.ODS_DAEMON_DIR = join(tmp, 'private');
  mkdirSync(process.env.ODS_DAEMON_DIR, { mode: 0o700 });
  try {
    // The watched dialect: its own .td files copied in, first in the include path.
    const td = join(tmp, 'td');
    const dialectDir = join(mlir, opts.dialect);
    const copied = existsSync(dialectDir) ? readdirSync(dialectDir).filter((f) => f.endsWith('.td')) : [];
    for (const f of copied) cpSync(join(dialectDir, f), join(td, opts.dialect, f));
    mkdirSync(td, { recursive: true });
    const inputOf = (file) => (existsSync(join(td, file)) ? join(td, file) : join(mlir, file));
    const jobs = rows.map((r, i) => ({ input: inputOf(r.file), generator: r.generator, ...(r.args.length ? { args: r.args } : {}), output: `ods/${i}-${basename(r.file, '.td')}.${r.generator}.inc` }));
    const config = join(tmp, 'ods.json');
    writeFileSync(config, JSON.stringify({ includeDirs: [td], mlirIncludeDir: mlir, jobs }, null, 1));
    const inputs = new Set(jobs.map((j) => j.input)).size;
    notes.push(`ods-tblgen: its bin (bin/ods-tblgen.js, run through its #! line) over a copy of packages/ods-backends/dist taken at the start, with a private folder of its own (ODS_DAEMON_DIR: the first cold run writes the V8 code cache the next ones read)`);
    notes.push(`${rows.length} outputs (${gens.join(', ')}) of ${inputs} .td files from the manifest; ${opts.jobs}-wide; ${copied.length} .td files of ${opts.dialect} copied to ${td}`);

    // The reference (one process per output) and the cold build, alternating, `runs` times each.
    // Each run writes into fresh folders (the previous run's outputs are moved aside).
    const refDir = (k) => join(tmp, `ref-${k}`);
    const build = () => exec(tool, ['build', '--config', config, '--jobs', String(opts.jobs)], tmp);
    // The cold build under /usr/bin/time: its peak RSS (ru_maxrss: the process with its threads).
    const memFile = join(tmp, 'peak-rss');
    const hasTime = existsSync(TIME);
    const coldBuild = async () => {
      if (!hasTime) return { ...(await build()), peakMb: undefined };
      rmSync(memFile, { force: true });
      const r = await exec(TIME, ['-f', '%M', '-o', memFile, tool, 'build', '--config', config, '--jobs', String(opts.jobs)], tmp);
      const kb = existsSync(memFile) ? Number(readFileSync(memFile, 'utf8').trim().split('\n').pop()) : NaN;
      return { ...r, peakMb: Number.isFinite(kb) ? kb / 1024 : undefined };
    };
    const refRuns = [];
    const coldRuns = [];
    for (let k = 0; k < opts.runs; k++) {
      process.stderr.write(`build-bench: run ${k + 1}/${opts.runs}: ${REF}, ${rows.length} processes ...\n`);
      mkdirSync(refDir(k), { recursive: true });
      refRuns.push(
        await timed(() =>
          lanes(rows, opts.jobs, (r, i) => exec(REF, [`--gen-${r.generator}`, ...r.args, '-I', td, '-I', mlir, jobs[i].input, '-o', join(refDir(k), `${i}.inc`)], tmp)),
        ),
      );
      process.stderr.write(`build-bench: run ${k + 1}/${opts.runs}: ods-tblgen build (cold) ...\n`);
      if (k > 0) {
        renameSync(join(tmp, 'ods'), join(tmp, `ods-run-${k - 1}`));
        renameSync(join(tmp, '.ods-cache'), join(tmp, `.ods-cache-run-${k - 1}`));
      }
      coldRuns.push(await timed(coldBuild));
    }
    const medianRun = (runs) => {
      const byWall = [...runs].sort((a, b) => a.ms - b.ms);
      const cpu = runs.map((r) => r.cpuMs);
      return { ...byWall[byWall.length >> 1], cpuMs: cpu.includes(undefined) ? undefined : median(cpu) };
    };
    const ref = medianRun(refRuns);
    const cold = medianRun(coldRuns);
    const last = opts.runs - 1;
    const refOk = refRuns[last].value.filter((r) => r.code === 0).length;
    if (opts.runs > 1) {
      const list = (runs) => runs.map((r) => sec(r.ms)).join(', ');
      notes.push(`runs (wall, s): ${REF} ${list(refRuns)}; ods-tblgen cold ${list(coldRuns)}; the tables give the medians`);
    }

    // Then the no-op build.
    const summary = (r) => (/ods: (\d+ outputs?: .*?)(?: \(\d+ ms\))?$/m.exec(r.out) ?? [])[1] ?? `exit ${r.code}`;
    process.stderr.write('build-bench: ods-tblgen build (no-op) ...\n');
    const noop = await timed(build);

    // Outputs against the reference.
    let same = 0;
    let bothOk = 0;
    rows.forEach((_, i) => {
      const a = join(tmp, jobs[i].output);
      const b = join(refDir(last), `${i}.inc`);
      if (!existsSync(a) || !existsSync(b) || refRuns[last].value[i].code !== 0) return;
      bothOk++;
      if (readFileSync(a).equals(readFileSync(b))) same++;
    });

    // Watch mode latency.
    const watchRows = [];
    /** Memory: [what, resident now (MB), peak (MB)]. */
    const memRows = [];
    const main = copied.map((f) => join(td, opts.dialect, f)).find((p) => jobs.some((j) => j.input === p && j.generator === 'op-decls')) ??
      copied.map((f) => join(td, opts.dialect, f)).find((p) => jobs.some((j) => j.input === p));
    if (main) {
      process.stderr.write(`build-bench: watch mode, ${opts.samples} saves of each kind to ${main} ...\n`);
      const w = startWatch(tool, config, opts.jobs);
      try {
        await w.until(/watching for changes/, 0);
        // Memory when it starts watching, after the first save (its first parse) and after all.
        const m0 = w.mem();
        let m1;
        let saves = 0;
        const done = /ods: \d+ outputs?: [^\n]*\(\d+ ms\)\n/;
        const comment = [];
        let rebuilt = '';
        for (let i = 0; i < opts.samples; i++) {
          const from = w.length;
          const t0 = performance.now();
          appendFileSync(main, `\n// build-bench comment ${i}\n`);
          rebuilt = (await w.until(done, from))[0].trim();
          comment.push(performance.now() - t0);
          if (++saves === 1) m1 = w.mem();
          await new Promise((r) => setTimeout(r, 400)); // past the watcher's recheck
        }
        watchRows.push([`comment appended to ${basename(main)} -> rebuild done (outputs unchanged)`, median(comment).toFixed(0), Math.min(...comment).toFixed(0)]);
        const opDecls = jobs.find((j) => j.input === main && j.generator === 'op-decls' && !j.args);
        if (opDecls && opts.dialect === 'mlir/Dialect/Arith/IR') {
          const out = join(tmp, opDecls.output);
          const newOp = [];
          for (let i = 0; i < opts.samples; i++) {
            const name = `BenchOp${i}`;
            const from = w.length;
            const t0 = performance.now();
            appendFileSync(main, `\ndef Arith_${name} : Arith_Op<"bench_${i}", [Pure]> {\n  let arguments = (ins AnyType:$in);\n  let results = (outs AnyType:$out);\n}\n`);
            for (;;) {
              if (readFileSync(out, 'latin1').includes(name)) break;
              if (performance.now() - t0 > 120_000) throw new Error('the new op never reached the op-decls output');
              await new Promise((r) => setTimeout(r, 1));
            }
            newOp.push(performance.now() - t0);
            saves++;
            await w.until(done, from);
            await new Promise((r) => setTimeout(r, 400));
          }
          watchRows.push([`new op appended to ${basename(main)} -> ${basename(opDecls.output)} rewritten`, median(newOp).toFixed(0), Math.min(...newOp).toFixed(0)]);
        }
        await new Promise((r) => setTimeout(r, 1000)); // let the last rebuild's garbage go
        const m2 = w.mem();
        if (m0 && m1 && m2) {
          memRows.push([`build --watch: watching (after its first build)`, mb(m0.rss), mb(m0.hwm)]);
          memRows.push([`build --watch: after 1 save`, mb(m1.rss), mb(m1.hwm)]);
          memRows.push([`build --watch: after ${saves} saves (${((m2.rss - m1.rss) / (saves - 1)).toFixed(2)} MB per save after the first)`, mb(m2.rss), mb(m2.hwm)]);
        }
        notes.push(`watch: ${opts.samples} saves each; a save of ${basename(main)} reruns the outputs of every input that includes it: "${rebuilt}"`);
      } finally {
        await w.stop();
      }
    }

    // The largest peak of the cold runs (memory, unlike time, hardly varies with the load).
    const peaks = coldRuns.map((r) => r.value.peakMb).filter((x) => x !== undefined);
    const coldPeak = peaks.length ? Math.max(...peaks) : undefined;
    if (peaks.length) notes.push(`memory: the cold build's peak RSS is the ods-tblgen process's, its worker threads included (/usr/bin/time %M): ${peaks.map(mb).join(', ')} MB over the runs, the tables give the largest; the watch process's are VmRSS and VmHWM of /proc/<pid>/status; resident memory includes V8's headroom between collections, so a rise over a few saves need not be kept memory (over 60 saves it levels off)`);
    const ratio = (a, b) => (a !== undefined && b ? `${(a / b).toFixed(2)}x` : '-');
    const out = [];
    out.push(
      table(
        ['build', 'outputs ok', 'wall (s)', 'cpu (s)', `wall vs ${REF}`, `cpu vs ${REF}`, 'peak RSS (MB)'],
        [
          [`${REF}, a process per output`, `${refOk}/${rows.length}`, sec(ref.ms), sec(ref.cpuMs), '1.00x', '1.00x', '-'],
          [`ods-tblgen build, cold: ${summary(coldRuns[last].value)}`, `exit ${coldRuns.map((r) => r.value.code).find((c) => c !== 0) ?? 0}`, sec(cold.ms), sec(cold.cpuMs), ratio(cold.ms, ref.ms), ratio(cold.cpuMs, ref.cpuMs), mb(coldPeak)],
          [`ods-tblgen build, no-op: ${summary(noop.value)}`, `exit ${noop.value.code}`, sec(noop.ms), sec(noop.cpuMs), ratio(noop.ms, ref.ms), ratio(noop.cpuMs, ref.cpuMs), '-'],
        ],
      ),
    );
    out.push(table(['rebuild', 'ratio'], [['no-op rebuild vs cold build (wall)', ratio(noop.ms, cold.ms)], ['no-op rebuild vs cold build (cpu)', ratio(noop.cpuMs, cold.cpuMs)]]));
    if (watchRows.length) out.push(table(['watch mode: save -> result', 'median (ms)', 'min (ms)'], watchRows));
    if (coldPeak !== undefined) memRows.unshift([`ods-tblgen build, cold (${rows.length} outputs)`, '-', mb(coldPeak)]);
    if (memRows.length) out.push(table(['memory', 'resident (MB)', 'peak (MB)'], memRows));
    notes.push(`outputs byte-identical to ${REF}: ${same}/${bothOk} (where both succeeded)`);
    notes.push('cpu: user + system time of the child processes (the build with its worker threads; the reference processes)');
    // What one process costs before any work on this machine: the reference pays it per output,
    // and it varies a lot between hosts (the ratios above depend on it).
    const starts = [];
    for (let i = 0; i < 15; i++) starts.push((await timed(() => exec(REF, ['--version'], tmp))).ms);
    notes.push(`process floor here: \`${REF} --version\` takes ${median(starts).toFixed(1)} ms (median of 15); the reference's mean per output: ${(ref.ms * opts.jobs / rows.length).toFixed(1)} ms of wall time`);
    try {
      notes.push(`load average at the end: ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`);
    } catch {
      // not Linux
    }
    out.push(notes.map((n) => `- ${n}`).join('\n'));
    process.stdout.write(out.join('\n\n') + '\n');
  } finally {
    if (opts.keep) process.stderr.write(`build-bench: kept ${tmp}\n`);
    else rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
