// Files of the tool's private folder (the build service's, 0700): caches and state that only this
// user may read or write, each written whole or not at all.
import { renameSync, writeFileSync } from 'node:fs';

/**
 * Write `file` atomically (a temporary file renamed over it), readable by its owner only. The
 * temporary file is the thread's own: threads of one process may write the same file at once.
 */
export function writePrivateFile(file: string, data: string | Uint8Array): void {
  const tmp = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(tmp, data, { mode: 0o600 });
  renameSync(tmp, file);
}
