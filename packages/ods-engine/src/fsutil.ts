// File helpers shared by the CLI, the engine and the plugins: atomic writes and content hashes.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { LruMap } from './lru.js';
import { writeFileAtomic } from './atomic-write.js';

export { writeFileAtomic };

/**
 * Write `content` only when the file's bytes differ (atomically); returns whether it wrote. An
 * unchanged file keeps its mtime, so nothing downstream of it reruns.
 */
export function writeFileIfChanged(path: string, content: string | Uint8Array, encoding: BufferEncoding = 'latin1'): boolean {
  const bytes = typeof content === 'string' ? Buffer.from(content, encoding) : content;
  try {
    if (readFileSync(path).equals(bytes)) return false;
  } catch {
    // missing or unreadable: write it
  }
  writeFileAtomic(path, bytes);
  return true;
}

export function hashText(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A file's identity at the time it was hashed: [size, mtimeMs, ctimeMs, ino, sha256]. */
export type FileStamp = [number, number, number, number, string];

/**
 * Content hashes memoized by (path, size, mtime, ctime, inode), so unchanged files are not
 * re-read. The memo can be saved and loaded (`stamps`, `loadStamps`): a later process then only
 * stats the files (a write changes the ctime, which cannot be set back).
 */
export class FileHasher {
  /**
   * Bounded (a build service or watch process lives through many builds and repositories): an
   * entry is ~200 bytes, and a file evicted is only read and hashed again.
   */
  static readonly MAX_ENTRIES = 50_000;
  private memo = new LruMap<string, { size: number; mtimeMs: number; ctimeMs: number; ino: number; hash: string }>(FileHasher.MAX_ENTRIES);

  /** Files memoized (for tests). */
  get size(): number {
    return this.memo.size;
  }

  /** The memo entries of `paths` (those hashed or recorded by this hasher). */
  stamps(paths: Iterable<string>): { [path: string]: FileStamp } {
    const out: { [path: string]: FileStamp } = {};
    for (const p of paths) {
      const m = this.memo.get(p);
      if (m) out[p] = [m.size, m.mtimeMs, m.ctimeMs, m.ino, m.hash];
    }
    return out;
  }

  loadStamps(stamps: { [path: string]: FileStamp }): void {
    for (const [p, s] of Object.entries(stamps)) {
      if (Array.isArray(s) && s.length === 5 && typeof s[4] === 'string') this.memo.set(p, { size: s[0], mtimeMs: s[1], ctimeMs: s[2], ino: s[3], hash: s[4] });
    }
  }
  /** The file's sha256, or undefined when it does not exist (or is not a readable file). */
  hash(path: string): string | undefined {
    let st;
    try {
      st = statSync(path, { throwIfNoEntry: false });
    } catch {
      st = undefined; // ENOTDIR, EACCES...: treat as missing
    }
    if (!st || !st.isFile()) {
      this.memo.delete(path);
      return undefined;
    }
    const m = this.memo.get(path);
    if (m && m.size === st.size && m.mtimeMs === st.mtimeMs && m.ctimeMs === st.ctimeMs && m.ino === st.ino) return m.hash;
    let data: Buffer;
    try {
      data = readFileSync(path);
    } catch {
      return undefined;
    }
    const hash = hashText(data);
    this.memo.set(path, { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino, hash });
    return hash;
  }
  forget(path: string): void {
    this.memo.delete(path);
  }
  /** Remember the hash of a file just written (so that it is not read back to hash it). */
  record(path: string, hash: string): void {
    try {
      const st = statSync(path);
      this.memo.set(path, { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino, hash });
    } catch {
      this.memo.delete(path);
    }
  }
  clear(): void {
    this.memo.clear();
  }
}
