#!/usr/bin/env node
// Upstream's lit tests as a conformance source: runs LLVM's `llvm/test/TableGen` and MLIR's
// `mlir/test/mlir-tblgen` tests (a folder laid out like llvm-project, kept outside the repository)
// with Debian's lit twice: once with the reference tools (llvm-tblgen-22/mlir-tblgen-22) behind
// the shim names `llvm-tblgen`/`mlir-tblgen`, once with ods-tblgen behind them. Reports the tests
// the reference passes and, of those, the ones ods-tblgen passes, with the failures. Tests whose
// RUN lines use a backend of an LLVM target (-gen-asm-matcher, -gen-instr-info, ...: code
// generation for a CPU, which ods-tblgen does not reimplement) are out of scope: listed apart and
// not counted.
//
//   npm run lit -- [folder] [--filter REGEX] [--keep] [--json FILE] [--strict]
//   folder: argument or $ODS_LIT_TESTS (e.g. /work/lit-tests, holding llvm/test/TableGen/...);
//   $ODS_TBLGEN: the ods-tblgen script to test (default: this checkout's build).
// Skips with a message (exit 0) when the folder or the reference tools are absent, as in CI.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const LLVM_BIN = '/usr/lib/llvm-22/bin';
const LIT = join(LLVM_BIN, 'lit');
const INCLUDE = '/usr/lib/llvm-22/include';
/** The suites taken from the folder, as paths inside an llvm-project checkout. */
const SUITES = ['llvm/test/TableGen', 'mlir/test/mlir-tblgen'];
/**
 * llvm-tblgen's backends for LLVM targets (instruction selection, encodings, registers,
 * scheduling, a CPU's tables): a test running one of them is out of scope.
 */
const TARGET_BACKENDS = [
  'gen-arm-target-def', 'gen-asm-matcher', 'gen-asm-writer', 'gen-callingconv',
  'gen-compress-inst-emitter', 'gen-dag-isel', 'gen-dfa-packetizer', 'gen-disassembler',
  'gen-dxil-operation', 'gen-emitter', 'gen-exegesis', 'gen-fast-isel', 'gen-global-isel',
  'gen-global-isel-combiner', 'gen-instr-docs', 'gen-instr-info', 'gen-macro-fusion-pred',
  'gen-pseudo-lowering', 'gen-register-bank', 'gen-register-info', 'gen-riscv-target-def',
  'gen-sd-node-info', 'gen-subtarget', 'gen-target-features', 'gen-x86-fold-tables',
  'gen-x86-instr-mapping', 'gen-x86-mnemonic-tables',
];
const TARGET_FLAG = new RegExp(`(?:^|\\s)--?(${TARGET_BACKENDS.join('|')})(?=[\\s=]|$)`);

/** The target backend a test's RUN lines use, if any. */
function targetBackendOf(testFile) {
  let text;
  try {
    text = readFileSync(testFile, 'utf8');
  } catch {
    return undefined;
  }
  for (const line of text.split('\n')) {
    const at = line.indexOf('RUN:');
    if (at < 0) continue;
    const m = TARGET_FLAG.exec(line.slice(at + 4));
    if (m) return `-${m[1]}`;
  }
  return undefined;
}

function parseArgs(argv) {
  const opts = { folder: process.env.ODS_LIT_TESTS ?? '', filter: '', keep: false, json: '', strict: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--filter') opts.filter = argv[++i] ?? '';
    else if (a === '--keep') opts.keep = true;
    else if (a === '--json') opts.json = argv[++i] ?? '';
    else if (a === '--strict') opts.strict = true;
    else opts.folder = a;
  }
  return opts;
}

const opts = parseArgs(process.argv.slice(2));
if (!opts.folder || !existsSync(opts.folder)) {
  console.log(`lit: no folder of upstream lit tests (pass one or set ODS_LIT_TESTS); skipped.`);
  process.exit(0);
}
for (const tool of [LIT, join(LLVM_BIN, 'FileCheck'), 'llvm-tblgen-22', 'mlir-tblgen-22']) {
  const found = tool.startsWith('/') ? existsSync(tool) : spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
  if (!found) {
    console.log(`lit: ${tool} is not installed; skipped.`);
    process.exit(0);
  }
}
// ODS_TBLGEN: another ods-tblgen script to test (e.g. an older build, for comparison).
const odsTblgen = process.env.ODS_TBLGEN ?? join(repo, 'packages/ods-backends/bin/ods-tblgen.js');
if (!process.env.ODS_TBLGEN && !existsSync(join(repo, 'packages/ods-backends/dist'))) {
  console.error('lit: build first (npm run build)');
  process.exit(1);
}

// The work tree: a copy of the suites beside `include` folders that point at the installed tree,
// so `%p/../../include` finds llvm's and mlir's .td files; lit's config at its root.
const present = SUITES.filter((s) => existsSync(join(opts.folder, s)));
if (present.length === 0) {
  console.log(`lit: ${opts.folder} holds none of ${SUITES.join(', ')}; skipped.`);
  process.exit(0);
}
const work = mkdtempSync(join(tmpdir(), 'ods-lit-'));
const suite = join(work, 'suite');
for (const s of present) cpSync(join(opts.folder, s), join(suite, s), { recursive: true });
for (const project of ['llvm', 'mlir']) {
  mkdirSync(join(suite, project), { recursive: true });
  symlinkSync(INCLUDE, join(suite, project, 'include'));
}
writeFileSync(
  join(suite, 'lit.cfg.py'),
  `# Written by tools/lit/run.mjs.
import os
import sys
import lit.formats
config.name = 'ods-lit'
config.test_format = lit.formats.ShTest(False)
config.suffixes = ['.td']
config.excludes = ['Inputs', 'Common', 'include', 'CMakeLists.txt', 'lit.local.cfg']
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = lit_config.params['exec_root']
config.substitutions.append(('%python', sys.executable))
config.environment['PATH'] = os.pathsep.join([lit_config.params['shims'], '${LLVM_BIN}', os.environ.get('PATH', '')])
`,
);

/** Shim scripts named like upstream's tools, running `llvmCmd`/`mlirCmd`. */
function shims(name, llvmCmd, mlirCmd) {
  const dir = join(work, `bin-${name}`);
  mkdirSync(dir);
  for (const [tool, cmd] of [['llvm-tblgen', llvmCmd], ['mlir-tblgen', mlirCmd]]) {
    writeFileSync(join(dir, tool), `#!/bin/sh\nexec ${cmd} "$@"\n`);
    chmodSync(join(dir, tool), 0o755);
  }
  return dir;
}

/** Run lit over the suite with the given shims; the status of each test by name. */
function runLit(name, shimDir) {
  const args = [
    LIT, '--no-progress-bar', '--show-pass', '--show-xfail', '--show-unsupported', '--show-xpass', '-v',
    '--param', `shims=${shimDir}`, '--param', `exec_root=${join(work, `out-${name}`)}`,
  ];
  if (opts.filter) args.push('--filter', opts.filter);
  args.push(suite);
  const r = spawnSync('/usr/bin/python3', args, { encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, LIT_OPTS: '' } });
  const log = join(work, `${name}.log`);
  writeFileSync(log, (r.stdout ?? '') + (r.stderr ?? ''));
  const status = new Map();
  for (const line of (r.stdout ?? '').split('\n')) {
    const m = /^([A-Z]+): ods-lit :: (.*) \(\d+ of \d+\)$/.exec(line);
    if (m) status.set(m[2], m[1]);
  }
  return { status, log };
}

const ref = runLit('reference', shims('reference', 'llvm-tblgen-22', 'mlir-tblgen-22'));
const node = process.execPath;
const strictLog = join(work, 'strict.jsonl');
const strictShim = join(repo, 'tools/lit/strict-shim.mjs');
const oursCmd = (refTool) => (opts.strict ? `${node} ${strictShim} ${strictLog} ${refTool} ${node} ${odsTblgen}` : `${node} ${odsTblgen}`);
const ours = runLit('ours', shims('ours', oursCmd('llvm-tblgen-22'), oursCmd('mlir-tblgen-22')));

const passing = (s) => s === 'PASS' || s === 'XFAIL';
const refPassingAll = [...ref.status].filter(([, s]) => passing(s)).map(([t]) => t).sort();
const refFailing = [...ref.status].filter(([, s]) => !passing(s) && s !== 'UNSUPPORTED').map(([t]) => t).sort();
// The reference-passing tests of LLVM target backends: out of scope, apart from the score.
const outOfScope = [];
for (const t of refPassingAll) {
  const backend = targetBackendOf(join(suite, t));
  if (backend) outOfScope.push({ test: t, backend });
}
const outNames = new Set(outOfScope.map((o) => o.test));
const refPassing = refPassingAll.filter((t) => !outNames.has(t));
const failures = refPassing.filter((t) => !passing(ours.status.get(t))).sort();

console.log(`lit: ${ref.status.size} tests; the reference passes ${refPassingAll.length}` +
  (refFailing.length ? ` (fails ${refFailing.length}: written for another LLVM, or needing files or tools it lacks)` : ''));
for (const t of refFailing) console.log(`  (reference fails ${t})`);
if (outOfScope.length) {
  console.log(`lit: out of scope: LLVM target backend: ${outOfScope.length} of those (not counted)`);
  for (const o of outOfScope) console.log(`  (out of scope ${o.test}: ${o.backend})`);
}
console.log(`lit: ods-tblgen passes ${refPassing.length - failures.length}/${refPassing.length} in-scope tests`);
for (const t of failures) console.log(`  FAIL ${t}`);
// --strict: the invocations of in-scope tests whose whole output differs from the reference's.
const strict = [];
if (opts.strict) {
  const inScope = new Set(refPassing);
  const lines = existsSync(strictLog) ? readFileSync(strictLog, 'utf8').split('\n').filter(Boolean) : [];
  for (const line of lines) {
    const entry = JSON.parse(line);
    // The test: the argument naming a test file of the suite.
    const test = entry.args
      .map((a) => (a.startsWith(`${suite}/`) ? a.slice(suite.length + 1) : ''))
      .find((t) => inScope.has(t));
    if (!test) continue;
    const args = entry.args.map((a) => a.split(`${suite}/`).join('')).join(' ');
    strict.push({ test, args, diffs: entry.diffs });
  }
  const tests = new Set(strict.map((d) => d.test));
  console.log(`lit: --strict: ${strict.length} invocations in ${tests.size} in-scope tests differ from the reference in their whole output`);
  for (const d of strict) {
    const what = Object.entries(d.diffs)
      .map(([k, v]) => (k === 'status' ? `status ${v.reference} vs ${v.ours}` : `${k} line ${v.line}: ${JSON.stringify(v.reference)} vs ${JSON.stringify(v.ours)}`))
      .join('; ');
    console.log(`  DIFF ${d.test}: ${d.args}: ${what}`);
  }
}
console.log(`lit: logs: ${ref.log} ${ours.log}`);
if (opts.json) {
  const result = { tests: ref.status.size, referencePasses: refPassing, referenceFails: refFailing, outOfScope, failures, ...(opts.strict ? { strict } : {}) };
  writeFileSync(opts.json, JSON.stringify(result, null, 2) + '\n');
}
if (!opts.keep) {
  // The logs are kept for reading; the copies and outputs go.
  for (const d of ['suite', 'out-reference', 'out-ours']) rmSync(join(work, d), { recursive: true, force: true });
}
