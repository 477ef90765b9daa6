// The availability model of the SPIR-V/TOSA dialects: records deriving from `Availability`
// (mlir/Dialect/SPIRV/IR/SPIRVBase.td, mlir/Dialect/Tosa/IR/TosaOpBase.td), each describing an
// op interface that queries one kind of availability (versions, extensions, capabilities...).
import { type Record, type RecordKeeper, fatalAt } from '@ods-ts/tablegen-core';
import { derivedDefs } from './docs-util.js';

/** One availability spec: a def of a subclass of `Availability`. */
export class Availability {
  constructor(readonly def: Record) {}

  /**
   * The one direct superclass of the def (the availability "class" shared by the specs of one
   * interface). Fatal when the def has several.
   */
  getClassRecord(): Record {
    const parents: Record[] = [];
    this.def.getDirectSuperClasses(parents);
    if (parents.length !== 1) fatalAt(this.def, 'expected to only have one direct superclass');
    return parents[0]!;
  }
  /** The name of getClassRecord(). */
  getClass(): string {
    return this.getClassRecord().getName();
  }
  /** `cppNamespace` of the generated interface. */
  getInterfaceClassNamespace(): string {
    return this.def.getValueAsString('cppNamespace');
  }
  /** `interfaceName`: the generated interface class. */
  getInterfaceClassName(): string {
    return this.def.getValueAsString('interfaceName');
  }
  /** `interfaceDescription`. */
  getInterfaceDescription(): string {
    return this.def.getValueAsString('interfaceDescription');
  }
  /** `queryFnName`: the query method of the interface. */
  getQueryFnName(): string {
    return this.def.getValueAsString('queryFnName');
  }
  /** `queryFnRetType`: its C++ return type. */
  getQueryFnRetType(): string {
    return this.def.getValueAsString('queryFnRetType');
  }
  /** `mergeAction`: code merging availability requirements. */
  getMergeActionCode(): string {
    return this.def.getValueAsString('mergeAction');
  }
  /** `initializer`: the initial value of the merged requirements. */
  getMergeInitializer(): string {
    return this.def.getValueAsString('initializer');
  }
  /** `instanceType`: the C++ type of one availability instance. */
  getMergeInstanceType(): string {
    return this.def.getValueAsString('instanceType');
  }
  /** `instancePreparation`: statements preparing the instance. */
  getMergeInstancePreparation(): string {
    return this.def.getValueAsString('instancePreparation');
  }
  /** `instance`: the availability instance carried by this spec. */
  getMergeInstance(): string {
    return this.def.getValueAsString('instance');
  }
}

/**
 * The availability specs of an op or an enumerant: the defs of its `availability` list, none
 * when the record has no such field.
 */
export function getAvailabilities(def: Record): Availability[] {
  if (!def.getValue('availability')) return [];
  return def.getValueAsListOfDefs('availability').map((d) => new Availability(d));
}

/**
 * One Availability per interface: the first def (in LessRecord order) of each direct subclass
 * of `Availability`. Fatal when the class is not defined.
 */
export function getAvailabilityInterfaces(records: RecordKeeper): Availability[] {
  const seen = new Set<Record>();
  const out: Availability[] = [];
  for (const def of derivedDefs(records, 'Availability', true)) {
    const avail = new Availability(def);
    const cls = avail.getClassRecord();
    if (seen.has(cls)) continue;
    seen.add(cls);
    out.push(avail);
  }
  return out;
}

/** An op as the availability generators see it (TOSA's `Tosa_Op`, SPIR-V's ops). */
export class AvailabilityOp {
  constructor(readonly def: Record) {}

  /** The specs of the `availability` field (none when the op has no such field). */
  getAvailabilities(): Availability[] {
    if (!this.def.getValue('availability')) return [];
    return this.def.getValueAsListOfDefs('availability').map((def) => new Availability(def));
  }
  /** `autogenAvailability`: whether the query methods are generated. */
  getAutogenAvailability(): boolean {
    return this.def.getValueAsBit('autogenAvailability');
  }
}
