// File helpers shared by the CLI, the engine and the plugins: atomic writes and content hashes.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Write a file through a temp file and a rename: readers never see a partial file. */
export function writeFileAtomic(path: string, content: string | Uint8Array, encoding: BufferEncoding = 'latin1'): void {
  const dir = dirname(path);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
  const tmp = `${path}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    if (typeof content === 'string') writeFileSync(tmp, content, encoding);
    else writeFileSync(tmp, content);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

export function hashText(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Content hashes memoized by (path, size, mtime), so unchanged files are not re-read. */
export class FileHasher {
  private memo = new Map<string, { size: number; mtimeMs: number; hash: string }>();
  /** The file's sha256, or undefined when it does not exist. */
  hash(path: string): string | undefined {
    let st;
    try {
      st = statSync(path);
    } catch {
      this.memo.delete(path);
      return undefined;
    }
    const m = this.memo.get(path);
    if (m && m.size === st.size && m.mtimeMs === st.mtimeMs) return m.hash;
    let data: Buffer;
    try {
      data = readFileSync(path);
    } catch {
      return undefined;
    }
    const hash = hashText(data);
    this.memo.set(path, { size: st.size, mtimeMs: st.mtimeMs, hash });
    return hash;
  }
  forget(path: string): void {
    this.memo.delete(path);
  }
}
