// The ODS interface model (mlir::tblgen::Interface): typed views over records deriving from the
// `Interface` class of mlir/IR/Interfaces.td — OpInterface, AttrInterface, TypeInterface and
// DialectInterface — and their methods (InterfaceMethod / StaticInterfaceMethod).
import { type Record, StringInit, fatalAt } from '@ods-ts/tablegen-core';
import { derivedDefs, nonEmpty, trim } from './docs-util.js';

/** One `(ins "Type":$name, ...)` argument of an interface method. */
export interface InterfaceMethodArgument {
  /** The C++ type, e.g. `::mlir::Value`. */
  readonly type: string;
  /** The argument name, `''` when the dag argument is unnamed. */
  readonly name: string;
}

/** A method of an interface: a record deriving from `InterfaceMethod`. */
export class InterfaceMethod {
  private readonly args: readonly InterfaceMethodArgument[];

  /**
   * @param def the `InterfaceMethod` record
   * @param uniqueName the method's name, suffixed when an earlier method of the same interface
   *   has the same name (overloads), used for the internal "vtable" member
   */
  constructor(
    readonly def: Record,
    private readonly uniqueName: string,
  ) {
    const dag = def.getValueAsDag('arguments');
    const args: InterfaceMethodArgument[] = [];
    for (let i = 0; i < dag.numArgs; i++) {
      const a = dag.args[i]!;
      if (!(a instanceof StringInit))
        fatalAt(def, `expected a string type for argument ${i} of interface method '${this.getName()}'`);
      args.push({ type: a.value, name: dag.argNames[i]?.value ?? '' });
    }
    this.args = args;
  }

  /** `returnType`: the C++ return type. */
  getReturnType(): string {
    return this.def.getValueAsString('returnType');
  }
  /** `name`: the method name. */
  getName(): string {
    return this.def.getValueAsString('name');
  }
  /** The name made unique among the interface's methods (`foo`, `foo_1`, ...). */
  getUniqueName(): string {
    return this.uniqueName;
  }
  /** Whether the method is a `StaticInterfaceMethod`. */
  isStatic(): boolean {
    return this.def.isSubClassOfName('StaticInterfaceMethod');
  }
  /** `body`, trimmed; undefined when empty. */
  getBody(): string | undefined {
    return nonEmpty(trim(this.def.getValueAsString('body')));
  }
  /** `defaultBody` (the default implementation), trimmed; undefined when empty. */
  getDefaultBody(): string | undefined {
    return nonEmpty(trim(this.def.getValueAsString('defaultBody')));
  }
  /** Alias of getDefaultBody (mlir::tblgen::InterfaceMethod::getDefaultImplementation). */
  getDefaultImplementation(): string | undefined {
    return this.getDefaultBody();
  }
  /** `description`; undefined when empty. */
  getDescription(): string | undefined {
    return nonEmpty(this.def.getValueAsString('description'));
  }
  /** `arguments` as (type, name) pairs. */
  getArguments(): readonly InterfaceMethodArgument[] {
    return this.args;
  }
  argEmpty(): boolean {
    return this.args.length === 0;
  }
}

const interfaceCache = new WeakMap<Record, Interface>();

export type InterfaceKind = 'op' | 'attr' | 'type' | 'dialect' | 'other';

/** An interface: a record deriving from `Interface`. */
export class Interface {
  private readonly methods: readonly InterfaceMethod[];
  private bases: readonly Interface[] | undefined;

  /** The interface of a def, shared by every generator (an interface only reads its def). */
  static of(def: Record): Interface {
    let i = interfaceCache.get(def);
    if (i === undefined) {
      i = new Interface(def);
      interfaceCache.set(def, i);
    }
    return i;
  }

  constructor(readonly def: Record) {
    const methods: InterfaceMethod[] = [];
    // Overloads get distinct internal names: a clash appends `_<number of names so far>`.
    const seen = new Set<string>();
    for (const m of def.getValueAsListOfDefs('methods')) {
      let name = m.getValueAsString('name');
      while (seen.has(name)) name = `${name}_${seen.size}`;
      seen.add(name);
      methods.push(new InterfaceMethod(m, name));
    }
    this.methods = methods;
  }

  /** Which interface class the record derives from. */
  get kind(): InterfaceKind {
    if (this.def.isSubClassOfName('OpInterface')) return 'op';
    if (this.def.isSubClassOfName('AttrInterface')) return 'attr';
    if (this.def.isSubClassOfName('TypeInterface')) return 'type';
    if (this.def.isSubClassOfName('DialectInterface')) return 'dialect';
    return 'other';
  }
  isOpInterface(): boolean {
    return this.kind === 'op';
  }
  isAttrInterface(): boolean {
    return this.kind === 'attr';
  }
  isTypeInterface(): boolean {
    return this.kind === 'type';
  }
  isDialectInterface(): boolean {
    return this.kind === 'dialect';
  }

  /** The record name (e.g. `MemoryEffectsOpInterface`). */
  getDefName(): string {
    return this.def.getName();
  }
  /** `cppInterfaceName`: the C++ class name (mlir::tblgen::Interface::getName). */
  getName(): string {
    return this.def.getValueAsString('cppInterfaceName');
  }
  getCppInterfaceName(): string {
    return this.getName();
  }
  /** `cppNamespace`. */
  getCppNamespace(): string {
    return this.def.getValueAsString('cppNamespace');
  }
  /** `cppNamespace::cppInterfaceName`, or the bare name in the global namespace. */
  getFullyQualifiedName(): string {
    const ns = this.getCppNamespace();
    return ns === '' ? this.getName() : `${ns}::${this.getName()}`;
  }
  /** `methods`. */
  getMethods(): readonly InterfaceMethod[] {
    return this.methods;
  }
  /** `description`; undefined when empty. */
  getDescription(): string | undefined {
    return nonEmpty(this.def.getValueAsString('description'));
  }
  /** `extraClassDeclaration`; undefined when empty. */
  getExtraClassDeclaration(): string | undefined {
    return nonEmpty(this.def.getValueAsString('extraClassDeclaration'));
  }
  /** `extraTraitClassDeclaration`; undefined when empty. */
  getExtraTraitClassDeclaration(): string | undefined {
    return nonEmpty(this.def.getValueAsString('extraTraitClassDeclaration'));
  }
  /** `extraSharedClassDeclaration`; undefined when empty. */
  getExtraSharedClassDeclaration(): string | undefined {
    return nonEmpty(this.def.getValueAsString('extraSharedClassDeclaration'));
  }
  /** `extraClassOf`; undefined when empty. */
  getExtraClassOf(): string | undefined {
    return nonEmpty(this.def.getValueAsString('extraClassOf'));
  }
  /** `verify`: only op interfaces have a verifier; undefined when empty. */
  getVerify(): string | undefined {
    if (!this.isOpInterface()) return undefined;
    return nonEmpty(this.def.getValueAsString('verify'));
  }
  /** `verifyWithRegions`. */
  verifyWithRegions(): boolean {
    return this.def.getValueAsBit('verifyWithRegions');
  }

  /**
   * `baseInterfaces`, flattened: each base's own bases come first, and an interface reached
   * twice (by C++ name) is listed once.
   */
  getBaseInterfaces(): readonly Interface[] {
    if (this.bases) return this.bases;
    const out: Interface[] = [];
    const added = new Set<string>();
    const add = (base: Interface): void => {
      for (const bb of base.getBaseInterfaces()) add(bb);
      const name = base.getName();
      if (added.has(name)) return;
      out.push(base);
      added.add(name);
    };
    for (const b of this.def.getValueAsListOfDefs('baseInterfaces')) add(Interface.of(b));
    this.bases = out;
    return out;
  }

  /**
   * `aliasDeclarations` of a dialect interface: (alias name, aliased type) pairs, in the order
   * of the record's list; the last one wins for a repeated name. Empty when the field is absent.
   */
  getAliasDeclarations(): ReadonlyMap<string, string> {
    const out = new Map<string, string>();
    if (!this.def.getValue('aliasDeclarations')) return out;
    for (const a of this.def.getValueAsListOfDefs('aliasDeclarations'))
      out.set(a.getValueAsString('name'), a.getValueAsString('aliased'));
    return out;
  }
}

/** The records of the main input file: the first location of the record is in buffer 0. */
export function isDefinedInMainFile(def: Record): boolean {
  const loc = def.locs[0];
  return loc !== undefined && loc.buffer === 0;
}

/**
 * The interface defs a `--gen-<kind>-interface-*` generator emits: every def of
 * `<kind>Interface` (in LessRecord order), except the `Declare<kind>InterfaceMethods`
 * wrappers and the interfaces defined outside the main input file. Fatal when the class is not
 * defined.
 */
export function getInterfaceDefinitions(
  records: { getAllDerivedDefinitions(c: string): Record[]; getClass(c: string): Record | undefined },
  kind: 'Op' | 'Attr' | 'Type' | 'Dialect',
): Record[] {
  const declareName = `Declare${kind}InterfaceMethods`;
  return derivedDefs(records, `${kind}Interface`, true).filter(
    (d) => !d.isSubClassOfName(declareName) && isDefinedInMainFile(d),
  );
}
