#!/usr/bin/env node
// Conformance harness: runs our ods-tblgen (in-process, via runCli) and the reference
// llvm-tblgen-22 / mlir-tblgen-22 over MLIR's own .td tree and compares their outputs.
//
//   suite records: every .td under <inc>/mlir, `--print-records`, byte-equal stdout (or, where the
//                  reference fails, the same first stderr line and a non-zero exit);
//   suite json:    the same files, `--dump-json`, equal as JSON values (where the reference succeeds);
//   suite detailed-records: the same files, llvm/IR/Intrinsics.td and every .td under fixtures/,
//                  `--print-detailed-records`, byte-equal stdout where the reference succeeds; a
//                  fixed sample of them unless --detailed-all (see DETAILED_SAMPLE in lib.mjs);
//   suite gen:     every manifest row (tools/conformance/cases/*.tsv, plus ../shared's) whose generator our CLI
//                  lists, byte-equal stdout; rows of other generators count as "missing".
//   --corpus DIR:  (with suite gen) the ODS generators on each top-level .td of a folder outside
//                  the repository (e.g. MLIR's test dialect), groups corpus:<generator>; local only.
//
// Reference outputs are cached in tools/conformance/out/ref/<version>/. See USAGE in lib.mjs.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createHash } from 'node:crypto';
import { loadImpl, runCase } from './case.mjs';
import {
  USAGE, CORPUS_PREFIX, DETAILED, SUITES, FIXTURE_PREFIX, detailedInSample, cacheName, caseId, caseKey, compareGroups, corpusCases, dialectNamesIn, firstLine, groupOf,
  isCorpusGroup, markdownTable, parseArgs, defaultManifests, readManifests, rowLocation, ratchetRegressions, replaceBetweenMarkers,
  summarize, textTable, updatedRatchet,
} from './lib.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, '../..');
const OUT = join(HERE, 'out');
const RATCHET_FILE = join(HERE, 'ratchet.json');
const README_FILE = join(REPO, 'README.md');
const DEFAULT_IMPL = join(REPO, 'packages/ods-backends/dist/index.js');
/** Bump when the layout of cached reference files changes. */
const CACHE_FORMAT = 1;

const LLVM_CONFIG = 'llvm-config-22';
const LLVM_TBLGEN = 'llvm-tblgen-22';
const MLIR_TBLGEN = 'mlir-tblgen-22';
const INSTALL_HINT = 'install the Debian packages llvm-22 mlir-22-tools libmlir-22-dev (tools/setup.sh does it)';

class HarnessError extends Error {}

function tool(name, args, opts = {}) {
  try {
    return execFileSync(name, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...opts }).trim();
  } catch (e) {
    if (e && e.code === 'ENOENT') throw new HarnessError(`${name} not found on PATH: ${INSTALL_HINT}`);
    throw new HarnessError(`${name} ${args.join(' ')} failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}

const BIN = join(REPO, 'packages/ods-backends/bin/ods-tblgen.js');

/**
 * --via-service: a build service of our own in a private folder, for this run only (the worker
 * threads inherit ODS_DAEMON_DIR); stopped when the process exits.
 */
function startServiceForRun() {
  const dir = mkdtempSync(join(tmpdir(), 'ods-conformance-service-'));
  process.env.ODS_DAEMON_DIR = dir;
  process.env.ODS_DAEMON = 'true';
  const r = spawnSync(process.execPath, [BIN, 'daemon', 'start'], { encoding: 'utf8', env: process.env });
  if (r.status !== 0) throw new HarnessError(`the build service did not start: ${r.stderr || r.stdout}`);
  process.stderr.write(r.stdout);
  process.on('exit', () => {
    spawnSync(process.execPath, [BIN, 'daemon', 'stop'], { env: process.env, stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  });
}

/** All .td files under <root>/<sub>, as sorted posix paths relative to <root>. */
function listTdFiles(root, sub = 'mlir') {
  const files = [];
  const walk = (dir) => {
    for (const ent of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, ent.name);
      if (ent.isDirectory()) walk(p);
      else if (ent.name.endsWith('.td')) files.push(relative(root, p).split('\\').join('/'));
    }
  };
  if (existsSync(join(root, sub))) walk(join(root, sub));
  return files.sort();
}

/** The inputs of suite detailed-records beyond MLIR's tree that live in the include tree. */
const DETAILED_LLVM_FILES = ['llvm/IR/Intrinsics.td'];

function writeAtomic(file, data) {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

function makeProgress(label, total, quiet) {
  const tty = process.stderr.isTTY;
  let n = 0;
  let lastPrint = 0;
  let lastPct = -1;
  const t0 = Date.now();
  const show = (final) => {
    if (quiet || total === 0) return;
    const pct = Math.floor((100 * n) / total);
    const now = Date.now();
    const text = `${label}: ${n}/${total} (${((now - t0) / 1000).toFixed(1)}s)`;
    if (tty) {
      if (final || now - lastPrint > 100) {
        process.stderr.write(`\r${text}\x1b[K${final ? '\n' : ''}`);
        lastPrint = now;
      }
    } else if (final || (pct >= lastPct + 10 && now - lastPrint > 2000) || now - lastPrint > 30000) {
      process.stderr.write(`${text}\n`);
      lastPrint = now;
      lastPct = pct;
    }
  };
  return {
    tick() {
      n++;
      show(n === total);
    },
    start() {
      if (!quiet && total > 0 && !tty) process.stderr.write(`${label}: ${total} to do\n`);
    },
  };
}

/**
 * Signals that kill a reference process from outside (a loaded machine, a stray kill), unlike a
 * crash of the reference (SIGSEGV, SIGABRT), which is its answer for that input: such a run is
 * run again, and never cached.
 */
const INTERRUPTS = new Set(['SIGTERM', 'SIGKILL', 'SIGINT', 'SIGHUP', 'SIGQUIT']);
const REFERENCE_ATTEMPTS = 3;

/** Runs the reference tool for the cases lacking a cached output, `jobs` processes at a time. */
async function computeReferences(todo, inc, jobs, quiet) {
  const progress = makeProgress('reference', todo.length, quiet);
  progress.start();
  let next = 0;
  const runOne = (c, attempt = 1) =>
    new Promise((res, rej) => {
      const child = spawn(c.ref.tool, c.ref.args, { cwd: c.cwd ?? inc, stdio: ['ignore', 'pipe', 'pipe'] });
      const out = [];
      const err = [];
      child.stdout.on('data', (b) => out.push(b));
      child.stderr.on('data', (b) => err.push(b));
      child.on('error', (e) =>
        rej(new HarnessError(e.code === 'ENOENT' ? `${c.ref.tool} not found on PATH: ${INSTALL_HINT}` : `${c.ref.tool}: ${e.message}`)),
      );
      child.on('close', (code, signal) => {
        if (signal && INTERRUPTS.has(signal)) {
          if (attempt < REFERENCE_ATTEMPTS) return void runOne(c, attempt + 1).then(res, rej);
          return rej(new HarnessError(`${c.ref.tool} ${c.ref.args.join(' ')} was killed by ${signal} ${attempt} times; nothing cached`));
        }
        const stdout = Buffer.concat(out);
        const stderr = Buffer.concat(err).toString('utf8');
        const meta = {
          format: CACHE_FORMAT,
          cmd: [c.ref.tool, ...c.ref.args],
          cwd: '<inc>',
          code: code ?? 128,
          signal: signal ?? undefined,
          bytes: stdout.length,
          stderr: stderr.length > 4000 ? `${stderr.slice(0, 4000)}…` : stderr,
        };
        writeAtomic(c.refOut, stdout);
        writeAtomic(c.refMeta, `${JSON.stringify(meta, null, 1)}\n`);
        c.meta = meta;
        progress.tick();
        res();
      });
    });
  const lane = async () => {
    while (next < todo.length) await runOne(todo[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(jobs, todo.length) }, lane));
}

/** Runs our implementation on worker threads; `onResult` gets every case's result. */
function runOnWorkers(cases, jobs, implUrl, timeoutMs, onResult) {
  const queue = cases.slice();
  let live = 0;
  let fatal = null;
  return new Promise((resolveAll, rejectAll) => {
    const start = () => {
      live++;
      const w = new Worker(new URL('./worker.mjs', import.meta.url), { workerData: { implUrl } });
      let current = null;
      let timer = null;
      const finish = (result) => {
        clearTimeout(timer);
        current = null;
        onResult(result);
      };
      const next = () => {
        if (fatal || queue.length === 0) {
          void w.terminate();
          return;
        }
        current = queue.shift();
        const c = current;
        timer = setTimeout(() => {
          if (current !== c) return;
          finish({ id: c.id, status: 'fail', message: `timeout after ${timeoutMs / 1000}s`, ms: timeoutMs });
          void w.terminate();
        }, timeoutMs);
        w.postMessage(c);
      };
      w.on('message', (m) => {
        if (m.type === 'ready') next();
        else if (m.type === 'init-error') {
          fatal = new HarnessError(`cannot load the implementation in a worker:\n${m.message}`);
          void w.terminate();
        } else if (m.type === 'result' && current && m.result.id === current.id) {
          finish(m.result);
          next();
        }
      });
      w.on('error', (e) => {
        if (current) finish({ id: current.id, status: 'fail', message: `worker crashed: ${firstLine(e?.message ?? String(e))}`, ms: 0 });
      });
      w.on('exit', (code) => {
        if (current) finish({ id: current.id, status: 'fail', message: `worker exited with code ${code} (process.exit in runCli?)`, ms: 0 });
        live--;
        if (!fatal && queue.length > 0) start();
        else if (live === 0) (fatal ? rejectAll(fatal) : resolveAll());
      });
    };
    const n = Math.max(1, Math.min(jobs, queue.length));
    if (queue.length === 0) resolveAll();
    else for (let i = 0; i < n; i++) start();
  });
}

function mdCode(s) {
  const t = String(s).replace(/\n/g, ' ');
  const fence = t.includes('`') ? '``' : '`';
  return `${fence} ${t} ${fence}`;
}

function writeReport(summary, results, meta) {
  const lines = [
    '# Conformance report',
    '',
    `Include tree: \`${meta.inc}\`. Implementation: \`${meta.impl}\`.`,
    meta.filtered ? `Selection: suites ${meta.suites.join(', ')}; filter ${meta.filter.map((f) => JSON.stringify(f)).join(' or ') || '(none)'}.` : '',
    '',
    markdownTable(summary, meta.referenceLabel),
    '',
  ];
  const byGroup = new Map();
  for (const r of results) {
    if (r.status !== 'fail') continue;
    if (!byGroup.has(r.group)) byGroup.set(r.group, []);
    byGroup.get(r.group).push(r);
  }
  if (byGroup.size === 0) lines.push('No failing cases.', '');
  for (const g of [...byGroup.keys()].sort(compareGroups)) {
    const fails = byGroup.get(g).sort((a, b) => (a.id < b.id ? -1 : 1));
    lines.push(`## ${g} — ${fails.length} failing`, '');
    for (const r of fails) {
      lines.push(`- ${mdCode(r.id)}: ${r.message}`);
      if (r.expected !== undefined) lines.push(`  - expected: ${mdCode(r.expected)}`, `  - actual:   ${mdCode(r.actual)}`);
    }
    lines.push('');
  }
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, 'report.md'), lines.filter((l, i) => l !== '' || lines[i - 1] !== '').join('\n'));
}

/**
 * The cases of a --corpus folder (see corpusCases in lib.mjs), run from the folder with
 * `-I . -I <inc>`; null (with a note) when no folder is given or it does not exist. Reference
 * outputs are cached under a hash of the folder's .td files, so a changed file is run again.
 */
function corpusCasesOf(folder, inc, generators) {
  if (!folder) return null;
  const dir = resolve(folder);
  if (!existsSync(dir)) {
    process.stderr.write(`conformance: corpus folder ${folder} not found; skipped\n`);
    return null;
  }
  const files = readdirSync(dir).filter((f) => f.endsWith('.td')).sort();
  const hash = createHash('sha1');
  const dialects = [];
  const walk = (d) => {
    for (const ent of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(d, ent.name);
      if (ent.isDirectory()) walk(p);
      else if (ent.name.endsWith('.td')) hash.update(`${relative(dir, p)}\0`).update(readFileSync(p));
    }
  };
  walk(dir);
  for (const f of files) for (const n of dialectNamesIn(readFileSync(join(dir, f), 'utf8'))) if (!dialects.includes(n)) dialects.push(n);
  const corpusHash = hash.digest('hex').slice(0, 10);
  const cases = corpusCases(files, dialects).map((row) => {
    const flags = [`--gen-${row.generator}`, ...row.args, '-I', '.', '-I', inc, row.file];
    return {
      suite: 'gen',
      group: `${CORPUS_PREFIX}${row.generator}`,
      key: caseKey(row.file, row.args),
      missing: !generators.has(row.generator),
      ref: { tool: MLIR_TBLGEN, args: flags },
      argv: flags,
      cwd: dir,
      corpusHash,
    };
  });
  return { dir, cases };
}

async function main() {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`conformance: ${e.message}\n\n${USAGE}`);
    return 2;
  }
  if (opts.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const jobs = opts.jobs || availableParallelism();
  const filtered = opts.filter.length > 0 || opts.suites.length < SUITES.length;
  if (opts.writeReadme && filtered) throw new HarnessError('--write-readme needs a full run (no --filter, no --suite)');
  // The README's table counts every case: a full run includes all of suite detailed-records.
  if (opts.writeReadme) opts.detailedAll = true;

  // Reference tools and include tree.
  const prefix = tool(LLVM_CONFIG, ['--prefix']);
  const inc = join(prefix, 'include');
  if (!existsSync(join(inc, 'mlir'))) throw new HarnessError(`${inc}/mlir does not exist: ${INSTALL_HINT}`);
  const llvmVersion = tool(LLVM_CONFIG, ['--version']);
  const referenceLabel = `LLVM/MLIR ${llvmVersion}`;

  // Our implementation.
  if (opts.viaService) {
    opts.impl = join(HERE, 'service-impl.mjs');
    startServiceForRun();
  } else if (opts.persisted) {
    opts.impl = join(HERE, 'persisted-impl.mjs');
    // A private folder of this run's own (the worker threads inherit it), removed at the end.
    const dir = mkdtempSync(join(tmpdir(), 'ods-conformance-parses-'));
    process.env.ODS_DAEMON_DIR = dir;
    process.once('exit', () => {
      const sum = { read: 0, made: 0, saved: 0, dropped: 0 };
      for (const f of readdirSync(dir).filter((n) => n.startsWith('counts-'))) {
        for (const [k, v] of Object.entries(JSON.parse(readFileSync(join(dir, f), 'utf8')))) sum[k] += v;
      }
      process.stdout.write(`Persisted parses: ${sum.read} read from disk, ${sum.made} made, ${sum.saved} saved, ${sum.dropped} dropped as stale.\n`);
      rmSync(dir, { recursive: true, force: true });
    });
  }
  const implPath = resolve(opts.impl || process.env.ODS_CONFORMANCE_IMPL || DEFAULT_IMPL);
  if (!existsSync(implPath)) {
    throw new HarnessError(
      implPath === DEFAULT_IMPL
        ? `${relative(REPO, implPath)} does not exist: run \`npm run build\` first (or pass --impl <module>)`
        : `implementation module ${implPath} does not exist`,
    );
  }
  const implUrl = pathToFileURL(implPath).href;
  const impl = await loadImpl(implUrl);
  let generators;
  try {
    generators = new Set([...impl.listGenerators()].map((g) => String(g).replace(/^(--)?gen-/, '')));
  } catch (e) {
    throw new HarnessError(`listGenerators() threw: ${e instanceof Error ? e.message : String(e)}`);
  }

  // Cases.
  const selected = (id, group) => {
    const suite = group.startsWith('gen:') || isCorpusGroup(group) ? 'gen' : group;
    if (suite === DETAILED && !opts.detailedAll && !detailedInSample(id.slice(group.length + 1))) return false;
    return opts.suites.includes(suite) && (opts.filter.length === 0 || opts.filter.some((f) => id.includes(f)));
  };
  const cases = [];
  const seen = new Set();
  const add = (c) => {
    c.id = caseId(c.group, c.key);
    if (seen.has(c.id) || !selected(c.id, c.group)) return;
    seen.add(c.id);
    cases.push(c);
  };
  const needsTd = opts.suites.includes('records') || opts.suites.includes('json') || opts.suites.includes(DETAILED);
  const tdFiles = needsTd ? listTdFiles(inc) : [];
  for (const file of opts.suites.includes('records') ? tdFiles : []) {
    add({ suite: 'records', group: 'records', key: file, ref: { tool: LLVM_TBLGEN, args: ['-I', inc, file] }, argv: ['--print-records', '-I', inc, file] });
  }
  for (const file of opts.suites.includes('json') ? tdFiles : []) {
    add({ suite: 'json', group: 'json', key: file, ref: { tool: LLVM_TBLGEN, args: ['--dump-json', '-I', inc, file] }, argv: ['--dump-json', '-I', inc, file] });
  }
  if (opts.suites.includes(DETAILED)) {
    const flag = '--print-detailed-records';
    for (const file of [...tdFiles, ...DETAILED_LLVM_FILES.filter((f) => existsSync(join(inc, f)))]) {
      add({ suite: DETAILED, group: DETAILED, key: file, ref: { tool: LLVM_TBLGEN, args: [flag, '-I', inc, file] }, argv: [flag, '-I', inc, file] });
    }
    // The fixtures run from their folder, like the gen suite's, and are cached by content too.
    const fixtures = join(HERE, 'fixtures');
    for (const file of listTdFiles(fixtures, '.')) {
      add({
        suite: DETAILED,
        group: DETAILED,
        key: `${FIXTURE_PREFIX}${file}`,
        cwd: fixtures,
        contentHash: createHash('sha1').update(readFileSync(join(fixtures, file))).digest('hex'),
        ref: { tool: LLVM_TBLGEN, args: [flag, '-I', inc, file] },
        argv: [flag, '-I', inc, file],
      });
    }
  }
  if (opts.suites.includes('gen')) {
    const explicit = opts.manifest || process.env.ODS_CONFORMANCE_MANIFEST;
    const manifests = explicit ? [resolve(explicit)] : defaultManifests(REPO);
    for (const m of manifests) if (!existsSync(m)) throw new HarnessError(`manifest ${m} not found (pass --manifest, or --suite records,json)`);
    if (manifests.length === 0) throw new HarnessError('no manifest in tools/conformance/cases (pass --manifest, or --suite records,json)');
    for (const row of readManifests(manifests)) {
      const at = rowLocation(row, inc, REPO);
      const flags = [`--gen-${row.generator}`, ...row.args, '-I', at.include, at.file];
      add({
        suite: 'gen',
        group: groupOf('gen', row.generator),
        key: caseKey(row.file, row.args),
        missing: !generators.has(row.generator),
        cwd: at.base,
        // A fixture's reference output is cached by its content too.
        contentHash: at.fixture ? createHash('sha1').update(readFileSync(join(at.base, at.file))).digest('hex') : undefined,
        ref: { tool: at.tool, args: flags },
        argv: flags,
      });
    }
  }

  const corpus = opts.suites.includes('gen') ? corpusCasesOf(opts.corpus || process.env.ODS_CONFORMANCE_CORPUS || '', inc, generators) : null;
  for (const c of corpus?.cases ?? []) add(c);

  // References (cached per reference version).
  const needsMlir = cases.some((c) => !c.missing && c.ref.tool === MLIR_TBLGEN);
  const versions = [tool(LLVM_TBLGEN, ['--version'])];
  if (needsMlir) versions.push(tool(MLIR_TBLGEN, ['--version']));
  // The mlir-tblgen version goes into the key of its own cases only, so that a run without suite
  // gen (which does not ask mlir-tblgen) finds the same records/json cache.
  const refRoot = join(OUT, 'ref');
  const versionDir = (text) =>
    join(refRoot, `${llvmVersion}-${createHash('sha1').update(`${CACHE_FORMAT}\0${inc}\0${text}`).digest('hex').slice(0, 10)}`);
  const llvmDir = versionDir(versions[0]);
  const mlirDir = needsMlir ? versionDir(versions[1]) : '';
  const todo = [];
  for (const c of cases) {
    if (c.missing) continue;
    const dir = c.ref.tool === MLIR_TBLGEN ? mlirDir : llvmDir;
    const base = join(c.corpusHash ? join(dir, `corpus-${c.corpusHash}`) : dir, cacheName(c.group, c.contentHash ? `${c.key}\0${c.contentHash}` : c.key));
    c.refOut = `${base}.out`;
    c.refMeta = `${base}.meta.json`;
    if (existsSync(c.refMeta) && existsSync(c.refOut)) {
      try {
        c.meta = JSON.parse(readFileSync(c.refMeta, 'utf8'));
        // A reference killed from outside (an older harness cached those) is no result.
        if (!INTERRUPTS.has(c.meta.signal)) continue;
      } catch {
        /* recompute */
      }
    }
    todo.push(c);
  }
  for (const [dir, text] of [[llvmDir, versions[0]], [mlirDir, versions[1]]]) {
    if (dir) writeAtomic(join(dir, 'VERSION'), `${text}\n`);
  }
  await computeReferences(todo, inc, jobs, opts.quiet);

  // Our side.
  const results = [];
  const toRun = [];
  let rejected = 0;
  for (const c of cases) {
    const base = { id: c.id, group: c.group, key: c.key };
    // A corpus case the reference rejects (a generator that does not apply to the file) is no case.
    if (isCorpusGroup(c.group) && !c.missing && c.meta.code !== 0) {
      rejected++;
      continue;
    }
    if (c.missing) {
      results.push({ ...base, status: 'missing' });
      continue;
    }
    // JSON and detailed records only where the reference succeeds.
    if ((c.suite === 'json' || c.suite === DETAILED) && c.meta.code !== 0) continue;
    c.mode = c.meta.code !== 0 ? 'diag' : c.suite === 'json' ? 'json' : 'bytes';
    toRun.push(c);
  }
  // Largest first, for a better balance across workers.
  toRun.sort((a, b) => (b.meta.bytes ?? 0) - (a.meta.bytes ?? 0));
  const progress = makeProgress('ods-tblgen', toRun.length, opts.quiet);
  progress.start();
  const byId = new Map(toRun.map((c) => [c.id, c]));
  const onResult = (r) => {
    const c = byId.get(r.id);
    results.push({ ...r, group: c.group, key: c.key });
    progress.tick();
  };
  const messages = toRun.map((c) => ({ id: c.id, argv: c.argv, cwd: c.cwd ?? inc, mode: c.mode, refOut: c.refOut, refFirstErr: firstLine(c.meta.stderr ?? '') }));
  if (opts.inBand) {
    for (const m of messages) {
      let r;
      try {
        r = await runCase(impl, m);
      } catch (e) {
        r = { id: m.id, status: 'fail', message: `harness error: ${e instanceof Error ? e.message : String(e)}`, ms: 0 };
      }
      onResult(r);
    }
  } else {
    await runOnWorkers(messages, jobs, implUrl, opts.timeout * 1000, onResult);
  }

  // Reports.
  results.sort((a, b) => compareGroups(a.group, b.group) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const summary = summarize(results);
  const md = markdownTable(summary, referenceLabel);
  process.stdout.write(`${textTable(summary)}\n\n`);
  if (corpus) process.stdout.write(`Corpus ${corpus.dir}: ${cases.filter((c) => isCorpusGroup(c.group)).length - rejected} case(s); ${rejected} the reference rejects (not counted).\n\n`);
  writeReport(summary, results, {
    referenceLabel, inc, impl: relative(REPO, implPath) || implPath, filtered, suites: opts.suites, filter: opts.filter,
  });
  writeFileSync(
    join(OUT, 'results.json'),
    `${JSON.stringify({ reference: referenceLabel, impl: implPath, results: results.map(({ stack, ...r }) => r) }, null, 1)}\n`,
  );
  process.stdout.write(`README snippet:\n\n${md}\n\nReport: ${relative(process.cwd(), join(OUT, 'report.md'))}\n`);

  let code = 0;
  const ratchet = existsSync(RATCHET_FILE) ? JSON.parse(readFileSync(RATCHET_FILE, 'utf8')) : { groups: {} };
  const resultById = new Map(results.map((r) => [r.id, r]));
  if (opts.ratchet) {
    const regressions = ratchetRegressions(ratchet, resultById, selected);
    if (regressions.length > 0) {
      process.stdout.write(`\nRatchet: ${regressions.length} case(s) listed in ${relative(REPO, RATCHET_FILE)} no longer pass:\n`);
      for (const r of regressions) {
        const msg = resultById.get(r.id)?.message;
        process.stdout.write(`  ${r.id}  [${r.status}${msg ? `: ${msg}` : ''}]\n`);
      }
      code = 1;
    } else {
      const known = new Set(Object.entries(ratchet.groups ?? {}).flatMap(([g, ks]) => ks.map((k) => caseId(g, k))));
      const fresh = results.filter((r) => r.status === 'pass' && !known.has(r.id) && !isCorpusGroup(r.group)).length;
      process.stdout.write(`\nRatchet: ok${fresh ? ` (${fresh} new pass(es); run with --update-ratchet to record them)` : ''}\n`);
    }
  }
  if (opts.updateRatchet) {
    // Corpus cases are local only: never recorded.
    const ran = new Set(cases.filter((c) => !isCorpusGroup(c.group)).map((c) => c.id));
    const next = updatedRatchet(ratchet, results.filter((r) => !isCorpusGroup(r.group)), ran, referenceLabel);
    writeFileSync(RATCHET_FILE, `${JSON.stringify(next, null, 2)}\n`);
    const n = Object.values(next.groups).reduce((s, ks) => s + ks.length, 0);
    process.stdout.write(`Wrote ${relative(REPO, RATCHET_FILE)} (${n} passing cases)\n`);
  }
  if (opts.writeReadme) {
    const shared = markdownTable(summarize(results.filter((r) => !isCorpusGroup(r.group))), referenceLabel);
    writeFileSync(README_FILE, replaceBetweenMarkers(readFileSync(README_FILE, 'utf8'), shared));
    process.stdout.write(`Updated the conformance table in ${relative(REPO, README_FILE)}\n`);
  }
  return code;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`conformance: ${e instanceof HarnessError ? e.message : (e?.stack ?? String(e))}\n`);
    process.exitCode = 2;
  },
);
