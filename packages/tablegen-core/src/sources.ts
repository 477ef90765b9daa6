// Source loading and include resolution, recording the include graph of a parse.
//
// Files are read as bytes and kept as latin1 ("byte") strings, so that every byte of the input
// reaches the output unchanged and columns count bytes, exactly like llvm-tblgen. Use
// `decodeBytes` to turn such a string into proper Unicode text for display.
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

/** Reads files for a parse; replaceable for in-memory inputs and tests. */
export interface FileSystem {
  /** The file's bytes as a latin1 string, or undefined when it cannot be read. */
  readFile(path: string): string | undefined;
}

export const nodeFileSystem: FileSystem = {
  readFile(path: string): string | undefined {
    try {
      // No exception for a missing file: include paths are probed in order, most of them missing.
      if (statSync(path, { throwIfNoEntry: false })?.isFile() !== true) return undefined;
      return readFileSync(path, 'latin1');
    } catch {
      return undefined;
    }
  },
};

/** A file system over a map of path -> contents (for tests and editors), falling back to disk. */
export function overlayFileSystem(files: ReadonlyMap<string, string>, base: FileSystem = nodeFileSystem): FileSystem {
  return {
    readFile(path: string): string | undefined {
      const hit = files.get(path) ?? files.get(resolve(path));
      return hit !== undefined ? hit : base.readFile(path);
    },
  };
}

/** Convert a latin1 byte string holding UTF-8 into a JS string. */
export function decodeBytes(bytes: string): string {
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Convert a JS string into the latin1 byte string of its UTF-8 encoding. */
export function encodeBytes(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}

/**
 * The file system path named by a byte string (an include's filename, or a buffer name): its
 * UTF-8 decoded, so `include "é.td"` opens `é.td`; bytes that are not UTF-8 are kept as they are.
 */
export function pathOfBytes(bytes: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(bytes)) return bytes;
  const text = decodeBytes(bytes);
  return encodeBytes(text) === bytes ? text : bytes;
}

export interface IncludeResolution {
  /** The path as llvm-tblgen names the buffer (the filename, or `dir/filename`). */
  readonly name: string;
  readonly text: string;
}

/**
 * Resolves `include "file"` the way llvm::SourceMgr::OpenIncludeFile does in LLVM 22: the name
 * as given (relative to the working directory), then each `-I` directory in order.
 */
export class IncludeResolver {
  /** Every file opened by includes, by the name it was opened under (the depfile set). */
  readonly dependencies = new Set<string>();
  private readonly added: string[] = [];
  /**
   * When set, every file read (path, bytes or undefined) is appended: see share.ts. A relative
   * path stays relative (to the working directory): a parse in another working directory checks
   * the read there.
   */
  reads: (readonly [string, string | undefined])[] | undefined;

  /**
   * Every path read, with what it held: a file included several times in a parse (most are,
   * behind include guards) is read once.
   */
  private readonly texts = new Map<string, string | undefined>();

  /** The include directories as byte strings (UTF-8), for the names of the buffers found there. */
  private readonly dirNames: readonly string[];

  /** `includeDirs` and `cwd` are file system paths (JavaScript strings). */
  constructor(
    readonly fs: FileSystem,
    readonly includeDirs: readonly string[],
    readonly cwd: string,
  ) {
    this.dirNames = includeDirs.map(encodeBytes);
  }

  abs(p: string): string {
    return isAbsolute(p) ? p : join(this.cwd, p);
  }

  /** Read a file (a relative path: in the working directory), logging the read when `reads` is set. */
  read(path: string): string | undefined {
    const abs = this.abs(path);
    let text = this.texts.get(abs);
    if (text === undefined && !this.texts.has(abs)) {
      text = this.fs.readFile(abs);
      this.texts.set(abs, text);
    }
    this.reads?.push([path, text]);
    return text;
  }

  readMain(path: string): string | undefined {
    return this.fs.readFile(this.abs(path));
  }

  /**
   * `include "filename"` (a byte string): the file read and the buffer's name (a byte string
   * too, `dir/filename` with the directory's UTF-8 bytes), or undefined when not found.
   */
  open(filename: string): IncludeResolution | undefined {
    const path = pathOfBytes(filename);
    let text = this.read(path);
    let name = filename;
    for (let i = 0; text === undefined && i < this.includeDirs.length; i++) {
      const dir = this.includeDirs[i]!;
      const dirName = this.dirNames[i]!;
      name = dirName === '' ? filename : dirName.endsWith('/') ? dirName + filename : `${dirName}/${filename}`;
      text = this.read(dir === '' ? path : dir.endsWith('/') ? dir + path : `${dir}/${path}`);
    }
    if (text === undefined) return undefined;
    this.addDependency(name);
    return { name, text };
  }

  addDependency(name: string): void {
    if (this.dependencies.has(name)) return;
    this.dependencies.add(name);
    this.added.push(name);
  }

  /** How many dependencies were added so far (for truncate). */
  get dependencyCount(): number {
    return this.added.length;
  }

  /** The dependencies added after the first `count`, in order. */
  dependenciesSince(count: number): string[] {
    return this.added.slice(count);
  }

  /** Forget the dependencies added after the first `count`, and the reads after `reads`. */
  truncate(count: number, reads: number): void {
    for (const d of this.added.splice(count)) this.dependencies.delete(d);
    if (this.reads) this.reads.length = reads;
  }

  /** Absolute paths of every dependency, for watchers and caches. */
  absoluteDependencies(): string[] {
    return [...this.dependencies].map((d) => this.abs(pathOfBytes(d)));
  }
}
