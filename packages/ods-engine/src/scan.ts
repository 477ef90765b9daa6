// Static include scan: the transitive `include "..."` graph of a .td file without evaluating it,
// resolved like the lexer does (working directory, then each include directory). It gives Nx
// its inputs and the watcher its files before any parse has run; a full parse confirms it.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
// The one module of the language it needs: the Nx plugin scans without loading the language.
import { pathOfBytes } from '@ods-ts/tablegen-core/sources';
import { LruMap } from './lru.js';

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

/** The include directives of a text, in order. */
function includeNames(text: string): string[] {
  return [...stripComments(text).matchAll(INCLUDE_RE)].map((m) => m[1]!);
}

/**
 * The include names of files read from disk, by path, while their stat stamp holds: the same
 * files are scanned for many inputs (OpBase.td and its friends for every dialect of an Nx
 * workspace, once for the targets and once for the dependencies). Bounded: the least recently
 * scanned go first.
 */
export const MAX_SCANNED_FILES = 10_000;
const namesOnDisk = new LruMap<string, { readonly stamp: string; readonly names: readonly string[] }>(MAX_SCANNED_FILES);

/** Files whose include names are remembered (for tests). */
export function scannedFileCount(): number {
  return namesOnDisk.size;
}

/** A file's remembered include names: its path, its stat stamp when scanned, the names. */
export type ScannedFile = readonly [path: string, stamp: string, names: readonly string[]];

/** The remembered include names of `paths` (those scanned), to hand to a later process. */
export function scannedFiles(paths: Iterable<string>): ScannedFile[] {
  const out: ScannedFile[] = [];
  for (const p of paths) {
    const hit = namesOnDisk.get(p);
    if (hit) out.push([p, hit.stamp, hit.names]);
  }
  return out;
}

/**
 * Remember include names an earlier process scanned: each is used only while its file's stat
 * stamp (size, mtime, ctime, inode) is the same, as the process's own.
 */
export function rememberScannedFiles(files: unknown): void {
  if (!Array.isArray(files)) return;
  for (const f of files as unknown[]) {
    if (!Array.isArray(f) || f.length !== 3) continue;
    const [path, stamp, names] = f as unknown[];
    if (typeof path === 'string' && typeof stamp === 'string' && Array.isArray(names) && names.every((n) => typeof n === 'string'))
      namesOnDisk.set(path, { stamp, names: names as string[] });
  }
}

function includeNamesOnDisk(file: string): readonly string[] | undefined {
  let stamp: string;
  try {
    const st = statSync(file, { throwIfNoEntry: false });
    if (!st) return undefined;
    stamp = `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}`;
  } catch {
    return undefined;
  }
  const hit = namesOnDisk.get(file);
  if (hit && hit.stamp === stamp) return hit.names;
  const text = readText(file);
  if (text === undefined) return undefined;
  const names = includeNames(text);
  namesOnDisk.set(file, { stamp, names });
  return names;
}

/**
 * Scan the include graph of `input` (absolute), searching `cwd` then `includeDirs`. `read`: the
 * texts to scan (default: the disk, whose files' include names are remembered by stat stamp).
 */
export function scanIncludes(
  input: string,
  includeDirs: readonly string[],
  cwd: string,
  read?: (p: string) => string | undefined,
  session?: ScanSession,
): ScanResult {
  const seen = new Set<string>([input]);
  const files = [input];
  const missing: { from: string; name: string }[] = [];
  const queue = [input];
  while (queue.length) {
    const file = queue.shift()!;
    let names: readonly string[] | undefined;
    if (read) {
      const text = read(file);
      names = text === undefined ? undefined : includeNames(text);
    } else {
      names = session ? session.namesOf(file) : includeNamesOnDisk(file);
    }
    if (names === undefined) continue;
    for (const name of names) {
      const found = session ? session.resolve(name, includeDirs, cwd) : resolveInclude(pathOfBytes(name), includeDirs, cwd);
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

/** File names compare byte for byte and `/` alone separates them (see ScanSession.mayBeIn). */
const EXACT_NAMES = process.platform === 'linux';

/**
 * Scans made together (all ods.json files of an Nx workspace at once): each include name is
 * resolved once per working directory and include path, the file system taken as unchanged
 * while the session lives. Make one per batch of scans, never keep it.
 */
export class ScanSession {
  private readonly files = new Map<string, boolean>();
  private readonly viaDirs = new Map<string, string | undefined>();
  private readonly names = new Map<string, readonly string[] | undefined>();
  /** Folder entries (null: unreadable), see mayBeIn. */
  private readonly entries = new Map<string, Set<string> | null>();

  /** The files whose include names this session looked up. */
  scannedPaths(): Iterable<string> {
    return this.names.keys();
  }

  /** The include names of a file on disk (stat-checked once per session). */
  namesOf(file: string): readonly string[] | undefined {
    if (this.names.has(file)) return this.names.get(file);
    const names = includeNamesOnDisk(file);
    this.names.set(file, names);
    return names;
  }

  resolve(name: string, includeDirs: readonly string[], cwd: string): string | undefined {
    const path = pathOfBytes(name);
    // The working directory first (each project its own), then the include path (most often
    // shared by every project: looked up once).
    if (this.mayBeIn(cwd, path)) {
      const direct = isAbsolute(path) ? path : join(cwd, path);
      if (this.isFile(direct)) return direct;
    }
    const key = this.dirsKey(includeDirs, cwd) + path;
    if (this.viaDirs.has(key)) return this.viaDirs.get(key);
    const found = resolveInclude(path, includeDirs, cwd, (p) => this.isFile(p));
    this.viaDirs.set(key, found);
    return found;
  }

  /** The include path's part of a resolve key (the last one made: the names of a scan come in a row). */
  private dirsKey(includeDirs: readonly string[], cwd: string): string {
    if (includeDirs !== this.lastDirs || cwd !== this.lastCwd) {
      this.lastDirs = includeDirs;
      this.lastCwd = cwd;
      this.lastDirsKey = `${includeDirs.map((d) => (isAbsolute(d) ? d : join(cwd, d))).join('\0')}\0\0`;
    }
    return this.lastDirsKey;
  }
  private lastDirs: readonly string[] | undefined;
  private lastCwd = '';
  private lastDirsKey = '';

  /**
   * Whether a relative `path` may name a file below `dir`: its first component is an entry of
   * `dir` (read once per session). Each project has its own working directory, and most of its
   * include names (mlir/IR/OpBase.td) are found only on the include path: one listing of the
   * folder instead of a failed stat per name. Only where file names are case-sensitive and `/`
   * is the one separator (Linux): elsewhere every name is stat'ed.
   */
  private mayBeIn(dir: string, path: string): boolean {
    if (!EXACT_NAMES || isAbsolute(path)) return true;
    const slash = path.indexOf('/');
    const first = slash < 0 ? path : path.slice(0, slash);
    if (first === '' || first === '.' || first === '..') return true;
    let entries = this.entries.get(dir);
    if (entries === undefined) {
      try {
        entries = new Set(readdirSync(dir));
      } catch {
        entries = null;
      }
      this.entries.set(dir, entries);
    }
    return entries === null || entries.has(first);
  }

  private isFile(p: string): boolean {
    let yes = this.files.get(p);
    if (yes === undefined) this.files.set(p, (yes = isFile(p)));
    return yes;
  }
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

export function resolveInclude(name: string, includeDirs: readonly string[], cwd: string, exists: (p: string) => boolean = isFile): string | undefined {
  const direct = isAbsolute(name) ? name : join(cwd, name);
  if (exists(direct)) return direct;
  for (const d of includeDirs) {
    const p = join(isAbsolute(d) ? d : join(cwd, d), name);
    if (exists(p)) return p;
  }
  return undefined;
}
