// ODS attributes and properties (mlir/TableGen/Attribute.h, Property.h): storage and return
// types, builders, default values and optionality.
import { DefInit, type Record } from '@ods-ts/tablegen-core';
import { Constraint, trimmedString } from './constraint.js';

export class Attribute extends Constraint {
  // String fields the generators read many times per op (a record never changes in a backend).
  private storageType: string | undefined;
  private returnType: string | undefined;
  private constBuilderCall: string | undefined;
  private defaultValue: string | undefined;
  private optional: boolean | undefined;
  private derived: boolean | undefined;
  private convertFromStorage: string | undefined;

  isOptional(): boolean {
    return (this.optional ??= this.def.getValueAsBit('isOptional'));
  }
  isDerivedAttr(): boolean {
    return (this.derived ??= this.def.isSubClassOfName('DerivedAttr'));
  }
  isTypeAttr(): boolean {
    return this.def.isSubClassOfName('TypeAttrBase');
  }
  isSymbolRefAttr(): boolean {
    const n = this.def.getName();
    if (n === 'SymbolRefAttr' || n === 'FlatSymbolRefAttr') return true;
    return this.def.isSubClassOfName('SymbolRefAttr') || this.def.isSubClassOfName('FlatSymbolRefAttr');
  }
  /** `storageType`, `::mlir::Attribute` when empty. */
  getStorageType(): string {
    if (this.storageType === undefined) {
      const s = trimmedString(this.def, 'storageType');
      this.storageType = s === '' ? '::mlir::Attribute' : s;
    }
    return this.storageType;
  }
  /** `returnType`, `::mlir::Attribute`-like storage type when empty. */
  getReturnType(): string {
    return (this.returnType ??= trimmedString(this.def, 'returnType'));
  }
  getConvertFromStorageCall(): string {
    return (this.convertFromStorage ??= trimmedString(this.def, 'convertFromStorage'));
  }
  getConstBuilderTemplate(): string {
    return (this.constBuilderCall ??= trimmedString(this.def, 'constBuilderCall'));
  }
  isConstBuildable(): boolean {
    return this.getConstBuilderTemplate() !== '';
  }
  getDefaultValue(): string {
    return (this.defaultValue ??= trimmedString(this.def, 'defaultValue'));
  }
  hasDefaultValue(): boolean {
    return this.getDefaultValue() !== '';
  }
  getDerivedCodeBody(): string {
    return this.def.getValueAsString('body');
  }
  /** The innermost `baseAttr` (the attribute an OptionalAttr/DefaultValuedAttr wraps). */
  getBaseAttr(): Attribute {
    const v = this.def.getValue('baseAttr')?.value;
    if (v instanceof DefInit) return new Attribute(v.def).getBaseAttr();
    return this;
  }
  getAttrDefName(): string {
    if (this.def.isAnonymous()) return this.getBaseAttr().def.getName();
    return this.def.getName();
  }
}

export class NamedAttribute {
  constructor(
    readonly name: string,
    readonly attr: Attribute,
  ) {}
}

/** An ODS Property (or a synthesized one, e.g. the segment sizes). */
export interface PropertyFields {
  readonly summary: string;
  readonly storageType: string;
  readonly interfaceType: string;
  readonly convertFromStorageCall: string;
  readonly assignToStorageCall: string;
  readonly convertToAttributeCall: string;
  readonly convertFromAttributeCall: string;
  readonly parserCall: string;
  readonly optionalParserCall: string;
  readonly printerCall: string;
  readonly readFromMlirBytecodeCall: string;
  readonly writeToMlirBytecodeCall: string;
  readonly hashPropertyCall: string;
  readonly defaultValue: string;
  readonly storageTypeValueOverride: string;
}

export class Property {
  constructor(
    readonly def: Record | undefined,
    readonly fields: PropertyFields,
  ) {}
  static fromDef(def: Record): Property {
    const f = (n: string) => trimmedString(def, n);
    return new Property(def, {
      summary: f('summary'),
      storageType: f('storageType'),
      interfaceType: f('interfaceType'),
      convertFromStorageCall: f('convertFromStorage'),
      assignToStorageCall: f('assignToStorage'),
      convertToAttributeCall: f('convertToAttribute'),
      convertFromAttributeCall: f('convertFromAttribute'),
      parserCall: f('parser'),
      optionalParserCall: f('optionalParser'),
      printerCall: f('printer'),
      readFromMlirBytecodeCall: f('readFromMlirBytecode'),
      writeToMlirBytecodeCall: f('writeToMlirBytecode'),
      hashPropertyCall: f('hashProperty'),
      defaultValue: f('defaultValue'),
      storageTypeValueOverride: f('storageTypeValueOverride'),
    });
  }
  getStorageType(): string {
    return this.fields.storageType;
  }
  getInterfaceType(): string {
    return this.fields.interfaceType;
  }
  hasDefaultValue(): boolean {
    return this.fields.defaultValue !== '';
  }
  getDefaultValue(): string {
    return this.fields.defaultValue;
  }
  hasStorageTypeValueOverride(): boolean {
    return this.fields.storageTypeValueOverride !== '';
  }
  getStorageTypeValueOverride(): string {
    return this.fields.storageTypeValueOverride;
  }
}

export class NamedProperty {
  constructor(
    readonly name: string,
    readonly prop: Property,
  ) {}
}
