// ODS traits (mlir/TableGen/Trait.h): native, parameterized, predicate, internal and interface
// traits, and side-effect traits.
import type { Record } from '@ods-ts/tablegen-core';

export type TraitKind = 'native' | 'pred' | 'internal' | 'interface';

/** Traits by def: a trait only reads its (fully resolved) def, so every generator shares it. */
const traitCache = new WeakMap<Record, Trait>();

export class Trait {
  private qualifiedName: string | undefined;
  constructor(
    readonly def: Record,
    readonly kind: TraitKind,
  ) {}
  static create(def: Record): Trait {
    let t = traitCache.get(def);
    if (t === undefined) {
      t = new Trait(def, Trait.kindOf(def));
      traitCache.set(def, t);
    }
    return t;
  }
  private static kindOf(def: Record): TraitKind {
    if (def.isSubClassOfName('PredTrait')) return 'pred';
    if (def.isSubClassOfName('GenInternalTrait')) return 'internal';
    if (def.isSubClassOfName('InterfaceTrait')) return 'interface';
    return 'native';
  }
  /** The qualified C++ trait, `cppNamespace::trait` (just `trait` for internal traits). */
  getFullyQualifiedTraitName(): string {
    return (this.qualifiedName ??= this.computeQualifiedName());
  }
  private computeQualifiedName(): string {
    const trait = this.def.getValueAsString('trait');
    if (this.kind === 'internal') return trait;
    const ns = this.def.getValue('cppNamespace') ? this.def.getValueAsString('cppNamespace') : '';
    return ns === '' ? trait : `${ns}::${trait}`;
  }
  isStructuralOpTrait(): boolean {
    return this.kind === 'native' && this.def.isSubClassOfName('StructuralOpTrait');
  }
  getExtraConcreteClassDeclaration(): string {
    return this.def.getValue('extraConcreteClassDeclaration') ? this.def.getValueAsString('extraConcreteClassDeclaration') : '';
  }
  getExtraConcreteClassDefinition(): string {
    return this.def.getValue('extraConcreteClassDefinition') ? this.def.getValueAsString('extraConcreteClassDefinition') : '';
  }
  /** Interface traits declared with DeclareOpInterfaceMethods. */
  shouldDeclareMethods(): boolean {
    return this.kind === 'interface' && this.def.isSubClassOfName('DeclareInterfaceMethods');
  }
  getAlwaysDeclaredMethods(): string[] {
    return this.def.getValue('alwaysOverriddenMethods') ? this.def.getValueAsListOfStrings('alwaysOverriddenMethods') : [];
  }
  isSideEffectTrait(): boolean {
    return this.def.isSubClassOfName('SideEffectsTraitBase');
  }
  /** PredTrait: the predicate template and summary. */
  getSummary(): string {
    return this.def.getValueAsString('summary');
  }
}

/** A side effect on a value or the op (mlir/TableGen/SideEffects.h). */
export class SideEffect {
  constructor(readonly def: Record) {}
  getName(): string {
    return this.def.getValueAsString('effect');
  }
  getBaseEffectName(): string {
    return this.def.getValueAsString('baseEffectName');
  }
  /** The qualified interface trait, `cppNamespace::interfaceTrait`. */
  getInterfaceTrait(): string {
    const trait = this.def.getValueAsString('interfaceTrait');
    const ns = this.def.getValue('cppNamespace') ? this.def.getValueAsString('cppNamespace') : '';
    return ns === '' ? trait : `${ns}::${trait}`;
  }
  getResource(): string {
    return this.def.getValueAsString('resource');
  }
  getStage(): number {
    return Number(this.def.getValueAsInt('stage'));
  }
  getEffectOnFullRegion(): boolean {
    return this.def.getValueAsBit('effectOnFullRegion');
  }
}
