// Plain-text output helpers shared by all generators: a verbatim text buffer (llvm::raw_ostream
// without indentation handling; use emit.ts's CodeWriter for indented C++) and the C++ string
// escaping of llvm::raw_ostream::write_escaped.

/** Anything text can be appended to (CodeWriter, TextWriter). */
export interface TextSink {
  write(text: string): unknown;
}

/**
 * A plain llvm::raw_ostream-like text buffer: no indentation handling, what is written is output
 * verbatim (including whitespace-only lines).
 */
export class TextWriter implements TextSink {
  private chunks: string[] = [];
  write(text: string): this {
    this.chunks.push(text);
    return this;
  }
  toString(): string {
    const s = this.chunks.join('');
    this.chunks = [s];
    return s;
  }
}

/**
 * llvm::raw_ostream::write_escaped (mlir::tblgen::escapeString): `\\`, `\t`, `\n` and `"` escaped,
 * other control and non-ASCII characters (latin1 "bytes" here) as 3-digit octal escapes.
 */
export function escapeString(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    const c = s.charCodeAt(i);
    if (ch === '\\') out += '\\\\';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\n') out += '\\n';
    else if (ch === '"') out += '\\"';
    else if (c < 0x20 || c >= 0x7f) out += '\\' + ((c >> 6) & 7).toString() + ((c >> 3) & 7).toString() + (c & 7).toString();
    else out += ch;
  }
  return out;
}

const isAsciiSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);

/** llvm::StringRef::trim(): ASCII whitespace (` \t\n\v\f\r`) removed at both ends. */
export function trimAscii(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isAsciiSpace(s.charCodeAt(start))) start++;
  while (end > start && isAsciiSpace(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}
