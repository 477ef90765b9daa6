// Static include scan: the transitive `include "..."` graph of a .td file without evaluating it,
// resolved like the lexer does (working directory, then each include directory). It gives Nx
// its inputs and the watcher its files before any parse has run; a full parse confirms it.
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { pathOfBytes } from '@ods-ts/tablegen-core';

const INCLUDE_RE = /^[ \t]*include[ \t]+"([^"\n]*)"/gm;

/** Remove // and /* *\/ comments and string/code bodies' effect on include detection (approximate). */
function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' ')).replace(/\/\/[^\n]*/g, '');
}

export interface ScanResult {
  /** Absolute paths: the input first, then every file it includes transitively. */
  readonly files: string[];
  /** Includes that could not be resolved (file, include name). */
  readonly missing: { from: string; name: string }[];
}

/** Scan the include graph of `input` (absolute), searching `cwd` then `includeDirs`. */
export function scanIncludes(input: string, includeDirs: readonly string[], cwd: string, read: (p: string) => string | undefined = readText): ScanResult {
  const seen = new Set<string>([input]);
  const files = [input];
  const missing: { from: string; name: string }[] = [];
  const queue = [input];
  while (queue.length) {
    const file = queue.shift()!;
    const text = read(file);
    if (text === undefined) continue;
    for (const m of stripComments(text).matchAll(INCLUDE_RE)) {
      const name = m[1]!;
      const found = resolveInclude(pathOfBytes(name), includeDirs, cwd);
      if (!found) {
        missing.push({ from: file, name });
        continue;
      }
      if (!seen.has(found)) {
        seen.add(found);
        files.push(found);
        queue.push(found);
      }
    }
  }
  return { files, missing };
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

function readText(p: string): string | undefined {
  try {
    return readFileSync(p, 'latin1');
  } catch {
    return undefined;
  }
}

export function resolveInclude(name: string, includeDirs: readonly string[], cwd: string): string | undefined {
  const direct = isAbsolute(name) ? name : join(cwd, name);
  if (isFile(direct)) return direct;
  for (const d of includeDirs) {
    const p = join(isAbsolute(d) ? d : join(cwd, d), name);
    if (isFile(p)) return p;
  }
  return undefined;
}
