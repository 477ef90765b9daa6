#!/usr/bin/env node
// `node tools/bench/vite-bench.mjs`: latency of the Vite plugin on the example dialect.
//
// The dialect-docs app and the example dialect are copied to a temp folder, the app's dev server
// runs in this process (its own vite.config.ts, @ods-ts/vite-plugin-ods), and the page is open in
// headless Chromium. Each round saves ToyOps.td with one op summary changed, then measures:
//   save → outputs   from the save to the moment the dev server has re-run the jobs that
//                    read it and written the outputs that changed (its `ods: N outputs: ...`
//                    line; the records change on every round, checked on disk);
//   save → page      from the save to the moment the page has re-rendered with the new
//                    summary (a MutationObserver in the page; same machine, same clock).
// Targets: ≤150 ms and ≤400 ms (median). Without chromium only the first is measured.
// Memory: the dev server runs in this process: its resident set (rss) after the warm-up rounds
// and after the last round, so that growth with time shows, and its peak (VmHWM).
//
// Options: --rounds N (default 20, after 3 warm-up rounds)  --gap MS (pause between saves,
// default 300)  --json (print the raw numbers too)  --check (exit 1 when a median misses its
// target). Needs `npm run build` first.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { procMemMb } from './bench-util.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TARGETS = { outputs: 150, page: 400 };

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
if (args.includes('--help') || args.includes('-h')) {
  console.log('usage: node tools/bench/vite-bench.mjs [--rounds N] [--gap MS] [--json] [--check]');
  process.exit(0);
}
const ROUNDS = Number(opt('--rounds', '20'));
const WARMUP = 3;
const GAP = Number(opt('--gap', '300'));

for (const p of ['packages/vite-plugin-ods/dist/index.js', 'packages/ods-backends/dist/index.js']) {
  if (!existsSync(join(ROOT, p))) {
    console.error(`vite-bench: ${p} is missing: run \`npm run build\` first`);
    process.exit(1);
  }
}
const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));

// --- the example, copied ------------------------------------------------------------------------
const dir = mkdtempSync(join(tmpdir(), 'ods-vite-bench-'));
const dialect = join(dir, 'examples/dialect');
const app = join(dir, 'examples/dialect-docs');
mkdirSync(dialect, { recursive: true });
cpSync(join(ROOT, 'examples/dialect/include'), join(dialect, 'include'), { recursive: true });
cpSync(join(ROOT, 'examples/dialect/ods.json'), join(dialect, 'ods.json'));
cpSync(join(ROOT, 'examples/dialect-docs'), app, { recursive: true, filter: (src) => !/[/\\](node_modules|dist|\.ods-cache)$/.test(src) });
symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
const opsTd = join(dialect, 'include/Toy/ToyOps.td');
const original = readFileSync(opsTd, 'utf8');
const jobs = JSON.parse(readFileSync(join(dialect, 'ods.json'), 'utf8')).jobs;
const outputs = jobs.map((j) => join(dialect, j.output));

// --- the dev server, in this process --------------------------------------------------------------
const { createServer, createLogger } = await import(pathToFileURL(join(ROOT, 'node_modules/vite/dist/node/index.js')).href);
const logger = createLogger('warn');
/** The dev server's build summaries: when they were logged, and the engine's own time. */
const builds = [];
const info = logger.info.bind(logger);
logger.info = (msg, o) => {
  const m = /ods: \d+ outputs?: .*\((\d+) ms\)/.exec(msg);
  if (m) builds.push({ at: Date.now(), ms: Number(m[1]), cpu: process.cpuUsage() });
  if (process.env.VITE_BENCH_VERBOSE) info(msg, o);
};
const server = await createServer({
  root: app,
  configFile: join(app, 'vite.config.ts'),
  customLogger: logger,
  server: { host: '127.0.0.1', port: 0, strictPort: false },
});
await server.listen();
const { port } = server.httpServer.address();
const url = `http://127.0.0.1:${port}/`;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mtime = (p) => {
  try {
    return statSync(p).mtimeMs;
  } catch {
    return 0;
  }
};
// The first build (it runs when the server starts).
for (let i = 0; i < 600 && outputs.some((o) => !existsSync(o)); i++) await sleep(100);

let browser;
let context;
let page;
if (chromiumPath) {
  const { chromium } = await import('playwright-core');
  const userDataDir = mkdtempSync(join(tmpdir(), 'ods-chromium-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  browser = { close: async () => (await context.close(), rmSync(userDataDir, { recursive: true, force: true })) };
  page = context.pages()[0] ?? (await context.newPage());
  await page.goto(url);
  await page.waitForSelector('#ops-table tbody tr', { timeout: 120_000 });
  await sleep(1000); // the dependency optimizer may reload the page once on a cold start
  await page.waitForSelector('#ops-table tbody tr');
}

// --- rounds ---------------------------------------------------------------------------------------
const results = { outputs: [], page: [], engine: [], cpu: [] };
const SUMMARY = 'let summary = "element-wise addition";';
if (!original.includes(SUMMARY)) throw new Error(`vite-bench: ToyOps.td no longer contains ${SUMMARY}`);

/** Resident memory in MB: [after the warm-up, after the last round]. */
const rssMb = [];
const mb = () => process.memoryUsage().rss / 2 ** 20;
for (let round = 0; round < WARMUP + ROUNDS; round++) {
  if (round === WARMUP) rssMb.push(mb());
  const marker = `element-wise addition, revision ${round + 1}`;
  const before = new Map(outputs.map((o) => [o, mtime(o)]));
  let pageDone;
  if (page) {
    // Resolves with Date.now() in the page when the table shows the new summary.
    pageDone = page.evaluate(
      (text) =>
        new Promise((resolve) => {
          const row = () => document.querySelector('#ops-table tr[data-op="toy.add"] .summary');
          const check = () => {
            if (row()?.textContent?.toLowerCase().includes(text.toLowerCase())) {
              obs.disconnect();
              resolve(Date.now());
            }
          };
          const obs = new MutationObserver(check);
          obs.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
        }),
      marker,
    );
    await sleep(20);
  }
  const buildsBefore = builds.length;
  const cpu0 = process.cpuUsage();
  const saved = Date.now();
  writeFileSync(opsTd, original.replace(SUMMARY, `let summary = "${marker}";`));
  const deadline = Date.now() + 10_000;
  while (builds.length === buildsBefore) {
    if (Date.now() > deadline) throw new Error('vite-bench: the dev server did not rebuild within 10 s');
    await sleep(1);
  }
  const done = builds[buildsBefore];
  const rewritten = outputs.filter((o) => mtime(o) !== before.get(o));
  if (!rewritten.length) throw new Error('vite-bench: the rebuild rewrote no output');
  if (Math.max(...rewritten.map(mtime)) > done.at + 5) throw new Error('vite-bench: an output was written after the build summary');
  const shown = page ? await Promise.race([pageDone, sleep(10_000).then(() => undefined)]) : undefined;
  if (page && shown === undefined) throw new Error('vite-bench: the page did not update within 10 s');
  if (round >= WARMUP) {
    results.outputs.push(done.at - saved);
    results.engine.push(done.ms);
    results.cpu.push((done.cpu.user - cpu0.user + done.cpu.system - cpu0.system) / 1000);
    if (shown !== undefined) results.page.push(shown - saved);
  }
  await sleep(GAP);
}

rssMb.push(mb());
writeFileSync(opsTd, original);
await sleep(GAP);
await browser?.close();
await server.close();
rmSync(dir, { recursive: true, force: true });

// --- report ---------------------------------------------------------------------------------------
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * (s.length - 1) + 0.5))];
  return { n: s.length, min: s[0], median: q(0.5), p90: q(0.9), max: s[s.length - 1] };
};
const fmt = (x) => (x === undefined ? '—' : `${x.toFixed(0)} ms`);
const rows = [
  ['save → outputs on disk', results.outputs, TARGETS.outputs],
  ['save → page updated', results.page, TARGETS.page],
];
const header = ['metric', 'rounds', 'min', 'median', 'p90', 'max', 'target', 'result'];
const table = [header];
let missed = false;
for (const [name, xs, target] of rows) {
  if (!xs.length) {
    table.push([name, '0', '—', '—', '—', '—', `≤${target} ms`, chromiumPath ? 'no data' : 'skipped (no chromium)']);
    continue;
  }
  const s = stats(xs);
  const ok = s.median <= target;
  if (!ok) missed = true;
  table.push([name, String(s.n), fmt(s.min), fmt(s.median), fmt(s.p90), fmt(s.max), `≤${target} ms`, ok ? 'ok' : 'MISSED']);
}
const widths = header.map((_, i) => Math.max(...table.map((r) => r[i].length)));
const line = (r) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
console.log(`vite:ods latency, example dialect (ToyOps.td, ${jobs.length} jobs), ${ROUNDS} rounds after ${WARMUP} warm-up`);
console.log(line(table[0]));
console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
for (const r of table.slice(1)) console.log(line(r));
if (results.engine.length) {
  const e = stats(results.engine);
  console.log(`of which the engine (one parse, ${jobs.filter((j) => j.input.endsWith('ToyOps.td')).length} jobs): median ${fmt(e.median)}, p90 ${fmt(e.p90)}`);
  const c = stats(results.cpu);
  console.log(`CPU time of the dev server from save to outputs written: median ${fmt(c.median)}, min ${fmt(c.min)} (what an idle machine would take)`);
}
const hwm = procMemMb('self')?.hwm;
const peak = hwm ? `, peak (VmHWM) ${hwm.toFixed(0)} MB` : '';
console.log(`dev server (this process) resident memory: ${rssMb[0].toFixed(0)} MB after the warm-up, ${rssMb[1].toFixed(0)} MB after ${ROUNDS} more saves (${((rssMb[1] - rssMb[0]) / ROUNDS).toFixed(2)} MB per save)${peak}`);
const [l1, l5] = (await import('node:os')).loadavg();
console.log(`load average during the run: ${l1.toFixed(1)} (1 min), ${l5.toFixed(1)} (5 min) on ${(await import('node:os')).availableParallelism()} cores`);
if (args.includes('--json')) console.log(JSON.stringify({ targets: TARGETS, ...results }, null, 2));
if (args.includes('--check') && missed) process.exitCode = 1;
