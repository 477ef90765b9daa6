#!/usr/bin/env node
// `node tools/bench/lsp-bench.mjs`: the language server's edit -> diagnostics latency, on a copy
// of examples/dialect: `ods-tblgen lsp --stdio` opens include/Toy/ToyOps.td (which includes
// MLIR's OpBase.td and friends), then each sample edits the unsaved text (a summary changed,
// alternately an error typed in a format) and times from the didChange to the diagnostics
// published for it. The parse shares its includes (share.ts): an edit re-parses only the file,
// then the jobs' generators run for their diagnostics. Memory: the server's resident set
// (VmRSS) once the file is open, after the first tenth of the edits and after all of them, so
// that growth with time shows, and its peak (VmHWM).
//
// Options: --samples N (default 50)   --debounce MS (the server's debounce, default 0: the
//          latency of the analysis itself; editors get the default of 150 ms on top)
//          --file PATH (relative to the dialect, default include/Toy/ToyOps.td)
// Needs `npm run build` first, and MLIR 22's .td files (llvm-config-22).
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { procMemMb } from './bench-util.mjs';
import { fileUri, startLsp } from './lsp-client.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const opt = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
};
const samples = Number(opt('samples', '50'));
const debounceMs = Number(opt('debounce', '0'));
const rel = opt('file', 'include/Toy/ToyOps.td');

const dir = mkdtempSync(join(tmpdir(), 'ods-lsp-bench-'));
cpSync(join(ROOT, 'examples/dialect'), dir, { recursive: true, filter: (p) => !p.includes('generated') && !p.includes('.ods-cache') && !p.includes('node_modules') });
const file = join(dir, rel);
const uri = fileUri(file);
const text = readFileSync(file, 'utf8');

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

const lsp = await startLsp(dir, { debounceMs });
try {
  let t0 = performance.now();
  const first = lsp.diagnostics(uri);
  await lsp.open(file, text);
  const opened = await first;
  const openMs = opened.at - t0;
  /** [edits made, memory]: at the open, after a tenth of the edits, after all. */
  const mem = [[0, procMemMb(lsp.child.pid)]];
  if (opened.diagnostics.length) console.warn(`warning: ${opened.diagnostics.length} diagnostics on the unedited file`);
  const clean = [];
  const broken = [];
  for (let i = 0; i < samples; i++) {
    const withError = i % 2 === 1;
    const edited = withError
      ? text.replace(/let assemblyFormat = "\$/, `let assemblyFormat = "$nope${i} $`)
      : text.replace(/let summary = "/, `let summary = "edit ${i}: `);
    const got = lsp.diagnostics(uri, (d) => (withError ? d.some((x) => x.message.startsWith('expected variable')) : d.length === 0));
    t0 = performance.now();
    await lsp.change(file, edited);
    const e = await got;
    (withError ? broken : clean).push(e.at - t0);
    if (i + 1 === Math.ceil(samples / 10) || i + 1 === samples) mem.push([i + 1, procMemMb(lsp.child.pid)]);
  }
  const fmt = (xs) => `median ${median(xs).toFixed(1)} ms, p90 ${pct(xs, 90).toFixed(1)} ms (${xs.length} samples)`;
  console.log(`lsp-bench: ${rel} of examples/dialect, server debounce ${debounceMs} ms`);
  console.log(`  open (first parse, includes parsed):    ${openMs.toFixed(1)} ms`);
  console.log(`  edit -> diagnostics (no error):        ${fmt(clean)}`);
  console.log(`  edit -> diagnostics (format error):    ${fmt(broken)}`);
  console.log(`  edit -> diagnostics (all):             ${fmt([...clean, ...broken])}`);
  if (mem.every(([, m]) => m)) {
    const [[n1, first], [n2, last]] = [mem[1], mem[mem.length - 1]];
    const per = n2 > n1 ? ((last.rss - first.rss) / (n2 - n1)).toFixed(2) : '-';
    console.log(`  server memory (VmRSS): ${mem.map(([n, m]) => `${m.rss.toFixed(0)} MB after ${n} edits`).join(', ')}; ${per} MB per edit after the first ${n1}; peak (VmHWM) ${last.hwm.toFixed(0)} MB`);
  }
} finally {
  await lsp.stop();
  rmSync(dir, { recursive: true, force: true });
}
