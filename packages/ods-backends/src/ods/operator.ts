// The ODS `Op` class (mlir/TableGen/Operator.h): name and C++ class, operands, attributes,
// properties, results, regions, successors, traits (with type inference), builders.
import { DefInit, type Init, ListInit, RecordRecTy, type Record, type RecordKeeper, StringInit, fatalAt } from '@ods-ts/tablegen-core';
import { Attribute, NamedAttribute, NamedProperty, Property } from './attribute.js';
import { Builder } from './builder.js';
import {
  NamedRegion,
  NamedSuccessor,
  NamedTypeConstraint,
  RegionConstraint,
  SuccessorConstraint,
  TypeConstraint,
} from './constraint.js';
import { Dialect, convertToCamelFromSnakeCase } from './dialect.js';
import { Trait } from './trait.js';
import { trim } from './docs-util.js';

export type Argument =
  | { readonly kind: 'operand'; readonly value: NamedTypeConstraint; readonly index: number }
  | { readonly kind: 'attribute'; readonly value: NamedAttribute; readonly index: number }
  | { readonly kind: 'property'; readonly value: NamedProperty; readonly index: number };

/** Where a result type comes from: an argument/result index (results are `-1 - i`) and a transformer. */
export interface InferredResultType {
  readonly index: number;
  readonly transformer: string;
}

const isArgIndex = (i: number): boolean => i >= 0;
const mapResultIndex = (i: number): number => -1 - i;
const unmapResultIndex = (i: number): number => -1 - i;

const operatorCache = new WeakMap<Record, Operator>();

/** How many of `values` are optional or variadic (no array made: generators ask it often). */
function countVariableLength(values: readonly NamedTypeConstraint[]): number {
  let n = 0;
  for (let i = 0; i < values.length; i++) if (values[i]!.isVariableLength()) n++;
  return n;
}

export class Operator {
  readonly dialect: Dialect;
  readonly cppClassName: string;
  readonly cppNamespace: string;
  readonly operands: NamedTypeConstraint[] = [];
  readonly attributes: NamedAttribute[] = [];
  readonly properties: NamedProperty[] = [];
  readonly arguments: Argument[] = [];
  readonly results: NamedTypeConstraint[] = [];
  readonly regions: NamedRegion[] = [];
  readonly successors: NamedSuccessor[] = [];
  readonly traits: Trait[] = [];
  readonly builders: Builder[] = [];
  numNativeAttributes = 0;
  allResultTypesKnown = false;
  readonly resultTypeMapping: InferredResultType[] = [];
  /** getTrait's index, rebuilt when traits were added since. */
  private traitsByName: Map<string, Trait> | undefined;
  private traitsByNameCount = 0;

  /** The operator of a def, shared by the generators of a parse (an Operator only reads its def). */
  static of(def: Record): Operator {
    let op = operatorCache.get(def);
    if (op === undefined) {
      op = new Operator(def);
      operatorCache.set(def, op);
    }
    return op;
  }

  constructor(readonly def: Record) {
    this.dialect = new Dialect(def.getValueAsDef('opDialect'));
    const name = def.getName();
    const us = name.indexOf('_');
    if (us < 0) this.cppClassName = name;
    else {
      const prefix = name.slice(0, us);
      const rest = name.slice(us + 1);
      if (prefix === '') this.cppClassName = name;
      else if (rest === '') this.cppClassName = prefix;
      else this.cppClassName = rest;
    }
    this.cppNamespace = def.getValueAsString('cppNamespace');
    this.populate();
  }

  getDef(): Record {
    return this.def;
  }
  getDialect(): Dialect {
    return this.dialect;
  }
  getOperationName(): string {
    const prefix = this.dialect.getName();
    const opName = this.def.getValueAsString('opName');
    return prefix === '' ? opName : `${prefix}.${opName}`;
  }
  getCppClassName(): string {
    return this.cppClassName;
  }
  getCppNamespace(): string {
    return this.cppNamespace;
  }
  getQualCppClassName(): string {
    return this.cppNamespace === '' ? this.cppClassName : `${this.cppNamespace}::${this.cppClassName}`;
  }
  getAdaptorName(): string {
    return this.cppClassName + 'Adaptor';
  }
  getGenericAdaptorName(): string {
    return this.cppClassName + 'GenericAdaptor';
  }
  getGetterName(name: string): string {
    return 'get' + convertToCamelFromSnakeCase(name, true);
  }
  getSetterName(name: string): string {
    return 'set' + convertToCamelFromSnakeCase(name, true);
  }
  getRemoverName(name: string): string {
    return 'remove' + convertToCamelFromSnakeCase(name, true);
  }
  getSummary(): string {
    const v = this.def.getValue('summary')?.value;
    return v instanceof StringInit ? v.value : '';
  }
  getDescription(): string {
    const v = this.def.getValue('description')?.value;
    return v instanceof StringInit ? v.value : '';
  }
  /** Whether the summary has more than whitespace (docs and docstrings leave a blank one out). */
  hasSummary(): boolean {
    return trim(this.getSummary()) !== '';
  }
  /** Whether the description has more than whitespace. */
  hasDescription(): boolean {
    return trim(this.getDescription()) !== '';
  }
  getExtraClassDeclaration(): string {
    const v = this.def.getValue('extraClassDeclaration')?.value;
    return v instanceof StringInit ? v.value : '';
  }
  getExtraClassDefinition(): string {
    const v = this.def.getValue('extraClassDefinition')?.value;
    return v instanceof StringInit ? v.value : '';
  }
  skipDefaultBuilders(): boolean {
    return this.def.getValueAsBit('skipDefaultBuilders');
  }
  hasFolder(): boolean {
    return this.def.getValueAsBit('hasFolder');
  }
  useCustomPropertiesEncoding(): boolean {
    return this.def.getValueAsBit('useCustomPropertiesEncoding');
  }
  hasAssemblyFormat(): boolean {
    return this.def.getValue('assemblyFormat')?.value instanceof StringInit;
  }
  getAssemblyFormat(): string {
    const v = this.def.getValue('assemblyFormat')?.value;
    return v instanceof StringInit ? v.value : '';
  }

  getNumOperands(): number {
    return this.operands.length;
  }
  getNumVariableLengthOperands(): number {
    return countVariableLength(this.operands);
  }
  getNumResults(): number {
    return this.results.length;
  }
  getNumVariableLengthResults(): number {
    return countVariableLength(this.results);
  }
  getNumRegions(): number {
    return this.regions.length;
  }
  getNumVariadicRegions(): number {
    return this.regions.filter((r) => r.isVariadic()).length;
  }
  getNumSuccessors(): number {
    return this.successors.length;
  }
  getNumVariadicSuccessors(): number {
    return this.successors.filter((r) => r.isVariadic()).length;
  }
  getNumArgs(): number {
    return this.arguments.length;
  }
  /** Find a native, internal or interface trait by qualified C++ name. */
  getTrait(name: string): Trait | undefined {
    if (this.traitsByName === undefined || this.traitsByNameCount !== this.traits.length) {
      this.traitsByName = new Map();
      for (const t of this.traits) {
        if (t.kind === 'pred') continue;
        const n = t.getFullyQualifiedTraitName();
        if (!this.traitsByName.has(n)) this.traitsByName.set(n, t);
      }
      this.traitsByNameCount = this.traits.length;
    }
    return this.traitsByName.get(name);
  }
  /** The side-effect decorators of argument `i` (`Arg<..., [MemRead]>`). */
  getArgDecorators(i: number): Record[] {
    return decoratorsOf(this.def.getValueAsDag('arguments').args[i]);
  }
  getResultDecorators(i: number): Record[] {
    return decoratorsOf(this.def.getValueAsDag('results').args[i]);
  }
  /** The result's name, or `` when unnamed. */
  getResultName(i: number): string {
    return this.results[i]!.name;
  }

  private populate(): void {
    const def = this.def;
    const args = def.getValueAsDag('arguments');
    const index = new Map<string, number>();
    args.args.forEach((arg, i) => {
      const name = args.argNames[i]?.value ?? '';
      if (!(arg instanceof DefInit)) fatalAt(def, `undefined type for argument #${i}`);
      let a = arg.def;
      if (a.isSubClassOfName('OpVariable')) a = a.getValueAsDef('constraint');
      if (a.isSubClassOfName('TypeConstraint')) {
        const v = new NamedTypeConstraint(name, new TypeConstraint(a));
        this.arguments.push({ kind: 'operand', value: v, index: this.operands.length });
        this.operands.push(v);
      } else if (a.isSubClassOfName('Attr')) {
        if (name === '') fatalAt(a, 'attributes must be named');
        if (a.isSubClassOfName('DerivedAttr')) fatalAt(a, 'derived attributes not allowed in argument list');
        const v = new NamedAttribute(name, new Attribute(a));
        this.arguments.push({ kind: 'attribute', value: v, index: this.attributes.length });
        this.attributes.push(v);
        this.numNativeAttributes++;
      } else if (a.isSubClassOfName('Property')) {
        if (name === '') fatalAt(a, 'properties must be named');
        const v = new NamedProperty(name, Property.fromDef(a));
        this.arguments.push({ kind: 'property', value: v, index: this.properties.length });
        this.properties.push(v);
      } else {
        fatalAt(def, 'unexpected def type; only defs deriving from TypeConstraint or Attr or Property are allowed');
      }
      if (name !== '') index.set(name, i);
    });
    // Derived attributes: fields whose type is a DerivedAttr class.
    for (const val of def.values) {
      const ty = val.type;
      if (!(ty instanceof RecordRecTy)) continue;
      if (!ty.classes.some((c) => c.getName() === 'Attr' || c.isSubClassOfName('Attr'))) continue;
      if (!ty.classes.some((c) => c.getName() === 'DerivedAttr' || c.isSubClassOfName('DerivedAttr')))
        fatalAt(def, 'unexpected Attr where only DerivedAttr is allowed');
      if (ty.classes.length !== 1) fatalAt(def, 'unsupported attribute modelling, only single class expected');
      if (val.value instanceof DefInit) this.attributes.push(new NamedAttribute(val.name, new Attribute(val.value.def)));
    }

    const results = def.getValueAsDag('results');
    if (!(results.operator instanceof DefInit) || results.operator.def.getName() !== 'outs')
      fatalAt(def, "'results' must have 'outs' directive");
    results.args.forEach((arg, i) => {
      const name = results.argNames[i]?.value ?? '';
      if (!(arg instanceof DefInit)) fatalAt(def, `undefined type for result #${i}`);
      let r = arg.def;
      if (r.isSubClassOfName('OpVariable')) r = r.getValueAsDef('constraint');
      this.results.push(new NamedTypeConstraint(name, new TypeConstraint(r)));
      if (name !== '') index.set(name, mapResultIndex(i));
      if (this.results[this.results.length - 1]!.isVariadicOfVariadic())
        fatalAt(def, "'VariadicOfVariadic' results are currently not supported");
    });

    const succs = def.getValueAsDag('successors');
    if (!(succs.operator instanceof DefInit) || succs.operator.def.getName() !== 'successor')
      fatalAt(def, "'successors' must have 'successor' directive");
    succs.args.forEach((arg, i) => {
      if (!(arg instanceof DefInit)) fatalAt(def, `undefined kind for successor #${i}`);
      const s = new SuccessorConstraint(arg.def);
      if (i !== succs.args.length - 1 && s.isVariadic()) fatalAt(def, 'only the last successor can be variadic');
      this.successors.push(new NamedSuccessor(succs.argNames[i]?.value ?? '', s));
    });

    // The traits in order, TraitLists flattened and each interface after its base interfaces. An
    // explicit stack: TraitLists nest as deep as a chain of defs goes.
    const seen = new Set<Record>();
    const addTrait = (t: Record): void => {
      for (const dep of t.getValueAsListInit('dependentTraits').elements) {
        if (dep instanceof DefInit && !seen.has(dep.def))
          fatalAt(def, `${t.getValueAsString('trait')} requires ${dep.def.getValueAsString('trait')} to precede it in traits list`);
      }
      this.traits.push(Trait.create(t));
    };
    type Step = { readonly list: readonly Init[]; next: number } | { readonly finish: Record };
    const stack: Step[] = [{ list: def.getValueAsListInit('traits').elements, next: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if ('finish' in top) {
        stack.pop();
        addTrait(top.finish);
        continue;
      }
      const init = top.list[top.next++];
      if (init === undefined) {
        stack.pop();
        continue;
      }
      if (!(init instanceof DefInit)) continue;
      const t = init.def;
      if (t.isSubClassOfName('TraitList')) {
        stack.push({ list: t.getValueAsListInit('traits').elements, next: 0 });
        continue;
      }
      if (seen.has(t)) continue;
      seen.add(t);
      if (t.isSubClassOfName('Interface')) {
        stack.push({ finish: t }, { list: t.getValueAsListInit('baseInterfaces').elements, next: 0 });
        continue;
      }
      addTrait(t);
    }

    this.populateTypeInference(index);

    const regions = def.getValueAsDag('regions');
    if (!(regions.operator instanceof DefInit) || regions.operator.def.getName() !== 'region')
      fatalAt(def, "'regions' must have 'region' directive");
    regions.args.forEach((arg, i) => {
      const name = regions.argNames[i]?.value ?? '';
      if (!(arg instanceof DefInit)) fatalAt(def, `undefined kind for region #${i}`);
      const r = new RegionConstraint(arg.def);
      if (r.isVariadic()) {
        if (i !== regions.args.length - 1) fatalAt(def, 'only the last region can be variadic');
        if (name === '') fatalAt(def, 'variadic regions must be named');
      }
      this.regions.push(new NamedRegion(name, r));
    });

    const builders = def.getValue('builders')?.value;
    if (builders instanceof ListInit && builders.elements.length > 0) {
      for (const b of builders.elements) if (b instanceof DefInit) this.builders.push(new Builder(b.def, def));
    } else if (this.skipDefaultBuilders()) {
      fatalAt(def, 'default builders are skipped and no custom builders provided');
    }
    this.verifyNamesAreUnique();
  }

  /**
   * Named operands, results, regions and successors must not share a name (their accessors
   * would collide): checked in that order, each name against its own kind, then the earlier kinds.
   */
  private verifyNamesAreUnique(): void {
    // Each name with the first group holding it (a second one is an error).
    const groupOf = new Map<string, string>();
    this.verifyUniqueNamesOf('operands', this.operands, groupOf);
    this.verifyUniqueNamesOf('results', this.results, groupOf);
    this.verifyUniqueNamesOf('regions', this.regions, groupOf);
    this.verifyUniqueNamesOf('successors', this.successors, groupOf);
  }

  private verifyUniqueNamesOf(kind: string, items: readonly { readonly name: string }[], groupOf: Map<string, string>): void {
    for (let i = 0; i < items.length; i++) {
      const name = items[i]!.name;
      if (name === '') continue;
      const earlier = groupOf.get(name);
      if (earlier === kind) fatalAt(this.def, `op has a conflict with two ${kind} having the same name '${name}'`);
      if (earlier !== undefined) fatalAt(this.def, `op has a conflict with ${earlier} and ${kind} both having an entry with the name '${name}'`);
      this.verifyAccessorIsNotDefault(name);
      groupOf.set(name, kind);
    }
  }

  /**
   * The accessor of a newly seen name must not be one the op class has anyway (`getOperands` of
   * an op whose only operand is not that variadic, `getAttributes`, `getType` of an op without
   * exactly one result...).
   */
  private verifyAccessorIsNotDefault(name: string): void {
    const accessor = convertToCamelFromSnakeCase(name, true);
    const overlaps =
      accessor === 'AttributeNames' ||
      accessor === 'Attributes' ||
      accessor === 'Operation' ||
      (accessor === 'Operands' && (this.getNumOperands() !== 1 || this.getNumVariableLengthOperands() !== 1)) ||
      (accessor === 'Regions' && (this.getNumRegions() !== 1 || this.getNumVariadicRegions() !== 1)) ||
      (accessor === 'Type' && this.getNumResults() !== 1);
    if (overlaps) fatalAt(this.def, `generated accessor for \`${name}\` overlaps with a default one; please rename to avoid overlap`);
  }

  private populateTypeInference(index: Map<string, number>): void {
    const inferDef = inferTypeOpInterfaceDef();
    this.allResultTypesKnown = false;
    if (!inferDef) return;
    if (this.getNumResults() === 0) return;
    if (this.getNumVariableLengthResults() > 0) return;
    if (this.getTrait('::mlir::OpTrait::SameOperandsAndResultType')) {
      const idx = this.arguments.findIndex((a) => a.kind === 'operand' && !a.value.isVariableLength());
      if (idx < 0) return;
      for (let i = 0; i < this.getNumResults(); i++) this.resultTypeMapping.push({ index: idx, transformer: '$_self' });
      this.allResultTypesKnown = true;
      this.traits.push(Trait.create(inferDef));
      return;
    }
    const lookup = (n: string): number => index.get(n) ?? 0;
    const inference = this.results.map(() => ({ sources: [] as InferredResultType[], inferred: false }));
    inference.forEach((inf, idx) => {
      if (this.results[idx]!.constraint.getBuilderCall() !== undefined) {
        inf.sources.push({ index: mapResultIndex(idx), transformer: '$_self' });
        inf.inferred = true;
      }
    });
    for (const trait of this.traits) {
      const t = trait.def;
      if (t.isSubClassOfName('InferTypeOpInterface::Trait')) return;
      if (trait.kind === 'interface' && t === inferDef) return;
      if (t.isSubClassOfName('TypesMatchWith')) {
        const target = lookup(t.getValueAsString('rhs'));
        if (isArgIndex(target)) continue;
        const inf = inference[unmapResultIndex(target)]!;
        if (inf.inferred) continue;
        const source = lookup(t.getValueAsString('lhs'));
        inf.sources.push({ index: source, transformer: t.getValueAsString('transformer') });
        inf.inferred = isArgIndex(source) || inference[unmapResultIndex(source)]!.inferred;
        continue;
      }
      if (!t.isSubClassOfName('AllTypesMatch')) continue;
      let fully: number | undefined;
      const resultIndices: number[] = [];
      for (const name of t.getValueAsListOfStrings('values')) {
        const i = lookup(name);
        if (!isArgIndex(i)) resultIndices.push(unmapResultIndex(i));
        if (isArgIndex(i) || inference[unmapResultIndex(i)]!.inferred) fully = i;
      }
      if (fully !== undefined) {
        for (const ri of resultIndices) {
          const inf = inference[ri]!;
          if (!inf.inferred) {
            inf.sources = [{ index: fully, transformer: '$_self' }];
            inf.inferred = true;
          }
        }
      } else {
        for (const ri of resultIndices)
          for (const oi of resultIndices) if (ri !== oi) inference[ri]!.sources.push({ index: mapResultIndex(oi), transformer: '$_self' });
      }
    }
    let worklist = inference.filter((i) => !i.inferred);
    let changed: boolean;
    do {
      changed = false;
      const next: typeof worklist = [];
      for (const inf of worklist) {
        const src = inf.sources.find((s) => inference[unmapResultIndex(s.index)]?.inferred);
        if (!src) {
          next.push(inf);
          continue;
        }
        changed = true;
        inf.inferred = true;
        inf.sources = [src];
      }
      worklist = next;
    } while (changed);
    this.allResultTypesKnown = worklist.length === 0;
    if (this.allResultTypesKnown) {
      this.traits.push(Trait.create(inferDef));
      for (const inf of inference) this.resultTypeMapping.push(inf.sources[0]!);
    }
  }
}

function decoratorsOf(arg: unknown): Record[] {
  if (arg instanceof DefInit && arg.def.isSubClassOfName('OpVariable')) {
    return arg.def.getValueAsListOfDefs('decorators');
  }
  return [];
}

/** The `InferTypeOpInterface` def, when the records define it. */
function inferTypeOpInterfaceDef(): Record | undefined {
  return defLookup?.deref()?.getDef('InferTypeOpInterface');
}

/**
 * The records of the generator running (see setDefLookup). Held weakly: a long-lived process
 * (the build service, the language server) must not keep the last parse alive through it.
 */
let defLookup: WeakRef<RecordKeeper> | undefined;
/** Set the records in which defs are found by name (the generator passes its RecordKeeper). */
export function setDefLookup(records: RecordKeeper): void {
  defLookup = new WeakRef(records);
}
