#!/usr/bin/env node
// Differential fuzzing against the reference: mutate MLIR 22's own .td files (read in place,
// written mutated to a temporary folder), run ods-tblgen and mlir-tblgen-22 on each, and report
// where they disagree. Where the reference crashes, ods-tblgen must fail with a diagnostic.
//
//   --mode td       mutate whole files (deletions, copies, punctuation, keywords, swapped
//                   identifiers); compare the exit status and the first stderr line (the
//                   project's contract for diagnostics), and the output when both succeed
//   --mode format   mutate one `assemblyFormat` string of an op, attribute or type; compare the
//                   exit status and the whole stderr (format errors print the format line with a
//                   caret, where a right first line can hide a wrong offset), and the output when
//                   both succeed
//   --mode cases    mutate the input of a conformance case row (tools/conformance/cases/*.tsv)
//                   of the llvm-tblgen backends (searchable tables, directives, intrinsic enums,
//                   option tables, target library info) and of mlir-tblgen's LLVM IR and SPIR-V
//                   generators (text edits as in td, or a field's value replaced, a line dropped
//                   or doubled), run with the row's options and the reference the row names;
//                   compare the exit status, the whole stderr and stdout. Ours must never crash
//                   (a status other than 0 or 1, a stack trace, an internal error)
//
// Deterministic for a seed. Exit status 1 when a difference was found. Not part of `npm test`:
// it is slow and its cases are random; run it after changing diagnostics, formats or backends.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultManifests, readManifests, rowLocation } from '../conformance/lib.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = join(ROOT, 'packages/ods-backends/bin/ods-tblgen.js');
const REF = 'mlir-tblgen-22';

const USAGE = `usage: node tools/fuzz/diff-fuzz.mjs [--mode td|format|cases] [--seed N] [--count N]
                                   [--generators g1,g2] [--under DIR] [--keep]
  --mode        td (default), format or cases
  --seed        first value of the generator (default 1)
  --count       cases to run (default 200)
  --generators  generators to pick from (default: print-records,op-decls,op-defs,dialect-decls,
                enum-defs,attrdef-decls,typedef-decls for td; op-decls,op-defs,attrdef-decls,
                attrdef-defs,typedef-decls,typedef-defs for format; CASE_GENERATORS for cases)
  --under       the folder of MLIR's include tree to take files from (default mlir/Dialect)
  --keep        keep the mutated files (their folder is printed)`;

function parseArgs(argv) {
  const o = { mode: 'td', seed: 1, count: 200, generators: undefined, under: 'mlir/Dialect', keep: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--mode') o.mode = value();
    else if (a === '--seed') o.seed = Number(value());
    else if (a === '--count') o.count = Number(value());
    else if (a === '--generators') o.generators = value().split(',');
    else if (a === '--under') o.under = value();
    else if (a === '--keep') o.keep = true;
    else if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown option ${a}\n${USAGE}`);
  }
  if (!['td', 'format', 'cases'].includes(o.mode)) throw new Error(`--mode must be td, format or cases\n${USAGE}`);
  o.generators ??=
    o.mode === 'td'
      ? ['print-records', 'op-decls', 'op-defs', 'dialect-decls', 'enum-defs', 'attrdef-decls', 'typedef-decls']
      : o.mode === 'format'
        ? ['op-decls', 'op-defs', 'attrdef-decls', 'attrdef-defs', 'typedef-decls', 'typedef-defs']
        : CASE_GENERATORS;
  return o;
}

/** The generators `--mode cases` picks rows of: llvm-tblgen's newer backends, mlir-tblgen's LLVM IR and SPIR-V ones. */
const CASE_GENERATORS = [
  'searchable-tables', 'directive-decl', 'directive-impl', 'intrinsic-enums', 'opt-parser-defs', 'opt-rst', 'target-library-info',
  'llvmir-conversions', 'llvmir-intrinsics', 'convertible-llvmir-intrinsics', 'enum-to-llvmir-conversions', 'enum-from-llvmir-conversions',
  'intr-from-llvmir-conversions', 'op-from-llvmir-conversions',
  'spirv-attr-utils', 'spirv-avail-impls', 'spirv-capability-implication', 'spirv-enum-avail-decls', 'spirv-enum-avail-defs', 'spirv-serialization',
  'avail-interface-decls', 'avail-interface-defs',
];

/** A crash of ours: a status other than 0 or 1, or a JavaScript stack trace or internal error on stderr. */
function oursCrashed(r) {
  return (r.status !== 0 && r.status !== 1) || /\n {4}at |internal error|(Type|Range|Reference)Error: /.test(r.stderr);
}

/** The first line where two texts differ, with its number, for the report. */
function firstDifference(a, b) {
  const la = a.split('\n');
  const lb = b.split('\n');
  for (let i = 0; i < Math.max(la.length, lb.length); i++) {
    if (la[i] !== lb[i]) return `line ${i + 1}:\n    reference: ${JSON.stringify(la[i] ?? '<end>').slice(0, 300)}\n    ours:      ${JSON.stringify(lb[i] ?? '<end>').slice(0, 300)}`;
  }
  return 'no difference';
}

/**
 * --mode cases: mutate the input of a random case row of the chosen generators and compare the
 * whole run (status, stderr, stdout) with the reference the row names.
 */
function runCases(o, inc) {
  const rows = readManifests(defaultManifests(ROOT)).filter((r) => o.generators.includes(r.generator));
  const generators = o.generators.filter((g) => rows.some((r) => r.generator === g));
  if (!generators.length) throw new Error(`no case rows for ${o.generators.join(',')}`);
  const rnd = makeBetterRandom(o.seed);
  const dir = mkdtempSync(join(tmpdir(), 'ods-diff-fuzz-'));
  const counts = { ran: 0, same: 0, diffs: 0, crashes: 0, refErrors: 0, refCrashes: 0 };
  const byGenerator = new Map();
  try {
    for (let i = 0; i < o.count; i++) {
      // A generator first, then one of its rows: the SPIR-V generators have many more rows.
      const gen = generators[rnd(generators.length)];
      const ofGen = rows.filter((r) => r.generator === gen);
      const row = ofGen[rnd(ofGen.length)];
      const at = rowLocation(row, inc, ROOT);
      const original = join(at.base, at.file);
      const text = readFileSync(original, 'latin1');
      const mutated = rnd(2) ? mutateValues(text, rnd) : mutateFile(text, rnd);
      const name = `case${o.seed}_${i}.td`;
      writeFileSync(join(dir, name), mutated, 'latin1');
      const args = [`--gen-${row.generator}`, ...row.args, '-I', inc, '-I', dirname(original), name];
      const ref = spawnSync(at.tool, args, { cwd: dir, encoding: 'latin1', maxBuffer: 1 << 30 });
      const ours = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'latin1', maxBuffer: 1 << 30 });
      counts.ran++;
      const g = byGenerator.get(row.generator) ?? { ran: 0, same: 0 };
      byGenerator.set(row.generator, g);
      g.ran++;
      if (ref.status !== 0) counts.refErrors++;
      const where = `${join(dir, name)} ${args.slice(0, -1).join(' ')} (from ${row.file})`;
      if (oursCrashed(ours)) {
        counts.crashes++;
        counts.diffs++;
        console.log(`OURS CRASHED (exit ${ours.status}): ${where}\n${ours.stderr.slice(0, 2000)}`);
        continue;
      }
      const refCrashed = ref.status === null || ref.status > 1 || /PLEASE submit a bug report|Stack dump/.test(ref.stderr);
      if (refCrashed) {
        counts.refCrashes++;
        if (ours.status === 1 && /error: /.test(ours.stderr)) {
          counts.same++;
          g.same++;
          continue;
        }
        counts.diffs++;
        console.log(`REFERENCE CRASHED, ours exit ${ours.status} without a located error: ${where}`);
        continue;
      }
      // The reference's name in its messages (`llvm-tblgen-22: ...`) is ours.
      const refErr = ref.stderr.replaceAll(at.tool, 'ods-tblgen');
      if (ref.status === ours.status && refErr === ours.stderr && ref.stdout === ours.stdout) {
        counts.same++;
        g.same++;
        continue;
      }
      counts.diffs++;
      const what = ref.status !== ours.status ? 'status' : refErr !== ours.stderr ? 'stderr' : 'stdout';
      console.log(`DIFF (${what}) ${where}: reference exit ${ref.status}, ours ${ours.status}`);
      console.log(`  ${what === 'stdout' ? firstDifference(ref.stdout, ours.stdout) : firstDifference(refErr, ours.stderr)}`);
    }
  } finally {
    if (o.keep || counts.diffs > 0) console.log(`mutated files kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
  for (const [gen, g] of [...byGenerator].sort()) console.log(`  ${gen.padEnd(32)} ${g.same}/${g.ran} agree`);
  console.log(
    `diff-fuzz --mode cases --seed ${o.seed}: ${counts.ran} runs, ${counts.same} agree, ${counts.diffs} difference(s) ` +
      `(${counts.crashes} crashes of ours; ${counts.refErrors} rejected by the reference, ${counts.refCrashes} crashed it)`,
  );
  process.exitCode = counts.diffs > 0 ? 1 : 0;
}

/**
 * Mulberry32 for --mode cases (the LCG's low bits repeat with a short period, which skews
 * picks among a few dozen rows); the same seed gives the same cases on every machine.
 */
function makeBetterRandom(seed) {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}

/** A linear congruential generator: the same seed gives the same cases on every machine. */
function makeRandom(seed) {
  let s = seed;
  return (n) => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s % n;
  };
}

const PUNCTUATION = '$#<>[]{}()"`!:;,.=?^-*/';
const WORDS = ['def', 'let', 'class', 'foreach', 'if', 'then', 'else', 'in', 'defm', 'multiclass', '!cast<string>(', '!foldl(', '?', '0x', 'dag', 'list<', 'bits<3>', '#', 'field', 'code', 'defvar', 'assert', 'dump', '!eq(', '!if(', 'string', 'int', '1', '"s"', '[', ']', '<', '>'];
const FORMAT_TOKENS = ['$', '`', '(', ')', '^', '?', ':', ',', '<', '>', '|', 'attr-dict', 'type', 'operands', 'results', 'custom<X>', 'ref', 'qualified', 'oilist', 'functional-type', 'regions', 'successors', 'prop-dict', 'params', 'struct', '`-`', '`%`', '"s"', '#'];

/** One to two random edits of a whole .td file. */
function mutateFile(src, rnd) {
  for (let m = 1 + rnd(2); m > 0; m--) {
    const p = rnd(src.length);
    const len = 1 + rnd(20);
    switch (rnd(6)) {
      case 0:
        src = src.slice(0, p) + src.slice(p + len);
        break;
      case 1: {
        const q = rnd(src.length);
        src = src.slice(0, p) + src.slice(q, q + len) + src.slice(p);
        break;
      }
      case 2:
        src = src.slice(0, p) + PUNCTUATION[rnd(PUNCTUATION.length)] + src.slice(p);
        break;
      case 3:
        src = src.slice(0, p) + src.slice(p + 1, p + 2) + src.slice(p, p + 1) + src.slice(p + 2);
        break;
      case 4:
        src = `${src.slice(0, p)} ${WORDS[rnd(WORDS.length)]} ${src.slice(p)}`;
        break;
      default: {
        const ids = [...src.matchAll(/[A-Za-z_$][A-Za-z0-9_]*/g)];
        if (!ids.length) break;
        const a = ids[rnd(ids.length)];
        const b = ids[rnd(ids.length)];
        src = src.slice(0, a.index) + b[0] + src.slice(a.index + a[0].length);
      }
    }
  }
  return src;
}

const VALUES = ['?', '""', '0', '1', '-1', '[]', '"a b"', '[{}]', '0x7fffffffffffffff', '["x"]', '[1, 1]', 'true'];

/**
 * One or two edits that keep the file parseable more often than mutateFile's, to reach the
 * backends: a field's value replaced (`= value;`), a line dropped or doubled.
 */
function mutateValues(src, rnd) {
  for (let m = 1 + rnd(2); m > 0; m--) {
    const lines = src.split('\n');
    const i = rnd(lines.length);
    switch (rnd(4)) {
      case 0:
        lines.splice(i, 1);
        break;
      case 1:
        lines.splice(i, 0, lines[i]);
        break;
      default: {
        const values = [...src.matchAll(/= *([^;{}\n]+);/g)];
        if (!values.length) break;
        const v = values[rnd(values.length)];
        const start = v.index + v[0].indexOf(v[1]);
        src = src.slice(0, start) + VALUES[rnd(VALUES.length)] + src.slice(start + v[1].length);
        continue;
      }
    }
    src = lines.join('\n');
  }
  return src;
}

/** One or two token edits of one `assemblyFormat` string of the file; undefined without one. */
function mutateFormat(src, rnd) {
  const found = [...src.matchAll(/assemblyFormat = (\[\{|")/g)];
  if (!found.length) return undefined;
  const m = found[rnd(found.length)];
  const start = m.index + m[0].length;
  const end = src.indexOf(m[1] === '"' ? '"' : '}]', start);
  let fmt = src.slice(start, end);
  for (let k = 1 + rnd(2); k > 0; k--) {
    const words = [...fmt.matchAll(/\$?[A-Za-z_][A-Za-z0-9_-]*|`[^`]*`|\S/g)];
    if (!words.length) break;
    const w = words[rnd(words.length)];
    const token = FORMAT_TOKENS[rnd(FORMAT_TOKENS.length)];
    switch (rnd(4)) {
      case 0:
        fmt = fmt.slice(0, w.index) + fmt.slice(w.index + w[0].length);
        break;
      case 1:
        fmt = `${fmt.slice(0, w.index)}${token} ${fmt.slice(w.index)}`;
        break;
      case 2:
        fmt = fmt.slice(0, w.index) + words[rnd(words.length)][0] + fmt.slice(w.index + w[0].length);
        break;
      default:
        fmt = fmt.slice(0, w.index) + token + fmt.slice(w.index + w[0].length);
    }
  }
  if (m[1] === '"') fmt = fmt.replace(/"/g, '');
  return src.slice(0, start) + fmt + src.slice(end);
}

function main() {
  const o = parseArgs(process.argv.slice(2));
  const inc = execFileSync('llvm-config-22', ['--includedir']).toString().trim();
  if (o.mode === 'cases') return runCases(o, inc);
  const pattern = o.mode === 'format' ? ['-rl', 'assemblyFormat = ', o.under, '--include=*.td'] : ['-rl', '', o.under, '--include=*.td'];
  const files = execFileSync('grep', pattern, { cwd: inc }).toString().trim().split('\n').filter(Boolean).sort();
  if (!files.length) throw new Error(`no .td files under ${join(inc, o.under)}`);
  const rnd = makeRandom(o.seed);
  const dir = mkdtempSync(join(tmpdir(), 'ods-diff-fuzz-'));
  let diffs = 0;
  let refErrors = 0;
  let ran = 0;
  try {
    for (let i = 0; i < o.count; i++) {
      const file = files[rnd(files.length)];
      const src = readFileSync(join(inc, file), 'latin1');
      const mutated = o.mode === 'format' ? mutateFormat(src, rnd) : mutateFile(src, rnd);
      if (mutated === undefined) continue;
      const name = join(dir, `case${o.seed}_${i}.td`);
      writeFileSync(name, mutated, 'latin1');
      const gen = o.generators[rnd(o.generators.length)];
      const flag = gen === 'print-records' || gen === 'dump-json' ? `--${gen}` : `--gen-${gen}`;
      const args = [flag, '-I', inc, '-I', join(inc, dirname(file)), name];
      const ref = spawnSync(REF, args, { cwd: dir, encoding: 'latin1', maxBuffer: 1 << 30 });
      const ours = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'latin1', maxBuffer: 1 << 30 });
      ran++;
      if (ref.status !== 0) refErrors++;
      const refCrashed = ref.status === null || /PLEASE submit a bug report|Stack dump/.test(ref.stderr);
      if (refCrashed) {
        if (ours.status === 1 && /error: /.test(ours.stderr)) continue;
        diffs++;
        console.log(`REFERENCE CRASHED, ours exit ${ours.status}: ${name} ${flag} (from ${file})`);
        continue;
      }
      const first = (t) => t.split('\n')[0];
      const sameDiagnostics =
        o.mode === 'format' ? ref.status === ours.status && ref.stderr === ours.stderr : (ref.status === 0) === (ours.status === 0) && first(ref.stderr) === first(ours.stderr);
      const same = sameDiagnostics && (ref.status !== 0 || ref.stdout === ours.stdout);
      if (same) continue;
      diffs++;
      console.log(`DIFF ${name} ${flag} (from ${file}): reference exit ${ref.status}, ours ${ours.status}`);
      console.log(`  reference: ${o.mode === 'format' ? ref.stderr.slice(0, 2000) : first(ref.stderr)}`);
      console.log(`  ours:      ${o.mode === 'format' ? ours.stderr.slice(0, 2000) : first(ours.stderr)}`);
    }
  } finally {
    if (o.keep || diffs > 0) console.log(`mutated files kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
  console.log(`diff-fuzz --mode ${o.mode} --seed ${o.seed}: ${diffs} difference(s) in ${ran} cases (${refErrors} rejected by ${REF})`);
  process.exitCode = diffs > 0 ? 1 : 0;
}

main();
