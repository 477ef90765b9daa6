// Fuzzing: MLIR's own .td files (read in place from the LLVM 22 include tree), mutated with a
// seeded PRNG — truncations, byte flips, token swaps and moves, duplicated, deleted and spliced
// lines, inserted keywords and operators. parseTableGen must never throw: it returns ok or
// located diagnostics, and the backends either print or stop with a FatalError.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FatalError } from './diagnostics.js';
import { type FileSystem, nodeFileSystem, parseTableGen, printRecords, recordsToJson, writeJson } from './index.js';

function llvmIncludeDir(): string | undefined {
  try {
    return execFileSync('llvm-config-22', ['--includedir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

const INCLUDE = llvmIncludeDir();
const HAVE_MLIR = INCLUDE !== undefined && existsSync(`${INCLUDE}/mlir/IR/OpBase.td`);

/** The files to mutate, and how many mutants of each. */
const FILES: readonly [string, number][] = [
  ['OpBase.td', 50],
  ['CommonTypeConstraints.td', 40],
  ['EnumAttr.td', 40],
  ['Properties.td', 40],
  ['Interfaces.td', 30],
  ['BytecodeBase.td', 40],
  ['Constraints.td', 30],
  ['Traits.td', 30],
];

/** Errors llvm-tblgen itself prints without a location (PrintFatalError without a record). */
const UNLOCATED_LIKE_LLVM = [/^invalid regex '/, /^!listsplat count .* is negative$/, /^Concatenated Dag operators do not match/];

/** mulberry32: a small deterministic PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VOCABULARY = [
  'class', 'def', 'defm', 'multiclass', 'let', 'in', 'foreach', 'if', 'then', 'else', 'defvar', 'defset',
  'deftype', 'assert', 'dump', 'field', 'include', 'bit', 'bits<4>', 'int', 'string', 'code', 'dag', 'list<int>',
  '!add(', '!cast<string>(', '!foreach(x, ', '!foldl(', '!if(', '!cond(', '!con(', '!dag(', '!subst(', '!head(',
  '!tail(', '!size(', '!empty(', '!eq(', '!isa<Op>(', '!exists<Op>(', '!interleave(', '!strconcat(', '!listconcat(',
  '!getdagop(', '!setdagarg(', '!range(', '!repr(', '!instances<Op>(', '!match(', '!div(', '!shl(',
  '#', '#ifdef X', '#else', '#endif', '#define Y', '?', ':', ';', ',', '.', '...', '-', '+', '=', '<', '>', '(', ')',
  '[', ']', '{', '}', '[{', '}]', '"', '"str"', '0x', '0b', '-1', '9223372036854775807', '$x', 'NAME', '/*', '*/',
  '//', '\\', '\0', '\t', '\n',
];

/** Tokens, roughly: identifiers, numbers, strings, code blocks, punctuation, whitespace runs. */
function tokenize(text: string): string[] {
  return text.match(/\[\{[\s\S]*?\}\]|"(?:[^"\\\n]|\\.)*"|[A-Za-z_][A-Za-z0-9_]*|0x[0-9a-fA-F]+|\d+|\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/|!?[a-z]+|[\s\S]/g) ?? [];
}

function pick<T>(rnd: () => number, xs: readonly T[]): T {
  return xs[Math.floor(rnd() * xs.length)]!;
}

/** One random mutation of `text` (a latin1 byte string); returns the mutant and what was done. */
function mutate(text: string, rnd: () => number): [string, string] {
  const at = () => Math.floor(rnd() * (text.length + 1));
  const lines = () => text.split('\n');
  switch (Math.floor(rnd() * 9)) {
    case 0: {
      const n = at();
      return [text.slice(0, n), `truncate at ${n}`];
    }
    case 1: {
      const bytes = [...text];
      const k = 1 + Math.floor(rnd() * 8);
      for (let i = 0; i < k && bytes.length > 0; i++) {
        bytes[Math.floor(rnd() * bytes.length)] = String.fromCharCode(Math.floor(rnd() * 256));
      }
      return [bytes.join(''), `flip ${k} bytes`];
    }
    case 2: {
      const toks = tokenize(text);
      const k = 1 + Math.floor(rnd() * 4);
      for (let i = 0; i < k; i++) {
        const a = Math.floor(rnd() * toks.length);
        const b = Math.floor(rnd() * toks.length);
        [toks[a], toks[b]] = [toks[b]!, toks[a]!];
      }
      return [toks.join(''), `swap ${k} token pairs`];
    }
    case 3: {
      const toks = tokenize(text);
      const [t] = toks.splice(Math.floor(rnd() * toks.length), 1);
      toks.splice(Math.floor(rnd() * toks.length), 0, t ?? '');
      return [toks.join(''), 'move a token'];
    }
    case 4: {
      const ls = lines();
      const a = Math.floor(rnd() * ls.length);
      const n = 1 + Math.floor(rnd() * 20);
      ls.splice(a, 0, ...ls.slice(a, a + n));
      return [ls.join('\n'), `duplicate lines ${a + 1}+${n}`];
    }
    case 5: {
      const ls = lines();
      const a = Math.floor(rnd() * ls.length);
      const n = 1 + Math.floor(rnd() * 10);
      ls.splice(a, n);
      return [ls.join('\n'), `delete lines ${a + 1}+${n}`];
    }
    case 6: {
      const ls = lines();
      const a = Math.floor(rnd() * ls.length);
      const chunk = ls.slice(a, a + 1 + Math.floor(rnd() * 30));
      ls.splice(Math.floor(rnd() * ls.length), 0, ...chunk);
      return [ls.join('\n'), `splice lines of ${a + 1}`];
    }
    case 7: {
      const toks = tokenize(text);
      const k = 1 + Math.floor(rnd() * 5);
      for (let i = 0; i < k; i++) toks.splice(Math.floor(rnd() * toks.length), 0, ` ${pick(rnd, VOCABULARY)} `);
      return [toks.join(''), `insert ${k} tokens`];
    }
    default: {
      const toks = tokenize(text).filter((t) => !/^\s+$/.test(t));
      const k = 1 + Math.floor(rnd() * 6);
      for (let i = 0; i < k; i++) toks.splice(Math.floor(rnd() * toks.length), 1);
      return [toks.join(' '), `drop ${k} tokens, respace`];
    }
  }
}

/** Reads each included file once for all the mutants. */
function cachingFileSystem(): FileSystem {
  const cache = new Map<string, string | undefined>();
  return {
    readFile(path) {
      if (!cache.has(path)) cache.set(path, nodeFileSystem.readFile(path));
      return cache.get(path);
    },
  };
}

describe.skipIf(!HAVE_MLIR)('fuzzing MLIR .td files', () => {
  const fs = cachingFileSystem();
  for (const [name, count] of FILES) {
    it(`${name}: ${count} mutants never throw and report located errors`, () => {
      const path = `${INCLUDE}/mlir/IR/${name}`;
      const original = fs.readFile(path);
      expect(original).toBeDefined();
      const rnd = prng([...name].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261));
      const problems: string[] = [];
      let failed = 0;
      for (let i = 0; i < count; i++) {
        let [text, what] = mutate(original!, rnd);
        if (rnd() < 0.3) {
          const [again, what2] = mutate(text, rnd);
          text = again;
          what += `, ${what2}`;
        }
        const where = `${name} mutant ${i} (${what})`;
        let result: ReturnType<typeof parseTableGen>;
        try {
          result = parseTableGen({ file: path, text, includeDirs: [INCLUDE!], fs, noWarnOnUnusedTemplateArgs: true });
        } catch (e) {
          problems.push(`${where}: parseTableGen threw ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
          continue;
        }
        const errors = result.diagnostics.diagnostics.filter((d) => d.severity === 'error');
        if (!result.ok) {
          failed++;
          if (errors.length === 0) problems.push(`${where}: failed without an error`);
        }
        for (const d of errors) {
          if (d.message.startsWith('internal error')) problems.push(`${where}: ${d.message}`);
          else if (!d.loc && !UNLOCATED_LIKE_LLVM.some((re) => re.test(d.message)))
            problems.push(`${where}: error without a location: ${d.message}`);
        }
        if (!result.ok) continue;
        try {
          result.records.with(() => {
            printRecords(result.records);
            writeJson(recordsToJson(result.records, result.sources));
          });
        } catch (e) {
          if (!(e instanceof FatalError)) problems.push(`${where}: a backend threw ${e instanceof Error ? e.message : String(e)}`);
        }
      }
      expect(problems).toEqual([]);
      // The mutants exercise the error paths, not only the happy one.
      expect(failed).toBeGreaterThan(count / 4);
    });
  }
});
