// The declarative assembly format of an op (`assemblyFormat`): lexer, parser into format
// elements, and the verification mlir-tblgen 22 performs (every operand/region/successor bound,
// every type resolvable, no ambiguities), with its error messages.
import { fatalAt } from '@ods-ts/tablegen-core';
import type { NamedAttribute, NamedProperty } from '../ods/attribute.js';
import type { NamedRegion, NamedSuccessor, NamedTypeConstraint } from '../ods/constraint.js';
import type { Operator } from '../ods/operator.js';
import { isUnitAttr, typeBuilderOf } from './op-format-model.js';

export type FormatElement =
  | { readonly k: 'literal'; readonly value: string }
  | { readonly k: 'space'; readonly value: string }
  | { readonly k: 'string'; readonly value: string }
  | { readonly k: 'attr'; readonly v: NamedAttribute; qualified: boolean }
  | { readonly k: 'operand'; readonly v: NamedTypeConstraint; readonly index: number }
  | { readonly k: 'result'; readonly v: NamedTypeConstraint; readonly index: number }
  | { readonly k: 'region'; readonly v: NamedRegion }
  | { readonly k: 'successor'; readonly v: NamedSuccessor }
  | { readonly k: 'property'; readonly v: NamedProperty }
  | { readonly k: 'operands' }
  | { readonly k: 'results' }
  | { readonly k: 'regions' }
  | { readonly k: 'successors' }
  | { readonly k: 'attr-dict'; readonly withKeyword: boolean }
  | { readonly k: 'prop-dict' }
  | { readonly k: 'functional-type'; readonly inputs: FormatElement; readonly results: FormatElement }
  | { readonly k: 'type'; readonly arg: FormatElement; qualified: boolean }
  | { readonly k: 'ref'; readonly arg: FormatElement }
  | { readonly k: 'custom'; readonly name: string; readonly args: readonly FormatElement[] }
  | OptionalElement
  | { readonly k: 'oilist'; readonly literals: readonly FormatElement[]; readonly parsing: readonly (readonly FormatElement[])[] };

export interface OptionalElement {
  readonly k: 'optional';
  readonly thenElements: readonly FormatElement[];
  readonly elseElements: readonly FormatElement[];
  readonly thenParseStart: number;
  readonly elseParseStart: number;
  readonly anchor: FormatElement;
  readonly inverted: boolean;
}

/** How an operand or result type is resolved when parsing. */
export interface TypeResolution {
  builderIdx?: number;
  variable?: NamedTypeConstraint;
  attribute?: NamedAttribute;
  transformer?: string;
}

/** The parsed and verified format with what the generators need. */
export class OperationFormat {
  elements: FormatElement[] = [];
  allOperands = false;
  allOperandTypes = false;
  allResultTypes = false;
  infersResultTypes = false;
  readonly hasImplicitTermTrait: boolean;
  readonly hasSingleBlockTrait: boolean;
  /** Buildable type → index, in insertion order. */
  readonly buildableTypes = new Map<string, number>();
  readonly operandTypes: TypeResolution[];
  readonly resultTypes: TypeResolution[];
  usedAttributes: NamedAttribute[] = [];
  readonly inferredAttributes: string[] = [];
  constructor(readonly op: Operator) {
    this.operandTypes = op.operands.map(() => ({}));
    this.resultTypes = op.results.map(() => ({}));
    this.hasImplicitTermTrait = op.traits.some((t) => t.def.isSubClassOfName('SingleBlockImplicitTerminatorImpl'));
    this.hasSingleBlockTrait = op.getTrait('::mlir::OpTrait::SingleBlock') !== undefined;
  }
}

type TokKind =
  | 'eof'
  | 'error'
  | 'caret'
  | 'colon'
  | 'comma'
  | 'equal'
  | 'less'
  | 'greater'
  | 'question'
  | 'l_paren'
  | 'r_paren'
  | 'star'
  | 'pipe'
  | 'literal'
  | 'variable'
  | 'string'
  | 'identifier'
  | 'keyword';

interface Token {
  readonly kind: TokKind;
  readonly spelling: string;
  readonly pos: number;
}

const KEYWORDS = new Set([
  'attr-dict',
  'attr-dict-with-keyword',
  'prop-dict',
  'custom',
  'functional-type',
  'oilist',
  'operands',
  'params',
  'ref',
  'regions',
  'results',
  'struct',
  'successors',
  'type',
  'qualified',
]);

const isAlpha = (c: string | undefined): boolean => c !== undefined && /[A-Za-z]/.test(c);
const isAlnum = (c: string | undefined): boolean => c !== undefined && /[A-Za-z0-9]/.test(c);

class FormatError extends Error {}

class Lexer {
  private pos = 0;
  constructor(
    private readonly text: string,
    private readonly fail: (msg: string) => never,
  ) {}
  next(): Token {
    const t = this.text;
    for (;;) {
      const start = this.pos;
      if (start >= t.length) return { kind: 'eof', spelling: '', pos: start };
      const c = t[this.pos++]!;
      const punct: { [ch: string]: TokKind } = {
        '^': 'caret',
        ':': 'colon',
        ',': 'comma',
        '=': 'equal',
        '<': 'less',
        '>': 'greater',
        '?': 'question',
        '(': 'l_paren',
        ')': 'r_paren',
        '*': 'star',
        '|': 'pipe',
      };
      const p = punct[c];
      if (p) return { kind: p, spelling: c, pos: start };
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\0') continue;
      if (c === '`') {
        while (this.pos < t.length) {
          if (t[this.pos++] === '`') return { kind: 'literal', spelling: t.slice(start, this.pos), pos: start };
        }
        this.fail('unexpected end of file in literal');
      }
      if (c === '$') {
        if (!isAlpha(t[this.pos]) && t[this.pos] !== '_') this.fail('expected variable name');
        while (isAlnum(t[this.pos]) || t[this.pos] === '_') this.pos++;
        return { kind: 'variable', spelling: t.slice(start, this.pos), pos: start };
      }
      if (c === '"') {
        let escape = false;
        while (this.pos < t.length) {
          const ch = t[this.pos++]!;
          if (!escape && ch === '"') return { kind: 'string', spelling: t.slice(start, this.pos), pos: start };
          escape = ch === '\\';
        }
        this.fail('unexpected end of file in string');
      }
      if (isAlpha(c) || c === '_') {
        while (isAlnum(t[this.pos]) || t[this.pos] === '_' || t[this.pos] === '-') this.pos++;
        const s = t.slice(start, this.pos);
        return { kind: KEYWORDS.has(s) ? 'keyword' : 'identifier', spelling: s, pos: start };
      }
      this.fail('unexpected character');
    }
  }
}

type Ctx = 'top' | 'custom' | 'type' | 'ref';

export function canFormatStringAsKeyword(value: string): boolean {
  if (!isAlpha(value[0]) && value[0] !== '_') return false;
  return [...value.slice(1)].every((c) => isAlnum(c) || c === '_' || c === '$' || c === '.');
}

function isValidLiteral(value: string): string | undefined {
  if (value === '') return "literal can't be empty";
  if (value.length === 1) {
    const bare = '_:,=<>()[]{}?+*';
    if (isAlpha(value) || bare.includes(value)) return undefined;
    return `single character literal must be a letter or one of '${bare}'`;
  }
  if (value === '->' || value === '...') return undefined;
  if (!isAlpha(value[0]) && value[0] !== '_') return "valid keyword starts with a letter or '_'";
  if (!canFormatStringAsKeyword(value)) return "keywords should contain only alphanum, '_', '$', or '.' characters";
  return undefined;
}

/** Parses and verifies an op's assembly format (OpFormatParser). */
class OpFormatParser {
  private readonly lexer: Lexer;
  private cur: Token;
  private hasAttrDict = false;
  private hasPropDict = false;
  private hasAllRegions = false;
  private hasAllSuccessors = false;
  private canInferResultTypes = false;
  private readonly seenOperandTypes: boolean[];
  private readonly seenResultTypes: boolean[];
  private readonly seenAttrs: NamedAttribute[] = [];
  private readonly seenOperands = new Set<NamedTypeConstraint>();
  private readonly seenRegions = new Set<NamedRegion>();
  private readonly seenSuccessors = new Set<NamedSuccessor>();
  private readonly seenProperties = new Set<NamedProperty>();

  constructor(
    private readonly fmt: OperationFormat,
    private readonly op: Operator,
  ) {
    this.lexer = new Lexer(op.getAssemblyFormat(), (m) => this.error(m));
    this.cur = this.lexer.next();
    this.seenOperandTypes = op.operands.map(() => false);
    this.seenResultTypes = op.results.map(() => false);
  }

  error(msg: string, note?: string): never {
    throw new FormatError(note === undefined ? msg : `${msg}\n${note}`);
  }
  private consume(): void {
    this.cur = this.lexer.next();
  }
  private expect(kind: TokKind, msg: string): Token {
    if (this.cur.kind !== kind) this.error(msg);
    const t = this.cur;
    this.consume();
    return t;
  }

  parse(): FormatElement[] {
    const elements: FormatElement[] = [];
    while (this.cur.kind !== 'eof') elements.push(this.parseElement('top'));
    this.verify(elements);
    return elements;
  }

  private parseElement(ctx: Ctx): FormatElement {
    switch (this.cur.kind) {
      case 'literal':
        return this.parseLiteral(ctx);
      case 'string':
        return this.parseString(ctx);
      case 'variable': {
        const name = this.cur.spelling.slice(1);
        this.consume();
        return this.parseVariable(name, ctx);
      }
      case 'keyword':
        return this.parseDirective(ctx);
      case 'l_paren':
        return this.parseOptionalGroup(ctx);
      default:
        return this.error('expected literal, variable, directive, or optional group');
    }
  }

  private parseLiteral(ctx: Ctx): FormatElement {
    const tok = this.cur;
    this.consume();
    if (ctx !== 'top') this.error('literals may only be used in the top-level section of the format');
    const sp = tok.spelling;
    if (sp.length < 2 || sp[0] !== '`' || sp[sp.length - 1] !== '`') this.error(`expected literal, but got '${sp}'`);
    const value = sp.slice(1, -1);
    if (value === '' || value === ' ' || value === '\\n') return { k: 'space', value };
    const err = isValidLiteral(value);
    if (err !== undefined) this.error(`expected valid literal but got '${value}': ${err}`);
    return { k: 'literal', value };
  }

  private parseString(ctx: Ctx): FormatElement {
    const tok = this.cur;
    this.consume();
    if (ctx !== 'custom') this.error("strings may only be used as 'custom' directive arguments");
    let value = '';
    for (const c of tok.spelling.slice(1, -1)) if (c !== '\\') value += c;
    return { k: 'string', value };
  }

  private parseOptionalGroup(ctx: Ctx): FormatElement {
    this.consume();
    if (ctx !== 'top') this.error('optional groups can only be used as top-level elements');
    let anchor: FormatElement | undefined;
    const parseChildren = (out: FormatElement[]): void => {
      do {
        const el = this.parseElement('top');
        if (this.cur.kind === 'caret') {
          if (anchor) this.error('only one element can be marked as the anchor of an optional group');
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
    if (!anchor) this.error('optional group has no anchor element');
    for (const e of thenElements) this.verifyOptionalGroupElement(e, e === anchor);
    for (const e of elseElements) this.verifyOptionalGroupElement(e, false);
    const thenParseStart = thenElements.findIndex((e) => e.k !== 'space');
    let elseParseStart = elseElements.findIndex((e) => e.k !== 'space');
    if (elseParseStart < 0) elseParseStart = elseElements.length;
    const first = thenElements[thenParseStart];
    if (!first || !(first.k === 'literal' || first.k === 'custom' || isVariable(first)))
      this.error('first parsable element of an optional group must be a literal, variable, or custom directive');
    return { k: 'optional', thenElements, elseElements, thenParseStart, elseParseStart, anchor, inverted };
  }

  private verifyOptionalGroupElement(el: FormatElement, isAnchor: boolean): void {
    switch (el.k) {
      case 'attr':
        if (isAnchor && !(el.v.attr.isOptional() || el.v.attr.hasDefaultValue()))
          this.error('only optional or default-valued attributes can be used to anchor an optional group');
        return;
      case 'property':
        if (isAnchor && !(el.v.prop.hasDefaultValue() && el.v.prop.fields.optionalParserCall !== ''))
          this.error(
            'only properties with default values that can be optionally parsed (have the `let optionalParser = ...` field defined) can be used to anchor an optional group',
          );
        return;
      case 'operand':
        if (!el.v.isVariableLength()) this.error('only variable length operands can be used within an optional group');
        return;
      case 'result':
        if (!el.v.isVariableLength()) this.error('only variable length results can be used within an optional group');
        return;
      case 'region':
        return;
      case 'type':
        this.verifyOptionalGroupElement(el.arg, false);
        return;
      case 'functional-type':
        this.verifyOptionalGroupElement(el.inputs, false);
        this.verifyOptionalGroupElement(el.results, false);
        return;
      case 'custom':
        if (!isAnchor) return;
        for (const c of el.args) if (c.k !== 'ref') this.verifyOptionalGroupElement(c, true);
        return;
      case 'literal':
      case 'space':
      case 'optional':
        if (isAnchor) this.error('only variables and types can be used to anchor an optional group');
        return;
      default:
        this.error('only literals, types, and variables can be used within an optional group');
    }
  }

  private parseVariable(name: string, ctx: Ctx): FormatElement {
    const op = this.op;
    const attr = op.attributes.find((a) => a.name === name);
    if (attr) {
      if (ctx === 'type') this.error('attributes cannot be used as children to a `type` directive');
      if (ctx === 'ref') {
        if (!this.seenAttrs.includes(attr)) this.error(`attribute '${name}' must be bound before it is referenced`);
      } else if (this.seenAttrs.includes(attr)) this.error(`attribute '${name}' is already bound`);
      else this.seenAttrs.push(attr);
      return { k: 'attr', v: attr, qualified: false };
    }
    const prop = op.properties.find((p) => p.name === name);
    if (prop) {
      if (ctx === 'type') this.error('properties cannot be used as children to a `type` directive');
      if (ctx === 'ref') {
        if (!this.seenProperties.has(prop)) this.error(`property '${name}' must be bound before it is referenced`);
      } else if (this.seenProperties.has(prop)) this.error(`property '${name}' is already bound`);
      else this.seenProperties.add(prop);
      return { k: 'property', v: prop };
    }
    const oi = op.operands.findIndex((o) => o.name === name);
    if (oi >= 0) {
      const operand = op.operands[oi]!;
      if (ctx === 'top' || ctx === 'custom') {
        if (this.fmt.allOperands || this.seenOperands.has(operand)) this.error(`operand '${name}' is already bound`);
        this.seenOperands.add(operand);
      } else if (ctx === 'ref' && !this.seenOperands.has(operand)) this.error(`operand '${name}' must be bound before it is referenced`);
      return { k: 'operand', v: operand, index: oi };
    }
    const region = op.regions.find((r) => r.name === name);
    if (region) {
      if (ctx === 'top' || ctx === 'custom') {
        if (this.hasAllRegions || this.seenRegions.has(region)) this.error(`region '${name}' is already bound`);
        this.seenRegions.add(region);
      } else if (ctx === 'ref' && !this.seenRegions.has(region)) this.error(`region '${name}' must be bound before it is referenced`);
      else if (ctx !== 'ref') this.error('regions can only be used at the top level');
      return { k: 'region', v: region };
    }
    const ri = op.results.findIndex((r) => r.name === name);
    if (ri >= 0) {
      if (ctx !== 'type') this.error("result variables can can only be used as a child to a 'type' directive");
      return { k: 'result', v: op.results[ri]!, index: ri };
    }
    const succ = op.successors.find((s) => s.name === name);
    if (succ) {
      if (ctx === 'top' || ctx === 'custom') {
        if (this.hasAllSuccessors || this.seenSuccessors.has(succ)) this.error(`successor '${name}' is already bound`);
        this.seenSuccessors.add(succ);
      } else if (ctx === 'ref' && !this.seenSuccessors.has(succ)) this.error(`successor '${name}' must be bound before it is referenced`);
      else if (ctx !== 'ref') this.error('successors can only be used at the top level');
      return { k: 'successor', v: succ };
    }
    return this.error('expected variable to refer to an argument, region, result, or successor');
  }

  private parseDirective(ctx: Ctx): FormatElement {
    const kw = this.cur.spelling;
    this.consume();
    switch (kw) {
      case 'custom':
        return this.parseCustom(ctx);
      case 'prop-dict':
        if (ctx === 'type') this.error("'prop-dict' directive can only be used as a top-level directive");
        if (ctx === 'ref') this.error("'ref' of 'prop-dict' unsupported");
        if (this.hasPropDict) this.error("'prop-dict' directive has already been seen");
        this.hasPropDict = true;
        return { k: 'prop-dict' };
      case 'attr-dict':
      case 'attr-dict-with-keyword':
        if (ctx === 'type') this.error("'attr-dict' directive can only be used as a top-level directive");
        if (ctx === 'ref') {
          if (!this.hasAttrDict) this.error("'ref' of 'attr-dict' is not bound by a prior 'attr-dict' directive");
        } else {
          if (this.hasAttrDict) this.error("'attr-dict' directive has already been seen");
          this.hasAttrDict = true;
        }
        return { k: 'attr-dict', withKeyword: kw === 'attr-dict-with-keyword' };
      case 'functional-type': {
        if (ctx !== 'top') this.error("'functional-type' is only valid as a top-level directive");
        this.expect('l_paren', "expected '(' before argument list");
        const inputs = this.parseTypeDirectiveOperand(false);
        this.expect('comma', "expected ',' after inputs argument");
        const results = this.parseTypeDirectiveOperand(false);
        this.expect('r_paren', "expected ')' after argument list");
        return { k: 'functional-type', inputs, results };
      }
      case 'operands':
        if (ctx === 'ref') {
          if (!this.fmt.allOperands) this.error("'ref' of 'operands' is not bound by a prior 'operands' directive");
        } else if (ctx === 'top' || ctx === 'custom') {
          if (this.fmt.allOperands || this.seenOperands.size > 0) this.error("'operands' directive creates overlap in format");
          this.fmt.allOperands = true;
        }
        return { k: 'operands' };
      case 'qualified': {
        this.expect('l_paren', "expected '(' before argument list");
        const el = this.parseElement(ctx);
        this.expect('r_paren', "expected ')' after argument list");
        if (el.k === 'attr' || el.k === 'type') {
          el.qualified = true;
          return el;
        }
        return this.error("'qualified' directive expects an attribute or a `type` directive");
      }
      case 'regions':
        if (ctx === 'type') this.error("'regions' is only valid as a top-level directive");
        if (ctx === 'ref') {
          if (!this.hasAllRegions) this.error("'ref' of 'regions' is not bound by a prior 'regions' directive");
        } else {
          if (this.hasAllRegions || this.seenRegions.size > 0) this.error("'regions' directive creates overlap in format");
          this.hasAllRegions = true;
        }
        return { k: 'regions' };
      case 'results':
        if (ctx !== 'type') this.error("'results' directive can can only be used as a child to a 'type' directive");
        return { k: 'results' };
      case 'successors':
        if (ctx === 'type') this.error("'successors' is only valid as a top-level directive");
        if (ctx === 'ref') {
          if (!this.hasAllSuccessors) this.error("'ref' of 'successors' is not bound by a prior 'successors' directive");
        } else {
          if (this.hasAllSuccessors || this.seenSuccessors.size > 0) this.error("'successors' directive creates overlap in format");
          this.hasAllSuccessors = true;
        }
        return { k: 'successors' };
      case 'ref': {
        if (ctx !== 'custom') this.error("'ref' is only valid within a `custom` directive");
        this.expect('l_paren', "expected '(' before argument list");
        const arg = this.parseElement('ref');
        this.expect('r_paren', "expected ')' after argument list");
        return { k: 'ref', arg };
      }
      case 'type': {
        if (ctx === 'type') this.error("'type' cannot be used as a child of another `type`");
        this.expect('l_paren', "expected '(' before argument list");
        const arg = this.parseTypeDirectiveOperand(ctx === 'ref');
        this.expect('r_paren', "expected ')' after argument list");
        return { k: 'type', arg, qualified: false };
      }
      case 'oilist':
        return this.parseOIList(ctx);
      default:
        return this.error('unsupported directive kind');
    }
  }

  private parseCustom(ctx: Ctx): FormatElement {
    if (ctx !== 'top') this.error("'custom' is only valid as a top-level directive");
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
    for (const a of args) {
      if (!['attr-dict', 'attr', 'operand', 'property', 'ref', 'region', 'successor', 'string', 'type'].includes(a.k))
        this.error('only variables and types may be used as parameters to a custom directive');
      if (a.k === 'type' && a.arg.k !== 'operand' && a.arg.k !== 'result')
        this.error('type directives within a custom directive may only refer to variables');
    }
    return { k: 'custom', name, args };
  }

  private parseOIList(ctx: Ctx): FormatElement {
    this.expect('l_paren', "expected '(' before oilist argument list");
    const literals: FormatElement[] = [];
    const parsing: FormatElement[][] = [];
    for (;;) {
      literals.push(this.parseLiteral(ctx));
      const cur: FormatElement[] = [];
      parsing.push(cur);
      while (this.cur.kind !== 'pipe' && this.cur.kind !== 'r_paren') {
        const el = this.parseElement(ctx);
        for (const v of collectVariables(el)) {
          if (v.k === 'attr' && !v.v.attr.isOptional() && !v.v.attr.hasDefaultValue())
            this.error('only optional attributes can be used in an oilist parsing group');
          else if (v.k === 'property' && !v.v.prop.hasDefaultValue()) this.error('only default-valued or optional properties can be used in an olist parsing group');
          else if (v.k === 'operand' && !v.v.isVariableLength()) this.error('only variable length operands can be used within an oilist parsing group');
          else if (v.k === 'result' && !v.v.isVariableLength()) this.error('only variable length results can be used within an oilist parsing group');
          else if (v.k !== 'attr' && v.k !== 'property' && v.k !== 'operand' && v.k !== 'result' && v.k !== 'region')
            this.error('only literals, types, and variables can be used within an oilist group');
        }
        cur.push(el);
      }
      if (this.cur.kind === 'pipe') {
        this.consume();
        continue;
      }
      this.consume();
      break;
    }
    return { k: 'oilist', literals, parsing };
  }

  private parseTypeDirectiveOperand(isRefChild: boolean): FormatElement {
    const el = this.parseElement('type');
    if (el.k === 'literal') this.error("'type' directive operand expects variable or directive operand");
    const fmt = this.fmt;
    if (el.k === 'operand') {
      const seen = fmt.allOperandTypes || this.seenOperandTypes[el.index]!;
      if (!isRefChild && seen) this.error(`'type' of '${el.v.name}' is already bound`);
      if (isRefChild && !seen) this.error(`'ref' of 'type($${el.v.name})' is not bound by a prior 'type' directive`);
      this.seenOperandTypes[el.index] = true;
    } else if (el.k === 'result') {
      const seen = fmt.allResultTypes || this.seenResultTypes[el.index]!;
      if (!isRefChild && seen) this.error(`'type' of '${el.v.name}' is already bound`);
      if (isRefChild && !seen) this.error(`'ref' of 'type($${el.v.name})' is not bound by a prior 'type' directive`);
      this.seenResultTypes[el.index] = true;
    } else if (el.k === 'operands') {
      if (!isRefChild && (fmt.allOperandTypes || this.seenOperandTypes.some((x) => x))) this.error("'operands' 'type' is already bound");
      if (isRefChild && !fmt.allOperandTypes) this.error("'ref' of 'type(operands)' is not bound by a prior 'type' directive");
      fmt.allOperandTypes = true;
    } else if (el.k === 'results') {
      if (!isRefChild && (fmt.allResultTypes || this.seenResultTypes.some((x) => x))) this.error("'results' 'type' is already bound");
      if (isRefChild && !fmt.allResultTypes) this.error("'ref' of 'type(results)' is not bound by a prior 'type' directive");
      fmt.allResultTypes = true;
    } else this.error("invalid argument to 'type' directive");
    return el;
  }

  // -- verification --------------------------------------------------------------------------

  private verify(elements: FormatElement[]): void {
    const op = this.op;
    if (!this.hasAttrDict) this.error("'attr-dict' directive not found in custom assembly format");
    const resolver = new Map<string, { arg: NamedTypeConstraint | NamedAttribute; transformer?: string }>();
    for (const t of op.traits) {
      const def = t.def;
      if (def.isSubClassOfName('AllTypesMatch')) this.handleAllTypesMatch(def.getValueAsListOfStrings('values'), resolver);
      else if (def.getName() === 'SameTypeOperands') this.handleSameTypes(resolver, false);
      else if (def.getName() === 'SameOperandsAndResultType') this.handleSameTypes(resolver, true);
      else if (def.isSubClassOfName('TypesMatchWith')) {
        const arg = this.findSeenArg(def.getValueAsString('lhs'));
        if (arg) resolver.set(def.getValueAsString('rhs'), { arg, transformer: def.getValueAsString('transformer') });
      } else if (def.isSubClassOfName('ShapedTypeMatchesElementCountAndTypes')) {
        const arg = this.findSeenArg(def.getValueAsString('shaped'));
        if (arg)
          resolver.set(def.getValueAsString('elements'), {
            arg,
            transformer:
              '::llvm::SmallVector<::mlir::Type>(::llvm::cast<::mlir::ShapedType>($_self).getNumElements(), ::llvm::cast<::mlir::ShapedType>($_self).getElementType())',
          });
      } else if (!op.allResultTypesKnown) {
        const name = def.getValueAsOptionalString('cppInterfaceName');
        if (name === 'InferTypeOpInterface' && def.getValueAsString('cppNamespace') === '::mlir') this.canInferResultTypes = true;
      }
    }
    this.verifyAttributes(elements);
    this.verifyResults(resolver);
    this.verifyOperands(resolver);
    if (!this.hasAllRegions)
      op.regions.forEach((r, i) => {
        if (!this.seenRegions.has(r))
          this.error(`region #${i}, named '${r.name}', not found`, `suggest adding a '$${r.name}' directive to the custom assembly format`);
      });
    if (!this.hasAllSuccessors)
      op.successors.forEach((s, i) => {
        if (!this.seenSuccessors.has(s))
          this.error(`successor #${i}, named '${s.name}', not found`, `suggest adding a '$${s.name}' directive to the custom assembly format`);
      });
    this.verifyOIListElements(elements);
    this.fmt.usedAttributes = [...this.seenAttrs];
  }

  private handleAllTypesMatch(values: string[], resolver: Map<string, { arg: NamedTypeConstraint | NamedAttribute; transformer?: string }>): void {
    values.forEach((v, i) => {
      const arg = this.findSeenArg(v);
      if (!arg) return;
      values.forEach((w, j) => {
        if (j !== i) resolver.set(w, { arg });
      });
    });
  }

  private handleSameTypes(resolver: Map<string, { arg: NamedTypeConstraint | NamedAttribute; transformer?: string }>, includeResults: boolean): void {
    const op = this.op;
    let res: NamedTypeConstraint | undefined;
    const oi = this.seenOperandTypes.indexOf(true);
    if (oi >= 0) res = op.operands[oi];
    else if (includeResults) {
      const ri = this.seenResultTypes.indexOf(true);
      if (ri >= 0) res = op.results[ri];
    }
    if (!res) return;
    op.operands.forEach((o, i) => {
      if (!this.seenOperandTypes[i]) resolver.set(o.name, { arg: res });
    });
    if (includeResults)
      op.results.forEach((r, i) => {
        if (!this.seenResultTypes[i]) resolver.set(r.name, { arg: res });
      });
  }

  private findSeenArg(name: string): NamedTypeConstraint | NamedAttribute | undefined {
    const op = this.op;
    const oi = op.operands.findIndex((o) => o.name === name);
    if (oi >= 0) return this.seenOperandTypes[oi] ? op.operands[oi] : undefined;
    const ri = op.results.findIndex((o) => o.name === name);
    if (ri >= 0) return this.seenResultTypes[ri] ? op.results[ri] : undefined;
    const attr = op.attributes.find((a) => a.name === name);
    if (attr) return this.seenAttrs.includes(attr) ? attr : undefined;
    return undefined;
  }

  private verifyAttributes(elements: FormatElement[]): void {
    const isColonBase = (el: FormatElement): boolean =>
      el.k === 'attr' && typeBuilderOf(el.v.attr) === undefined && (el.qualified || el.v.attr.getStorageType() === '::mlir::Attribute');
    verifyAdjacentElements(isColonBase, (base, el) => {
      if (el.k !== 'literal' || el.value !== ':') return false;
      const name = base.k === 'attr' ? base.v.name : '';
      this.error(`format ambiguity caused by \`:\` literal found after attribute \`${name}\` which does not have a buildable type`);
    }, elements);
    verifyAdjacentElements(
      (el) => el.k === 'attr-dict' && !el.withKeyword,
      (_base, el) => {
        if (el.k !== 'region') return false;
        this.error(`format ambiguity caused by \`attr-dict\` directive followed by region \`${el.v.name}\``, 'try using `attr-dict-with-keyword` instead');
      },
      elements,
    );
    for (const v of this.seenOperands)
      if (v.isVariadicOfVariadic()) {
        const n = v.constraint.getVariadicOfVariadicSegmentSizeAttr();
        if (!this.fmt.inferredAttributes.includes(n)) this.fmt.inferredAttributes.push(n);
      }
  }

  private verifyOperands(resolver: Map<string, { arg: NamedTypeConstraint | NamedAttribute; transformer?: string }>): void {
    const fmt = this.fmt;
    this.op.operands.forEach((operand, i) => {
      if (!fmt.allOperands && !this.seenOperands.has(operand))
        this.error(`operand #${i}, named '${operand.name}', not found`, `suggest adding a '$${operand.name}' directive to the custom assembly format`);
      if (fmt.allOperandTypes || this.seenOperandTypes[i]) return;
      const r = resolver.get(operand.name);
      if (r) {
        setResolver(fmt.operandTypes[i]!, r);
        return;
      }
      const builder = operand.constraint.getBuilderCall();
      if (builder === undefined || (fmt.allOperands && operand.isVariableLength()))
        this.error(
          `type of operand #${i}, named '${operand.name}', is not buildable and a buildable type cannot be inferred`,
          `suggest adding a type constraint to the operation or adding a 'type($${operand.name})' directive to the custom assembly format`,
        );
      fmt.operandTypes[i]!.builderIdx = buildableIndex(fmt, builder);
    });
  }

  private verifyResults(resolver: Map<string, { arg: NamedTypeConstraint | NamedAttribute; transformer?: string }>): void {
    const fmt = this.fmt;
    const op = this.op;
    if (fmt.allResultTypes) return;
    if (op.getNumResults() > 0 && !this.seenResultTypes.some((x) => x) && this.canInferResultTypes) {
      fmt.infersResultTypes = true;
      return;
    }
    op.results.forEach((result, i) => {
      if (this.seenResultTypes[i]) return;
      const r = resolver.get(result.name);
      if (r) {
        setResolver(fmt.resultTypes[i]!, r);
        return;
      }
      const builder = result.constraint.getBuilderCall();
      if (builder === undefined || result.isVariableLength())
        this.error(
          `type of result #${i}, named '${result.name}', is not buildable and a buildable type cannot be inferred`,
          `suggest adding a type constraint to the operation or adding a 'type($${result.name})' directive to the custom assembly format`,
        );
      fmt.resultTypes[i]!.builderIdx = buildableIndex(fmt, builder);
    });
  }

  private verifyOIListElements(elements: FormatElement[]): void {
    let prohibited: string[] = [];
    for (const it of elements) {
      if (it.k === 'oilist') {
        const lits = it.literals.map((l) => (l.k === 'literal' ? l.value : ''));
        if (prohibited.length > 0)
          for (const l of lits) if (prohibited.includes(l)) this.error(`format ambiguity because ${l} is used in two adjacent oilist elements.`);
        prohibited.push(...lits);
      } else if (it.k === 'literal') {
        if (prohibited.includes(it.value)) this.error(`format ambiguity because ${it.value} is used both in oilist element and the adjacent literal.`);
        prohibited = [];
      } else prohibited = [];
    }
  }
}

function buildableIndex(fmt: OperationFormat, builder: string): number {
  const existing = fmt.buildableTypes.get(builder);
  if (existing !== undefined) return existing;
  const idx = fmt.buildableTypes.size;
  fmt.buildableTypes.set(builder, idx);
  return idx;
}

function setResolver(res: TypeResolution, r: { arg: NamedTypeConstraint | NamedAttribute; transformer?: string }): void {
  if ('constraint' in r.arg) res.variable = r.arg;
  else res.attribute = r.arg;
  res.transformer = r.transformer;
}

export function isVariable(el: FormatElement): boolean {
  return el.k === 'attr' || el.k === 'operand' || el.k === 'result' || el.k === 'region' || el.k === 'successor' || el.k === 'property';
}

/** The variables of an element, looking into custom directives, optional groups, etc. */
export function collectVariables(el: FormatElement, out: FormatElement[] = []): FormatElement[] {
  if (isVariable(el)) out.push(el);
  else if (el.k === 'custom') for (const a of el.args) collectVariables(a, out);
  else if (el.k === 'optional') {
    for (const a of el.thenElements) collectVariables(a, out);
    for (const a of el.elseElements) collectVariables(a, out);
  } else if (el.k === 'functional-type') {
    collectVariables(el.inputs, out);
    collectVariables(el.results, out);
  } else if (el.k === 'oilist') for (const p of el.parsing) for (const a of p) collectVariables(a, out);
  return out;
}

function isOptionallyParsed(el: FormatElement): boolean {
  switch (el.k) {
    case 'attr':
      return el.v.attr.isOptional() || el.v.attr.hasDefaultValue();
    case 'operand':
      return el.v.isOptional() || el.v.isVariadic() || el.v.isVariadicOfVariadic();
    case 'successor':
    case 'region':
      return el.v.isVariadic();
    case 'space':
    case 'attr-dict':
      return true;
    default:
      return false;
  }
}

/** undefined: reached the end; true: valid; the `isInvalid` callback throws on an error. */
function checkRange(
  base: FormatElement,
  isInvalid: (base: FormatElement, el: FormatElement) => boolean,
  elements: readonly FormatElement[],
  guard?: FormatElement,
): boolean | undefined {
  for (const el of elements) {
    if (isInvalid(base, el)) return false;
    if (el.k === 'optional') {
      if (checkRange(base, isInvalid, el.thenElements, el.thenElements[0]) === false) return false;
      if (checkRange(base, isInvalid, el.elseElements) === false) return false;
      continue;
    }
    if (el !== guard && isOptionallyParsed(el)) continue;
    return true;
  }
  return undefined;
}

function verifyAdjacentElements(
  isBase: (el: FormatElement) => boolean,
  isInvalid: (base: FormatElement, el: FormatElement) => boolean,
  elements: readonly FormatElement[],
): FormatElement | undefined {
  for (let i = 0; i < elements.length; i++) {
    const it = elements[i]!;
    let base: FormatElement | undefined;
    if (isBase(it)) base = it;
    else if (it.k === 'optional') {
      const t = verifyAdjacentElements(isBase, isInvalid, it.thenElements);
      const e = verifyAdjacentElements(isBase, isInvalid, it.elseElements);
      base = t ?? e;
      if (!base) continue;
    } else continue;
    const r = checkRange(base, isInvalid, elements.slice(i + 1));
    if (r === undefined) return base;
  }
  return undefined;
}

/** Parse and verify the op's assembly format; a format error is fatal, located at the op. */
export function parseOpFormat(op: Operator): OperationFormat {
  const fmt = new OperationFormat(op);
  try {
    fmt.elements = new OpFormatParser(fmt, op).parse();
  } catch (e) {
    if (e instanceof FormatError) {
      const [msg, note] = e.message.split('\n');
      fatalAt(op.def, note === undefined ? msg! : `${msg!}\nnote: in custom assembly format for this operation\nnote: ${note}`);
    }
    throw e;
  }
  return fmt;
}

export { isUnitAttr };
