// The declarative assembly format of an op (`assemblyFormat`): the parser into format elements
// (over the shared FormatParserBase) and the verification mlir-tblgen 22 performs (every
// operand/region/successor bound, every type resolvable, no ambiguities), with its messages.
import { FatalError } from '@ods-ts/tablegen-core';
import { FormatError, FormatParserBase, type OptionalGroupParts, TokKind, printFormatErrors } from './format-parser.js';
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

export interface OptionalElement extends OptionalGroupParts<FormatElement> {
  readonly k: 'optional';
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
  /** Whether a `prop-dict` directive appears (at the top level or as a custom directive argument). */
  hasPropDict = false;
  /** The properties bound by the format, in binding order. */
  usedProperties: NamedProperty[] = [];
  readonly inferredAttributes: string[] = [];
  constructor(readonly op: Operator) {
    this.operandTypes = op.operands.map(() => ({}));
    this.resultTypes = op.results.map(() => ({}));
    this.hasImplicitTermTrait = op.traits.some((t) => t.def.isSubClassOfName('SingleBlockImplicitTerminatorImpl'));
    this.hasSingleBlockTrait = op.getTrait('::mlir::OpTrait::SingleBlock') !== undefined;
  }
}

type Ctx = 'top' | 'custom' | 'type' | 'ref';

/** Parses and verifies an op's assembly format (OpFormatParser). */
class OpFormatParser extends FormatParserBase<FormatElement, Ctx> {
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
    super(op.getAssemblyFormat());
    this.seenOperandTypes = op.operands.map(() => false);
    this.seenResultTypes = op.results.map(() => false);
  }

  protected makeLiteral(value: string): FormatElement {
    return { k: 'literal', value };
  }
  protected makeWhitespace(value: string): FormatElement {
    return { k: 'space', value };
  }
  protected makeString(value: string): FormatElement {
    return { k: 'string', value };
  }
  protected makeOptional(parts: OptionalGroupParts<FormatElement>): FormatElement {
    return { k: 'optional', ...parts };
  }

  protected parseVariable(ctx: Ctx): FormatElement {
    const { spelling, pos } = this.cur;
    this.consume();
    return this.bindVariable(pos, spelling.slice(1), ctx);
  }

  protected isWhitespace(el: FormatElement): boolean {
    return el.k === 'space';
  }
  protected canStartOptionalGroup(el: FormatElement): boolean {
    return el.k === 'literal' || el.k === 'custom' || isVariable(el);
  }
  protected verifyOptionalGroupElements(loc: number, elements: readonly FormatElement[], anchor: FormatElement | undefined): void {
    for (const e of elements) this.verifyOptionalGroupElement(loc, e, e === anchor);
  }

  private verifyOptionalGroupElement(loc: number, el: FormatElement, isAnchor: boolean): void {
    switch (el.k) {
      case 'attr':
        if (isAnchor && !(el.v.attr.isOptional() || el.v.attr.hasDefaultValue()))
          this.error(loc, 'only optional or default-valued attributes can be used to anchor an optional group');
        return;
      case 'property':
        if (isAnchor && !(el.v.prop.hasDefaultValue() && el.v.prop.fields.optionalParserCall !== ''))
          this.error(loc, 
            'only properties with default values that can be optionally parsed (have the `let optionalParser = ...` field defined) can be used to anchor an optional group',
          );
        return;
      case 'operand':
        if (!el.v.isVariableLength()) this.error(loc, 'only variable length operands can be used within an optional group');
        return;
      case 'result':
        if (!el.v.isVariableLength()) this.error(loc, 'only variable length results can be used within an optional group');
        return;
      case 'region':
        return;
      case 'type':
        this.verifyOptionalGroupElement(loc, el.arg, false);
        return;
      case 'functional-type':
        this.verifyOptionalGroupElement(loc, el.inputs, false);
        this.verifyOptionalGroupElement(loc, el.results, false);
        return;
      case 'custom':
        if (!isAnchor) return;
        for (const c of el.args) if (c.k !== 'ref') this.verifyOptionalGroupElement(loc, c, true);
        return;
      case 'literal':
      case 'space':
      case 'optional':
        if (isAnchor) this.error(loc, 'only variables and types can be used to anchor an optional group');
        return;
      default:
        this.error(loc, 'only literals, types, and variables can be used within an optional group');
    }
  }

  /** The argument, region, result or successor `$name` refers to, checked against `ctx`. */
  private bindVariable(loc: number, name: string, ctx: Ctx): FormatElement {
    const op = this.op;
    const attr = op.attributes.find((a) => a.name === name);
    if (attr) {
      if (ctx === 'type') this.error(loc, 'attributes cannot be used as children to a `type` directive');
      if (ctx === 'ref') {
        if (!this.seenAttrs.includes(attr)) this.error(loc, `attribute '${name}' must be bound before it is referenced`);
      } else if (this.seenAttrs.includes(attr)) this.error(loc, `attribute '${name}' is already bound`);
      else this.seenAttrs.push(attr);
      return { k: 'attr', v: attr, qualified: false };
    }
    const prop = op.properties.find((p) => p.name === name);
    if (prop) {
      if (ctx === 'type') this.error(loc, 'properties cannot be used as children to a `type` directive');
      if (ctx === 'ref') {
        if (!this.seenProperties.has(prop)) this.error(loc, `property '${name}' must be bound before it is referenced`);
      } else if (this.seenProperties.has(prop)) this.error(loc, `property '${name}' is already bound`);
      else this.seenProperties.add(prop);
      return { k: 'property', v: prop };
    }
    const oi = op.operands.findIndex((o) => o.name === name);
    if (oi >= 0) {
      const operand = op.operands[oi]!;
      if (ctx === 'top' || ctx === 'custom') {
        if (this.fmt.allOperands || this.seenOperands.has(operand)) this.error(loc, `operand '${name}' is already bound`);
        this.seenOperands.add(operand);
      } else if (ctx === 'ref' && !this.seenOperands.has(operand)) this.error(loc, `operand '${name}' must be bound before it is referenced`);
      return { k: 'operand', v: operand, index: oi };
    }
    const region = op.regions.find((r) => r.name === name);
    if (region) {
      if (ctx === 'top' || ctx === 'custom') {
        if (this.hasAllRegions || this.seenRegions.has(region)) this.error(loc, `region '${name}' is already bound`);
        this.seenRegions.add(region);
      } else if (ctx === 'ref' && !this.seenRegions.has(region)) this.error(loc, `region '${name}' must be bound before it is referenced`);
      else if (ctx !== 'ref') this.error(loc, 'regions can only be used at the top level or in a ref directive');
      return { k: 'region', v: region };
    }
    const ri = op.results.findIndex((r) => r.name === name);
    if (ri >= 0) {
      if (ctx !== 'type') this.error(loc, "result variables can can only be used as a child to a 'type' directive");
      return { k: 'result', v: op.results[ri]!, index: ri };
    }
    const succ = op.successors.find((s) => s.name === name);
    if (succ) {
      if (ctx === 'top' || ctx === 'custom') {
        if (this.hasAllSuccessors || this.seenSuccessors.has(succ)) this.error(loc, `successor '${name}' is already bound`);
        this.seenSuccessors.add(succ);
      } else if (ctx === 'ref' && !this.seenSuccessors.has(succ)) this.error(loc, `successor '${name}' must be bound before it is referenced`);
      else if (ctx !== 'ref') this.error(loc, 'successors can only be used at the top level or in a ref directive');
      return { k: 'successor', v: succ };
    }
    return this.error(loc, 'expected variable to refer to an argument, region, result, or successor');
  }

  protected parseDirective(ctx: Ctx): FormatElement {
    const { spelling: kw, pos: loc } = this.cur;
    this.consume();
    switch (kw) {
      case 'custom':
        return this.parseCustom(loc, ctx);
      case 'prop-dict':
        if (ctx === 'type') this.error(loc, "'prop-dict' directive can only be used as a top-level directive");
        if (ctx === 'ref') this.error(loc, "'ref' of 'prop-dict' unsupported");
        if (this.hasPropDict) this.error(loc, "'prop-dict' directive has already been seen");
        this.hasPropDict = true;
        return { k: 'prop-dict' };
      case 'attr-dict':
      case 'attr-dict-with-keyword':
        if (ctx === 'type') this.error(loc, "'attr-dict' directive can only be used as a top-level directive");
        if (ctx === 'ref') {
          if (!this.hasAttrDict) this.error(loc, "'ref' of 'attr-dict' is not bound by a prior 'attr-dict' directive");
        } else {
          if (this.hasAttrDict) this.error(loc, "'attr-dict' directive has already been seen");
          this.hasAttrDict = true;
        }
        return { k: 'attr-dict', withKeyword: kw === 'attr-dict-with-keyword' };
      case 'functional-type': {
        if (ctx !== 'top') this.error(loc, "'functional-type' is only valid as a top-level directive");
        this.expect(TokKind.LParen, "expected '(' before argument list");
        const inputs = this.parseTypeDirectiveOperand(loc, false);
        this.expect(TokKind.Comma, "expected ',' after inputs argument");
        const results = this.parseTypeDirectiveOperand(loc, false);
        this.expect(TokKind.RParen, "expected ')' after argument list");
        return { k: 'functional-type', inputs, results };
      }
      case 'operands':
        if (ctx === 'ref') {
          if (!this.fmt.allOperands) this.error(loc, "'ref' of 'operands' is not bound by a prior 'operands' directive");
        } else if (ctx === 'top' || ctx === 'custom') {
          if (this.fmt.allOperands || this.seenOperands.size > 0) this.error(loc, "'operands' directive creates overlap in format");
          this.fmt.allOperands = true;
        }
        return { k: 'operands' };
      case 'qualified': {
        this.expect(TokKind.LParen, "expected '(' before argument list");
        const el = this.parseElement(ctx);
        this.expect(TokKind.RParen, "expected ')' after argument list");
        if (el.k === 'attr' || el.k === 'type') {
          el.qualified = true;
          return el;
        }
        return this.error(loc, "'qualified' directive expects an attribute or a `type` directive");
      }
      case 'regions':
        if (ctx === 'type') this.error(loc, "'regions' is only valid as a top-level directive");
        if (ctx === 'ref') {
          if (!this.hasAllRegions) this.error(loc, "'ref' of 'regions' is not bound by a prior 'regions' directive");
        } else {
          if (this.hasAllRegions || this.seenRegions.size > 0) this.error(loc, "'regions' directive creates overlap in format");
          this.hasAllRegions = true;
        }
        return { k: 'regions' };
      case 'results':
        if (ctx !== 'type') this.error(loc, "'results' directive can can only be used as a child to a 'type' directive");
        return { k: 'results' };
      case 'successors':
        if (ctx === 'type') this.error(loc, "'successors' is only valid as a top-level directive");
        if (ctx === 'ref') {
          if (!this.hasAllSuccessors) this.error(loc, "'ref' of 'successors' is not bound by a prior 'successors' directive");
        } else {
          if (this.hasAllSuccessors || this.seenSuccessors.size > 0) this.error(loc, "'successors' directive creates overlap in format");
          this.hasAllSuccessors = true;
        }
        return { k: 'successors' };
      case 'ref': {
        if (ctx !== 'custom') this.error(loc, "'ref' is only valid within a `custom` directive");
        this.expect(TokKind.LParen, "expected '(' before argument list");
        const arg = this.parseElement('ref');
        this.expect(TokKind.RParen, "expected ')' after argument list");
        return { k: 'ref', arg };
      }
      case 'type': {
        if (ctx === 'type') this.error(loc, "'type' cannot be used as a child of another `type`");
        this.expect(TokKind.LParen, "expected '(' before argument list");
        const arg = this.parseTypeDirectiveOperand(loc, ctx === 'ref');
        this.expect(TokKind.RParen, "expected ')' after argument list");
        return { k: 'type', arg, qualified: false };
      }
      case 'oilist':
        return this.parseOIList(loc, ctx);
      default:
        return this.error(loc, 'unsupported directive kind');
    }
  }

  private parseCustom(loc: number, ctx: Ctx): FormatElement {
    if (ctx !== 'top') this.error(loc, '`custom` can only be used at the top-level context or within a `struct` directive');
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
    for (const a of args) {
      if (!['attr-dict', 'prop-dict', 'attr', 'operand', 'property', 'ref', 'region', 'successor', 'string', 'type'].includes(a.k))
        this.error(loc, 'only variables and types may be used as parameters to a custom directive');
      if (a.k === 'type' && a.arg.k !== 'operand' && a.arg.k !== 'result')
        this.error(loc, 'type directives within a custom directive may only refer to variables');
    }
    return { k: 'custom', name, args };
  }

  private parseOIList(loc: number, ctx: Ctx): FormatElement {
    this.expect(TokKind.LParen, "expected '(' before oilist argument list");
    const literals: FormatElement[] = [];
    const parsing: FormatElement[][] = [];
    for (;;) {
      literals.push(this.parseLiteral(ctx));
      const cur: FormatElement[] = [];
      parsing.push(cur);
      while (this.cur.kind !== TokKind.Pipe && this.cur.kind !== TokKind.RParen) {
        const el = this.parseElement(ctx);
        for (const v of collectVariables(el)) {
          if (v.k === 'attr' && !v.v.attr.isOptional() && !v.v.attr.hasDefaultValue())
            this.error(loc, 'only optional attributes can be used in an oilist parsing group');
          else if (v.k === 'property' && !v.v.prop.hasDefaultValue()) this.error(loc, 'only default-valued or optional properties can be used in an olist parsing group');
          else if (v.k === 'operand' && !v.v.isVariableLength()) this.error(loc, 'only variable length operands can be used within an oilist parsing group');
          else if (v.k === 'result' && !v.v.isVariableLength()) this.error(loc, 'only variable length results can be used within an oilist parsing group');
          else if (v.k !== 'attr' && v.k !== 'property' && v.k !== 'operand' && v.k !== 'result' && v.k !== 'region')
            this.error(loc, 'only literals, types, and variables can be used within an oilist group');
        }
        cur.push(el);
      }
      if (this.cur.kind === TokKind.Pipe) {
        this.consume();
        continue;
      }
      this.consume();
      break;
    }
    return { k: 'oilist', literals, parsing };
  }

  private parseTypeDirectiveOperand(loc: number, isRefChild: boolean): FormatElement {
    const el = this.parseElement('type');
    if (el.k === 'literal') this.error(loc, "'type' directive operand expects variable or directive operand");
    const fmt = this.fmt;
    if (el.k === 'operand') {
      const seen = fmt.allOperandTypes || this.seenOperandTypes[el.index]!;
      if (!isRefChild && seen) this.error(loc, `'type' of '${el.v.name}' is already bound`);
      if (isRefChild && !seen) this.error(loc, `'ref' of 'type($${el.v.name})' is not bound by a prior 'type' directive`);
      this.seenOperandTypes[el.index] = true;
    } else if (el.k === 'result') {
      const seen = fmt.allResultTypes || this.seenResultTypes[el.index]!;
      if (!isRefChild && seen) this.error(loc, `'type' of '${el.v.name}' is already bound`);
      if (isRefChild && !seen) this.error(loc, `'ref' of 'type($${el.v.name})' is not bound by a prior 'type' directive`);
      this.seenResultTypes[el.index] = true;
    } else if (el.k === 'operands') {
      if (!isRefChild && (fmt.allOperandTypes || this.seenOperandTypes.some((x) => x))) this.error(loc, "'operands' 'type' is already bound");
      if (isRefChild && !fmt.allOperandTypes) this.error(loc, "'ref' of 'type(operands)' is not bound by a prior 'type' directive");
      fmt.allOperandTypes = true;
    } else if (el.k === 'results') {
      if (!isRefChild && (fmt.allResultTypes || this.seenResultTypes.some((x) => x))) this.error(loc, "'results' 'type' is already bound");
      if (isRefChild && !fmt.allResultTypes) this.error(loc, "'ref' of 'type(results)' is not bound by a prior 'type' directive");
      fmt.allResultTypes = true;
    } else this.error(loc, "invalid argument to 'type' directive");
    return el;
  }

  // -- verification --------------------------------------------------------------------------

  protected verify(loc: number, elements: readonly FormatElement[]): void {
    const op = this.op;
    if (!this.hasAttrDict) this.error(loc, "'attr-dict' directive not found in custom assembly format");
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
    this.verifyAttributes(loc, elements);
    this.verifyResults(loc, resolver);
    this.verifyOperands(loc, resolver);
    if (!this.hasAllRegions)
      op.regions.forEach((r, i) => {
        if (!this.seenRegions.has(r))
          this.error(loc, `region #${i}, named '${r.name}', not found`, `suggest adding a '$${r.name}' directive to the custom assembly format`);
      });
    if (!this.hasAllSuccessors)
      op.successors.forEach((s, i) => {
        if (!this.seenSuccessors.has(s))
          this.error(loc, `successor #${i}, named '${s.name}', not found`, `suggest adding a '$${s.name}' directive to the custom assembly format`);
      });
    this.verifyOIListElements(loc, elements);
    this.fmt.usedAttributes = [...this.seenAttrs];
    this.fmt.hasPropDict = this.hasPropDict;
    this.fmt.usedProperties = [...this.seenProperties];
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

  private verifyAttributes(loc: number, elements: readonly FormatElement[]): void {
    const isColonBase = (el: FormatElement): boolean =>
      el.k === 'attr' && typeBuilderOf(el.v.attr) === undefined && (el.qualified || el.v.attr.getStorageType() === '::mlir::Attribute');
    verifyAdjacentElements(isColonBase, (base, el) => {
      if (el.k !== 'literal' || el.value !== ':') return false;
      const name = base.k === 'attr' ? base.v.name : '';
      this.error(loc, `format ambiguity caused by \`:\` literal found after attribute \`${name}\` which does not have a buildable type`);
    }, elements);
    verifyAdjacentElements(
      (el) => el.k === 'attr-dict' && !el.withKeyword,
      (_base, el) => {
        if (el.k !== 'region') return false;
        this.error(loc, `format ambiguity caused by \`attr-dict\` directive followed by region \`${el.v.name}\``, 'try using `attr-dict-with-keyword` instead');
      },
      elements,
    );
    for (const v of this.seenOperands)
      if (v.isVariadicOfVariadic()) {
        const n = v.constraint.getVariadicOfVariadicSegmentSizeAttr();
        if (!this.fmt.inferredAttributes.includes(n)) this.fmt.inferredAttributes.push(n);
      }
  }

  private verifyOperands(loc: number, resolver: Map<string, { arg: NamedTypeConstraint | NamedAttribute; transformer?: string }>): void {
    const fmt = this.fmt;
    this.op.operands.forEach((operand, i) => {
      if (!fmt.allOperands && !this.seenOperands.has(operand))
        this.error(loc, `operand #${i}, named '${operand.name}', not found`, `suggest adding a '$${operand.name}' directive to the custom assembly format`);
      if (fmt.allOperandTypes || this.seenOperandTypes[i]) return;
      const r = resolver.get(operand.name);
      if (r) {
        setResolver(fmt.operandTypes[i]!, r);
        return;
      }
      const builder = operand.constraint.getBuilderCall();
      if (builder === undefined || (fmt.allOperands && operand.isVariableLength()))
        this.error(loc, 
          `type of operand #${i}, named '${operand.name}', is not buildable and a buildable type cannot be inferred`,
          `suggest adding a type constraint to the operation or adding a 'type($${operand.name})' directive to the custom assembly format`,
        );
      fmt.operandTypes[i]!.builderIdx = buildableIndex(fmt, builder);
    });
  }

  private verifyResults(loc: number, resolver: Map<string, { arg: NamedTypeConstraint | NamedAttribute; transformer?: string }>): void {
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
        this.error(loc, 
          `type of result #${i}, named '${result.name}', is not buildable and a buildable type cannot be inferred`,
          `suggest adding a type constraint to the operation or adding a 'type($${result.name})' directive to the custom assembly format`,
        );
      fmt.resultTypes[i]!.builderIdx = buildableIndex(fmt, builder);
    });
  }

  private verifyOIListElements(loc: number, elements: readonly FormatElement[]): void {
    let prohibited: string[] = [];
    for (const it of elements) {
      if (it.k === 'oilist') {
        const lits = it.literals.map((l) => (l.k === 'literal' ? l.value : ''));
        if (prohibited.length > 0)
          for (const l of lits) if (prohibited.includes(l)) this.error(loc, `format ambiguity because ${l} is used in two adjacent oilist elements.`);
        prohibited.push(...lits);
      } else if (it.k === 'literal') {
        if (prohibited.includes(it.value)) this.error(loc, `format ambiguity because ${it.value} is used both in oilist element and the adjacent literal.`);
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

/** The parsed format of an op, or the errors that stop it, in the order they are printed. */
export type ParsedOpFormat = { readonly ok: true; readonly format: OperationFormat } | { readonly ok: false; readonly errors: readonly FormatError[] };

/** The parsed formats of ops: op-decls and op-defs over one parse share them. */
const parsedFormats = new WeakMap<Operator, ParsedOpFormat>();

/** Parse and verify the op's assembly format (once per op). */
export function parseOpFormat(op: Operator): ParsedOpFormat {
  let parsed = parsedFormats.get(op);
  if (parsed === undefined) {
    parsed = parseOpFormatUncached(op);
    parsedFormats.set(op, parsed);
  }
  return parsed;
}

function parseOpFormatUncached(op: Operator): ParsedOpFormat {
  const format = new OperationFormat(op);
  const parser = new OpFormatParser(format, op);
  try {
    format.elements = parser.parse();
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    return { ok: false, errors: [...parser.errors, e] };
  }
  return { ok: true, format };
}

/**
 * The op's verified assembly format; undefined when it has none, or when it is bad and
 * `--asmformat-error-is-fatal=false` (the errors are printed and the op gets no parser or
 * printer). A bad format is otherwise fatal.
 */
export function opFormatOrReport(op: Operator, errorIsFatal: boolean): OperationFormat | undefined {
  if (!op.hasAssemblyFormat()) return undefined;
  const parsed = parseOpFormat(op);
  if (parsed.ok) return parsed.format;
  printFormatErrors(op.def, op.getAssemblyFormat(), parsed.errors);
  if (errorIsFatal) throw new FatalError({ severity: 'error', loc: op.def.locs[0], message: 'failed to parse assembly format', notes: [] });
  return undefined;
}

export { isUnitAttr };
