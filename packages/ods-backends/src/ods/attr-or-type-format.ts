// The declarative assembly format of attributes and types (`assemblyFormat` of an AttrDef or
// TypeDef): the lexer, the parser into format elements and the checks mlir-tblgen 22 performs,
// with its error messages. The code generation lives in generators/attr-or-type-format-gen.ts.
//
// Syntax: literals (`` `<` ``, `` `keyword` ``; `` ` ` ``, `` `\n` `` and ``` `` ``` are whitespace),
// parameter variables (`$name`), the directives `params`, `struct(...)` (of parameters,
// `params`, or single-parameter `custom` directives), `custom<Name>(...)` (with `"C++ strings"`
// and `ref($name)` arguments), `qualified($name)`, and optional groups `(... $anchor^ ...)?`
// with an optional else branch `(...) : (...)?`.
import type { AttrOrTypeDef, AttrOrTypeParameter } from './attr-or-type-def.js';

/** A parameter variable (`$name`). `qualified` is set by the `qualified` directive. */
export interface ParamElement {
  readonly kind: 'param';
  readonly param: AttrOrTypeParameter;
  qualified: boolean;
}

/** `params`: all the parameters (but the self type of an attribute). */
export interface ParamsElement {
  readonly kind: 'params';
  readonly params: readonly ParamElement[];
}

/**
 * `struct(...)`: key-value pairs, each a parameter or a `custom` directive whose single
 * argument is a parameter (the key is the parameter's name).
 */
export interface StructElement {
  readonly kind: 'struct';
  readonly elements: readonly (ParamElement | CustomElement)[];
}

/** `custom<Name>(args)`. */
export interface CustomElement {
  readonly kind: 'custom';
  readonly name: string;
  readonly args: readonly FormatElement[];
}

/** An optional group; `anchor` is one of the then (or, when inverted, else) elements. */
export interface OptionalElement {
  readonly kind: 'optional';
  readonly thenElements: readonly FormatElement[];
  readonly elseElements: readonly FormatElement[];
  /** Index of the first non-whitespace element of each branch. */
  readonly thenParseStart: number;
  readonly elseParseStart: number;
  readonly anchor: FormatElement;
  readonly inverted: boolean;
}

export type FormatElement =
  | { readonly kind: 'literal'; readonly value: string }
  | { readonly kind: 'whitespace'; readonly value: string }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'ref'; readonly arg: FormatElement }
  | ParamElement
  | ParamsElement
  | StructElement
  | CustomElement
  | OptionalElement;

/** Whether a parameter element is optional (its parameter has a default value). */
export const isOptionalParam = (el: ParamElement): boolean => el.param.isOptional();

/** The parameter of a `struct` entry (a `custom` entry has exactly one, checked when parsing). */
export function structEntryParam(el: ParamElement | CustomElement): ParamElement {
  if (el.kind === 'param') return el;
  const arg = el.args[0];
  if (arg?.kind !== 'param') throw new Error('struct entry without a parameter');
  return arg;
}

/** The parameters captured by a `params` or `struct` directive. */
export function capturedParams(el: ParamsElement | StructElement): readonly ParamElement[] {
  return el.kind === 'params' ? el.params : el.elements.map(structEntryParam);
}

/** The then elements of an optional group, without leading whitespace when `parseable`. */
export function thenElementsOf(el: OptionalElement, parseable = false): readonly FormatElement[] {
  return el.thenElements.slice(parseable ? el.thenParseStart : 0);
}

/** The else elements of an optional group, without leading whitespace when `parseable`. */
export function elseElementsOf(el: OptionalElement, parseable = false): readonly FormatElement[] {
  return el.elseElements.slice(parseable ? el.elseParseStart : 0);
}

/** A format error: a message at an offset of the format string. */
export class AttrOrTypeFormatError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
    this.name = 'AttrOrTypeFormatError';
  }
}

// ---------------------------------------------------------------------------------------------
// Lexer

type TokKind =
  | 'eof'
  | 'error'
  | 'l_paren'
  | 'r_paren'
  | 'caret'
  | 'colon'
  | 'comma'
  | 'equal'
  | 'less'
  | 'greater'
  | 'question'
  | 'star'
  | 'pipe'
  | 'keyword'
  | 'identifier'
  | 'literal'
  | 'variable'
  | 'string';

interface Token {
  readonly kind: TokKind;
  readonly spelling: string;
  readonly pos: number;
}

/** The directive keywords of the format language (shared with the op format). */
const KEYWORDS = new Set([
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

const PUNCTUATION: ReadonlyMap<string, TokKind> = new Map<string, TokKind>([
  ['^', 'caret'],
  [':', 'colon'],
  [',', 'comma'],
  ['=', 'equal'],
  ['<', 'less'],
  ['>', 'greater'],
  ['?', 'question'],
  ['(', 'l_paren'],
  [')', 'r_paren'],
  ['*', 'star'],
  ['|', 'pipe'],
]);

const isAlpha = (c: string | undefined): boolean => c !== undefined && /^[A-Za-z]$/.test(c);
const isAlnum = (c: string | undefined): boolean => c !== undefined && /^[A-Za-z0-9]$/.test(c);

/** The format lexer (mlir::tblgen::FormatLexer). Errors are reported to `onError`. */
class Lexer {
  private pos = 0;
  constructor(
    private readonly text: string,
    private readonly onError: (offset: number, msg: string) => void,
  ) {}

  private error(pos: number, msg: string): Token {
    this.onError(pos, msg);
    return { kind: 'error', spelling: '', pos };
  }

  next(): Token {
    const t = this.text;
    for (;;) {
      const start = this.pos;
      if (start >= t.length) return { kind: 'eof', spelling: '', pos: start };
      const c = t[this.pos++]!;
      const punct = PUNCTUATION.get(c);
      if (punct) return { kind: punct, spelling: c, pos: start };
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\0') continue;
      if (c === '`') {
        // A literal ends at the next backquote (a NUL stops it like the end of the buffer).
        while (this.pos < t.length && t[this.pos] !== '\0') {
          if (t[this.pos++] === '`') return { kind: 'literal', spelling: t.slice(start, this.pos), pos: start };
        }
        return this.error(this.pos, 'unexpected end of file in literal');
      }
      if (c === '$') {
        if (!isAlpha(t[this.pos]) && t[this.pos] !== '_') return this.error(this.pos - 1, 'expected variable name');
        while (isAlnum(t[this.pos]) || t[this.pos] === '_') this.pos++;
        return { kind: 'variable', spelling: t.slice(start, this.pos), pos: start };
      }
      if (c === '"') {
        let escape = false;
        while (this.pos < t.length && t[this.pos] !== '\0') {
          const ch = t[this.pos++]!;
          if (!escape && ch === '"') return { kind: 'string', spelling: t.slice(start, this.pos), pos: start };
          escape = ch === '\\';
        }
        return this.error(this.pos, 'unexpected end of file in string');
      }
      if (isAlpha(c) || c === '_') {
        while (isAlnum(t[this.pos]) || t[this.pos] === '_' || t[this.pos] === '-') this.pos++;
        const s = t.slice(start, this.pos);
        return { kind: KEYWORDS.has(s) ? 'keyword' : 'identifier', spelling: s, pos: start };
      }
      return this.error(start, 'unexpected character');
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Literal checks (shared rules of all declarative formats)

/** Whether `value` can be printed and parsed as a keyword; the reason when it cannot. */
function keywordError(value: string): string | undefined {
  if (!isAlpha(value[0]) && value[0] !== '_') return "valid keyword starts with a letter or '_'";
  for (const c of value.slice(1)) {
    if (!isAlnum(c) && c !== '_' && c !== '$' && c !== '.')
      return "keywords should contain only alphanum, '_', '$', or '.' characters";
  }
  return undefined;
}

/** Why `value` is not a valid literal, or undefined when it is. */
function literalError(value: string): string | undefined {
  if (value === '') return "literal can't be empty";
  if (value.length === 1) {
    const bare = '_:,=<>()[]{}?+-*';
    if (isAlpha(value) || bare.includes(value)) return undefined;
    return `single character literal must be a letter or one of '${bare}'`;
  }
  if (value === '->' || value === '...') return undefined;
  return keywordError(value);
}

// ---------------------------------------------------------------------------------------------
// Parser

type Context = 'top' | 'custom' | 'ref' | 'struct';

/** Parses and checks the assembly format of one AttrDef/TypeDef (DefFormatParser). */
class DefFormatParser {
  private readonly lexer: Lexer;
  private cur: Token;
  private readonly seen: boolean[];
  private readonly params: readonly AttrOrTypeParameter[];
  /**
   * Errors reported before the parser gives up, in the order they are printed: those of the
   * lexer, and those of elements whose failure their directive reports again.
   */
  readonly errors: AttrOrTypeFormatError[] = [];

  constructor(
    private readonly def: AttrOrTypeDef,
    format: string,
  ) {
    this.params = def.getParameters();
    this.seen = this.params.map(() => false);
    this.lexer = new Lexer(format, (offset, msg) => this.errors.push(new AttrOrTypeFormatError(msg, offset)));
    this.cur = this.lexer.next();
  }

  private error(pos: number, msg: string): never {
    throw new AttrOrTypeFormatError(msg, pos);
  }
  private consume(): void {
    this.cur = this.lexer.next();
  }
  private expect(kind: TokKind, msg: string): Token {
    if (this.cur.kind !== kind) this.error(this.cur.pos, msg);
    const t = this.cur;
    this.consume();
    return t;
  }

  parse(): FormatElement[] {
    const start = this.cur.pos;
    const elements: FormatElement[] = [];
    while (this.cur.kind !== 'eof') elements.push(this.parseElement('top'));
    this.verify(start, elements);
    return elements;
  }

  private parseElement(ctx: Context): FormatElement {
    switch (this.cur.kind) {
      case 'literal':
        return this.parseLiteral(ctx);
      case 'string':
        return this.parseString(ctx);
      case 'variable':
        return this.parseVariable(ctx);
      case 'keyword':
        return this.parseDirective(ctx);
      case 'l_paren':
        return this.parseOptionalGroup(ctx);
      default:
        return this.error(this.cur.pos, 'expected literal, variable, directive, or optional group');
    }
  }

  private parseLiteral(ctx: Context): FormatElement {
    const tok = this.cur;
    this.consume();
    if (ctx !== 'top') this.error(tok.pos, 'literals may only be used in the top-level section of the format');
    const value = tok.spelling.slice(1, -1);
    if (value === '' || value === ' ' || value === '\\n') return { kind: 'whitespace', value };
    const why = literalError(value);
    if (why !== undefined) this.error(tok.pos, `expected valid literal but got '${value}': ${why}`);
    return { kind: 'literal', value };
  }

  private parseString(ctx: Context): FormatElement {
    const tok = this.cur;
    this.consume();
    if (ctx !== 'custom') this.error(tok.pos, "strings may only be used as 'custom' directive arguments");
    // Backslashes are dropped (the character after one is kept).
    let value = '';
    for (const c of tok.spelling.slice(1, -1)) if (c !== '\\') value += c;
    return { kind: 'string', value };
  }

  private parseVariable(ctx: Context): ParamElement {
    const tok = this.cur;
    this.consume();
    const name = tok.spelling.slice(1);
    const idx = this.params.findIndex((p) => p.getName() === name);
    if (idx < 0) this.error(tok.pos, `${this.def.getName()} has no parameter named '${name}'`);
    const param = this.params[idx]!;
    if (ctx !== 'ref') {
      if (this.seen[idx]) this.error(tok.pos, `duplicate parameter '${name}'`);
      this.seen[idx] = true;
    } else if (!this.seen[idx] && !param.isAttributeSelfTypeParameter()) {
      this.error(tok.pos, `parameter '${name}' must be bound before it is referenced`);
    }
    return { kind: 'param', param, qualified: false };
  }

  private parseDirective(ctx: Context): FormatElement {
    const tok = this.cur;
    this.consume();
    switch (tok.spelling) {
      case 'custom':
        return this.parseCustomDirective(tok.pos, ctx);
      case 'qualified':
        return this.parseQualifiedDirective(tok.pos, ctx);
      case 'params':
        return this.parseParamsDirective(tok.pos, ctx);
      case 'struct':
        return this.parseStructDirective(tok.pos, ctx);
      case 'ref':
        return this.parseRefDirective(tok.pos, ctx);
      default:
        return this.error(tok.pos, 'unsupported directive kind');
    }
  }

  private parseOptionalGroup(ctx: Context): FormatElement {
    const loc = this.cur.pos;
    this.consume();
    if (ctx !== 'top') this.error(loc, 'optional groups can only be used as top-level elements');
    let anchor: FormatElement | undefined;
    const parseChildren = (out: FormatElement[]): void => {
      do {
        const el = this.parseElement('top');
        if (this.cur.kind === 'caret') {
          if (anchor) this.error(this.cur.pos, 'only one element can be marked as the anchor of an optional group');
          anchor = el;
          this.consume();
        }
        out.push(el);
      } while (this.cur.kind !== 'r_paren');
    };
    const thenElements: FormatElement[] = [];
    const elseElements: FormatElement[] = [];
    parseChildren(thenElements);
    this.consume();
    const inverted = !anchor;
    if (this.cur.kind === 'colon') {
      this.consume();
      this.expect('l_paren', "expected '(' to start else branch of optional group");
      parseChildren(elseElements);
      this.consume();
    }
    this.expect('question', "expected '?' after optional group");
    if (!anchor) this.error(loc, 'optional group has no anchor element');
    this.verifyOptionalGroupElements(loc, thenElements, anchor);
    this.verifyOptionalGroupElements(loc, elseElements, undefined);
    const firstNonSpace = (els: FormatElement[]) => {
      const i = els.findIndex((e) => e.kind !== 'whitespace');
      return i < 0 ? els.length : i;
    };
    const thenParseStart = firstNonSpace(thenElements);
    const elseParseStart = firstNonSpace(elseElements);
    const first = thenElements[thenParseStart];
    if (!first || !(first.kind === 'literal' || first.kind === 'param' || first.kind === 'custom'))
      this.error(loc, 'first parsable element of an optional group must be a literal, variable, or custom directive');
    return { kind: 'optional', thenElements, elseElements, thenParseStart, elseParseStart, anchor, inverted };
  }

  private parseCustomDirective(loc: number, ctx: Context): CustomElement {
    if (ctx !== 'top' && ctx !== 'struct')
      this.error(loc, '`custom` can only be used at the top-level context or within a `struct` directive');
    this.expect('less', "expected '<' before custom directive name");
    const name = this.expect('identifier', 'expected custom directive name identifier').spelling;
    this.expect('greater', "expected '>' after custom directive name");
    this.expect('l_paren', "expected '(' before custom directive parameters");
    const args: FormatElement[] = [];
    for (;;) {
      args.push(this.parseElement('custom'));
      if (this.cur.kind !== 'comma') break;
      this.consume();
    }
    this.expect('r_paren', "expected ')' after custom directive parameters");
    return { kind: 'custom', name, args };
  }

  private parseQualifiedDirective(loc: number, ctx: Context): FormatElement {
    this.expect('l_paren', "expected '(' before argument list");
    const el = this.parseElement(ctx);
    if (el.kind !== 'param') this.error(loc, '`qualified` argument list expected a variable');
    el.qualified = true;
    this.expect('r_paren', "expected ')' after argument list");
    return el;
  }

  private parseParamsDirective(loc: number, ctx: Context): ParamsElement {
    if (ctx !== 'top' && ctx !== 'struct')
      this.error(loc, '`params` can only be used at the top-level context or within a `struct` directive');
    const params: ParamElement[] = [];
    this.params.forEach((p, i) => {
      if (this.seen[i]) this.error(loc, `\`params\` captures duplicate parameter: ${p.getName()}`);
      // The self type of an attribute is never part of `params`.
      if (p.isAttributeSelfTypeParameter()) return;
      this.seen[i] = true;
      params.push({ kind: 'param', param: p, qualified: false });
    });
    return { kind: 'params', params };
  }

  private parseStructDirective(loc: number, ctx: Context): StructElement {
    if (ctx !== 'top') this.error(loc, '`struct` can only be used at the top-level context');
    this.expect('l_paren', "expected '(' before `struct` argument list");
    const first = this.parseElementOrUndefined('struct');
    if (!first || (first.kind !== 'param' && first.kind !== 'params' && first.kind !== 'custom'))
      this.error(loc, '`struct` argument list expected a parameter or directive');
    let elements: (ParamElement | CustomElement)[];
    if (first.kind === 'params') {
      // `struct(params)` captures every parameter.
      elements = [...first.params];
    } else {
      elements = [first];
      while (this.cur.kind === 'comma') {
        this.consume();
        const next = this.parseElementOrUndefined('struct');
        if (!next || (next.kind !== 'param' && next.kind !== 'custom'))
          this.error(loc, 'expected a parameter or `custom` directive in `struct` argument list');
        elements.push(next);
      }
    }
    this.expect('r_paren', "expected ')' at the end of an argument list");
    for (const el of elements) {
      if (el.kind !== 'custom') continue;
      if (el.args.length !== 1) this.error(loc, '`struct` can only contain `custom` directives with a single argument');
      if (el.args[0]!.kind !== 'param')
        this.error(loc, 'a `custom` directive nested within a `struct` must be passed a parameter');
    }
    return { kind: 'struct', elements };
  }

  /**
   * An element of a `struct` argument list; undefined when its parsing failed. The error of
   * the failed element is printed before the struct's own (both are reported).
   */
  private parseElementOrUndefined(ctx: Context): FormatElement | undefined {
    try {
      return this.parseElement(ctx);
    } catch (e) {
      if (!(e instanceof AttrOrTypeFormatError)) throw e;
      this.errors.push(e);
      return undefined;
    }
  }

  private parseRefDirective(loc: number, ctx: Context): FormatElement {
    if (ctx !== 'custom') this.error(loc, "'ref' is only valid within a `custom` directive");
    this.expect('l_paren', "expected '(' before argument list");
    const arg = this.parseElement('ref');
    this.expect('r_paren', "expected ')' after argument list");
    return { kind: 'ref', arg };
  }

  // -------------------------------------------------------------------------------------------
  // Verification

  private verify(loc: number, elements: readonly FormatElement[]): void {
    this.params.forEach((p, i) => {
      if (p.isOptional()) return;
      if (!this.seen[i]) {
        if (p.isAttributeSelfTypeParameter()) return;
        this.error(loc, `format is missing reference to parameter: ${p.getName()}`);
      }
      if (p.isAttributeSelfTypeParameter()) this.error(loc, 'unexpected self type parameter in assembly format');
    });
    for (let i = 0; i + 1 < elements.length; i++) {
      const a = elements[i]!;
      const b = elements[i + 1]!;
      if (a.kind === 'struct' && b.kind === 'literal' && b.value === ',' && capturedParams(a).some(isOptionalParam))
        this.error(loc, '`struct` directive with optional parameters cannot be followed by a comma literal');
    }
  }

  private verifyOptionalGroupElements(loc: number, elements: readonly FormatElement[], anchor: FormatElement | undefined): void {
    for (const el of elements) {
      if (el.kind === 'param') {
        if (!el.param.isOptional()) this.error(loc, 'parameters in an optional group must be optional');
      } else if (el.kind === 'params') {
        if (!el.params.every(isOptionalParam))
          this.error(loc, '`params` directive allowed in optional group only if all parameters are optional');
      } else if (el.kind === 'struct') {
        if (!capturedParams(el).every(isOptionalParam))
          this.error(loc, '`struct` is only allowed in an optional group if all captured parameters are optional');
      } else if (el.kind === 'custom') {
        for (const a of el.args) {
          if (a.kind === 'param' && !a.param.isOptional())
            this.error(loc, '`custom` is only allowed in an optional group if all captured parameters are optional');
        }
      }
    }
    if (!anchor) return;
    if (!(anchor.kind === 'param' || anchor.kind === 'params' || anchor.kind === 'struct' || anchor.kind === 'custom'))
      this.error(loc, 'optional group anchor must be a parameter or directive');
    if (anchor.kind === 'custom' && !anchor.args.some((a) => a.kind === 'param'))
      this.error(loc, '`custom` directive with no bound parameters cannot be used as optional group anchor');
  }
}

/** The result of parsing a format: the elements, or the errors in the order they are printed. */
export type ParsedAttrOrTypeFormat =
  | { readonly ok: true; readonly elements: readonly FormatElement[] }
  | { readonly ok: false; readonly errors: readonly AttrOrTypeFormatError[] };

/** Parse and check the `assemblyFormat` text of `def`. */
export function parseAttrOrTypeFormat(def: AttrOrTypeDef, format: string): ParsedAttrOrTypeFormat {
  const parser = new DefFormatParser(def, format);
  try {
    const elements = parser.parse();
    return { ok: true, elements };
  } catch (e) {
    if (!(e instanceof AttrOrTypeFormatError)) throw e;
    return { ok: false, errors: [...parser.errors, e] };
  }
}
