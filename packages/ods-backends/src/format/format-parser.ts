// The shared base of MLIR's declarative format parsers (mlir-tblgen's FormatGen): the tokens and
// lexer of an `assemblyFormat` string, a parser base with the grammar every format shares (the
// element loop, literals, strings, optional groups), and format errors (a message at an offset of
// the format, printed the way mlir-tblgen 22 prints them). The op format
// (format/op-format-parser.ts) and the attribute/type format (ods/attr-or-type-format.ts) add
// their variables, directives and checks; format/literals.ts has the rules for literals.
import { type Diagnostic, type Loc, type Record, activeDiagnostics, sourceLineWithCaret } from '@ods-ts/tablegen-core';
import { isWhitespaceLiteral, literalError } from './literals.js';

/** `--asmformat-error-is-fatal` (default true): whether a bad format stops the generator. */
export const ASMFORMAT_ERROR_IS_FATAL_OPTION = {
  name: 'asmformat-error-is-fatal',
  kind: 'bool',
  description: 'Emit a fatal error if format parsing fails',
} as const;

/** The value of `--asmformat-error-is-fatal` in a generator's options. */
export function formatErrorIsFatal(options: ReadonlyMap<string, string | boolean | string[]>): boolean {
  return options.get(ASMFORMAT_ERROR_IS_FATAL_OPTION.name) !== false;
}

/** Token kinds of a format string. */
export enum TokKind {
  Eof,
  Error,
  Caret,
  Colon,
  Comma,
  Equal,
  Less,
  Greater,
  Question,
  LParen,
  RParen,
  Star,
  Pipe,
  /** `` `text` ``, spelled with its backquotes. */
  Literal,
  /** `$name`, spelled with its `$`. */
  Variable,
  /** `"text"`, spelled with its quotes. */
  String,
  Identifier,
  /** A directive name (one of `KEYWORDS`). */
  Keyword,
}

export interface Token {
  readonly kind: TokKind;
  readonly spelling: string;
  /** Offset of the token in the format string. */
  readonly pos: number;
}

/** The directive keywords of every declarative format (each format accepts a subset). */
const KEYWORDS: ReadonlySet<string> = new Set([
  'attr-dict',
  'attr-dict-with-keyword',
  'prop-dict',
  'custom',
  'functional-type',
  'oilist',
  'operands',
  'params',
  'qualified',
  'ref',
  'regions',
  'results',
  'struct',
  'successors',
  'type',
]);

const PUNCTUATION: ReadonlyMap<string, TokKind> = new Map([
  ['^', TokKind.Caret],
  [':', TokKind.Colon],
  [',', TokKind.Comma],
  ['=', TokKind.Equal],
  ['<', TokKind.Less],
  ['>', TokKind.Greater],
  ['?', TokKind.Question],
  ['(', TokKind.LParen],
  [')', TokKind.RParen],
  ['*', TokKind.Star],
  ['|', TokKind.Pipe],
]);

/** Whether the character code `c` is an ASCII letter or `_` (NaN past the end: false). */
const isIdentStart = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;

// Token bodies, matched with one sticky regex from a position: the rest of a variable name, of an
// identifier or keyword, and a literal's text up to its closing backquote (or a NUL).
const VARIABLE_REST = /[A-Za-z0-9_]*/y;
const IDENTIFIER_REST = /[A-Za-z0-9_-]*/y;
const LITERAL_BODY = /[^`\0]*/y;

/** The end of the (possibly empty) match of the sticky `re` in `text` at `pos`. */
function scanFrom(re: RegExp, text: string, pos: number): number {
  re.lastIndex = pos;
  re.test(text);
  return re.lastIndex;
}

/** A format error: a message at an offset of the format string, with an optional note there. */
export class FormatError extends Error {
  constructor(
    message: string,
    readonly offset: number,
    readonly note?: string,
  ) {
    super(message);
    this.name = 'FormatError';
  }
}

/**
 * The format lexer (mlir::tblgen::FormatLexer). A lexical error is reported to `onError` and
 * yields an `Error` token, which the parser then rejects with an error of its own.
 */
export class FormatLexer {
  private pos = 0;
  constructor(
    private readonly text: string,
    private readonly onError: (err: FormatError) => void,
  ) {}

  private error(pos: number, msg: string): Token {
    this.onError(new FormatError(msg, pos));
    return { kind: TokKind.Error, spelling: '', pos };
  }

  next(): Token {
    const t = this.text;
    for (;;) {
      const start = this.pos;
      if (start >= t.length) return { kind: TokKind.Eof, spelling: '', pos: start };
      const c = t[this.pos++]!;
      const punct = PUNCTUATION.get(c);
      if (punct !== undefined) return { kind: punct, spelling: c, pos: start };
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\0') continue;
      if (c === '`') {
        // A literal ends at the next backquote (a NUL stops it like the end of the buffer).
        this.pos = scanFrom(LITERAL_BODY, t, this.pos);
        if (t.charCodeAt(this.pos) !== 96) return this.error(this.pos, 'unexpected end of file in literal');
        this.pos++;
        return { kind: TokKind.Literal, spelling: t.slice(start, this.pos), pos: start };
      }
      if (c === '$') {
        if (!isIdentStart(t.charCodeAt(this.pos))) return this.error(start, 'expected variable name');
        this.pos = scanFrom(VARIABLE_REST, t, this.pos);
        return { kind: TokKind.Variable, spelling: t.slice(start, this.pos), pos: start };
      }
      if (c === '"') {
        let escape = false;
        while (this.pos < t.length && t[this.pos] !== '\0') {
          const ch = t[this.pos++]!;
          if (!escape && ch === '"') return { kind: TokKind.String, spelling: t.slice(start, this.pos), pos: start };
          escape = ch === '\\';
        }
        return this.error(this.pos, 'unexpected end of file in string');
      }
      if (isIdentStart(c.charCodeAt(0))) {
        this.pos = scanFrom(IDENTIFIER_REST, t, this.pos);
        const s = t.slice(start, this.pos);
        return { kind: KEYWORDS.has(s) ? TokKind.Keyword : TokKind.Identifier, spelling: s, pos: start };
      }
      return this.error(start, 'unexpected character');
    }
  }
}

/** How deep elements may nest (`qualified(qualified(...))`, groups in groups) before an error. */
const MAX_FORMAT_NESTING = 1000;

/** An optional group, `(then) : (else)?`, with the anchor marked `^` in one branch. */
export interface OptionalGroupParts<E> {
  readonly thenElements: readonly E[];
  readonly elseElements: readonly E[];
  /** Index of the first non-whitespace element of each branch. */
  readonly thenParseStart: number;
  readonly elseParseStart: number;
  readonly anchor: E;
  /** The anchor is in the else branch. */
  readonly inverted: boolean;
}

/**
 * The base of a format parser (FormatParser) over elements `E` parsed in contexts `C`: the
 * current token, errors that stop the parse (thrown) or are only recorded before it (`errors`:
 * those of the lexer, in the order they are printed, before the thrown one), and the optional
 * groups every format shares.
 */
export abstract class FormatParserBase<E, C extends string> {
  private readonly lexer: FormatLexer;
  /** How many elements are being parsed, one inside the other. */
  private depth = 0;
  protected cur: Token;
  readonly errors: FormatError[] = [];

  constructor(format: string) {
    this.lexer = new FormatLexer(format, (err) => this.errors.push(err));
    this.cur = this.lexer.next();
  }

  /** Stop the parse with an error at `pos` of the format (and a note there, if given). */
  protected error(pos: number, msg: string, note?: string): never {
    throw new FormatError(msg, pos, note);
  }
  protected consume(): void {
    this.cur = this.lexer.next();
  }
  /** Consume a token of `kind`, or stop with `msg` at the current token. */
  protected expect(kind: TokKind, msg: string): Token {
    if (this.cur.kind !== kind) this.error(this.cur.pos, msg);
    const t = this.cur;
    this.consume();
    return t;
  }

  /** format ::= element*, then the checks of the whole format (errors at its first token). */
  parse(): E[] {
    const loc = this.cur.pos;
    const elements: E[] = [];
    while (this.cur.kind !== TokKind.Eof) elements.push(this.parseElement('top'));
    this.verify(loc, elements);
    return elements;
  }

  /** element ::= literal | string | variable | directive | optional-group */
  protected parseElement(ctx: C | 'top'): E {
    // Directives and optional groups nest; the reference overflows its stack on deep nesting.
    if (++this.depth > MAX_FORMAT_NESTING) this.error(this.cur.pos, `format elements are nested too deeply (more than ${MAX_FORMAT_NESTING} levels)`);
    try {
      return this.parseElementInner(ctx);
    } finally {
      this.depth--;
    }
  }

  private parseElementInner(ctx: C | 'top'): E {
    switch (this.cur.kind) {
      case TokKind.Literal:
        return this.parseLiteral(ctx);
      case TokKind.String:
        return this.parseString(ctx);
      case TokKind.Variable:
        return this.parseVariable(ctx);
      case TokKind.Keyword:
        return this.parseDirective(ctx);
      case TokKind.LParen:
        return this.makeOptional(this.parseOptionalGroup(ctx));
      default:
        return this.error(this.cur.pos, 'expected literal, variable, directive, or optional group');
    }
  }

  /** literal ::= `` `text` ``, only at the top level; `` ` ` ``, `` `\n` `` and ``` `` ``` are whitespace. */
  protected parseLiteral(ctx: C | 'top'): E {
    const tok = this.cur;
    this.consume();
    if (ctx !== 'top') this.error(tok.pos, 'literals may only be used in the top-level section of the format');
    const sp = tok.spelling;
    if (tok.kind !== TokKind.Literal) this.error(tok.pos, `expected literal, but got '${sp}'`);
    const value = sp.slice(1, -1);
    if (isWhitespaceLiteral(value)) return this.makeWhitespace(value);
    const why = literalError(value);
    if (why !== undefined) this.error(tok.pos, `expected valid literal but got '${value}': ${why}`);
    return this.makeLiteral(value);
  }

  /** string ::= `"text"`, only as a `custom` directive argument; backslashes are dropped. */
  private parseString(ctx: C | 'top'): E {
    const tok = this.cur;
    this.consume();
    if (ctx !== 'custom') this.error(tok.pos, "strings may only be used as 'custom' directive arguments");
    let value = '';
    for (const c of tok.spelling.slice(1, -1)) if (c !== '\\') value += c;
    return this.makeString(value);
  }

  /** Checks of the whole format, once parsed (errors at `loc`, its first token). */
  protected abstract verify(loc: number, elements: readonly E[]): void;
  /** variable ::= `$name`, bound to what the format describes. */
  protected abstract parseVariable(ctx: C | 'top'): E;
  /** directive ::= keyword ..., one of the directives of the format. */
  protected abstract parseDirective(ctx: C | 'top'): E;
  protected abstract makeLiteral(value: string): E;
  protected abstract makeWhitespace(value: string): E;
  protected abstract makeString(value: string): E;
  protected abstract makeOptional(parts: OptionalGroupParts<E>): E;
  /** Whether `el` is whitespace (skipped when looking for the first parsable element). */
  protected abstract isWhitespace(el: E): boolean;
  /** Whether `el` may be the first parsable element of an optional group. */
  protected abstract canStartOptionalGroup(el: E): boolean;
  /** Check the elements of one branch of an optional group (errors at the group's `loc`). */
  protected abstract verifyOptionalGroupElements(loc: number, elements: readonly E[], anchor: E | undefined): void;

  /**
   * optional-group ::= `(` element+ `)` (`:` `(` element+ `)`)? `?`
   * with exactly one element of either branch marked as the anchor by a following `^`.
   */
  protected parseOptionalGroup(ctx: C | 'top'): OptionalGroupParts<E> {
    const loc = this.cur.pos;
    this.consume();
    if (ctx !== 'top') this.error(loc, 'optional groups can only be used as top-level elements');
    let anchor: E | undefined;
    const parseBranch = (): E[] => {
      const out: E[] = [];
      do {
        const el = this.parseElement('top');
        if (this.cur.kind === TokKind.Caret) {
          if (anchor !== undefined) this.error(this.cur.pos, 'only one element can be marked as the anchor of an optional group');
          anchor = el;
          this.consume();
        }
        out.push(el);
      } while (this.cur.kind !== TokKind.RParen);
      this.consume();
      return out;
    };
    const thenElements = parseBranch();
    const inverted = anchor === undefined;
    let elseElements: E[] = [];
    if (this.cur.kind === TokKind.Colon) {
      this.consume();
      this.expect(TokKind.LParen, "expected '(' to start else branch of optional group");
      elseElements = parseBranch();
    }
    this.expect(TokKind.Question, "expected '?' after optional group");
    if (anchor === undefined) return this.error(loc, 'optional group has no anchor element');
    this.verifyOptionalGroupElements(loc, thenElements, anchor);
    this.verifyOptionalGroupElements(loc, elseElements, undefined);
    const parseStart = (els: readonly E[]): number => {
      const i = els.findIndex((e) => !this.isWhitespace(e));
      return i < 0 ? els.length : i;
    };
    const thenParseStart = parseStart(thenElements);
    const first = thenElements[thenParseStart];
    if (first === undefined || !this.canStartOptionalGroup(first))
      this.error(loc, 'first parsable element of an optional group must be a literal, variable, or custom directive');
    return { thenElements, elseElements, thenParseStart, elseParseStart: parseStart(elseElements), anchor, inverted };
  }
}

// ---------------------------------------------------------------------------------------------
// Printing errors

/**
 * The text of a diagnostic in the unnamed buffer holding a format, as llvm::SourceMgr prints
 * it: the message, the line of the format containing `offset`, and a caret under the offset.
 */
function formatBufferText(format: string, offset: number, message: string): string {
  let start = offset;
  while (start > 0 && format[start - 1] !== '\n' && format[start - 1] !== '\r') start--;
  let end = offset;
  while (end < format.length && format[end] !== '\n' && format[end] !== '\r') end++;
  return `${message}\n${sourceLineWithCaret(format.slice(start, end), offset - start)}`;
}

/**
 * Print the errors of the format of `rec`, as mlir-tblgen does: each error shows the format line
 * and is followed by a note at `rec` ("in custom assembly format for this operation"), then by
 * its own note, if any, at the same offset. They are printed, not counted: the caller decides
 * whether the generator fails.
 */
export function printFormatErrors(rec: Record, format: string, errors: readonly FormatError[]): void {
  const diags = activeDiagnostics();
  if (!diags?.sink) return;
  const loc: Loc | undefined = rec.locs[0];
  for (const err of errors) {
    const d: Diagnostic = {
      severity: 'error',
      loc: undefined,
      message: formatBufferText(format, err.offset, err.message),
      notes: [{ loc, message: 'in custom assembly format for this operation' }],
    };
    diags.sink(diags.format(d));
    if (err.note !== undefined) {
      diags.sink(diags.format({ severity: 'note', loc: undefined, message: formatBufferText(format, err.offset, err.note), notes: [] }));
    }
  }
}
