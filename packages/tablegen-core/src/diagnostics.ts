// Diagnostics: source buffers, locations and llvm-tblgen-compatible error printing.
//
// Locations are (buffer, offset) pairs internally; they become `file:line:col` only when a
// diagnostic is printed. The printed form follows llvm::SourceMgr: the message line, the
// source line, and a caret line, followed by notes such as "instantiated from multiclass".

/**
 * A loaded source file. Line starts are computed lazily, on the first diagnostic. A buffer can
 * belong to several parses (share.ts); where it was included from is kept by each parse's
 * SourceManager.
 */
export class SourceBuffer {
  private lineStarts: number[] | undefined;
  constructor(
    /** Unique among the buffers a parse can see: 0 is the main file, includes count from 1. */
    readonly id: number,
    /** The name diagnostics print (the path as it was opened). */
    readonly name: string,
    readonly text: string,
  ) {}

  /**
   * 1-based line and column of an offset, as llvm::SourceMgr reports them: lines are counted
   * by '\n' only, but the column (like the quoted source line) starts after the last '\n' or
   * '\r'. Columns count bytes (the text is a latin1 byte string).
   */
  lineCol(offset: number): { line: number; col: number } {
    const starts = this.getLineStarts();
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - this.displayLineStart(offset) + 1 };
  }

  /** Where the displayed line holding `offset` starts: after the previous '\n' or '\r'. */
  private displayLineStart(offset: number): number {
    let start = Math.min(offset, this.text.length);
    while (start > 0) {
      const c = this.text.charCodeAt(start - 1);
      if (c === 10 || c === 13) break;
      start--;
    }
    return start;
  }

  /** The source line holding `offset`, without its line break (as diagnostics quote it). */
  lineTextAt(offset: number): string {
    const start = this.displayLineStart(offset);
    let end = Math.min(offset, this.text.length);
    while (end < this.text.length && this.text[end] !== '\n' && this.text[end] !== '\r') end++;
    return this.text.slice(start, end);
  }

  private getLineStarts(): number[] {
    if (!this.lineStarts) {
      const starts = [0];
      const t = this.text;
      // Like llvm::SourceMgr, only '\n' ends a line: a lone '\r' does not.
      for (let i = t.indexOf('\n'); i >= 0; i = t.indexOf('\n', i + 1)) starts.push(i + 1);
      this.lineStarts = starts;
    }
    return this.lineStarts;
  }
}

/** A position in a source buffer. */
export interface Loc {
  readonly buffer: number;
  readonly offset: number;
}

export type Severity = 'error' | 'warning' | 'note' | 'remark';

/**
 * llvm's invalid SMLoc() given to PrintError and the like (not "no location"): the message
 * reads `<unknown>:0: error: ...`, without a source line.
 */
export const UNKNOWN_LOC: Loc = Object.freeze({ buffer: -1, offset: 0 });

export interface DiagnosticNote {
  readonly loc: Loc | undefined;
  readonly message: string;
}

/** One diagnostic, with its notes (like esbuild's Msg.Notes). */
export interface Diagnostic {
  readonly severity: Severity;
  readonly loc: Loc | undefined;
  readonly message: string;
  readonly notes: DiagnosticNote[];
}

/**
 * Numbers the included buffers. Parses that share included buffers (share.ts) share one, so
 * that a location names the same buffer in all of them.
 */
export class BufferIds {
  private next = 1;
  take(): number {
    return this.next++;
  }
}

/** Owns every buffer of a parse and turns locations into text. */
export class SourceManager {
  /** The buffers of this parse, in the order they were opened (the main file first). */
  readonly buffers: SourceBuffer[] = [];
  private readonly byId = new Map<number, SourceBuffer>();
  private readonly includeLocs = new Map<number, Loc>();

  /** --color: ANSI colors as llvm's SourceMgr and WithColor print them. */
  colors = false;

  constructor(private readonly ids: BufferIds = new BufferIds()) {}

  /** Open a buffer: the first one is the main file (id 0), the others are included. */
  add(name: string, text: string, includeLoc?: Loc): SourceBuffer {
    const buf = new SourceBuffer(this.buffers.length === 0 ? 0 : this.ids.take(), name, text);
    this.register(buf, includeLoc);
    return buf;
  }

  /** Add a buffer opened by another parse sharing this one's BufferIds. */
  register(buf: SourceBuffer, includeLoc: Loc | undefined): void {
    this.buffers.push(buf);
    this.byId.set(buf.id, buf);
    if (includeLoc) this.includeLocs.set(buf.id, includeLoc);
  }

  /** Forget the buffers opened after the first `count`. */
  truncate(count: number): void {
    for (const b of this.buffers.splice(count)) {
      this.byId.delete(b.id);
      this.includeLocs.delete(b.id);
    }
  }

  /** Where the `include` that opened a buffer ends in its parent, if any. */
  includeLoc(id: number): Loc | undefined {
    return this.includeLocs.get(id);
  }

  buffer(id: number): SourceBuffer {
    const b = this.byId.get(id);
    if (!b) throw new Error(`no source buffer ${id}`);
    return b;
  }

  /** `name:line:col` of a location. */
  position(loc: Loc): { file: string; line: number; col: number } {
    const b = this.buffer(loc.buffer);
    const { line, col } = b.lineCol(loc.offset);
    return { file: b.name, line, col };
  }

  /** `basename:line`, as llvm-tblgen's JSON `!locs` prints a location. */
  shortPosition(loc: Loc): string {
    const p = this.position(loc);
    return `${pathFilename(p.file)}:${p.line}`;
  }

  /**
   * `name:line`, as mlir-tblgen writes a location into generated source: an absolute buffer name
   * (an absolute input or include folder, as build systems pass them) is cut to its last
   * component, so that the output does not depend on where the build runs; a relative one stays.
   */
  sourceOutputPosition(loc: Loc): string {
    const p = this.position(loc);
    return `${p.file.startsWith('/') ? pathFilename(p.file) : p.file}:${p.line}`;
  }

  /** Format one message the way llvm::SourceMgr::PrintMessage does. */
  formatMessage(loc: Loc | undefined, severity: Severity, message: string): string {
    const c = this.colors;
    const kind = c ? `${SEVERITY_COLORS[severity]}${severity}: ${RESET}` : `${severity}: `;
    if (!loc) return `${kind}${message}\n`;
    if (loc === UNKNOWN_LOC) return c ? `${BOLD}<unknown>:0: ${RESET}${kind}${BOLD}${message}\n${RESET}` : `<unknown>:0: ${kind}${message}\n`;
    const b = this.buffer(loc.buffer);
    let out = '';
    // Included-from lines, outermost last, like SourceMgr::PrintIncludeStack.
    const stack: string[] = [];
    let inc = this.includeLoc(b.id);
    while (inc) {
      const p = this.position(inc);
      stack.push(`Included from ${p.file}:${p.line}:\n`);
      inc = this.includeLoc(inc.buffer);
    }
    out += stack.reverse().join('');
    const { line, col } = b.lineCol(loc.offset);
    const text = b.lineTextAt(loc.offset);
    if (!c) {
      out += `${b.name}:${line}:${col}: ${severity}: ${message}\n`;
      out += sourceLineWithCaret(text, col - 1) + '\n';
      return out;
    }
    out += `${BOLD}${b.name}:${line}:${col}: ${RESET}${kind}${BOLD}${message}\n${RESET}`;
    out += hasNonAscii(text) ? `${expandTabs(text)}\n` : `${expandTabs(text)}\n${CARET_COLOR}${caretLine(text, col - 1)}\n${RESET}`;
    return out;
  }
}

/**
 * A source line as llvm::SourceMgr prints it under a diagnostic: the line with its tabs expanded
 * to 8-column stops, then a caret under (0-based) column `col`; no caret when the line holds a
 * byte outside ASCII (llvm gives up on columns there rather than misplace the caret).
 */
export function sourceLineWithCaret(line: string, col: number): string {
  return hasNonAscii(line) ? expandTabs(line) : `${expandTabs(line)}\n${caretLine(line, col)}`;
}

/** Whether a latin1 byte string holds a byte of 0x80 or more. */
function hasNonAscii(line: string): boolean {
  return /[\x80-\xff]/.test(line);
}

function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const ch of line) {
    if (ch === '\t') {
      do out += ' ';
      while (out.length % 8 !== 0);
    } else out += ch;
  }
  return out;
}

function caretLine(line: string, col: number): string {
  let out = '';
  for (let i = 0; i < col && i < line.length; i++) {
    if (line[i] === '\t') {
      do out += ' ';
      while (out.length % 8 !== 0);
    } else out += ' ';
  }
  for (let i = line.length; i < col; i++) out += ' ';
  return out + '^';
}

const BOLD = '\x1b[1m';
const RESET = '\x1b[0m';
const CARET_COLOR = '\x1b[0;1;32m';
/** llvm's colors of "error: ", "warning: ", "note: ", "remark: " (bold red, magenta, black, blue). */
const SEVERITY_COLORS: { readonly [k in Severity]: string } = {
  error: '\x1b[0;1;31m',
  warning: '\x1b[0;1;35m',
  note: '\x1b[0;1;30m',
  remark: '\x1b[0;1;34m',
};

/** Thrown to unwind after a fatal diagnostic has been recorded (llvm's PrintFatalError). */
export class FatalError extends Error {
  /**
   * `exits`: llvm's PrintFatalError, which ends the process; otherwise an error its parser
   * returns from the step at hand, which some callers go on after (see Parser.recover).
   */
  constructor(
    readonly diagnostic: Diagnostic,
    readonly exits = false,
  ) {
    super(diagnostic.message);
    this.name = 'FatalError';
  }
}

/** Collects diagnostics and prints them, counting errors like llvm's ErrorsPrinted. */
export class DiagnosticEngine {
  readonly diagnostics: Diagnostic[] = [];
  errorCount = 0;
  /** Receives each formatted diagnostic as it is reported (e.g. stderr). */
  sink: ((text: string) => void) | undefined;

  constructor(readonly sources: SourceManager) {}

  report(
    severity: Severity,
    loc: Loc | undefined,
    message: string,
    notes: DiagnosticNote[] = [],
    counted = true,
  ): Diagnostic {
    const d: Diagnostic = { severity, loc, message, notes };
    this.diagnostics.push(d);
    if (severity === 'error' && counted) this.errorCount++;
    if (this.sink) this.sink(this.format(d));
    return d;
  }

  error(loc: Loc | undefined, message: string, notes: DiagnosticNote[] = []): Diagnostic {
    return this.report('error', loc, message, notes);
  }

  /**
   * An error printed but not counted in errorCount, like llvm's PrintError at a character
   * pointer (which goes straight to the SourceMgr): the lexer's reports that always come with a
   * counted error or an error token after them.
   */
  errorUncounted(loc: Loc | undefined, message: string): Diagnostic {
    return this.report('error', loc, message, [], false);
  }

  warning(loc: Loc | undefined, message: string): Diagnostic {
    return this.report('warning', loc, message);
  }

  /**
   * Print a message without a location that is not counted as an error: llvm's
   * PrintError(const Twine &), whose run still succeeds (and writes its output).
   */
  printUncounted(severity: Severity, message: string): void {
    if (this.sink) this.sink(this.format({ severity, loc: undefined, message, notes: [] }));
  }

  /** Report an error and unwind. */
  fatal(loc: Loc | undefined, message: string, notes: DiagnosticNote[] = []): never {
    throw new FatalError(this.error(loc, message, notes));
  }

  /** Report an error and unwind to the end of the run, like llvm's PrintFatalError. */
  exit(loc: Loc | undefined, message: string, notes: DiagnosticNote[] = []): never {
    throw new FatalError(this.error(loc, message, notes), true);
  }

  /**
   * Run `fn` as a trial, for work done ahead on behalf of a later step that reports its own
   * problems when it runs: what `fn` reports is dropped, not delivered, and a trial that reported
   * anything (or threw a FatalError) gives undefined, leaving the engine as it was.
   */
  trial<T>(fn: () => T): T | undefined {
    const { sink, errorCount } = this;
    const count = this.diagnostics.length;
    let reported = false;
    this.sink = () => {
      reported = true;
    };
    try {
      const value = fn();
      return reported || this.diagnostics.length !== count ? undefined : value;
    } catch (e) {
      if (e instanceof FatalError) return undefined;
      throw e;
    } finally {
      this.sink = sink;
      this.errorCount = errorCount;
      this.diagnostics.length = count;
    }
  }

  format(d: Diagnostic): string {
    let out = this.sources.formatMessage(d.loc, d.severity, d.message);
    for (const n of d.notes) out += this.sources.formatMessage(n.loc, 'note', n.message);
    return out;
  }

  /** The first line of the first error, `file:line:col: error: message`. */
  firstErrorLine(): string | undefined {
    const d = this.diagnostics.find((x) => x.severity === 'error');
    if (!d) return undefined;
    return this.sources
      .formatMessage(d.loc, 'error', d.message)
      .split('\n')
      .find((l) => l.startsWith('error: ') || l.includes(': error: '));
  }
}

/** The last component of a `/`-separated path (llvm::sys::path::filename for our buffer names). */
export function pathFilename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
