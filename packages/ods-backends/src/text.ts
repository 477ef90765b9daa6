// Plain-text output helpers shared by all generators: a verbatim text buffer (llvm::raw_ostream
// without indentation handling; use emit.ts's CodeWriter for indented C++) and the C++ string
// escaping of llvm::raw_ostream::write_escaped.

/** Anything text can be appended to (CodeWriter, TextWriter). */
export interface TextSink {
  write(text: string): unknown;
}

/** How many pieces a buffer collects before joining them into one flat string. */
const BATCH = 256;
/** Pieces at least this long are batches of their own. */
const BIG_PIECE = 1024;
/** The batches of every buffer of at most one piece (shared, never written to: see append). */
const NO_BATCHES: string[] = [];

/**
 * Appended text, joined in batches into flat strings and those once when read: building large
 * outputs stays linear and leaves few live objects behind for the garbage collector.
 */
export class TextBuffer {
  /** The text while it is one piece (most method bodies get one): no arrays and no join then. */
  private only = '';
  /** Created with the second piece. */
  private pieces: string[] | undefined;
  private batches: string[] = NO_BATCHES;

  append(piece: string): void {
    if (piece === '') return;
    if (this.pieces === undefined) {
      if (this.only === '') {
        this.only = piece;
        return;
      }
      this.pieces = [];
      this.batches = [];
      this.add(this.only, this.pieces);
      this.only = '';
    }
    this.add(piece, this.pieces);
  }
  isEmpty(): boolean {
    if (this.pieces === undefined) return this.only === '';
    return this.pieces.length === 0 && this.batches.length === 0;
  }
  toString(): string {
    if (this.pieces === undefined) return this.only;
    if (this.pieces.length > 0) this.flushPieces(this.pieces);
    if (this.batches.length > 1) this.batches = [this.batches.join('')];
    return this.batches.length === 0 ? '' : this.batches[0]!;
  }
  private add(piece: string, pieces: string[]): void {
    if (piece.length >= BIG_PIECE) {
      // Kept as it is rather than copied into a batch.
      if (pieces.length > 0) this.flushPieces(pieces);
      this.batches.push(piece);
      return;
    }
    pieces.push(piece);
    if (pieces.length >= BATCH) this.flushPieces(pieces);
  }
  private flushPieces(pieces: string[]): void {
    this.batches.push(pieces.join(''));
    pieces.length = 0;
  }
}

/**
 * A plain llvm::raw_ostream-like text buffer: no indentation handling, what is written is output
 * verbatim (including whitespace-only lines).
 */
export class TextWriter implements TextSink {
  private readonly buf = new TextBuffer();
  write(text: string): this {
    this.buf.append(text);
    return this;
  }
  toString(): string {
    return this.buf.toString();
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
