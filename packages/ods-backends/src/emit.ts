// Shared emission helpers for every generator: llvm's source-file banner, an indenting writer
// with mlir::raw_indented_ostream semantics, #ifdef guards and C++ namespace scopes.

import { pathFilename } from '@ods-ts/tablegen-core';
import { TextBuffer } from './text.js';

const MAX_LINE_LEN = 80;

function bannerLine(prefix: string, fill: string, suffix: string): string {
  const len = prefix.length + suffix.length;
  const pad = len < MAX_LINE_LEN ? MAX_LINE_LEN - len : 0;
  return prefix + fill.repeat(pad) + suffix + '\n';
}

/**
 * llvm::emitSourceFileHeader. `inputFilename` adds the `From: <basename>` line; generators that
 * call the overload without records in mlir-tblgen 22 must leave it out.
 */
export function emitSourceFileHeader(desc: string, inputFilename?: string): string {
  let out = bannerLine("/*===- TableGen'erated file ", '-', '*- C++ -*-===*\\');
  const prefix = '|* ';
  const suffix = ' *|';
  out += bannerLine(prefix, ' ', suffix);
  const room = MAX_LINE_LEN - prefix.length - suffix.length;
  let pos = 0;
  do {
    const len = Math.min(desc.length - pos, room);
    out += bannerLine(prefix + desc.slice(pos, pos + len), ' ', suffix);
    pos += len;
  } while (pos < desc.length);
  out += bannerLine(prefix, ' ', suffix);
  out += bannerLine(prefix + 'Automatically generated file, do not edit!', ' ', suffix);
  if (inputFilename) {
    out += bannerLine(prefix + 'From: ' + pathFilename(inputFilename), ' ', suffix);
  }
  out += bannerLine(prefix, ' ', suffix);
  out += bannerLine('\\*===', '-', '===*/');
  return out + '\n';
}

/** Whether text[start, end) is only whitespace (StringRef::ltrim().empty()). */
function isBlank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    // ' ', \t, \n, \v, \f, \r
    if (c !== 32 && (c < 9 || c > 13)) return false;
  }
  return true;
}

/** The column of the first character of text[start, end) that is not ' ' or '\t', or -1. */
function firstNonSpaceOrTab(text: string, start: number, end: number): number {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) return i - start;
  }
  return -1;
}

/** A complete line, not empty, of whitespace only (what writeUnindented strips). */
const BLANK_LINE = /(?:^|\n)[ \t\v\f\r]+\n/;

/** A newline followed by more text on its line. */
const NL_BEFORE_TEXT = /\n(?=[^\n])/g;

const indentCache: string[] = [];
function spaces(n: number): string {
  return (indentCache[n] ??= ' '.repeat(n));
}

/** A text writer that indents each new line (mlir::raw_indented_ostream), over a TextBuffer. */
export class CodeWriter {
  private readonly buf = new TextBuffer();
  private currentIndent = 0;
  private indentStr = '';
  private atStartOfLine = true;
  private leadingWs = 0;
  private extraPrefix = '';
  /** No complete output line is whitespace-only (false when unsure). */
  private blankFree = true;

  /** Increase the indentation by `n` spaces (2 by default). */
  indent(n = 2): this {
    this.currentIndent += n;
    this.indentStr = spaces(this.currentIndent);
    return this;
  }
  unindent(n = 2): this {
    this.currentIndent = Math.max(0, this.currentIndent - n);
    this.indentStr = spaces(this.currentIndent);
    return this;
  }
  /** Run `fn` one indentation level deeper. */
  scope(fn: () => void, n = 2): this {
    this.indent(n);
    try {
      fn();
    } finally {
      this.unindent(n);
    }
    return this;
  }

  /** Append text[start, end) minus the re-indent prefix, indented at a line start, then `tail`. */
  private print(text: string, start: number, end: number, tail: string): void {
    const from = start + this.leadingWs;
    const piece = from < end ? text.slice(from, end) + tail : tail;
    this.buf.append(this.atStartOfLine ? this.indentStr + this.extraPrefix + piece : piece);
  }

  /** Write text; every line start gets the current indentation. */
  write(text: string): this {
    const n = text.length;
    if (n === 0) return this;
    if (this.leadingWs === 0 && this.extraPrefix === '') {
      if (this.currentIndent === 0) {
        this.writeUnindented(text);
        return this;
      }
      // One non-blank line: no slicing.
      if (text.indexOf('\n') === n - 1 && !isBlank(text, 0, n - 1)) {
        this.buf.append(this.atStartOfLine ? this.indentStr + text : text);
        this.atStartOfLine = true;
        return this;
      }
    }
    let pos = 0;
    while (pos < n) {
      const nl = text.indexOf('\n', pos);
      if (nl < 0) {
        if (n - pos > this.leadingWs) {
          if (isBlank(text, pos + this.leadingWs, n)) this.blankFree = false;
          this.print(text, pos, n, '');
          this.atStartOfLine = false;
        }
        break;
      }
      if (this.extraPrefix !== '') {
        if (isBlank(this.extraPrefix, 0, this.extraPrefix.length)) this.blankFree = false;
        this.print(text, pos, nl, '\n');
      } else if (!isBlank(text, pos, nl)) this.print(text, pos, nl, '\n');
      else this.buf.append('\n');
      this.atStartOfLine = true;
      pos = nl + 1;
    }
    return this;
  }

  /**
   * write() with no indentation, re-indent prefix or extra prefix: the text is kept as is, except
   * that whitespace-only lines lose their whitespace.
   */
  private writeUnindented(text: string): void {
    const n = text.length;
    if (!BLANK_LINE.test(text)) {
      // No complete line to strip (the common case), found by one native scan.
      const lastNl = text.lastIndexOf('\n');
      if (lastNl < n - 1 && isBlank(text, lastNl + 1, n)) this.blankFree = false;
      this.atStartOfLine = lastNl === n - 1;
      this.buf.append(text);
      return;
    }
    let pos = 0;
    let kept = 0;
    while (pos < n) {
      const nl = text.indexOf('\n', pos);
      if (nl < 0) {
        if (isBlank(text, pos, n)) this.blankFree = false;
        this.atStartOfLine = false;
        break;
      }
      if (nl > pos && isBlank(text, pos, nl)) {
        if (pos > kept) this.buf.append(text.slice(kept, pos));
        kept = nl;
      }
      this.atStartOfLine = true;
      pos = nl + 1;
    }
    this.buf.append(kept === 0 ? text : text.slice(kept));
  }

  /** Whether no complete line written so far is whitespace-only (see writeBlankFree). */
  isBlankFree(): boolean {
    return this.blankFree;
  }

  /**
   * write() for text known to have no whitespace-only complete line (the output of a blank-free
   * writer): such lines are the only ones write() changes besides indenting.
   */
  writeBlankFree(text: string): this {
    const n = text.length;
    if (n === 0) return this;
    if (this.leadingWs !== 0 || this.extraPrefix !== '') return this.write(text);
    const lastNl = text.lastIndexOf('\n');
    if (lastNl < n - 1 && isBlank(text, lastNl + 1, n)) this.blankFree = false;
    if (this.currentIndent === 0) this.buf.append(text);
    else {
      const body = text.replace(NL_BEFORE_TEXT, '\n' + this.indentStr);
      this.buf.append(this.atStartOfLine && text.charCodeAt(0) !== 10 ? this.indentStr + body : body);
    }
    this.atStartOfLine = lastNl === n - 1;
    return this;
  }

  /** Write `text` followed by a newline. */
  line(text = ''): this {
    return this.write(text + '\n');
  }

  /**
   * Print a block of (user-written) code re-indented: leading blank lines are dropped and the
   * common leading whitespace is removed (raw_indented_ostream::printReindented).
   */
  printReindented(str: string, extraPrefix = ''): this {
    const n = str.length;
    let start = 0;
    let leadingWs = -1;
    while (start < n) {
      let nl = str.indexOf('\n', start);
      if (nl < 0) nl = n;
      const indent = firstNonSpaceOrTab(str, start, nl);
      if (indent >= 0) {
        leadingWs = indent;
        break;
      }
      start = nl + 1;
    }
    if (start >= n) return this;
    for (let pos = start; pos < n; ) {
      let nl = str.indexOf('\n', pos);
      if (nl < 0) nl = n;
      const indent = firstNonSpaceOrTab(str, pos, nl);
      if (indent >= 0 && indent < leadingWs) leadingWs = indent;
      pos = nl + 1;
    }
    const saved = this.extraPrefix;
    this.leadingWs = leadingWs;
    this.extraPrefix = extraPrefix;
    this.write(start === 0 ? str : str.slice(start));
    this.leadingWs = 0;
    this.extraPrefix = saved;
    return this;
  }

  /** Whether nothing has been written. */
  isEmpty(): boolean {
    return this.buf.isEmpty();
  }

  toString(): string {
    return this.buf.toString();
  }
}

/**
 * `#ifdef NAME` / `#undef NAME` ... `#endif // NAME` as mlir-tblgen 22 prints it (llvm's
 * IfDefEmitter): a blank line after the `#undef`, one before the `#endif` and one after it.
 */
export function ifDefScope(w: CodeWriter, name: string, body: () => void): void {
  w.write(ifDefOpen(name));
  body();
  w.write(ifDefClose(name));
}

/** The opening of an ifDefScope, for a section written piece by piece. */
export function ifDefOpen(name: string): string {
  return `#ifdef ${name}\n#undef ${name}\n\n`;
}

/** The closing of an ifDefScope. */
export function ifDefClose(name: string): string {
  return `\n#endif // ${name}\n\n`;
}

/** Split `::a::b` into ['a', 'b'] (llvm::tblgen::NamespaceEmitter). */
export function splitNamespace(cppNamespace: string): string[] {
  return cppNamespace.split('::').filter((p) => p.length > 0);
}

/** `a::b` by namespace as written (`::a::b`): op generators open the same few namespaces per op. */
const joinedNamespaces = new Map<string, string>();

/**
 * The namespace emitter of mlir-tblgen 22 (llvm's NamespaceEmitter): `namespace a::b {` and a
 * blank line ... a blank line and `} // namespace a::b`; nothing for the global namespace.
 */
export function namespaceScope(w: CodeWriter, cppNamespace: string, body: () => void): void {
  let ns = joinedNamespaces.get(cppNamespace);
  if (ns === undefined) joinedNamespaces.set(cppNamespace, (ns = splitNamespace(cppNamespace).join('::')));
  if (ns === '') {
    body();
    return;
  }
  w.write(`namespace ${ns} {\n\n`);
  body();
  w.write(`\n} // namespace ${ns}\n`);
}
