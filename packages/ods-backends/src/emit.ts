// Shared emission helpers for every generator: llvm's source-file banner, an indenting writer
// with mlir::raw_indented_ostream semantics, #ifdef guards and C++ namespace scopes.

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
    const slash = inputFilename.lastIndexOf('/');
    out += bannerLine(prefix + 'From: ' + (slash >= 0 ? inputFilename.slice(slash + 1) : inputFilename), ' ', suffix);
  }
  out += bannerLine(prefix, ' ', suffix);
  out += bannerLine('\\*===', '-', '===*/');
  return out + '\n';
}

function ltrimIsEmpty(s: string): boolean {
  return /^[ \t\n\v\f\r]*$/.test(s);
}

/**
 * A text writer that indents each new line (mlir::raw_indented_ostream). Text is collected in
 * chunks and joined once, so building large outputs stays linear.
 */
export class CodeWriter {
  private chunks: string[] = [];
  private currentIndent = 0;
  private atStartOfLine = true;
  private leadingWs = 0;
  private extraPrefix = '';

  /** Increase the indentation by `n` spaces (2 by default). */
  indent(n = 2): this {
    this.currentIndent += n;
    return this;
  }
  unindent(n = 2): this {
    this.currentIndent = Math.max(0, this.currentIndent - n);
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

  private print(str: string): void {
    if (this.atStartOfLine) this.chunks.push(' '.repeat(this.currentIndent), this.extraPrefix, str.slice(this.leadingWs));
    else this.chunks.push(str.slice(this.leadingWs));
  }

  /** Write text; every line start gets the current indentation. */
  write(text: string): this {
    let str = text;
    while (str.length > 0) {
      const idx = str.indexOf('\n');
      if (idx < 0) {
        if (str.slice(this.leadingWs).length > 0) {
          this.print(str);
          this.atStartOfLine = false;
        }
        break;
      }
      const first = str.slice(0, idx);
      if (!ltrimIsEmpty(first) || this.extraPrefix !== '') this.print(first);
      this.chunks.push('\n');
      this.atStartOfLine = true;
      str = str.slice(idx + 1);
    }
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
    let output = str;
    while (output.length > 0) {
      const nl = output.indexOf('\n');
      const first = nl < 0 ? output : output.slice(0, nl);
      const indent = first.search(/[^ \t]/);
      if (indent >= 0) {
        this.leadingWs = indent;
        break;
      }
      output = nl < 0 ? '' : output.slice(nl + 1);
    }
    let remaining = output;
    while (remaining.length > 0) {
      const nl = remaining.indexOf('\n');
      const first = nl < 0 ? remaining : remaining.slice(0, nl);
      const indent = first.search(/[^ \t]/);
      if (indent >= 0) this.leadingWs = Math.min(this.leadingWs, indent);
      remaining = nl < 0 ? '' : remaining.slice(nl + 1);
    }
    const saved = this.extraPrefix;
    this.extraPrefix = extraPrefix;
    this.write(output);
    this.leadingWs = 0;
    this.extraPrefix = saved;
    return this;
  }

  toString(): string {
    const s = this.chunks.join('');
    this.chunks = [s];
    return s;
  }
}

/**
 * `#ifdef NAME` / `#undef NAME` ... `#endif // NAME` as mlir-tblgen 22 prints it (llvm's
 * IfDefEmitter): a blank line after the `#undef`, one before the `#endif` and one after it.
 */
export function ifDefScope(w: CodeWriter, name: string, body: () => void): void {
  w.write(`#ifdef ${name}\n#undef ${name}\n\n`);
  body();
  w.write(`\n#endif // ${name}\n\n`);
}

/** Split `::a::b` into ['a', 'b'] (llvm::tblgen::NamespaceEmitter). */
export function splitNamespace(cppNamespace: string): string[] {
  return cppNamespace.split('::').filter((p) => p.length > 0);
}

/**
 * The namespace emitter of mlir-tblgen 22 (llvm's NamespaceEmitter): `namespace a::b {` and a
 * blank line ... a blank line and `} // namespace a::b`; nothing for the global namespace.
 */
export function namespaceScope(w: CodeWriter, cppNamespace: string, body: () => void): void {
  const parts = splitNamespace(cppNamespace);
  if (parts.length === 0) {
    body();
    return;
  }
  const ns = parts.join('::');
  w.write(`namespace ${ns} {\n\n`);
  body();
  w.write(`\n} // namespace ${ns}\n`);
}
