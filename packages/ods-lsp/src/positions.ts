// Positions: the core counts byte offsets in latin1 "byte strings"; LSP positions are lines and
// UTF-16 columns of the Unicode text. Also file paths <-> URIs.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { decodeBytes } from '@ods-ts/tablegen-core';
import type { Position, Range } from 'vscode-languageserver';

/** Line starts of a byte string (only '\n' ends a line). */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(readonly bytes: string) {
    for (let i = bytes.indexOf('\n'); i >= 0; i = bytes.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  /** The LSP position of a byte offset. */
  position(offset: number): Position {
    const off = Math.max(0, Math.min(offset, this.bytes.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= off) lo = mid;
      else hi = mid - 1;
    }
    const start = this.starts[lo]!;
    return { line: lo, character: utf16Length(this.bytes.slice(start, off)) };
  }

  /** The byte offset of an LSP position (clamped to its line). */
  offset(pos: Position): number {
    const line = Math.max(0, Math.min(pos.line, this.starts.length - 1));
    const start = this.starts[line]!;
    const next = line + 1 < this.starts.length ? this.starts[line + 1]! - 1 : this.bytes.length;
    const lineText = this.bytes.slice(start, next);
    // Fast path: ASCII lines.
    // eslint-disable-next-line no-control-regex
    if (/^[\x00-\x7f]*$/.test(lineText)) return start + Math.min(pos.character, lineText.length);
    let units = 0;
    let i = 0;
    while (i < lineText.length && units < pos.character) {
      const len = utf8SequenceLength(lineText.charCodeAt(i));
      units += len === 4 ? 2 : 1;
      i += len;
    }
    return start + Math.min(i, lineText.length);
  }

  range(start: number, end: number): Range {
    return { start: this.position(start), end: this.position(end) };
  }
}

function utf8SequenceLength(lead: number): number {
  if (lead >= 0xf0 && lead < 0xf8) return 4;
  if (lead >= 0xe0) return lead < 0xf0 ? 3 : 1;
  if (lead >= 0xc0) return 2;
  return 1;
}

function utf16Length(bytes: string): number {
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(bytes) ? bytes.length : decodeBytes(bytes).length;
}

/** Bytes of an identifier (TableGen's ID characters). */
export function isIdentByte(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** The identifier around a byte offset, if any. */
export function wordAt(bytes: string, offset: number): { start: number; end: number; text: string } | undefined {
  let start = offset;
  while (start > 0 && isIdentByte(bytes.charCodeAt(start - 1))) start--;
  let end = offset;
  while (end < bytes.length && isIdentByte(bytes.charCodeAt(end))) end++;
  return end > start ? { start, end, text: bytes.slice(start, end) } : undefined;
}

/** The end of the token starting at `offset`, for a diagnostic's range (at least one byte). */
export function tokenEnd(bytes: string, offset: number): number {
  let end = offset;
  while (end < bytes.length && isIdentByte(bytes.charCodeAt(end))) end++;
  if (end === offset && offset < bytes.length && bytes[offset] !== '\n') end++;
  return end;
}

export function uriToPath(uri: string): string | undefined {
  try {
    return uri.startsWith('file:') ? fileURLToPath(uri) : undefined;
  } catch {
    return undefined;
  }
}

export function pathToUri(path: string): string {
  return pathToFileURL(path).href;
}
