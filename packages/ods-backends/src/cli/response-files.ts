// `@file` arguments: llvm::cl's response files (ExpansionContext::expandResponseFiles with the GNU
// tokenizer), which every LLVM tool expands before parsing its options.
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { errnoMessage } from './output.js';

/** cl::TokenizeGNUCommandLine: whitespace-separated words, quotes and backslash escapes. */
export function tokenizeGnu(src: string): string[] {
  const out: string[] = [];
  const isWs = (c: string) => c === ' ' || c === '\t' || c === '\r' || c === '\n';
  let token = '';
  const e = src.length;
  for (let i = 0; i < e; i++) {
    if (token === '') {
      while (i < e && isWs(src[i]!)) i++;
      if (i === e) break;
    }
    const c = src[i]!;
    if (c === '\\' && i + 1 < e) {
      token += src[++i]!;
      continue;
    }
    if (c === '"' || c === "'") {
      i++;
      while (i < e && src[i] !== c) {
        if (src[i] === '\\' && i + 1 !== e) i++;
        token += src[i]!;
        i++;
      }
      if (i === e) break;
      continue;
    }
    if (isWs(c)) {
      if (token !== '') out.push(token);
      token = '';
      continue;
    }
    token += c;
  }
  if (token !== '') out.push(token);
  return out;
}

/** The text of a response file: UTF-8 (a BOM is skipped) or UTF-16 with a BOM. */
function readResponseFile(path: string): string {
  const bytes = readFileSync(path);
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function sameFile(a: string, b: string): boolean {
  try {
    const sa = statSync(a);
    const sb = statSync(b);
    return sa.dev === sb.dev && sa.ino === sb.ino;
  } catch {
    return false;
  }
}

/**
 * Replace each `@file` argument by the words of that file, recursively (nested names relative to
 * `cwd`, like llvm). A missing file leaves `@file` as it is. On an error (a recursive expansion,
 * an unreadable file) returns the message llvm prints, with the arguments expanded so far.
 */
export function expandResponseFiles(argv: readonly string[], cwd: string): { argv: string[]; error?: string } {
  const args = [...argv];
  // Each record: a response file being expanded and the index where its words end.
  const stack: { file: string; end: number }[] = [{ file: '', end: args.length }];
  for (let i = 0; i !== args.length; ) {
    while (i === stack[stack.length - 1]!.end) stack.pop();
    const arg = args[i]!;
    if (!arg.startsWith('@')) {
      i++;
      continue;
    }
    const name = arg.slice(1);
    // sys::path::append: no normalization (`./x` stays in the name llvm prints).
    const file = isAbsolute(name) || name === '' ? name || cwd : cwd.endsWith('/') ? cwd + name : `${cwd}/${name}`;
    try {
      statSync(file);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        i++;
        continue;
      }
      return { argv: args, error: `cannot not find configuration file: ${name}` };
    }
    for (const r of stack.slice(1)) {
      if (sameFile(file, r.file)) return { argv: args, error: `recursive expansion of: '${r.file}'` };
    }
    let words: string[];
    try {
      words = tokenizeGnu(readResponseFile(file));
    } catch (e) {
      return { argv: args, error: `cannot not open file '${file}': ${errnoMessage(e)}` };
    }
    for (const r of stack) r.end += words.length - 1;
    stack.push({ file, end: i + words.length });
    args.splice(i, 1, ...words);
  }
  return { argv: args };
}
