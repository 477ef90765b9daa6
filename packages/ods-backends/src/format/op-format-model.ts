// What the op assembly format needs from attributes beyond the ODS model: the buildable value
// type of an attribute, unit attributes, and old-style enum attributes (`EnumAttrInfo`) with
// their cases.
import { DefInit, type Record } from '@ods-ts/tablegen-core';
import type { Attribute, Property } from '../ods/attribute.js';
import { TypeConstraint } from '../ods/constraint.js';
import { trimAscii } from '../text.js';

/** The `builderCall` of the attribute's `valueType`, when it has one. */
export function typeBuilderOf(attr: Attribute): string | undefined {
  const v = attr.def.getValue('valueType')?.value;
  if (!(v instanceof DefInit)) return undefined;
  return new TypeConstraint(v.def).getBuilderCall();
}

export function isUnitAttr(attr: Attribute): boolean {
  return attr.getBaseAttr().getAttrDefName() === 'UnitAttr';
}

/** The def a property is built on, looking through `baseProperty` (e.g. of DefaultValuedProp). */
function basePropertyDef(def: Record): Record {
  const v = def.getValue('baseProperty')?.value;
  return v instanceof DefInit ? basePropertyDef(v.def) : def;
}

/** Whether the property is a `UnitProp`: a flag printed and parsed as the presence of a keyword. */
export function isUnitProp(prop: Property): boolean {
  return prop.def !== undefined && basePropertyDef(prop.def).getName() === 'UnitProp';
}

export interface EnumCase {
  readonly str: string;
  readonly symbol: string;
  readonly value: bigint;
}

/** An old-style enum attribute (`EnumAttrInfo` subclass used as an attribute). */
export class EnumAttrModel {
  constructor(readonly def: Record) {}
  static of(attr: Attribute): EnumAttrModel | undefined {
    const base = attr.getBaseAttr();
    if (!base.def.isSubClassOfName('EnumAttrInfo')) return undefined;
    return new EnumAttrModel(base.def);
  }
  private str(field: string): string {
    return this.def.getValueAsOptionalString(field) ?? '';
  }
  getUnderlyingType(): string {
    return this.str('underlyingType');
  }
  getConstBuilderTemplate(): string {
    return trimAscii(this.str('constBuilderCall'));
  }
  getCppNamespace(): string {
    return this.str('cppNamespace');
  }
  getEnumClassName(): string {
    return this.str('className');
  }
  getStringToSymbolFnName(): string {
    return this.str('stringToSymbolFnName');
  }
  getSymbolToStringFnName(): string {
    return this.str('symbolToStringFnName');
  }
  isBitEnum(): boolean {
    return this.def.isSubClassOfName('BitEnumAttr') || this.def.isSubClassOfName('BitEnumBase');
  }
  getAllCases(): EnumCase[] {
    return this.def.getValueAsListOfDefs('enumerants').map((c) => ({
      str: c.getValueAsString('str'),
      symbol: c.getValueAsString('symbol'),
      value: BigInt(c.getValueAsInt('value')),
    }));
  }
}

/** Whether the attribute is parsed/printed as an enum keyword (canFormatEnumAttr). */
export function canFormatEnumAttr(attr: Attribute): boolean {
  const e = EnumAttrModel.of(attr);
  return e !== undefined && e.getUnderlyingType() !== '' && e.getConstBuilderTemplate() !== '';
}

export function shouldFormatSymbolNameAttr(attr: Attribute): boolean {
  return attr.getBaseAttr().getAttrDefName() === 'SymbolNameAttr';
}
