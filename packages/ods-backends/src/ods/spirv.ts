// The SPIR-V dialect's ODS records (mlir/Dialect/SPIRV/IR/SPIRVBase.td): `SPIRV_Op` ops with
// their opcode and (de)serialization/availability flags, `SPIRV_ExtInstOp` extended
// instructions, SPIR-V enum attributes and the capabilities each capability implies.
import { type Record, type RecordKeeper, fatalNoLoc } from '@ods-ts/tablegen-core';
import type { Attribute } from './attribute.js';
import { type Availability, getAvailabilities } from './availability.js';
import { EnumCase, EnumInfo } from './enum.js';
import { Operator } from './operator.js';
import { LlvmStringMap } from '../string-map-order.js';

/**
 * The enum attributes whose value a SPIR-V instruction carries as the <id> of a constant rather
 * than as a literal word.
 */
const CONSTANT_ID_ENUM_ATTRS: ReadonlySet<string> = new Set([
  'SPIRV_ScopeAttr',
  'SPIRV_KHR_CooperativeMatrixUseAttr',
  'SPIRV_KHR_CooperativeMatrixLayoutAttr',
  'SPIRV_MemorySemanticsAttr',
  'SPIRV_MatrixLayoutAttr',
]);

/** A def deriving from `SPIRV_Op`, with its ODS operator. */
export class SpirvOp {
  readonly op: Operator;
  constructor(readonly def: Record) {
    this.op = Operator.of(def);
  }
  /** `autogenSerialization`: the (de)serializer functions are generated. */
  autogenSerialization(): boolean {
    return this.def.getValueAsBit('autogenSerialization');
  }
  /** `autogenAvailability`: the availability query methods are generated. */
  autogenAvailability(): boolean {
    return this.def.getValueAsBit('autogenAvailability');
  }
  /** `hasOpcode`: the op is one SPIR-V instruction (dispatched by opcode). */
  hasOpcode(): boolean {
    return this.def.getValueAsBit('hasOpcode');
  }
  /** `spirvOpName`: the instruction's name in spirv::Opcode. */
  getSpirvOpName(): string {
    return this.def.getValueAsString('spirvOpName');
  }
  /** An instruction of an extended instruction set (`SPIRV_ExtInstOp`). */
  isExtInstOp(): boolean {
    return this.def.isSubClassOfName('SPIRV_ExtInstOp');
  }
  /** `extendedInstSetName` (extended instructions only). */
  getExtendedInstSetName(): string {
    return this.def.getValueAsString('extendedInstSetName');
  }
  /** `extendedInstOpcode` (extended instructions only). */
  getExtendedInstOpcode(): bigint {
    return this.def.getValueAsInt('extendedInstOpcode');
  }
  /** The op's own availability specs (`availability`). */
  getAvailabilities(): Availability[] {
    return getAvailabilities(this.def);
  }
}

/** Every `SPIRV_Op` def in record-name order; fatal when the class is not defined. */
export function getSpirvOps(records: RecordKeeper): SpirvOp[] {
  return records.getAllDerivedDefinitions('SPIRV_Op').map((d) => new SpirvOp(d));
}

/** A SPIR-V enum attribute (`SPIRV_I32EnumAttr` or `SPIRV_BitEnumAttr`). */
export function isSpirvEnumAttr(attr: Attribute): boolean {
  return attr.def.isSubClassOfName('SPIRV_BitEnumAttr') || attr.def.isSubClassOfName('SPIRV_I32EnumAttr');
}

/** An enum attribute serialized as the <id> of a constant (scopes, memory semantics, ...). */
export function isConstantIdEnumAttr(attr: Attribute): boolean {
  return CONSTANT_ID_ENUM_ATTRS.has(attr.getAttrDefName());
}

/** The enum an enum attribute wraps (its `enum` field). */
export function enumOfAttr(attr: Attribute): EnumInfo {
  return new EnumInfo(attr.def.getValueAsDef('enum'));
}

/**
 * The availability specs of the cases of an enum, grouped by availability class: the map's
 * order is llvm::StringMap's; each group lists its (case, spec) pairs in case order.
 */
export function caseAvailabilitiesByClass(info: EnumInfo): LlvmStringMap<[EnumCase, Availability][]> {
  const byClass = new LlvmStringMap<[EnumCase, Availability][]>();
  for (const c of info.getAllCases()) {
    for (const a of getAvailabilities(c.def)) byClass.tryEmplace(a.getClass(), []).push([c, a]);
  }
  return byClass;
}

/** The capability enum (`SPIRV_CapabilityAttr`'s `enum`); fatal when it is not defined. */
export function getCapabilityEnum(records: RecordKeeper): EnumInfo {
  const attr = records.getDef('SPIRV_CapabilityAttr');
  if (!attr) fatalNoLoc("the def 'SPIRV_CapabilityAttr' is not defined");
  return new EnumInfo(attr.getValueAsDef('enum'));
}

/** The capabilities a capability directly implies (its `implies`), undefined without the field. */
export function getImpliedCapabilities(c: EnumCase): EnumCase[] | undefined {
  if (!c.def.getValue('implies')) return undefined;
  return c.def.getValueAsListOfDefs('implies').map((d) => new EnumCase(d));
}
