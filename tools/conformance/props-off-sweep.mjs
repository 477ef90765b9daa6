#!/usr/bin/env node
// usePropertiesForAttributes = 0 over MLIR's own dialects: copies every .td of the include tree
// that defines a Dialect into a temporary overlay with `let usePropertiesForAttributes = 0;` (and
// no other setting of it), then runs the case rows of the op generators (op-decls, op-defs,
// op-doc, python-op-bindings, rewriters by default) with the overlay first on the include path,
// through ods-tblgen and mlir-tblgen-22, and compares stdout, stderr and the exit status. MLIR's
// files are read in place and the overlay is removed afterwards; nothing of it is committed.
//
//   node tools/conformance/props-off-sweep.mjs [--generators g1,g2] [--filter SUBSTRING] [--keep]
//
// Exit status 1 when a row differs. Not part of `npm test` (about 500 runs of each tool).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultManifests, readManifests } from './lib.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = join(ROOT, 'packages/ods-backends/bin/ods-tblgen.js');
const DIALECT_DEF = /^def [A-Za-z_0-9]+ *: *Dialect *\{/m;

function parseArgs(argv) {
  const o = { generators: ['op-decls', 'op-defs', 'op-doc', 'python-op-bindings', 'rewriters'], filter: '', keep: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--generators') o.generators = argv[++i].split(',');
    else if (a === '--filter') o.filter = argv[++i];
    else if (a === '--keep') o.keep = true;
    else throw new Error(`unknown option ${a} (options: --generators g1,g2 --filter SUBSTRING --keep)`);
  }
  return o;
}

/** The overlay: each dialect-defining file of `inc/mlir` with its dialects' attributes kept in the dictionary. */
function writeOverlay(inc, overlay) {
  const files = execFileSync('grep', ['-rlE', DIALECT_DEF.source, 'mlir', '--include=*.td'], { cwd: inc })
    .toString()
    .trim()
    .split('\n')
    .filter(Boolean);
  for (const f of files) {
    let text = readFileSync(join(inc, f), 'latin1').replace(/let usePropertiesForAttributes = \d;/g, '');
    text = text.replace(new RegExp(DIALECT_DEF.source, 'gm'), (m) => `${m}\n  let usePropertiesForAttributes = 0;`);
    mkdirSync(join(overlay, dirname(f)), { recursive: true });
    writeFileSync(join(overlay, f), text, 'latin1');
  }
  return files.length;
}

function main() {
  const o = parseArgs(process.argv.slice(2));
  const inc = execFileSync('llvm-config-22', ['--includedir']).toString().trim();
  const rows = readManifests(defaultManifests(ROOT)).filter(
    (r) => o.generators.includes(r.generator) && !r.file.startsWith('fixtures/') && r.tool !== 'llvm-tblgen' && r.file.includes(o.filter),
  );
  const overlay = mkdtempSync(join(tmpdir(), 'ods-props-off-'));
  let same = 0;
  let diffs = 0;
  try {
    const flipped = writeOverlay(inc, overlay);
    for (const row of rows) {
      // A dialect-defining main file is read from the overlay too.
      const main = existsSync(join(overlay, row.file)) ? join(overlay, row.file) : row.file;
      const args = [`--gen-${row.generator}`, ...row.args, '-I', overlay, '-I', '.', main];
      const ref = spawnSync('mlir-tblgen-22', args, { cwd: inc, encoding: 'latin1', maxBuffer: 1 << 30 });
      const ours = spawnSync(process.execPath, [BIN, ...args], { cwd: inc, encoding: 'latin1', maxBuffer: 1 << 30 });
      const refErr = ref.stderr.replaceAll('mlir-tblgen-22', 'ods-tblgen');
      if (ref.status === ours.status && ref.stdout === ours.stdout && refErr === ours.stderr) {
        same++;
        continue;
      }
      diffs++;
      const what = ref.status !== ours.status ? 'status' : ref.stdout !== ours.stdout ? 'stdout' : 'stderr';
      const [a, b] = what === 'stdout' ? [ref.stdout, ours.stdout] : [refErr, ours.stderr];
      const la = a.split('\n');
      const lb = b.split('\n');
      let i = 0;
      while (i < la.length && la[i] === lb[i]) i++;
      console.log(`DIFF (${what}) --gen-${row.generator} ${row.args.join(' ')} ${row.file}: line ${i + 1}`);
      console.log(`  reference: ${JSON.stringify(la[i] ?? '<end>').slice(0, 300)}\n  ours:      ${JSON.stringify(lb[i] ?? '<end>').slice(0, 300)}`);
    }
    console.log(`props-off sweep: ${flipped} dialect files flipped; ${rows.length} rows, ${same} identical, ${diffs} different`);
  } finally {
    if (o.keep) console.log(`overlay kept in ${overlay}`);
    else rmSync(overlay, { recursive: true, force: true });
  }
  process.exitCode = diffs > 0 ? 1 : 0;
}

main();
