// --gen-searchable-tables (llvm-tblgen's): C++ enums of `GenericEnum`s, and for each
// `GenericTable` a constexpr array of its rows sorted by its primary key with lookup functions
// (direct indexing when the key is dense, else a binary search), plus secondary `SearchIndex`
// lookups and the legacy `SearchableTable` classes. Tables over instructions or intrinsics need
// a target's or the intrinsics' model and are reported as unsupported.
import {
  BitInit,
  BitRecTy,
  BitsInit,
  BitsRecTy,
  DefInit,
  FatalError,
  IntInit,
  IntRecTy,
  type Init,
  type Loc,
  type Record,
  type RecordKeeper,
  type RecordVal,
  type RecTy,
  RecordRecTy,
  StringInit,
  StringRecTy,
  TypedInit,
  UNKNOWN_LOC,
  activeDiagnostics,
  fatalAt,
  fatalNoLoc,
  resolveTypes,
} from '@ods-ts/tablegen-core';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { GenericEnumDef, GenericTableDef, LegacySearchableTable, SearchIndexDef } from '../ods/searchable-table.js';
import { TextWriter } from '../text.js';

/** An llvm PrintFatalError at a location (a field's, or none). */
function fatalAtLoc(loc: Loc | undefined, message: string): never {
  const d = activeDiagnostics();
  if (d) d.exit(loc, message);
  throw new FatalError({ severity: 'error', loc, message, notes: [] }, true);
}

interface EnumEntry {
  readonly name: string;
  value: bigint;
}

/** A C++ enum: a GenericEnum, or the enum of a legacy table. */
interface CppEnum {
  readonly name: string;
  readonly guard: string;
  readonly cls: Record;
  readonly entries: EnumEntry[];
  readonly byDef: Map<Record, EnumEntry>;
}

interface Field {
  readonly name: string;
  type: RecTy | undefined;
  isCode: boolean;
  cppEnum: CppEnum | undefined;
}

interface Index {
  readonly name: string;
  readonly loc: Loc | undefined;
  readonly fields: Field[];
  readonly earlyOut: boolean;
  readonly returnRange: boolean;
}

interface Table {
  readonly name: string;
  readonly rec: Record;
  readonly guard: string;
  readonly cppTypeName: string;
  readonly fields: Field[];
  entries: Record[];
  primaryKey: Index | undefined;
  readonly indices: Index[];
}

/** Where a type of C++ appears: a static index row, the key being searched, a parameter. */
type TypeContext = 'static' | 'temp' | 'argument';

const asciiUpper = (s: string) => s.replace(/[a-z]/g, (c) => c.toUpperCase());
const byteCompare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The integer of a bits or int value (int64, as llvm's getAsInt). */
function intOf(v: Init, where: Record): bigint {
  if (v instanceof BitsInit) {
    const n = v.toBigInt();
    if (n === undefined) fatalAt(where, `value '${v.getAsString()}' is not a complete integer`);
    return n;
  }
  if (v instanceof IntInit) return v.value;
  return fatalAt(where, `value '${v.getAsString()}' is neither bits nor int`);
}

class SearchableTableEmitter {
  private readonly enums: CppEnum[] = [];
  private readonly enumByDef = new Map<Record, CppEnum>();
  private readonly guards = new Set<string>();
  private readonly out = new TextWriter();

  constructor(private readonly records: RecordKeeper) {}

  run(): string {
    const needsTarget =
      this.records.getAllDerivedDefinitionsIfDefined('Instruction').length > 0 ||
      this.records.getAllDerivedDefinitionsIfDefined('Intrinsic').length > 0;
    if (needsTarget) {
      // llvm builds the target's model (CodeGenTarget) first, starting with its hardware modes.
      this.records.getAllDerivedDefinitions('HwMode');
      fatalNoLoc('--gen-searchable-tables over instructions or intrinsics (a target model) is not supported by ods-tblgen');
    }
    for (const e of GenericEnumDef.all(this.records)) this.collectGenericEnum(e);
    const tables: Table[] = [];
    const tableByDef = new Map<Record, Table>();
    for (const t of GenericTableDef.all(this.records)) {
      const table = this.collectGenericTable(t);
      tables.push(table);
      tableByDef.set(t.def, table);
    }
    for (const s of SearchIndexDef.all(this.records)) {
      const tableRec = s.getTable();
      const table = tableByDef.get(tableRec);
      if (!table) fatalAtLoc(s.getTableVal()?.loc, `SearchIndex '${s.getName()}' refers to nonexistent table '${tableRec.getName()}`);
      table.indices.push(this.parseIndex(table, s.getKeyVal(), s.getName(), s.getKey(), s.getEarlyOut(), false));
    }
    for (const legacy of LegacySearchableTable.all(this.records)) tables.push(this.collectLegacy(legacy));

    for (const e of this.enums) this.emitEnum(e);
    for (const t of tables) this.emitTable(t);
    for (const g of [...this.guards].sort(byteCompare)) this.out.write(`#undef ${g}\n`);
    return this.out.toString();
  }

  // --- Collection ---------------------------------------------------------------------------

  private collectEnumEntries(e: CppEnum, nameField: string | undefined, valueField: string | undefined, items: Record[]): void {
    for (const item of items) {
      const entry = {
        name: nameField === undefined ? item.getName() : item.getValueAsString(nameField),
        value: valueField === undefined ? 0n : intOf(item.getValueInit(valueField), item),
      };
      e.entries.push(entry);
      e.byDef.set(item, entry);
    }
    if (valueField === undefined) {
      // A stable sort by name, then numbered in that order.
      e.entries.sort((a, b) => byteCompare(a.name, b.name));
      e.entries.forEach((entry, i) => (entry.value = BigInt(i)));
    }
  }

  private collectGenericEnum(e: GenericEnumDef): void {
    const filterClass = e.getFilterClass();
    const cls = this.records.getClass(filterClass);
    if (!cls) fatalAtLoc(e.getFilterClassVal()?.loc, `Enum FilterClass '${filterClass}' does not exist`);
    const cppEnum: CppEnum = { name: e.getName(), guard: e.getName(), cls, entries: [], byDef: new Map() };
    this.collectEnumEntries(cppEnum, e.getNameField(), e.getValueField(), this.records.getAllDerivedDefinitions(filterClass));
    this.enumByDef.set(e.def, cppEnum);
    this.enums.push(cppEnum);
  }

  private collectGenericTable(t: GenericTableDef): Table {
    const table: Table = {
      name: t.getName(),
      rec: t.def,
      guard: t.getName(),
      cppTypeName: t.getCppTypeName(),
      fields: [],
      entries: [],
      primaryKey: undefined,
      indices: [],
    };
    for (const name of t.getFields()) {
      const field: Field = { name, type: undefined, isCode: false, cppEnum: undefined };
      table.fields.push(field);
      const typeOf = t.getTypeOf(name);
      if (typeOf && !this.parseFieldType(field, typeOf.value)) {
        const d = activeDiagnostics();
        const message = `Table '${table.name}' has invalid 'TypeOf_${name}': ${typeOf.value.getAsString()}`;
        d?.error(typeOf.loc, message);
        d?.report('note', undefined, `The 'TypeOf_xxx' field must be a string naming a GenericEnum record, or "code"`);
        throw new FatalError({ severity: 'error', loc: typeOf.loc, message, notes: [] }, true);
      }
    }
    const filterClass = t.getFilterClass();
    if (!this.records.getClass(filterClass)) fatalAtLoc(t.getFilterClassVal()?.loc, `Table FilterClass '${filterClass}' does not exist`);
    let items = this.records.getAllDerivedDefinitions(filterClass);
    const filterField = t.getFilterClassField();
    if (filterField !== undefined) {
      items = items.filter((r) => {
        const v = r.getValue(filterField);
        if (!v) fatalAt(r, `Record '${r.getName()}' has no field '${filterField}' (the FilterClassField of table '${table.name}')`);
        if (v.value instanceof BitInit) return v.value.value;
        return fatalAtLoc(v.loc, `FilterClassField '${filterClass}' should be a bit value`);
      });
    }
    this.collectTableEntries(table, items);
    if (t.hasPrimaryKey()) {
      const pk = this.parseIndex(table, t.getPrimaryKeyVal(), t.getPrimaryKeyName(), t.getPrimaryKey(), t.getPrimaryKeyEarlyOut(), t.getPrimaryKeyReturnRange());
      table.primaryKey = pk;
      table.entries = stableSorted(table.entries, (a, b) => this.compareBy(a, b, pk));
    }
    return table;
  }

  private collectLegacy(legacy: LegacySearchableTable): Table {
    const cls = legacy.cls;
    const name = legacy.getName();
    const items = this.records.getAllDerivedDefinitions(name);
    const nameField = legacy.getEnumNameField();
    if (nameField !== undefined) {
      const cppEnum: CppEnum = { name: `${name}Values`, guard: asciiUpper(name), cls, entries: [], byDef: new Map() };
      this.collectEnumEntries(cppEnum, nameField, legacy.getEnumValueField(), items);
      this.enums.push(cppEnum);
    }
    const table: Table = {
      name: `${name}sList`,
      rec: cls,
      guard: asciiUpper(name),
      cppTypeName: name,
      fields: legacy.getColumnNames().map((n) => ({ name: n, type: undefined, isCode: false, cppEnum: undefined })),
      entries: [],
      primaryKey: undefined,
      indices: [],
    };
    this.collectTableEntries(table, items);
    for (const field of legacy.getSearchableFields()) {
      const val = legacy.getFieldVal(field);
      if (!val) fatalAt(cls, `Searchable field '${field}' of class '${name}' does not exist`);
      table.indices.push(this.parseIndex(table, val, `lookup${table.cppTypeName}By${field}`, [field], false, false));
    }
    return table;
  }

  /** `TypeOf_<field>`: "code", or the name of a GenericEnum def. */
  private parseFieldType(field: Field, typeOf: Init): boolean {
    if (!(typeOf instanceof StringInit)) return false;
    if (typeOf.value === 'code') {
      field.isCode = true;
      return true;
    }
    const def = this.records.getDef(typeOf.value);
    const cppEnum = def && def.isSubClassOfName('GenericEnum') ? this.enumByDef.get(def) : undefined;
    if (!cppEnum) return false;
    field.cppEnum = cppEnum;
    field.type = RecordRecTy.get([cppEnum.cls]);
    return true;
  }

  private collectTableEntries(table: Table, items: Record[]): void {
    if (items.length === 0) fatalAt(table.rec, `Table '${table.name}' has no entries`);
    for (const item of items) {
      for (const field of table.fields) {
        const v = item.getValueInit(field.name);
        if (!(v instanceof TypedInit) || !v.isComplete()) {
          fatalAt(item, `Record '${item.getName()}' for table '${table.name}' is missing field '${field.name}'`);
        }
        if (!field.type) field.type = v.type;
        else {
          const t = resolveTypes(field.type, v.type);
          if (!t) {
            fatalAtLoc(
              item.getValue(field.name)?.loc,
              `Field '${field.name}' of table '${table.name}' entry has incompatible type: ${v.type.getAsString()} vs. ${field.type.getAsString()}`,
            );
          }
          field.type = t;
        }
      }
      table.entries.push(item);
    }
    // Sorted by every field (llvm::sort; rows equal in every field print alike whatever their order).
    const all: Index = { name: '', loc: UNKNOWN_LOC, fields: table.fields, earlyOut: false, returnRange: false };
    table.entries = stableSorted(table.entries, (a, b) => this.compareBy(a, b, all));
  }

  private parseIndex(table: Table, keyVal: RecordVal | undefined, name: string, key: string[], earlyOut: boolean, returnRange: boolean): Index {
    const fields = key.map((f) => {
      const field = table.fields.find((x) => x.name === f);
      if (!field) fatalAtLoc(keyVal?.loc, `In table '${table.name}', 'PrimaryKey' or 'Key' refers to nonexistent field '${f}'`);
      return field;
    });
    // An empty key is accepted (the lookup compares nothing); with early-out the reference
    // crashes reading its first field.
    if (fields.length === 0 && earlyOut) fatalAtLoc(keyVal?.loc, `In table '${table.name}', lookup method '${name}' has an empty key and early-out`);
    if (earlyOut && fields[0]!.type instanceof StringRecTy) {
      fatalAtLoc(keyVal?.loc, `In lookup method '${name}', early-out is not supported for a first key field of type string`);
    }
    return { name, loc: keyVal?.loc, fields, earlyOut, returnRange };
  }

  // --- Values -------------------------------------------------------------------------------

  private enumEntry(loc: Loc | undefined, field: Field, v: Init): EnumEntry {
    const entry = v instanceof DefInit ? field.cppEnum!.byDef.get(v.def) : undefined;
    if (!entry) fatalAtLoc(loc, `Entry for field '${field.name}' is null`);
    return entry;
  }

  /** A value as C++ (llvm's primaryRepresentation). */
  private repr(loc: Loc | undefined, field: Field, v: Init): string {
    if (v instanceof StringInit) return field.isCode || v.isCode ? v.value : v.getAsString();
    if (v instanceof BitsInit) return `0x${BigInt.asUintN(64, v.toBigInt() ?? 0n).toString(16).toUpperCase()}`;
    if (v instanceof BitInit) return v.value ? 'true' : 'false';
    if (field.cppEnum) return this.enumEntry(loc, field, v).name;
    return fatalAtLoc(loc, `invalid field type for field '${field.name}'; expected: bit, bits, string, or code`);
  }

  /** The order of two rows by an index's fields (llvm's compareBy), as -1, 0 or 1. */
  private compareBy(a: Record, b: Record, index: Index): number {
    for (const field of index.fields) {
      const x = a.getValueInit(field.name);
      const y = b.getValueInit(field.name);
      let c: number;
      if (field.type instanceof BitsRecTy || field.type instanceof IntRecTy) {
        const i = intOf(x, a);
        const j = intOf(y, b);
        c = i < j ? -1 : i > j ? 1 : 0;
      } else if (field.cppEnum) {
        // (llvm dereferences a missing entry here and crashes.)
        const i = this.enumEntry(a.locs[0], field, x).value;
        const j = this.enumEntry(b.locs[0], field, y).value;
        c = i < j ? -1 : i > j ? 1 : 0;
      } else {
        let s = this.repr(index.loc, field, x);
        let t = this.repr(index.loc, field, y);
        if (field.type instanceof StringRecTy) {
          s = asciiUpper(s);
          t = asciiUpper(t);
        }
        c = byteCompare(s, t);
      }
      if (c !== 0) return c;
    }
    return 0;
  }

  /** The C++ type of a key field (llvm's searchableFieldType). */
  private cppType(table: Table, index: Index, field: Field, ctx: TypeContext): string {
    const t = field.type;
    if (t instanceof StringRecTy) return ctx === 'static' ? 'const char *' : ctx === 'temp' ? 'std::string' : 'StringRef';
    if (t instanceof BitsRecTy) {
      const n = t.numBits;
      if (n <= 8) return 'uint8_t';
      if (n <= 16) return 'uint16_t';
      if (n <= 32) return 'uint32_t';
      if (n <= 64) return 'uint64_t';
      fatalAtLoc(index.loc, `In table '${table.name}' lookup method '${index.name}', key field '${field.name}' of type bits is too large`);
    }
    if (t instanceof BitRecTy) return 'bool';
    if (field.cppEnum) return 'unsigned';
    return fatalAtLoc(
      index.loc,
      `In table '${table.name}' lookup method '${index.name}', key field '${field.name}' has invalid type: ${t?.getAsString() ?? '?'}`,
    );
  }

  /** The number of a single-field key, for the density check. */
  private numericKey(index: Index, row: Record): bigint {
    const field = index.fields[0]!;
    const v = row.getValueInit(field.name);
    return field.cppEnum ? this.enumEntry(index.loc, field, v).value : intOf(v, row);
  }

  // --- Emission -----------------------------------------------------------------------------

  private ifdef(guard: string): void {
    this.out.write(`#ifdef ${guard}\n`);
    this.guards.add(guard);
  }

  private emitEnum(e: CppEnum): void {
    this.ifdef(`GET_${e.guard}_DECL`);
    this.out.write(`enum ${e.name} {\n`);
    for (const entry of e.entries) this.out.write(`  ${entry.name} = ${entry.value},\n`);
    this.out.write('};\n#endif\n\n');
  }

  private declaration(table: Table, index: Index): string {
    const result = index.returnRange ? `llvm::iterator_range<const ${table.cppTypeName} *> ` : `const ${table.cppTypeName} *`;
    const params = index.fields.map((f) => `${this.cppType(table, index, f, 'argument')} ${f.name}`);
    return `${result}${index.name}(${params.join(', ')})`;
  }

  private emitTable(table: Table): void {
    this.ifdef(`GET_${table.guard}_DECL`);
    for (const index of [...(table.primaryKey ? [table.primaryKey] : []), ...table.indices]) {
      this.out.write(`${this.declaration(table, index)};\n`);
    }
    this.out.write('#endif\n\n');
    this.ifdef(`GET_${table.guard}_IMPL`);
    this.out.write(`constexpr ${table.cppTypeName} ${table.name}[] = {\n`);
    const loc = table.rec.locs[0];
    table.entries.forEach((row, i) => {
      const cells = table.fields.map((f) => this.repr(loc, f, row.getValueInit(f.name)));
      this.out.write(`  { ${cells.join(', ')} }, // ${i}\n`);
    });
    this.out.write(' };\n');
    if (table.primaryKey) this.emitLookup(table, table.primaryKey, true);
    for (const index of table.indices) this.emitLookup(table, index, false);
    this.out.write('#endif\n\n');
  }

  private emitLookup(table: Table, index: Index, isPrimary: boolean): void {
    const out = this.out;
    out.write(`\n${this.declaration(table, index)} {\n`);
    let rows = table.entries;
    let indexTypeName = table.cppTypeName;
    let indexName = table.name;
    if (!isPrimary) {
      out.write('  struct IndexType {\n');
      for (const f of index.fields) out.write(`    ${this.cppType(table, index, f, 'static')} ${f.name};\n`);
      out.write('    unsigned _index;\n  };\n  static const struct IndexType Index[] = {\n');
      const sorted = stableSorted(
        table.entries.map((row, i) => ({ row, i })),
        (a, b) => this.compareBy(a.row, b.row, index),
      );
      for (const { row, i } of sorted) {
        const cells = index.fields.map((f) => {
          const r = this.repr(index.loc, f, row.getValueInit(f.name));
          return f.type instanceof StringRecTy ? asciiUpper(r) : r;
        });
        out.write(`    { ${cells.join(', ')}, ${i} },\n`);
      }
      out.write('  };\n\n');
      rows = sorted.map((s) => s.row);
      indexTypeName = 'IndexType';
      indexName = 'Index';
    }

    const first = index.fields[0]!;
    let contiguous = false;
    if (index.fields.length === 1 && (first.cppEnum || first.type instanceof BitsRecTy)) {
      const base = this.numericKey(index, rows[0]!);
      contiguous = rows.every((row, i) => this.numericKey(index, row) === base + BigInt(i));
    }
    if (contiguous || index.earlyOut) {
      const type = this.cppType(table, index, first, 'argument');
      const lo = this.repr(index.loc, first, rows[0]!.getValueInit(first.name));
      const hi = this.repr(index.loc, first, rows[rows.length - 1]!.getValueInit(first.name));
      out.write(`  if ((${type})${first.name} != std::clamp((${type})${first.name}, (${type})${lo}, (${type})${hi}))\n    return nullptr;\n\n`);
      if (!index.earlyOut) {
        out.write(`  auto Table = ArrayRef(${indexName});\n  size_t Idx = ${first.name} - ${lo};\n`);
        out.write(`  return ${isPrimary ? '&Table[Idx]' : `&${table.name}[Table[Idx]._index]`};\n}\n`);
        return;
      }
    }

    out.write('  struct KeyType {\n');
    for (const f of index.fields) out.write(`    ${this.cppType(table, index, f, 'temp')} ${f.name};\n`);
    out.write('  };\n  KeyType Key = {');
    index.fields.forEach((f, i) => {
      out.write(`${i > 0 ? ', ' : ''}${f.name}`);
      if (f.type instanceof StringRecTy) {
        out.write('.upper()');
        if (isPrimary) {
          fatalAtLoc(index.loc, `In table '${table.name}', use a secondary lookup method for case-insensitive comparison of field '${f.name}'`);
        }
      }
    });
    out.write('};\n  struct Comp {\n');
    const comparator = (lhs: string, rhs: string) => {
      out.write(`    bool operator()(const ${lhs} &LHS, const ${rhs} &RHS) const {\n`);
      for (const f of index.fields) {
        const n = f.name;
        if (f.type instanceof StringRecTy) {
          out.write(`      int Cmp${n} = StringRef(LHS.${n}).compare(RHS.${n});\n      if (Cmp${n} < 0) return true;\n      if (Cmp${n} > 0) return false;\n`);
        } else if (f.cppEnum) {
          // Cast: the signedness of an enum depends on the compiler.
          out.write(`      if ((unsigned)LHS.${n} < (unsigned)RHS.${n})\n        return true;\n      if ((unsigned)LHS.${n} > (unsigned)RHS.${n})\n        return false;\n`);
        } else {
          out.write(`      if (LHS.${n} < RHS.${n})\n        return true;\n      if (LHS.${n} > RHS.${n})\n        return false;\n`);
        }
      }
      out.write('      return false;\n    }\n');
    };
    comparator(indexTypeName, 'KeyType');
    if (index.returnRange) comparator('KeyType', indexTypeName);
    out.write(`  };\n  auto Table = ArrayRef(${indexName});\n`);
    if (index.returnRange) {
      out.write('  auto It = std::equal_range(Table.begin(), Table.end(), Key, Comp());\n  return llvm::make_range(It.first, It.second);\n}\n');
      return;
    }
    out.write('  auto Idx = std::lower_bound(Table.begin(), Table.end(), Key, Comp());\n  if (Idx == Table.end()');
    for (const f of index.fields) out.write(` ||\n      Key.${f.name} != Idx->${f.name}`);
    out.write(`)\n    return nullptr;\n\n  return ${isPrimary ? '&*Idx' : `&${table.name}[Idx->_index]`};\n}\n`);
  }
}

/** A stable sort (Array.prototype.sort is stable) into a new array. */
function stableSorted<T>(items: readonly T[], cmp: (a: T, b: T) => number): T[] {
  return [...items].sort(cmp);
}

registerGenerator({
  name: 'searchable-tables',
  description: 'Generate generic binary-searchable table',
  run: (ctx: GeneratorContext) => new SearchableTableEmitter(ctx.records).run(),
});
