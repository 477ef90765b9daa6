#!/usr/bin/env node
// Drop-in path check (`npm run conformance:paths`): runs ods-tblgen (in-process, via runCli) and
// mlir-tblgen-22 over manifest rows the way build systems call them — the input and include
// directories absolute or relative, from other working folders, `-o` and `-d` absolute or
// relative — and compares the exit code, the whole stderr (program name aside), the output file
// and the depfile byte for byte. Build systems such as CMake's `mlir_tablegen` pass absolute
// inputs and relative outputs, which the main harness (`-I . <file>` from the include folder)
// never does, nor an input inside an MLIR source tree (`.../mlir/include/mlir/`).
//
//   node tools/conformance/paths.mjs [--filter S] [--per-generator N | --all] [--impl module.js]
//
// Rows: the example dialect's jobs, the DRR fixtures of the rewriters tests, then the manifests'
// rows; by default up to 6 per generator (spread over the list), --all runs every row.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadImpl } from './case.mjs';
import { defaultManifests, readManifests, rowLocation } from './lib.mjs';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MLIR_TBLGEN = 'mlir-tblgen-22';
const LLVM_TBLGEN = 'llvm-tblgen-22';
/** llvm-tblgen's actions, run as `--<name>` rather than `--gen-<name>` and compared with llvm-tblgen-22. */
const BUILTIN = new Set(['print-records', 'dump-json']);

function parseOptions(argv) {
  const opts = { filter: '', perGenerator: 6, impl: join(REPO, 'packages/ods-backends/dist/index.js') };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--filter') opts.filter = argv[++i] ?? '';
    else if (a === '--per-generator') opts.perGenerator = Number(argv[++i]);
    else if (a === '--all') opts.perGenerator = Infinity;
    else if (a === '--impl') opts.impl = resolve(argv[++i] ?? '');
    else throw new Error(`unknown option ${a}`);
  }
  return opts;
}

/** Up to `n` rows per generator, spread evenly over each generator's rows. */
function sample(rows, n) {
  const byGen = new Map();
  for (const r of rows) byGen.set(r.generator, [...(byGen.get(r.generator) ?? []), r]);
  const out = [];
  for (const list of byGen.values()) {
    if (list.length <= n) out.push(...list);
    else for (let i = 0; i < n; i++) out.push(list[Math.floor((i * list.length) / n)]);
  }
  return out;
}

/**
 * The ways a row is run: working folder, input, include folders, output and depfile. A row's
 * input and include folders are absolute; `tmp` is a scratch folder.
 */
function variants(row, tmp, inc) {
  const rel = (cwd, p) => relative(cwd, p) || '.';
  const parent = dirname(row.base);
  const outAbs = { output: join(tmp, 'out/o.inc'), depfile: join(tmp, 'out/o.inc.d') };
  // MLIR's tree where LLVM's own build finds it (a link at <tmp>/llvm-project/mlir/include): the
  // doc generators link inputs under `mlir/include/mlir/` to their source on GitHub.
  const tree = join(tmp, 'llvm-project/mlir/include');
  const inTree = (p) => (p === inc || p.startsWith(`${inc}/`) ? tree + p.slice(inc.length) : p);
  return [
    { name: 'source-tree', cwd: tmp, input: inTree(row.input), includes: row.includes.map(inTree), output: 'out/o.inc', depfile: 'out/o.inc.d' },
    // CMake + Ninja (LLVM's tablegen()): absolute input and -I, relative -o/-d in the build folder.
    { name: 'cmake', cwd: tmp, input: row.input, includes: row.includes, output: 'out/o.inc', depfile: 'out/o.inc.d' },
    // Everything absolute, from an unrelated folder.
    { name: 'absolute', cwd: '/', input: row.input, includes: row.includes, ...outAbs },
    // Relative input and -I from the folder above the row's tree.
    { name: 'relative', cwd: parent, input: rel(parent, row.input), includes: row.includes.map((i) => rel(parent, i)), ...outAbs },
    // Relative through `..` from the scratch folder, with `./` in front of the include folders.
    { name: 'dotdot', cwd: tmp, input: rel(tmp, row.input), includes: row.includes.map((i) => `./${rel(tmp, i)}`), output: 'out/o.inc', depfile: join(tmp, 'out/o.inc.d') },
  ];
}

/** The DRR fixtures of the --gen-rewriters tests: patterns, multiclass instantiations, errors. */
function drrRows(inc) {
  const base = join(REPO, 'packages/ods-backends/src/__fixtures__/drr');
  const list = join(base, 'cases.tsv');
  if (!existsSync(list)) return [];
  return readFileSync(list, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const [file = '', arg = ''] = l.split('\t');
      return { generator: 'rewriters', args: arg ? [arg] : [], label: `drr/${file}`, base, input: join(base, file), includes: [base, inc] };
    });
}

/** The jobs of the example dialect (examples/dialect/ods.json): patterns, which MLIR's tree lacks. */
function exampleRows(inc) {
  const base = join(REPO, 'examples/dialect');
  const config = JSON.parse(readFileSync(join(base, 'ods.json'), 'utf8'));
  return config.jobs.map((j) => ({
    generator: j.generator,
    args: j.args ?? [],
    label: j.input,
    base,
    input: join(base, j.input),
    includes: [...config.includeDirs.map((d) => join(base, d)), inc],
  }));
}

function readOrNull(path) {
  return existsSync(path) ? readFileSync(path) : null;
}

function clean(tmp) {
  rmSync(join(tmp, 'out'), { recursive: true, force: true });
  mkdirSync(join(tmp, 'out'), { recursive: true });
}

/** The first differing line of two buffers (or null/absent), for the report. */
function firstDiff(a, b) {
  if (a === null || b === null) return `${a === null ? 'reference' : 'ours'}: no file`;
  const la = a.toString('utf8').split('\n');
  const lb = b.toString('utf8').split('\n');
  for (let i = 0; i < Math.max(la.length, lb.length); i++) {
    if (la[i] !== lb[i]) return `line ${i + 1}: expected ${JSON.stringify(la[i] ?? '<end>')}, got ${JSON.stringify(lb[i] ?? '<end>')}`;
  }
  return 'bytes differ';
}

async function main() {
  const opts = parseOptions(process.argv.slice(2));
  const inc = spawnSync('llvm-config-22', ['--includedir'], { encoding: 'utf8' }).stdout?.trim();
  if (!inc || !existsSync(join(inc, 'mlir/IR/OpBase.td'))) {
    console.log('paths: skipped (llvm-config-22 or the MLIR 22 include tree is missing)');
    return 0;
  }
  const impl = await loadImpl(pathToFileURL(opts.impl).href);
  const ours = new Set([...impl.listGenerators()].map((g) => String(g).replace(/^(--)?gen-/, '')));
  const mlirRows = readManifests(defaultManifests(REPO)).map((r) => {
    const at = rowLocation(r, inc, REPO);
    return { ...r, label: r.file, base: at.base, input: join(at.base, at.file), includes: [inc], refTool: at.tool };
  });
  const rows = sample(
    [...exampleRows(inc), ...drrRows(inc), ...mlirRows].filter(
      (r) => (ours.has(r.generator) || BUILTIN.has(r.generator)) && `${r.generator} ${r.label} ${r.args.join(' ')}`.includes(opts.filter),
    ),
    opts.perGenerator,
  );
  const tmp = mkdtempSync(join(tmpdir(), 'ods-paths-'));
  mkdirSync(join(tmp, 'llvm-project/mlir'), { recursive: true });
  symlinkSync(inc, join(tmp, 'llvm-project/mlir/include'));
  let failures = 0;
  let runs = 0;
  for (const row of rows) {
    for (const v of variants(row, tmp, inc)) {
      const action = BUILTIN.has(row.generator) ? `--${row.generator}` : `--gen-${row.generator}`;
      const args = [action, ...row.args, ...v.includes.flatMap((i) => ['-I', i]), v.input, '-o', v.output, '-d', v.depfile];
      const at = (p) => (p.startsWith('/') ? p : join(v.cwd, p));
      clean(tmp);
      const refTool = BUILTIN.has(row.generator) ? LLVM_TBLGEN : (row.refTool ?? MLIR_TBLGEN);
      const ref = spawnSync(refTool, args, { cwd: v.cwd, maxBuffer: 1 << 28 });
      const refOut = readOrNull(at(v.output));
      const refDep = readOrNull(at(v.depfile));
      clean(tmp);
      const err = [];
      const code = await impl.runCli(args, { stdout: () => {}, stderr: (t) => err.push(t), cwd: v.cwd });
      const ourOut = readOrNull(at(v.output));
      const ourDep = readOrNull(at(v.depfile));
      runs++;
      const problems = [];
      if (ref.status !== code) problems.push(`exit ${code}, reference ${ref.status}`);
      const refErr = ref.stderr.toString('latin1').replaceAll(refTool, 'ods-tblgen');
      if (refErr !== err.join('')) problems.push(`stderr: ${firstDiff(Buffer.from(refErr, 'latin1'), Buffer.from(err.join(''), 'latin1'))}`);
      if (!(refOut === null ? ourOut === null : ourOut !== null && refOut.equals(ourOut))) problems.push(`output: ${firstDiff(refOut, ourOut)}`);
      if (!(refDep === null ? ourDep === null : ourDep !== null && refDep.equals(ourDep))) problems.push(`depfile: ${firstDiff(refDep, ourDep)}`);
      if (problems.length) {
        failures++;
        console.log(`FAIL ${v.name} ${row.generator} ${row.label} ${row.args.join(' ')}\n  ${problems.join('\n  ')}`);
      }
    }
  }
  rmSync(tmp, { recursive: true, force: true });
  console.log(`paths: ${runs - failures}/${runs} runs identical (${rows.length} rows x ${runs / Math.max(rows.length, 1)} ways)`);
  return failures ? 1 : 0;
}

process.exitCode = await main();
