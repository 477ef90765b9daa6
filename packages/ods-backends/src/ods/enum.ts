// The ODS enum model (mlir/IR/EnumAttr.td): `EnumInfo` records (I32EnumAttr, I64EnumAttr,
// BitEnumAttr, I32Enum, ...) and their `EnumCase` enumerants.
import { DefInit, type Record, StringInit, UnsetInit, fatalAt } from '@ods-ts/tablegen-core';

/** One enumerant: an `EnumCase` record (`I32EnumAttrCase`, `BitEnumAttrCaseBit`, ...). */
export class EnumCase {
  constructor(readonly def: Record) {}

  /** The C++ enumerant symbol (`symbol`). */
  getSymbol(): string {
    return this.def.getValueAsString('symbol');
  }
  /** The textual form of the enumerant (`str`). */
  getStr(): string {
    return this.def.getValueAsString('str');
  }
  /** The integer value (`value`); negative when the case has no explicit value. */
  getValue(): bigint {
    return this.def.getValueAsInt('value');
  }
  /** A single-bit case of a bit enum. */
  isBitCaseBit(): boolean {
    return this.def.isSubClassOfName('BitEnumCaseBit') || this.def.isSubClassOfName('BitEnumAttrCaseBit');
  }
  /** A group of bits of a bit enum. */
  isBitCaseGroup(): boolean {
    return this.def.isSubClassOfName('BitEnumCaseGroup') || this.def.isSubClassOfName('BitEnumAttrCaseGroup');
  }
}

/** An `EnumInfo` record: a C++ enum class and its conversion functions. */
export class EnumInfo {
  constructor(readonly def: Record) {}

  static isEnumInfo(def: Record): boolean {
    return def.isSubClassOfName('EnumInfo');
  }

  /** The enum is also an attribute constraint (`EnumAttrInfo`). */
  isEnumAttr(): boolean {
    return this.def.isSubClassOfName('EnumAttrInfo');
  }
  isBitEnum(): boolean {
    return this.def.isSubClassOfName('BitEnumBase');
  }
  getEnumClassName(): string {
    return this.def.getValueAsString('className');
  }
  getSummary(): string {
    return this.def.getValueAsString('summary');
  }
  getDescription(): string {
    return this.def.getValueAsString('description');
  }
  getCppNamespace(): string {
    return this.def.getValueAsString('cppNamespace');
  }
  getBitwidth(): bigint {
    return this.def.getValueAsInt('bitwidth');
  }
  getUnderlyingType(): string {
    return this.def.getValueAsString('underlyingType');
  }
  getUnderlyingToSymbolFnName(): string {
    return this.def.getValueAsString('underlyingToSymbolFnName');
  }
  getStringToSymbolFnName(): string {
    return this.def.getValueAsString('stringToSymbolFnName');
  }
  getSymbolToStringFnName(): string {
    return this.def.getValueAsString('symbolToStringFnName');
  }
  getSymbolToStringFnRetType(): string {
    return this.def.getValueAsString('symbolToStringFnRetType');
  }
  getMaxEnumValFnName(): string {
    return this.def.getValueAsString('maxEnumValFnName');
  }
  /** The enumerants (`enumerants`), in declaration order. */
  getAllCases(): EnumCase[] {
    return this.def.getValueAsListInit('enumerants').elements.map((e) => {
      if (!(e instanceof DefInit)) fatalAt(this.def, `Record \`${this.def.getName()}', field \`enumerants' list is not entirely DefInit!`);
      return new EnumCase(e.def);
    });
  }
  /** Whether a specialized attribute class (`<Name>Attr`) is generated. */
  genSpecializedAttr(): boolean {
    return this.isEnumAttr() && this.def.getValueAsBit('genSpecializedAttr');
  }
  /** The attribute constraint the specialized attribute is based on (`baseAttrClass`). */
  getBaseAttrClass(): Record {
    return this.def.getValueAsDef('baseAttrClass');
  }
  getSpecializedAttrClassName(): string {
    return this.def.getValueAsString('specializedAttrClassName');
  }
  printBitEnumPrimaryGroups(): boolean {
    return this.def.getValueAsBit('printBitEnumPrimaryGroups');
  }
  printBitEnumQuoted(): boolean {
    return this.def.getValueAsBit('printBitEnumQuoted');
  }
  /** The bits any enumerant may set (`validBits`, bit enums only). */
  getValidBits(): bigint {
    return this.def.getValueAsInt('validBits');
  }
  /** The separator between the bits of a bit enum's string form (`separator`). */
  getSeparator(): string {
    return this.def.getValueAsString('separator');
  }
  /**
   * The constant builder of the enum as an attribute (`constBuilderCall`), '' when the enum is
   * not an attribute or has none.
   */
  getConstBuilderTemplate(): string {
    if (!this.isEnumAttr()) return '';
    const v = this.def.getValue('constBuilderCall')?.value;
    if (v === undefined || v instanceof UnsetInit) return '';
    return v instanceof StringInit ? v.value : '';
  }
}
