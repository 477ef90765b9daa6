// Preprocessor: `#define`, `#ifdef`, `#ifndef`, `#else`, `#endif` handled at line starts,
// with line skipping in disabled regions, exactly as TGLexer's preprocessing support does.
import type { Lexer } from './lexer.js';
import { Tok } from './lexer.js';

export enum PrepDirective {
  Ifdef,
  Ifndef,
  Else,
  Endif,
  Define,
}

const DIRECTIVES: ReadonlyArray<[PrepDirective, string]> = [
  [PrepDirective.Ifdef, 'ifdef'],
  [PrepDirective.Ifndef, 'ifndef'],
  [PrepDirective.Else, 'else'],
  [PrepDirective.Endif, 'endif'],
  [PrepDirective.Define, 'define'],
];

export interface ControlEntry {
  /** Ifdef (also for #ifndef) or Else. */
  kind: PrepDirective.Ifdef | PrepDirective.Else;
  isDefined: boolean;
  offset: number;
  buffer: number;
}

const isMacroStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
const isMacroChar = (c: number) => isMacroStart(c) || (c >= 48 && c <= 57);

/** A macro tested (`#ifdef`/`#ifndef`, with the answer) or newly defined, for share.ts. */
export type MacroEvent = { readonly name: string; readonly tested: boolean; readonly defined: boolean };

export class Preprocessor {
  readonly defined = new Set<string>();
  /** When set, every macro test and new definition is appended (see MacroEvent). */
  log: MacroEvent[] | undefined;
  /** One control stack per open file; the last is the current file's. */
  private includeStack: ControlEntry[][] = [[]];

  constructor(
    private readonly lx: Lexer,
    macros: readonly string[],
  ) {
    for (const m of macros) this.defined.add(m);
  }

  /** Validate a command-line macro name; returns the error message or undefined. */
  static checkMacroName(name: string): string | undefined {
    // llvm-tblgen accepts an empty name (it defines the empty macro, which nothing can test).
    if (name === '') return undefined;
    if (name.length > 0 && isMacroStart(name.charCodeAt(0))) {
      let i = 1;
      while (i < name.length && isMacroChar(name.charCodeAt(i))) i++;
      if (i === name.length) return undefined;
    }
    return `invalid macro name \`${name}\` specified on command line`;
  }

  /** The control stacks of every open file, copied (see rewind). */
  saveControls(): readonly (readonly ControlEntry[])[] {
    return this.includeStack.map((c) => c.slice());
  }

  /**
   * Back to an earlier point of the same parse: the control stacks saved then, and only the
   * macros defined before the first `logLength` events of the log.
   */
  rewind(controls: readonly (readonly ControlEntry[])[], logLength: number): void {
    this.includeStack = controls.map((c) => c.slice());
    const log = this.log!;
    for (let i = log.length - 1; i >= logLength; i--) {
      const e = log[i]!;
      if (!e.tested) this.defined.delete(e.name);
    }
    log.length = logLength;
  }

  enterInclude(): void {
    this.includeStack.push([]);
  }

  /** Leave a file: its #ifdef stack must be balanced. Returns false on error. */
  exitInclude(mustBeEmpty: boolean): boolean {
    const top = this.includeStack[this.includeStack.length - 1]!;
    if (top.length > 0) {
      this.reportStackError();
      return false;
    }
    this.includeStack.pop();
    if (mustBeEmpty) this.includeStack = [[]];
    return true;
  }

  private get controls(): ControlEntry[] {
    return this.includeStack[this.includeStack.length - 1]!;
  }

  /** At the end of the current buffer with open controls: report the innermost one. */
  private reportStackError(): void {
    const top = this.controls;
    const last = top[top.length - 1];
    if (!last) return;
    this.lx.diags.errorUncounted(this.lx.locAt(this.lx.text.length), 'reached EOF without matching #endif');
    this.lx.diags.error(
      { buffer: last.buffer, offset: last.offset },
      'the latest preprocessor control is here',
    );
    // Stop lexing: the caller returns Eof.
  }

  /**
   * With lx.pos just after '#', is a directive word (followed by space/EOL/comment) there? As in
   * llvm-tblgen 22, a word that ends the file is not a directive: `#endif` as the last bytes of a
   * file is a paste and an identifier (where llvm-tblgen crashes on it in a skipped region, the
   * region reaches the end of the file: a located error).
   */
  isDirective(): PrepDirective | undefined {
    const t = this.lx.text;
    const p = this.lx.pos;
    for (let i = 0; i < DIRECTIVES.length; i++) {
      const kind = DIRECTIVES[i]![0];
      const word = DIRECTIVES[i]![1];
      if (!t.startsWith(word, p)) continue;
      const next = p + word.length < t.length ? t.charCodeAt(p + word.length) : -1;
      if (next === 32 || next === 9 || next === 10 || next === 13) return kind;
      if (next === 47) {
        const nn = p + word.length + 1 < t.length ? t.charCodeAt(p + word.length + 1) : -1;
        if (nn === 42 || nn === 47) return kind;
      }
    }
    return undefined;
  }

  private prepIsProcessingEnabled(): boolean {
    return this.controls.every((c) => c.isDefined);
  }

  /** Lex the macro name after #ifdef/#define; sets tokStart to its start. */
  private lexMacroName(): string {
    const lx = this.lx;
    while (lx.peek() === 32 || lx.peek() === 9) lx.pos++;
    lx.tokStart = lx.pos;
    if (!isMacroStart(lx.peek())) return '';
    lx.pos++;
    while (isMacroChar(lx.peek())) lx.pos++;
    return lx.text.slice(lx.tokStart, lx.pos);
  }

  /**
   * Only whitespace and comments may follow a directive (TGLexer::prepSkipDirectiveEnd): returns
   * false at anything else, with the token start there (where the parser's error then points). A
   * `/` that starts no comment is also reported as an unexpected character.
   */
  private skipDirectiveEnd(): boolean {
    const lx = this.lx;
    const t = lx.text;
    while (lx.pos < t.length) {
      const c = t.charCodeAt(lx.pos);
      if (c === 32 || c === 9) {
        lx.pos++;
        continue;
      }
      if (c === 10 || c === 13) return true;
      if (c !== 47) {
        // The error token is at the stray character.
        lx.tokStart = lx.pos;
        return false;
      }
      const n = lx.peek(1);
      if (n === 47) {
        lx.skipLineComment();
        return true;
      }
      if (n !== 42) {
        lx.tokStart = lx.pos;
        lx.diags.errorUncounted(lx.locAt(lx.pos), 'unexpected character');
        return false;
      }
      // A block comment, possibly over several lines; more may follow it.
      lx.tokStart = lx.pos;
      lx.pos++; // skipBlockComment expects pos at the '*'.
      if (lx.skipBlockComment()) return false;
    }
    return true;
  }

  /** Skip whitespace and block comments at the start of lines in a disabled region. */
  private skipLineBegin(): boolean {
    const lx = this.lx;
    const t = lx.text;
    while (lx.pos < t.length) {
      const c = t.charCodeAt(lx.pos);
      if (c === 32 || c === 9 || c === 10 || c === 13) {
        lx.pos++;
        continue;
      }
      if (c === 47 && lx.peek(1) === 42) {
        lx.tokStart = lx.pos;
        lx.pos++;
        if (lx.skipBlockComment()) return false;
        continue;
      }
      return true;
    }
    return true;
  }

  /**
   * Process a directive whose word starts at lx.pos. With `returnNextLiveToken`, returns the
   * next real token after the directive (skipping a disabled region if needed).
   */
  lexDirective(kind: PrepDirective, returnNextLiveToken: boolean): Tok {
    const lx = this.lx;
    lx.tokStart = lx.pos;
    const word = DIRECTIVES.find(([k]) => k === kind)![1];
    lx.pos += word.length;

    if (kind === PrepDirective.Ifdef || kind === PrepDirective.Ifndef) {
      const name = this.lexMacroName();
      const ifName = kind === PrepDirective.Ifdef ? '#ifdef' : '#ifndef';
      if (name === '') return lx.returnError(lx.tokStart, `expected macro name after ${ifName}`);
      let isDefined = this.defined.has(name);
      this.log?.push({ name, tested: true, defined: isDefined });
      if (kind === PrepDirective.Ifndef) isDefined = !isDefined;
      this.controls.push({ kind: PrepDirective.Ifdef, isDefined, offset: lx.tokStart, buffer: lx.buf.id });
      if (!this.skipDirectiveEnd()) return lx.returnError(lx.pos, `only comments are supported after ${ifName} NAME`);
      if (!returnNextLiveToken) return Tok.Eof;
      if (isDefined) return lx.continueAfterDirective();
      if (this.skipRegion()) return lx.continueAfterDirective();
      return Tok.Error;
    }
    if (kind === PrepDirective.Else) {
      const top = this.controls;
      const entry = top[top.length - 1];
      if (!entry) return lx.returnError(lx.tokStart, '#else without #ifdef or #ifndef');
      if (entry.kind !== PrepDirective.Ifdef) {
        lx.diags.errorUncounted(lx.locAt(lx.tokStart), 'double #else');
        lx.diags.error({ buffer: entry.buffer, offset: entry.offset }, 'previous #else is here');
        return Tok.Error;
      }
      top[top.length - 1] = { kind: PrepDirective.Else, isDefined: !entry.isDefined, offset: lx.tokStart, buffer: lx.buf.id };
      if (!this.skipDirectiveEnd()) return lx.returnError(lx.pos, 'only comments are supported after #else');
      if (returnNextLiveToken) {
        if (this.skipRegion()) return lx.continueAfterDirective();
        return Tok.Error;
      }
      return Tok.Eof;
    }
    if (kind === PrepDirective.Endif) {
      const top = this.controls;
      if (top.length === 0) return lx.returnError(lx.tokStart, '#endif without #ifdef');
      if (!this.skipDirectiveEnd()) return lx.returnError(lx.pos, 'only comments are supported after #endif');
      top.pop();
      if (returnNextLiveToken) return lx.continueAfterDirective();
      return Tok.Eof;
    }
    // #define
    const name = this.lexMacroName();
    if (name === '') return lx.returnError(lx.tokStart, 'expected macro name after #define');
    if (this.defined.has(name)) lx.diags.warning(lx.locAt(lx.tokStart), `duplicate definition of macro: ${name}`);
    else this.log?.push({ name, tested: false, defined: true });
    this.defined.add(name);
    if (!this.skipDirectiveEnd()) return lx.returnError(lx.pos, 'only comments are supported after #define NAME');
    return lx.continueAfterDirective();
  }

  /** Skip lines until a directive re-enables processing. Returns false on error. */
  private skipRegion(): boolean {
    const lx = this.lx;
    const t = lx.text;
    // The next `/*` at or after lx.pos (-1: none; -2: not looked for yet).
    let comment = -2;
    do {
      // Only a line whose first character (after blanks and block comments) is `#` can hold a
      // directive: with no `/*` before the next `#`, the lines before the one holding it are
      // passed at once (native searches; a region skips one line per loop otherwise).
      if (comment !== -1 && comment < lx.pos) comment = t.indexOf('/*', lx.pos);
      const hash = t.indexOf('#', lx.pos);
      const limit = hash < 0 ? t.length : hash;
      if (comment === -1 || comment > limit) {
        const lineBreak = t.lastIndexOf('\n', limit - 1);
        if (lineBreak > lx.pos) lx.pos = lineBreak;
      }
      // To the end of the line (a native search: disabled regions can be whole files). As in
      // llvm-tblgen 22, only `\n` ends a line here: a `#endif` after a lone `\r` is not at the
      // start of a line (a `\r` before it on its own line is whitespace, as in CRLF files).
      const nl = t.indexOf('\n', lx.pos);
      lx.pos = nl < 0 ? t.length : nl;
      if (!this.skipLineBegin()) return false;
      if (lx.pos < t.length && t.charCodeAt(lx.pos) === 35) lx.pos++;
      else continue;
      const kind = this.isDirective();
      if (kind === undefined || kind === PrepDirective.Define) continue;
      const r = this.lexDirective(kind, false);
      if (r === Tok.Error) return false;
      if (this.prepIsProcessingEnabled()) return true;
    } while (lx.pos < t.length);
    this.reportStackError();
    // The error token is at the end of the file, as in llvm.
    lx.tokStart = lx.pos;
    return false;
  }
}
