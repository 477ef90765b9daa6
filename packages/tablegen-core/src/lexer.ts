// Lexer: turns TableGen source into tokens, entering `include`d files as it goes and
// delegating `#ifdef`-style directives at line starts to the preprocessor.
import type { DiagnosticEngine, Loc, SourceBuffer, SourceManager } from './diagnostics.js';
import { FatalError } from './diagnostics.js';
import { type ControlEntry, Preprocessor, PrepDirective } from './preprocessor.js';
import type { IncludeResolver } from './sources.js';

/** Every token kind of the TableGen language. */
export enum Tok {
  Eof,
  Error,
  // Punctuation.
  Minus, Plus, LSquare, RSquare, LBrace, RBrace, LParen, RParen, Less, Greater,
  Colon, Semi, Comma, Dot, Equal, Question, Paste, DotDotDot,
  // Literals.
  IntVal, BinaryIntVal, TrueVal, FalseVal,
  // Keywords.
  Bit, Bits, Code, Dag, ElseKW, Field, In, Int, List, String, Then,
  // Object starts (order matters: see isObjectStart).
  Assert, Class, Def, Defm, Defset, Deftype, Defvar, Dump, Foreach, If, Let, MultiClass,
  // Bang operators (order matters: see isBangOperator).
  XConcat, XADD, XSUB, XMUL, XDIV, XNOT, XLOG2, XAND, XOR, XXOR, XSRA, XSRL, XSHL,
  XListConcat, XListFlatten, XListSplat, XStrConcat, XInterleave, XSubstr, XFind, XCast,
  XSubst, XForEach, XFilter, XFoldl, XHead, XTail, XSize, XEmpty, XInitialized, XIf, XCond,
  XEq, XIsA, XDag, XNe, XLe, XLt, XGe, XGt, XSetDagOp, XGetDagOp, XExists, XListRemove,
  XToLower, XToUpper, XRange, XGetDagArg, XGetDagName, XSetDagArg, XSetDagName, XRepr,
  XInstances, XMatch, XSetDagOpName, XGetDagOpName,
  // Tokens with a string value.
  Id, StrVal, VarName, CodeFragment,
}

export function isObjectStart(k: Tok): boolean {
  return k >= Tok.Assert && k <= Tok.MultiClass;
}
export function isBangOperator(k: Tok): boolean {
  return k >= Tok.XConcat && k <= Tok.XGetDagOpName;
}

/** Reserved words. `include` is handled by the lexer itself. */
export const KEYWORDS: ReadonlyMap<string, Tok> = new Map([
  ['int', Tok.Int], ['bit', Tok.Bit], ['bits', Tok.Bits], ['string', Tok.String], ['list', Tok.List],
  ['code', Tok.Code], ['dag', Tok.Dag], ['class', Tok.Class], ['def', Tok.Def], ['true', Tok.TrueVal],
  ['false', Tok.FalseVal], ['foreach', Tok.Foreach], ['defm', Tok.Defm], ['defset', Tok.Defset],
  ['deftype', Tok.Deftype], ['multiclass', Tok.MultiClass], ['field', Tok.Field], ['let', Tok.Let],
  ['in', Tok.In], ['defvar', Tok.Defvar], ['if', Tok.If], ['then', Tok.Then], ['else', Tok.ElseKW],
  ['assert', Tok.Assert], ['dump', Tok.Dump],
]);

/** Bang operator names (after the `!`). */
export const BANG_OPERATORS: ReadonlyMap<string, Tok> = new Map([
  ['eq', Tok.XEq], ['ne', Tok.XNe], ['le', Tok.XLe], ['lt', Tok.XLt], ['ge', Tok.XGe], ['gt', Tok.XGt],
  ['if', Tok.XIf], ['cond', Tok.XCond], ['isa', Tok.XIsA], ['head', Tok.XHead], ['tail', Tok.XTail],
  ['size', Tok.XSize], ['con', Tok.XConcat], ['dag', Tok.XDag], ['add', Tok.XADD], ['sub', Tok.XSUB],
  ['mul', Tok.XMUL], ['div', Tok.XDIV], ['not', Tok.XNOT], ['logtwo', Tok.XLOG2], ['and', Tok.XAND],
  ['or', Tok.XOR], ['xor', Tok.XXOR], ['shl', Tok.XSHL], ['sra', Tok.XSRA], ['srl', Tok.XSRL],
  ['cast', Tok.XCast], ['empty', Tok.XEmpty], ['subst', Tok.XSubst], ['foldl', Tok.XFoldl],
  ['foreach', Tok.XForEach], ['filter', Tok.XFilter], ['listconcat', Tok.XListConcat],
  ['listflatten', Tok.XListFlatten], ['listsplat', Tok.XListSplat], ['listremove', Tok.XListRemove],
  ['range', Tok.XRange], ['strconcat', Tok.XStrConcat], ['initialized', Tok.XInitialized],
  ['interleave', Tok.XInterleave], ['instances', Tok.XInstances], ['substr', Tok.XSubstr],
  ['find', Tok.XFind], ['setdagop', Tok.XSetDagOp], ['getdagop', Tok.XGetDagOp], ['setdagopname', Tok.XSetDagOpName], ['getdagopname', Tok.XGetDagOpName],
  ['getdagarg', Tok.XGetDagArg], ['getdagname', Tok.XGetDagName], ['setdagarg', Tok.XSetDagArg],
  ['setdagname', Tok.XSetDagName], ['exists', Tok.XExists], ['tolower', Tok.XToLower],
  ['toupper', Tok.XToUpper], ['repr', Tok.XRepr], ['match', Tok.XMatch],
]);

const EOF = -1;

export function isIdStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}
export function isIdChar(c: number): boolean {
  return isIdStart(c) || (c >= 48 && c <= 57);
}
/** 1 at the ASCII codes isIdChar accepts (a table: one load per character in hot loops). */
const ID_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) ID_CHAR[c] = isIdChar(c) ? 1 : 0;
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isHexDigit(c: number): boolean {
  return isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}
function isAlpha(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

interface BufferState {
  buf: SourceBuffer;
  /** Where lexing resumes in the parent when this buffer ends. */
  resumeAt: number;
}

/** How long the logs of a parse were at one point (see IncludeEvent). */
export interface LogCounts {
  readonly sources: number;
  readonly deps: number;
  readonly reads: number;
  readonly macros: number;
  readonly diags: number;
}

/**
 * An include entered or left, logged for share.ts when `Lexer.includeEvents` is set. `seq` is
 * the `lex()` call it happened in: events of the call that produced the current token happened
 * after the previous token was consumed.
 */
export type IncludeEvent =
  | {
      readonly kind: 'enter';
      readonly seq: number;
      readonly filename: string;
      readonly buffer: SourceBuffer;
      /** The includer, and where lexing goes on in it (just after the directive). */
      readonly includer: SourceBuffer;
      readonly resumeAt: number;
      readonly includeLoc: Loc;
      readonly stackDepth: number;
      /** The preprocessor's control stacks at the directive. */
      readonly controls: readonly (readonly ControlEntry[])[];
      /** The logs before the directive opened the file. */
      readonly before: LogCounts;
    }
  | { readonly kind: 'exit'; readonly seq: number; readonly buffer: SourceBuffer; readonly after: LogCounts };

/** The TableGen lexer (TGLexer). `lex()` advances; the current token is in the public fields. */
export class Lexer {
  /** Counts the calls of `lex()`. */
  seq = 0;
  /** When set, includes entered and left are logged (share.ts). */
  includeEvents: IncludeEvent[] | undefined;
  buf: SourceBuffer;
  text: string;
  pos = 0;
  private stack: BufferState[] = [];

  kind: Tok = Tok.Eof;
  tokStart = 0;
  tokBuffer = 0;
  strVal = '';
  intVal = 0n;
  /** Number of digits of a binary literal. */
  binaryWidth = 0;

  readonly prep: Preprocessor;

  constructor(
    readonly sources: SourceManager,
    readonly diags: DiagnosticEngine,
    mainBuffer: SourceBuffer,
    readonly includes: IncludeResolver | undefined,
    macros: readonly string[],
  ) {
    this.buf = mainBuffer;
    this.text = mainBuffer.text;
    this.prep = new Preprocessor(this, macros);
  }

  loc(): Loc {
    return { buffer: this.tokBuffer, offset: this.tokStart };
  }
  locAt(offset: number): Loc {
    return { buffer: this.buf.id, offset };
  }

  lex(): Tok {
    this.seq++;
    this.kind = this.lexToken(this.pos === 0);
    return this.kind;
  }

  /** Character code at pos+i, or EOF (-1) at the end of the buffer. */
  peek(i = 0): number {
    const p = this.pos + i;
    return p < this.text.length ? this.text.charCodeAt(p) : EOF;
  }

  /** Report an error at an offset of the current buffer and return Tok.Error. */
  returnError(offset: number, message: string): Tok {
    this.diags.error(this.locAt(offset), message);
    return Tok.Error;
  }

  /** A NUL byte in the token (or comment) starting at tokStart: an error, lexing goes on. */
  private reportNul(): void {
    this.diags.error(this.locAt(this.tokStart), 'NUL character is invalid in source; treated as space');
  }

  lexToken(fileOrLineStart: boolean): Tok {
    for (;;) {
      // Blanks and line breaks are skipped here, in one loop: the lexer mostly runs cold (in
      // V8's interpreter), where a call per character costs more than the rest of the work. A
      // CR LF (or LF CR) pair is two line breaks here, which changes nothing.
      const t = this.text;
      const n = t.length;
      let p = this.pos;
      let c = EOF;
      while (p < n) {
        c = t.charCodeAt(p);
        if (c === 32 || c === 9) p++;
        else if (c === 10 || c === 13) {
          p++;
          fileOrLineStart = true;
        } else break;
      }
      this.tokStart = p;
      this.tokBuffer = this.buf.id;
      if (p < n) {
        this.pos = p + 1;
        if (c === 0) {
          this.reportNul();
          continue;
        }
      } else {
        this.pos = p;
        c = EOF;
      }
      switch (c) {
        case EOF:
          if (this.processEOF()) {
            fileOrLineStart = false;
            continue;
          }
          return Tok.Eof;
        case 58: return Tok.Colon;
        case 59: return Tok.Semi;
        case 44: return Tok.Comma;
        case 60: return Tok.Less;
        case 62: return Tok.Greater;
        case 93: return Tok.RSquare;
        case 123: return Tok.LBrace;
        case 125: return Tok.RBrace;
        case 40: return Tok.LParen;
        case 41: return Tok.RParen;
        case 61: return Tok.Equal;
        case 63: return Tok.Question;
        case 35: // '#'
          if (fileOrLineStart) {
            const d = this.prep.isDirective();
            if (d !== undefined) return this.prep.lexDirective(d, true);
          }
          return Tok.Paste;
        case 46: // '.'
          if (this.peek() === 46) {
            this.pos++;
            if (this.peek() === 46) {
              this.pos++;
              return Tok.DotDotDot;
            }
            return this.returnError(this.tokStart, "invalid '..' punctuation");
          }
          return Tok.Dot;
        case 47: // '/'
          if (this.peek() === 47) {
            this.skipLineComment();
          } else if (this.peek() === 42) {
            if (this.skipBlockComment()) return Tok.Error;
          } else {
            return this.returnError(this.tokStart, 'unexpected character');
          }
          continue;
        case 45: case 43:
        case 48: case 49: case 50: case 51: case 52: case 53: case 54: case 55: case 56: case 57: {
          let next = 0;
          if (isDigit(c)) {
            let i = 0;
            do next = this.peek(i++);
            while (isDigit(next));
            if (next === 120 /* x */ || next === 98 /* b */) {
              const nn = this.peek(i);
              if (next === 98 && (nn === 48 || nn === 49)) return this.lexNumber();
              if (next === 120 && isHexDigit(nn)) return this.lexNumber();
            }
          }
          if (isIdStart(next)) return this.lexIdentifier();
          return this.lexNumber();
        }
        case 34: return this.lexString();
        case 36: return this.lexVarName();
        case 91: return this.lexBracket();
        case 33: return this.lexExclaim();
        default:
          if (isIdStart(c)) {
            const k = this.lexIdentifier();
            if (k === Tok.Eof) {
              // An include was entered: lex on from the start of the new buffer.
              fileOrLineStart = this.pos === 0;
              continue;
            }
            return k;
          }
          return this.returnError(this.tokStart, 'unexpected character');
      }
    }
  }

  logCounts(): LogCounts {
    return {
      sources: this.sources.buffers.length,
      deps: this.includes?.dependencyCount ?? 0,
      reads: this.includes?.reads?.length ?? 0,
      macros: this.prep.log?.length ?? 0,
      diags: this.diags.diagnostics.length,
    };
  }

  /**
   * Undo an include: back in the includer just after the directive, as if the file had not been
   * opened (its buffers, dependencies, reads and macros forgotten). The caller then lexes on.
   */
  rewindInclude(e: IncludeEvent & { kind: 'enter' }): void {
    this.stack.length = e.stackDepth;
    this.buf = e.includer;
    this.text = e.includer.text;
    this.pos = e.resumeAt;
    this.prep.rewind(e.controls, e.before.macros);
    this.sources.truncate(e.before.sources);
    this.includes?.truncate(e.before.deps, e.before.reads);
    const ev = this.includeEvents!;
    ev.length = ev.indexOf(e);
  }

  /** At the end of a buffer: pop back to the includer. Returns false at the end of input. */
  private processEOF(): boolean {
    const top = this.stack.pop();
    if (top) {
      if (!this.prep.exitInclude(false)) return false;
      this.includeEvents?.push({ kind: 'exit', seq: this.seq, buffer: this.buf, after: this.logCounts() });
      this.buf = top.buf;
      this.text = top.buf.text;
      this.pos = top.resumeAt;
      return true;
    }
    this.prep.exitInclude(true);
    return false;
  }

  private lexString(): Tok {
    const start = this.pos;
    let val = '';
    const t = this.text;
    for (;;) {
      if (this.pos >= t.length) return this.returnError(start, 'end of file in string literal');
      const c = t.charCodeAt(this.pos);
      if (c === 34) break;
      if (c === 10 || c === 13) return this.returnError(start, 'end of line in string literal');
      if (c !== 92) {
        // Copy a run of plain characters at once.
        let e = this.pos + 1;
        while (e < t.length) {
          const d = t.charCodeAt(e);
          if (d === 34 || d === 92 || d === 10 || d === 13) break;
          e++;
        }
        val += t.slice(this.pos, e);
        this.pos = e;
        continue;
      }
      this.pos++;
      const e = this.pos < t.length ? t.charCodeAt(this.pos) : EOF;
      switch (e) {
        case 92: case 39: case 34:
          val += String.fromCharCode(e);
          this.pos++;
          break;
        case 116: val += '\t'; this.pos++; break;
        case 110: val += '\n'; this.pos++; break;
        case 10: case 13:
          return this.returnError(this.pos, 'escaped newlines not supported in tblgen');
        case EOF:
          return this.returnError(start, 'end of file in string literal');
        default:
          return this.returnError(this.pos, 'invalid escape in string literal');
      }
    }
    this.pos++;
    this.strVal = val;
    return Tok.StrVal;
  }

  private lexVarName(): Tok {
    if (!isIdStart(this.peek())) return this.returnError(this.tokStart, 'invalid variable name');
    const start = this.pos++;
    while (isIdChar(this.peek())) this.pos++;
    this.strVal = this.text.slice(start, this.pos);
    return Tok.VarName;
  }

  /** Lex an identifier or keyword; `include` enters the file and returns Tok.Eof to continue. */
  private lexIdentifier(): Tok {
    const t = this.text;
    const n = t.length;
    let p = this.pos;
    while (p < n) {
      const c = t.charCodeAt(p);
      if (c < 128 && ID_CHAR[c] === 1) p++;
      else break;
    }
    this.pos = p;
    const str = t.slice(this.tokStart, p);
    if (str === 'include') {
      if (this.lexInclude()) return Tok.Error;
      return Tok.Eof;
    }
    const kw = KEYWORDS.get(str);
    if (kw !== undefined) return kw;
    this.strVal = str;
    return Tok.Id;
  }

  /** Returns true on error. */
  private lexInclude(): boolean {
    const tok = this.lexToken(false);
    if (tok === Tok.Error) return true;
    if (tok !== Tok.StrVal) {
      this.diags.error(this.loc(), 'expected filename after include');
      return true;
    }
    const filename = this.strVal;
    const before = this.includeEvents ? this.logCounts() : undefined;
    const found = this.includes?.open(filename);
    if (!found) {
      this.diags.error(this.loc(), `could not find include file '${filename}'`);
      return true;
    }
    if (this.stack.length >= 1000) {
      this.diags.error(this.loc(), `include nesting too deep (possible include cycle of '${filename}')`);
      return true;
    }
    const includeLoc = this.locAt(this.pos);
    const buf = this.sources.add(found.name, found.text, includeLoc);
    if (before) {
      this.includeEvents!.push({
        kind: 'enter',
        seq: this.seq,
        filename,
        buffer: buf,
        includer: this.buf,
        resumeAt: this.pos,
        includeLoc,
        stackDepth: this.stack.length,
        controls: this.prep.saveControls(),
        before,
      });
    }
    this.stack.push({ buf: this.buf, resumeAt: this.pos });
    this.buf = buf;
    this.text = buf.text;
    this.pos = 0;
    this.prep.enterInclude();
    return false;
  }

  /** The next '\r' at or after `crFrom` in `crText` (-1: none), for skipLineComment. */
  private crText = '';
  private crFrom = 0;
  private crAt = -1;

  /** To the end of the line (a '\n' or '\r'), by native searches: comments are a good part of the input. */
  skipLineComment(): void {
    const t = this.text;
    const p = this.pos + 1;
    let end = t.indexOf('\n', p);
    if (end < 0) end = t.length;
    // '\r' is rare: where the next one is, is kept (a search per comment would rescan the file).
    if (this.crText !== t || this.crFrom > p || (this.crAt >= 0 && this.crAt < p)) {
      this.crText = t;
      this.crFrom = p;
      this.crAt = t.indexOf('\r', p);
    }
    if (this.crAt >= 0 && this.crAt < end) end = this.crAt;
    this.pos = end < p ? p : end;
  }

  /** Skip a (nestable) block comment whose '/' is at pos-1. Returns true on error. */
  skipBlockComment(): boolean {
    this.pos++; // the '*'
    let depth = 1;
    const t = this.text;
    for (;;) {
      if (this.pos >= t.length) {
        this.diags.errorUncounted(this.locAt(this.tokStart), 'unterminated comment');
        return true;
      }
      const c = t.charCodeAt(this.pos++);
      if (c === 0) this.reportNul();
      if (c === 42 && this.peek() === 47) {
        this.pos++;
        if (--depth === 0) return false;
      } else if (c === 47 && this.peek() === 42) {
        this.pos++;
        depth++;
      }
    }
  }

  private lexNumber(): Tok {
    let base = 0;
    let numStart = 0;
    const t = this.text;
    if (t.charCodeAt(this.pos - 1) === 48) {
      numStart = this.pos + 1;
      if (this.peek() === 120) {
        base = 16;
        do this.pos++;
        while (isHexDigit(this.peek()));
      } else if (this.peek() === 98) {
        base = 2;
        do this.pos++;
        while (this.peek() === 48 || this.peek() === 49);
      }
    }
    let isMinus = false;
    if (base === 0) {
      if (!isDigit(this.peek())) {
        const prev = t.charCodeAt(this.pos - 1);
        if (prev === 45) return Tok.Minus;
        if (prev === 43) return Tok.Plus;
      }
      base = 10;
      numStart = this.tokStart;
      isMinus = t.charCodeAt(this.pos - 1) === 45;
      while (isDigit(this.peek())) this.pos++;
    }
    if (this.pos === numStart) return this.returnError(this.tokStart, 'invalid number');
    let digits = t.slice(numStart, this.pos);
    let negative = false;
    if (base === 10) {
      if (digits[0] === '+' || digits[0] === '-') {
        negative = digits[0] === '-';
        digits = digits.slice(1);
      }
    }
    if (digits.length === 0) return this.returnError(this.tokStart, 'invalid number');
    let v = BigInt((base === 16 ? '0x' : base === 2 ? '0b' : '') + digits);
    if (isMinus || negative) {
      v = -v;
      if (v < -(1n << 63n)) return this.returnError(this.tokStart, 'number out of range');
    } else {
      if (v >= 1n << 64n) return this.returnError(this.tokStart, 'number out of range');
      v = BigInt.asIntN(64, v);
    }
    this.intVal = v;
    if (base === 2) {
      this.binaryWidth = this.pos - this.tokStart - 2;
      return Tok.BinaryIntVal;
    }
    return Tok.IntVal;
  }

  /** `[` or a `[{ ... }]` code fragment. */
  private lexBracket(): Tok {
    if (this.peek() !== 123) return Tok.LSquare;
    this.pos++;
    const codeStart = this.pos;
    const t = this.text;
    // Like TGLexer: after a '}', the next character is consumed whatever it is, so `}}]`
    // does not end the block at its second brace. From brace to brace by native searches (code
    // blocks are a good part of the input); NULs in what was passed are reported after.
    let p = codeStart;
    for (;;) {
      const close = t.indexOf('}', p);
      if (close < 0 || close + 1 >= t.length) break;
      p = close + 2;
      const c = t.charCodeAt(close + 1);
      if (c === 93) {
        this.reportNuls(codeStart, p);
        this.strVal = t.slice(codeStart, p - 2);
        this.pos = p;
        return Tok.CodeFragment;
      }
      if (c === 13 && t.charCodeAt(p) === 10) p++;
      else if (c === 10 && t.charCodeAt(p) === 13) p++;
    }
    this.reportNuls(codeStart, t.length);
    this.pos = t.length;
    return this.returnError(codeStart - 2, 'unterminated code block');
  }

  /** Report each NUL byte of text[from, to) (as the scan of a token meets them). */
  private reportNuls(from: number, to: number): void {
    for (let i = this.text.indexOf('\0', from); i >= 0 && i < to; i = this.text.indexOf('\0', i + 1)) this.reportNul();
  }

  private lexExclaim(): Tok {
    if (!isAlpha(this.peek())) return this.returnError(this.pos - 1, 'invalid "!operator"');
    const start = this.pos++;
    while (isAlpha(this.peek())) this.pos++;
    const k = BANG_OPERATORS.get(this.text.slice(start, this.pos));
    return k !== undefined ? k : this.returnError(start - 1, 'unknown operator');
  }

  /** Used by the preprocessor: move to a directive outcome and lex on. */
  continueAfterDirective(): Tok {
    return this.lexToken(false);
  }
}

export { PrepDirective, FatalError };
