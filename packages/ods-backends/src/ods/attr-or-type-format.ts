// The declarative assembly format of attributes and types (`assemblyFormat` of an AttrDef or
// TypeDef): the lexer, the parser into format elements and the checks mlir-tblgen 22 performs,
// with its error messages. The code generation lives in generators/attr-or-type-format-gen.ts.
//
// Syntax: literals (`` `<` ``, `` `keyword` ``; `` ` ` ``, `` `\n` `` and ``` `` ``` are whitespace),
// parameter variables (`$name`), the directives `params`, `struct(...)` (of parameters,
// `params`, or single-parameter `custom` directives), `custom<Name>(...)` (with `"C++ strings"`
// and `ref($name)` arguments), `qualified($name)`, and optional groups `(... $anchor^ ...)?`
// with an optional else branch `(...) : (...)?`.
import { FormatError, FormatParserBase, type OptionalGroupParts, TokKind } from '../format/format-parser.js';
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
export interface OptionalElement extends OptionalGroupParts<FormatElement> {
  readonly kind: 'optional';
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

// ---------------------------------------------------------------------------------------------
// Parser

type Context = 'top' | 'custom' | 'ref' | 'struct';

/** Parses and checks the assembly format of one AttrDef/TypeDef (DefFormatParser). */
class DefFormatParser extends FormatParserBase<FormatElement, Context> {
  private readonly seen: boolean[];
  private readonly params: readonly AttrOrTypeParameter[];
  // `errors` also holds the errors of elements whose failure their directive reports again.

  constructor(
    private readonly def: AttrOrTypeDef,
    format: string,
  ) {
    super(format);
    this.params = def.getParameters();
    this.seen = this.params.map(() => false);
  }

  protected makeLiteral(value: string): FormatElement {
    return { kind: 'literal', value };
  }
  protected makeWhitespace(value: string): FormatElement {
    return { kind: 'whitespace', value };
  }
  protected makeString(value: string): FormatElement {
    return { kind: 'string', value };
  }
  protected makeOptional(parts: OptionalGroupParts<FormatElement>): FormatElement {
    return { kind: 'optional', ...parts };
  }

  protected parseVariable(ctx: Context): ParamElement {
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

  protected parseDirective(ctx: Context): FormatElement {
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

  protected isWhitespace(el: FormatElement): boolean {
    return el.kind === 'whitespace';
  }
  protected canStartOptionalGroup(el: FormatElement): boolean {
    return el.kind === 'literal' || el.kind === 'param' || el.kind === 'custom';
  }


  private parseCustomDirective(loc: number, ctx: Context): CustomElement {
    if (ctx !== 'top' && ctx !== 'struct')
      this.error(loc, '`custom` can only be used at the top-level context or within a `struct` directive');
    this.expect(TokKind.Less, "expected '<' before custom directive name");
    const name = this.expect(TokKind.Identifier, 'expected custom directive name identifier').spelling;
    this.expect(TokKind.Greater, "expected '>' after custom directive name");
    this.expect(TokKind.LParen, "expected '(' before custom directive parameters");
    const args: FormatElement[] = [];
    for (;;) {
      args.push(this.parseElement('custom'));
      if (this.cur.kind !== TokKind.Comma) break;
      this.consume();
    }
    this.expect(TokKind.RParen, "expected ')' after custom directive parameters");
    return { kind: 'custom', name, args };
  }

  private parseQualifiedDirective(loc: number, ctx: Context): FormatElement {
    this.expect(TokKind.LParen, "expected '(' before argument list");
    const el = this.parseElement(ctx);
    if (el.kind !== 'param') this.error(loc, '`qualified` argument list expected a variable');
    el.qualified = true;
    this.expect(TokKind.RParen, "expected ')' after argument list");
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
    this.expect(TokKind.LParen, "expected '(' before `struct` argument list");
    const first = this.parseElementOrUndefined('struct');
    if (!first || (first.kind !== 'param' && first.kind !== 'params' && first.kind !== 'custom'))
      this.error(loc, '`struct` argument list expected a parameter or directive');
    let elements: (ParamElement | CustomElement)[];
    if (first.kind === 'params') {
      // `struct(params)` captures every parameter.
      elements = [...first.params];
    } else {
      elements = [first];
      while (this.cur.kind === TokKind.Comma) {
        this.consume();
        const next = this.parseElementOrUndefined('struct');
        if (!next || (next.kind !== 'param' && next.kind !== 'custom'))
          this.error(loc, 'expected a parameter or `custom` directive in `struct` argument list');
        elements.push(next);
      }
    }
    this.expect(TokKind.RParen, "expected ')' at the end of an argument list");
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
      if (!(e instanceof FormatError)) throw e;
      this.errors.push(e);
      return undefined;
    }
  }

  private parseRefDirective(loc: number, ctx: Context): FormatElement {
    if (ctx !== 'custom') this.error(loc, "'ref' is only valid within a `custom` directive");
    this.expect(TokKind.LParen, "expected '(' before argument list");
    const arg = this.parseElement('ref');
    this.expect(TokKind.RParen, "expected ')' after argument list");
    return { kind: 'ref', arg };
  }

  // -------------------------------------------------------------------------------------------
  // Verification

  protected verify(loc: number, elements: readonly FormatElement[]): void {
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

  protected verifyOptionalGroupElements(loc: number, elements: readonly FormatElement[], anchor: FormatElement | undefined): void {
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
  | { readonly ok: false; readonly errors: readonly FormatError[] };

/** Parse and check the `assemblyFormat` text of `def`. */
export function parseAttrOrTypeFormat(def: AttrOrTypeDef, format: string): ParsedAttrOrTypeFormat {
  const parser = new DefFormatParser(def, format);
  try {
    const elements = parser.parse();
    return { ok: true, elements };
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    return { ok: false, errors: [...parser.errors, e] };
  }
}
