// The searchable-table model of llvm/TableGen/SearchableTable.td: typed views over the records
// --gen-searchable-tables reads — `GenericEnum`, `GenericTable` (with its `TypeOf_<field>`
// annotations), `SearchIndex`, and the classes deriving from the legacy `SearchableTable` class.
import { type Record, type RecordKeeper, type RecordVal, StringInit } from '@ods-ts/tablegen-core';

/** What enums and tables share: a name and the class whose defs they are over. */
abstract class FilterClassDef {
  constructor(readonly def: Record) {}

  getName(): string {
    return this.def.getName();
  }
  /** `FilterClass`: the class whose defs are the enumerators or rows. */
  getFilterClass(): string {
    return this.def.getValueAsString('FilterClass');
  }
  /** Where `FilterClass` is set. */
  getFilterClassVal(): RecordVal | undefined {
    return this.def.getValue('FilterClass');
  }
}

/** A `GenericEnum` def: an enum over the defs of `FilterClass`. */
export class GenericEnumDef extends FilterClassDef {
  /** Every def of `GenericEnum`, by name (fatal when the class is not defined). */
  static all(records: RecordKeeper): GenericEnumDef[] {
    return records.getAllDerivedDefinitions('GenericEnum').map((d) => new GenericEnumDef(d));
  }
  /** `NameField`: the field naming an enumerator (unset: the def's name). */
  getNameField(): string | undefined {
    return this.def.isValueUnset('NameField') ? undefined : this.def.getValueAsString('NameField');
  }
  /** `ValueField`: the field giving an enumerator's value (unset: numbered by name). */
  getValueField(): string | undefined {
    return this.def.isValueUnset('ValueField') ? undefined : this.def.getValueAsString('ValueField');
  }
}

/** A `GenericTable` def: a C++ array over the defs of `FilterClass`, with a primary key. */
export class GenericTableDef extends FilterClassDef {
  /** Every def of `GenericTable`, by name (fatal when the class is not defined). */
  static all(records: RecordKeeper): GenericTableDef[] {
    return records.getAllDerivedDefinitions('GenericTable').map((d) => new GenericTableDef(d));
  }
  /** `FilterClassField`: a bit field of the entries that selects them (unset: all entries). */
  getFilterClassField(): string | undefined {
    const v = this.def.getValue('FilterClassField')?.value;
    return v instanceof StringInit ? v.value : undefined;
  }
  /** `CppTypeName`: the C++ type of a row. */
  getCppTypeName(): string {
    return this.def.getValueAsString('CppTypeName');
  }
  /** `Fields`: the fields of a row, in order. */
  getFields(): string[] {
    return this.def.getValueAsListOfStrings('Fields');
  }
  /** `TypeOf_<field>`: `"code"` or the name of a GenericEnum, when the table has one. */
  getTypeOf(field: string): RecordVal | undefined {
    return this.def.getValue(`TypeOf_${field}`);
  }
  hasPrimaryKey(): boolean {
    return !this.def.isValueUnset('PrimaryKey');
  }
  getPrimaryKey(): string[] {
    return this.def.getValueAsListOfStrings('PrimaryKey');
  }
  getPrimaryKeyVal(): RecordVal | undefined {
    return this.def.getValue('PrimaryKey');
  }
  getPrimaryKeyName(): string {
    return this.def.getValueAsString('PrimaryKeyName');
  }
  getPrimaryKeyEarlyOut(): boolean {
    return this.def.getValueAsBit('PrimaryKeyEarlyOut');
  }
  getPrimaryKeyReturnRange(): boolean {
    return this.def.getValueAsBit('PrimaryKeyReturnRange');
  }
}

/** A `SearchIndex` def: a secondary lookup function of a table. */
export class SearchIndexDef {
  constructor(readonly def: Record) {}

  /** Every def of `SearchIndex`, by name (fatal when the class is not defined). */
  static all(records: RecordKeeper): SearchIndexDef[] {
    return records.getAllDerivedDefinitions('SearchIndex').map((d) => new SearchIndexDef(d));
  }
  getName(): string {
    return this.def.getName();
  }
  getTable(): Record {
    return this.def.getValueAsDef('Table');
  }
  getTableVal(): RecordVal | undefined {
    return this.def.getValue('Table');
  }
  getKey(): string[] {
    return this.def.getValueAsListOfStrings('Key');
  }
  getKeyVal(): RecordVal | undefined {
    return this.def.getValue('Key');
  }
  getEarlyOut(): boolean {
    return this.def.getValueAsBit('EarlyOut');
  }
}

/** The fields of SearchableTable itself, which are no columns of a legacy table. */
const LEGACY_SPECIAL_FIELDS = new Set(['SearchableFields', 'EnumNameField', 'EnumValueField']);

/** A class deriving directly (and only) from `SearchableTable`: a legacy table and its enum. */
export class LegacySearchableTable {
  constructor(readonly cls: Record) {}

  /** The legacy table classes, by name; none when SearchableTable is not defined. */
  static all(records: RecordKeeper): LegacySearchableTable[] {
    const base = records.getClass('SearchableTable');
    if (!base) return [];
    return records
      .sortedClasses()
      .filter((c) => c.superClasses.length === 1 && c.isSubClassOf(base))
      .map((c) => new LegacySearchableTable(c));
  }
  getName(): string {
    return this.cls.getName();
  }
  /** `SearchableFields`: one lookup function per field. */
  getSearchableFields(): string[] {
    return this.cls.getValueAsListOfStrings('SearchableFields');
  }
  /** `EnumNameField` (unset: no enum). */
  getEnumNameField(): string | undefined {
    return this.cls.isValueUnset('EnumNameField') ? undefined : this.cls.getValueAsString('EnumNameField');
  }
  /** `EnumValueField` (unset: numbered by name). */
  getEnumValueField(): string | undefined {
    return this.cls.isValueUnset('EnumValueField') ? undefined : this.cls.getValueAsString('EnumValueField');
  }
  /** The columns: the class's fields but template arguments and SearchableTable's own. */
  getColumnNames(): string[] {
    return this.cls.values.map((v) => v.name).filter((n) => !n.includes(':') && !LEGACY_SPECIAL_FIELDS.has(n));
  }
  getFieldVal(name: string): RecordVal | undefined {
    return this.cls.getValue(name);
  }
}
