#!/usr/bin/env node
// Compare ods-tblgen's "Did you mean '--x'?" with mlir-tblgen-22's and llvm-tblgen-22's on random
// unknown options: near misses of the tool's real option names (deletions, insertions,
// substitutions, transpositions), with or without `=value`, with one dash or two. Command lines
// of many such options are run by both tools and their whole stderr (program name replaced) and
// exit status compared (those starting `-h`, which print the help and stop, alone); a command line that differs is rerun one option at a time to count the
// options that differ. In llvm-tblgen mode both commands start with `--gen-ctags`, an action only
// llvm-tblgen has (ods-tblgen then follows llvm-tblgen's option order); in mlir-tblgen mode none.
//
//   node tools/fuzz/dym-check.mjs [--tool mlir|llvm|both] [--count N] [--seed N] [--batch N] [--show N]
//
// Exits 1 when any option differs.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = join(ROOT, 'packages/ods-backends/bin/ods-tblgen.js');
const PROG = 'ods-tblgen';
const TOOLS = { mlir: { ref: 'mlir-tblgen-22', lead: [] }, llvm: { ref: 'llvm-tblgen-22', lead: ['--gen-ctags'] } };

function parseArgs(argv) {
  const o = { tool: 'both', count: 3000, seed: 1, batch: 60, show: 10 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--tool') o.tool = value();
    else if (a === '--count') o.count = Number(value());
    else if (a === '--seed') o.seed = Number(value());
    else if (a === '--batch') o.batch = Number(value());
    else if (a === '--show') o.show = Number(value());
    else throw new Error(`unknown argument ${a}`);
  }
  if (!['mlir', 'llvm', 'both'].includes(o.tool)) throw new Error('--tool must be mlir, llvm or both');
  return o;
}

/** Mulberry32. */
function random(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * n | 0;
  };
}

/** The option names (and literal values) a tool lists in --help-list-hidden. */
function optionNames(tool) {
  const r = spawnSync(tool, ['--help-list-hidden'], { encoding: 'latin1' });
  const names = new Set();
  for (const line of r.stdout.split('\n')) {
    const m = /^ {2}(?: {4})?-{1,2}([A-Za-z0-9][A-Za-z0-9_.-]*)/.exec(line);
    if (m) names.add(m[1]);
  }
  if (names.size < 50) throw new Error(`${tool} --help-list-hidden listed ${names.size} names`);
  return [...names];
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789-_';

/** A random near miss of one of `names` that names no option. */
function nearMiss(names, known, rnd) {
  for (;;) {
    let s = names[rnd(names.length)];
    const edits = 1 + rnd(3);
    for (let e = 0; e < edits; e++) {
      const at = rnd(s.length + 1);
      const ch = ALPHABET[rnd(ALPHABET.length)];
      switch (rnd(4)) {
        case 0:
          if (s.length > 1) s = s.slice(0, at) + s.slice(at + 1);
          break;
        case 1:
          s = s.slice(0, at) + ch + s.slice(at);
          break;
        case 2:
          s = s.slice(0, at) + ch + s.slice(at + 1);
          break;
        default:
          if (at + 1 < s.length) s = s.slice(0, at) + s[at + 1] + s[at] + s.slice(at + 2);
      }
    }
    if (s === '' || s.startsWith('-') || known.has(s)) continue;
    const withValue = rnd(3) === 0 ? `${s}=${['1', 'x', '', 'a,b', 'true'][rnd(5)]}` : s;
    return (rnd(2) ? '--' : '-') + withValue;
  }
}

function run(command, args, tool) {
  const r = spawnSync(command, args, { encoding: 'latin1', input: '', maxBuffer: 1 << 28, env: { ...process.env, ODS_DAEMON: 'false' } });
  return { status: r.status, stderr: tool ? r.stderr.split(tool).join(PROG) : r.stderr };
}

function compare(mode, args) {
  const { ref, lead } = TOOLS[mode];
  const a = run(ref, [...lead, ...args], ref);
  const b = run(process.execPath, [BIN, ...lead, ...args]);
  return { same: a.status === b.status && a.stderr === b.stderr, ref: a, ours: b };
}

function check(mode, o) {
  const { ref } = TOOLS[mode];
  const names = optionNames(ref);
  const known = new Set(names);
  const rnd = random(o.seed);
  const options = Array.from({ length: o.count }, () => nearMiss(names, known, rnd));
  const differing = [];
  let suggested = 0;
  // `-h...` is `-h` grouped with more letters: help, and the end of the command line. Those run alone.
  const exits = (opt) => /^--?h/.test(opt);
  const batches = options.filter(exits).map((opt) => [opt]);
  const rest = options.filter((opt) => !exits(opt));
  for (let i = 0; i < rest.length; i += o.batch) batches.push(rest.slice(i, i + o.batch));
  for (const batch of batches) {
    const r = compare(mode, batch);
    suggested += (r.ref.stderr.match(/Did you mean/g) ?? []).length;
    if (r.same) continue;
    for (const opt of batch) {
      const one = compare(mode, [opt]);
      if (!one.same) differing.push({ opt, ref: one.ref, ours: one.ours });
    }
  }
  console.log(`dym-check ${ref} --seed ${o.seed}: ${options.length} unknown options (${suggested} suggestions), ${differing.length} differ`);
  for (const d of differing.slice(0, o.show)) {
    console.log(`  ${JSON.stringify(d.opt)}`);
    console.log(`    reference (${d.ref.status}): ${JSON.stringify(d.ref.stderr)}`);
    console.log(`    ours      (${d.ours.status}): ${JSON.stringify(d.ours.stderr)}`);
  }
  return differing.length;
}

const o = parseArgs(process.argv.slice(2));
let differ = 0;
for (const mode of o.tool === 'both' ? ['mlir', 'llvm'] : [o.tool]) differ += check(mode, o);
process.exit(differ ? 1 : 0);
