// The ODS attribute and type definition model (mlir/IR/AttrTypeBase.td): `AttrDef`/`TypeDef`
// records, their parameters (`AttrParameter`, `TypeParameter`, `StringRefParameter`,
// `ArrayRefParameter`, `APFloatParameter`, `OptionalParameter`, `DefaultValuedParameter`,
// `AttributeSelfTypeParameter`, ... or a plain C++ type string) and their custom builders
// (`AttrBuilder`, `TypeBuilder`, `AttrBuilderWithInferredContext`, ...).
import {
  DagInit,
  DefInit,
  type Init,
  ListInit,
  type Record,
  StringInit,
  fatalAt,
} from '@ods-ts/tablegen-core';
import { Builder, type BuilderParameter } from './builder.js';
import { Dialect, convertToCamelFromSnakeCase } from './dialect.js';
import { Trait } from './trait.js';

/** One parameter of an attribute or type: argument `index` of the `parameters` dag. */
export class AttrOrTypeParameter {
  constructor(
    readonly dag: DagInit,
    readonly index: number,
  ) {}

  /** The parameter's init: a string (the C++ type) or a parameter def. */
  getDef(): Init {
    return this.dag.args[this.index]!;
  }
  /** The parameter def, when the parameter is not a plain string. */
  private paramDef(): Record | undefined {
    const d = this.getDef();
    return d instanceof DefInit ? d.def : undefined;
  }
  /** A string field of the parameter def, undefined when absent or not a string. */
  private defString(field: string): string | undefined {
    const v = this.paramDef()?.getValue(field)?.value;
    return v instanceof StringInit ? v.value : undefined;
  }

  isAnonymous(): boolean {
    return this.dag.argNames[this.index] === undefined;
  }
  getName(): string {
    return this.dag.argNames[this.index]?.value ?? '';
  }
  /** `get` + the CamelCase name. */
  getAccessorName(): string {
    return 'get' + convertToCamelFromSnakeCase(this.getName(), true);
  }
  /** `allocator`: code allocating the parameter in the storage allocator. */
  getAllocator(): string | undefined {
    return this.defString('allocator');
  }
  /** `comparator`, `$_lhs == $_rhs` by default. */
  getComparator(): string {
    return this.defString('comparator') ?? '$_lhs == $_rhs';
  }
  /** Whether the parameter def sets its own `comparator`. */
  hasCustomComparator(): boolean {
    return this.defString('comparator') !== undefined;
  }
  /** The C++ type: the string itself, or the def's `cppType`. */
  getCppType(): string {
    const d = this.getDef();
    if (d instanceof StringInit) return d.value;
    const t = this.defString('cppType');
    if (t !== undefined) return t;
    fatalAt(this.paramDef(), `Missing \`cppType\` field in Attribute/Type parameter: ${d.getAsString()}`);
  }
  /** `cppAccessorType`, the C++ type by default. */
  getCppAccessorType(): string {
    return this.defString('cppAccessorType') ?? this.getCppType();
  }
  /** `cppStorageType`, the C++ type by default. */
  getCppStorageType(): string {
    return this.defString('cppStorageType') ?? this.getCppType();
  }
  /** `convertFromStorage`, `$_self` by default. */
  getConvertFromStorage(): string {
    return this.defString('convertFromStorage') ?? '$_self';
  }
  /** `parser`: a custom parser expression. */
  getParser(): string | undefined {
    return this.defString('parser');
  }
  /** `printer`: a custom printer statement. */
  getPrinter(): string | undefined {
    return this.defString('printer');
  }
  /** `summary` of the parameter def. */
  getSummary(): string | undefined {
    return this.defString('summary');
  }
  /** `syntax`: how the parameter reads in documentation (the C++ type by default). */
  getSyntax(): string {
    const d = this.getDef();
    if (d instanceof StringInit) return d.value;
    return this.defString('syntax') ?? this.getCppType();
  }
  /** An optional parameter has a (non-empty) `defaultValue`. */
  isOptional(): boolean {
    return this.getDefaultValue() !== undefined;
  }
  /** `defaultValue`, undefined when empty. */
  getDefaultValue(): string | undefined {
    const v = this.defString('defaultValue');
    return v === undefined || v === '' ? undefined : v;
  }
  /** The parameter is also a `Constraint` (a type or attribute constraint to verify). */
  getConstraint(): Record | undefined {
    const d = this.paramDef();
    return d?.isSubClassOfName('Constraint') ? d : undefined;
  }
  /**
   * The dialect of a parameter that is an attribute or type of a dialect (its def has a
   * `dialect` field), undefined otherwise.
   */
  getDialect(): Dialect | undefined {
    const v = this.paramDef()?.getValue('dialect')?.value;
    return v instanceof DefInit ? new Dialect(v.def) : undefined;
  }
  /** `AttributeSelfTypeParameter`: the type of the attribute itself. */
  isAttributeSelfTypeParameter(): boolean {
    return this.paramDef()?.isSubClassOfName('AttributeSelfTypeParameter') ?? false;
  }
}

/** A custom builder of an attribute or type (`AttrOrTypeBuilder`). */
export class AttrOrTypeBuilder {
  private readonly builder: Builder;
  constructor(
    readonly def: Record,
    owner: Record,
  ) {
    this.builder = new Builder(def, owner);
  }
  getParameters(): readonly BuilderParameter[] {
    return this.builder.parameters;
  }
  /** `body`, undefined when empty. */
  getBody(): string | undefined {
    return this.builder.getBody();
  }
  /** `returnType`, undefined when empty. */
  getReturnType(): string | undefined {
    const v = this.def.getValue('returnType')?.value;
    return v instanceof StringInit && v.value !== '' ? v.value : undefined;
  }
  /** `hasInferredContextParam`: the context comes from a parameter, not a `context` argument. */
  hasInferredContextParameter(): boolean {
    return this.def.getValueAsBit('hasInferredContextParam');
  }
}

/** An `AttrDef` or a `TypeDef`. */
export class AttrOrTypeDef {
  private readonly params: AttrOrTypeParameter[] = [];
  private readonly builders: AttrOrTypeBuilder[] = [];
  private readonly traits: Trait[] = [];

  constructor(readonly def: Record) {
    const builderList = def.getValue('builders')?.value;
    if (builderList instanceof ListInit) {
      for (const b of builderList.elements) {
        if (!(b instanceof DefInit)) continue;
        const builder = new AttrOrTypeBuilder(b.def, def);
        if (builder.getParameters().some((p) => p.name === undefined)) fatalAt(def, 'builder parameters must have a name');
        this.builders.push(builder);
      }
    }
    const seen = new Set<Init>();
    const processTraits = (list: ListInit): void => {
      for (const t of list.elements) {
        if (seen.has(t)) continue;
        seen.add(t);
        if (!(t instanceof DefInit)) continue;
        if (t.def.isSubClassOfName('Interface')) processTraits(t.def.getValueAsListInit('baseInterfaces'));
        this.traits.push(Trait.create(t.def));
      }
    };
    processTraits(def.getValueAsListInit('traits'));
    const dag = def.getValueAsDag('parameters');
    for (let i = 0; i < dag.numArgs; i++) this.params.push(new AttrOrTypeParameter(dag, i));

    const hasCpp = this.hasCustomAssemblyFormat();
    const hasDecl = this.getAssemblyFormat() !== undefined;
    if (this.getMnemonic() !== undefined) {
      if (hasCpp && hasDecl) fatalAt(def, "cannot specify both 'assemblyFormat' and 'hasCustomAssemblyFormat'");
      if (this.params.length > 0 && !hasCpp && !hasDecl)
        fatalAt(def, "must specify either 'assemblyFormat' or 'hasCustomAssemblyFormat' when 'mnemonic' is set");
    } else if (hasCpp || hasDecl) {
      fatalAt(def, "'assemblyFormat' or 'hasCustomAssemblyFormat' can only be used when 'mnemonic' is set");
    }
    if (hasDecl && !this.genAccessors()) fatalAt(def, "'assemblyFormat' requires 'genAccessors' to be true");
  }

  isAttrDef(): boolean {
    return this.def.isSubClassOfName('AttrDef');
  }
  isTypeDef(): boolean {
    return this.def.isSubClassOfName('TypeDef');
  }
  /** The owning dialect (`dialect`), undefined when unset. */
  getDialect(): Dialect | undefined {
    const v = this.def.getValue('dialect')?.value;
    return v instanceof DefInit ? new Dialect(v.def) : undefined;
  }
  getName(): string {
    return this.def.getName();
  }
  getCppClassName(): string {
    return this.def.getValueAsString('cppClassName');
  }
  getCppBaseClassName(): string {
    return this.def.getValueAsString('cppBaseClassName');
  }
  getDescription(): string {
    return this.stringOrEmpty('description');
  }
  getSummary(): string {
    return this.stringOrEmpty('summary');
  }
  getStorageClassName(): string {
    return this.def.getValueAsString('storageClass');
  }
  getStorageNamespace(): string {
    return this.def.getValueAsString('storageNamespace');
  }
  genStorageClass(): boolean {
    return this.def.getValueAsBit('genStorageClass');
  }
  hasStorageCustomConstructor(): boolean {
    return this.def.getValueAsBit('hasStorageCustomConstructor');
  }
  getParameters(): readonly AttrOrTypeParameter[] {
    return this.params;
  }
  getNumParameters(): number {
    return this.params.length;
  }
  getMnemonic(): string | undefined {
    return this.def.getValueAsOptionalString('mnemonic');
  }
  hasCustomAssemblyFormat(): boolean {
    return this.def.getValueAsBit('hasCustomAssemblyFormat');
  }
  getAssemblyFormat(): string | undefined {
    return this.def.getValueAsOptionalString('assemblyFormat');
  }
  genAccessors(): boolean {
    return this.def.getValueAsBit('genAccessors');
  }
  genVerifyDecl(): boolean {
    return this.def.getValueAsBit('genVerifyDecl');
  }
  /** Whether some parameter is a constraint that gets verified. */
  genVerifyInvariantsImpl(): boolean {
    return this.params.some((p) => p.getConstraint() !== undefined);
  }
  /** `genMnemonicAlias`: generate getAlias() from the mnemonic (OpAsm{Attr,Type}Interface). */
  genMnemonicAlias(): boolean {
    return this.def.getValue('genMnemonicAlias') ? this.def.getValueAsBit('genMnemonicAlias') : false;
  }
  getExtraDecls(): string | undefined {
    const v = this.def.getValueAsString('extraClassDeclaration');
    return v === '' ? undefined : v;
  }
  getExtraDefs(): string | undefined {
    const v = this.def.getValueAsString('extraClassDefinition');
    return v === '' ? undefined : v;
  }
  skipDefaultBuilders(): boolean {
    return this.def.getValueAsBit('skipDefaultBuilders');
  }
  getBuilders(): readonly AttrOrTypeBuilder[] {
    return this.builders;
  }
  getTraits(): readonly Trait[] {
    return this.traits;
  }
  /** AttrDef: `attrName`; TypeDef: `typeName` (`dialect.mnemonic`). */
  getAttrOrTypeName(): string {
    return this.def.getValueAsString(this.isAttrDef() ? 'attrName' : 'typeName');
  }
  /** AttrDef: `typeBuilder`. */
  getTypeBuilder(): string | undefined {
    return this.def.getValueAsOptionalString('typeBuilder');
  }

  private stringOrEmpty(field: string): string {
    const v = this.def.getValue(field)?.value;
    return v instanceof StringInit ? v.value : '';
  }
}
