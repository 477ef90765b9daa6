// Writing outputs like llvm-tblgen (ToolOutputFile), but atomically: a temp file beside the
// target, renamed over it, so that no reader ever sees a partial file and a failed run leaves the
// previous output as it was.
import { accessSync, chmodSync, constants, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';

const STRERROR: Record<string, string> = {
  ENOENT: 'No such file or directory',
  EISDIR: 'Is a directory',
  ENOTDIR: 'Not a directory',
  EACCES: 'Permission denied',
  EPERM: 'Operation not permitted',
  EROFS: 'Read-only file system',
  ENOSPC: 'No space left on device',
  EDQUOT: 'Disk quota exceeded',
  EEXIST: 'File exists',
  ELOOP: 'Too many levels of symbolic links',
  ENAMETOOLONG: 'File name too long',
  EMFILE: 'Too many open files',
  ENFILE: 'Too many open files in system',
  EBADF: 'Bad file descriptor',
  EINVAL: 'Invalid argument',
  EIO: 'Input/output error',
  ETXTBSY: 'Text file busy',
  EBUSY: 'Device or resource busy',
  EXDEV: 'Invalid cross-device link',
  EAGAIN: 'Resource temporarily unavailable',
};

/** The strerror() text of a Node.js fs error, as llvm's std::error_code::message() prints it. */
export function errnoMessage(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err && typeof err.code === 'string' && STRERROR[err.code]) return STRERROR[err.code]!;
  return err instanceof Error ? err.message : String(e);
}

function errno(code: string): NodeJS.ErrnoException {
  const e: NodeJS.ErrnoException = new Error(STRERROR[code] ?? code);
  e.code = code;
  return e;
}

let tmpCounter = 0;

/**
 * Write `content` (a latin1 "byte string") to `path` via a temp file and a rename. Like llvm, the
 * directory must exist, a directory or a read-only file cannot be replaced, and a symlink is
 * written through (its target is replaced). Throws Node.js fs errors (see errnoMessage).
 */
export function writeAtomic(path: string, content: string): void {
  let target = path;
  let mode: number | undefined;
  try {
    target = realpathSync(path);
    const st = statSync(target);
    if (st.isDirectory()) throw errno('EISDIR');
    accessSync(target, constants.W_OK);
    mode = st.mode & 0o7777;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') throw e;
    target = path; // a new file (or a dangling symlink: replaced)
  }
  const tmp = `${target}.tmp-${process.pid}-${(tmpCounter++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  try {
    writeFileSync(tmp, content, { encoding: 'latin1', flag: 'wx' });
    if (mode !== undefined) chmodSync(tmp, mode);
    renameSync(tmp, target);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/** Whether `path` holds exactly `content` (latin1 byte string); false when unreadable. */
export function sameContent(path: string, content: string): boolean {
  try {
    const st = statSync(path);
    if (!st.isFile() || st.size !== content.length) return false;
    return readFileSync(path, 'latin1') === content;
  } catch {
    return false;
  }
}
