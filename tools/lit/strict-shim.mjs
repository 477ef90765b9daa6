#!/usr/bin/env node
// The shim behind `llvm-tblgen`/`mlir-tblgen` in `npm run lit -- --strict`: runs the reference tool
// and ods-tblgen with the same arguments, standard input and directory, answers with ods-tblgen's
// results (so lit still judges ods-tblgen), and appends a JSON line to the log for each invocation
// whose whole stdout, stderr (program names aside), exit status or `-o` file differs from the
// reference's: what a test's FileCheck lines do not look at.
//
//   strict-shim.mjs LOG REFERENCE NODE ODS_TBLGEN_SCRIPT args...
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs';

const [log, refTool, node, script, ...args] = process.argv.slice(2);

let input = Buffer.alloc(0);
try {
  input = readFileSync(0);
} catch {
  // No standard input.
}

// The reference writes its -o file elsewhere, to compare it with ours.
const refArgs = [...args];
let outFile;
let refOut;
for (let i = 0; i < refArgs.length; i++) {
  const a = refArgs[i];
  if (a === '-o' && i + 1 < refArgs.length && refArgs[i + 1] !== '-') {
    outFile = refArgs[i + 1];
    refOut = `${outFile}.strict-reference`;
    refArgs[i + 1] = refOut;
    break;
  }
  if (a.startsWith('-o=') && a !== '-o=-') {
    outFile = a.slice(3);
    refOut = `${outFile}.strict-reference`;
    refArgs[i] = `-o=${refOut}`;
    break;
  }
}

const run = (cmd, argv) => spawnSync(cmd, argv, { input, maxBuffer: 1 << 30 });
const ref = run(refTool, refArgs);
const ours = run(node, [script, ...args]);

/** A stream's text with the program names made equal. */
const norm = (b) => (b ?? Buffer.alloc(0)).toString('latin1').replace(/\b(?:llvm|mlir)-tblgen-22\b|\bods-tblgen\b/g, 'TOOL');
/** The first line where two texts differ, for the report. */
function firstDiff(a, b) {
  const x = a.split('\n');
  const y = b.split('\n');
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (x[i] !== y[i]) return { line: i + 1, reference: x[i] ?? '<end>', ours: y[i] ?? '<end>' };
  }
  return undefined;
}
const read = (f) => (f && existsSync(f) ? readFileSync(f).toString('latin1') : undefined);

// Where the reference crashes, ods-tblgen gives a located error instead: not a difference.
const refCrashed = ref.signal !== null || /PLEASE submit a bug report/.test(norm(ref.stderr));
if (!refCrashed) {
  const diffs = {};
  const out = firstDiff(norm(ref.stdout), norm(ours.stdout));
  if (out) diffs.stdout = out;
  const err = firstDiff(norm(ref.stderr), norm(ours.stderr));
  if (err) diffs.stderr = err;
  if ((ref.status === 0) !== (ours.status === 0)) diffs.status = { reference: ref.status, ours: ours.status };
  if (outFile) {
    const r = read(refOut);
    const o = read(outFile);
    const d = r === undefined || o === undefined ? (r === o ? undefined : { line: 0, reference: String(r !== undefined), ours: String(o !== undefined) }) : firstDiff(r, o);
    if (d) diffs.output = d;
  }
  if (Object.keys(diffs).length) appendFileSync(log, JSON.stringify({ cwd: process.cwd(), args, diffs }) + '\n');
}
if (refOut) rmSync(refOut, { force: true });

process.stdout.write(ours.stdout ?? Buffer.alloc(0));
process.stderr.write(ours.stderr ?? Buffer.alloc(0));
process.exitCode = ours.status ?? 1;
