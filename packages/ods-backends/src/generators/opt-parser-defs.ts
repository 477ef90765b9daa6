// --gen-opt-parser-defs (llvm-tblgen's): the tables of LLVM's Option library from a driver's
// Options.td (llvm/Option/OptParser.td) — the string table of the spellings, the prefix and
// subcommand sets, an OPTION(...) row per group and option, the marshalling rows of clang's -cc1
// options, the tables of their enum values, and the subcommands.
import type { RecordKeeper } from '@ods-ts/tablegen-core';
import { emitSourceFileHeader } from '../emit.js';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { type MarshallingInfo, type Option, OptionGroup, SubCommand, sortedOptions } from '../ods/option.js';
import { TextWriter, escapeString } from '../text.js';
import { StringToOffsetTable } from './offset-table-util.js';

/** The fields of llvm::opt::OptTable's SimpleEnumValue tables. */
const VALUE_TABLE_PREAMBLE = `
struct SimpleEnumValue {
  const char *Name;
  unsigned Value;
};

struct SimpleEnumValueTable {
  const SimpleEnumValue *Table;
  unsigned Size;
};
`;

/** The type of the help-text-for-variants argument: (visibility pair, text), one of them. */
const VARIANTS_TYPE = 'std::array<std::pair<std::array<unsigned, 2>, const char*>, 1>';

const cstring = (s: string) => `"${escapeString(s)}"`;

/** A list of name lists, sorted and deduplicated as a std::map of vectors keys them. */
function sortedKeys(lists: Iterable<string[]>): string[][] {
  const byKey = new Map<string, string[]>();
  for (const l of lists) byKey.set(JSON.stringify(l), l);
  const compare = (a: string[], b: string[]): number => {
    for (let i = 0; i < a.length && i < b.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
    return a.length - b.length;
  };
  return [...byKey.values()].sort(compare);
}

/** Sets of names laid out one after another, each after its size: the offset of each. */
function emitSets(sets: string[][], what: string, entry: (name: string) => string): { text: string; offsets: Map<string, number> } {
  const offsets = new Map<string, number>();
  let at = 0;
  const rows = sets.map((set) => {
    offsets.set(JSON.stringify(set), at);
    at += set.length + 1;
    return `  ${set.length} /* ${what} */${set.map((n) => `, ${entry(n)}`).join('')}`;
  });
  return { text: `${rows.join(',\n')}\n};\n`, offsets };
}

/** The help-text-for-variants argument (a variant's visibilities are emitted as written). */
function variantsArg(variants: readonly { visibilities: string[]; text: string }[]): string {
  const all = variants.length > 0 ? variants : [{ visibilities: ['0', '0'], text: '' }];
  const items = all.map((v) => `{std::array<unsigned, 2>{{${v.visibilities.join(', ')}}}, ${v.text !== '' ? cstring(v.text) : 'nullptr'}}`);
  return `, (${VARIANTS_TYPE}{{ ${items.join(', ')} }})`;
}

const helpArg = (help: string | undefined) => (help === undefined ? ', nullptr' : `,\n       ${cstring(help)}`);

/** A mask of names: `A | B`, or `0`. */
const mask = (names: string[]) => (names.length > 0 ? names.join(' | ') : '0');

class OptParserEmitter {
  readonly groups: OptionGroup[];
  readonly options: Option[];
  readonly subCommands: SubCommand[];
  readonly table = new StringToOffsetTable();
  prefixOffsets = new Map<string, number>();
  subCommandOffsets = new Map<string, number>();

  constructor(records: RecordKeeper) {
    this.groups = records.getAllDerivedDefinitions('OptionGroup').map((d) => new OptionGroup(d));
    this.options = sortedOptions(records);
    this.subCommands = records.getAllDerivedDefinitions('SubCommand').map((d) => new SubCommand(d));
  }

  /** `offset /* text *\/` of a string of the table. */
  offsetOf(s: string): string {
    return `${this.table.get(s)} /* ${escapeString(s)} */`;
  }

  subCommandsArg(of: Option | OptionGroup): string {
    const names = of.getSubCommands();
    return names === undefined ? ' 0' : String(this.subCommandOffsets.get(JSON.stringify(names)) ?? 0);
  }

  emit(out: TextWriter): void {
    const prefixSets = sortedKeys([[], ...this.options.map((o) => o.getPrefixes())]);
    const union = [...new Set(prefixSets.flat())].sort((a, b) => (a === b ? 0 : a < b ? -1 : 1));
    for (const p of union) this.table.getOrAdd(p);
    for (const g of this.groups) this.table.getOrAdd(g.getName());
    for (const o of this.options) this.table.getOrAdd(o.getPrefixedName());

    out.write('/////////\n// String table\n\n#ifdef OPTTABLE_STR_TABLE_CODE\n');
    out.write(this.table.emitStringTableDef('OptionStrTable'));
    out.write('#endif // OPTTABLE_STR_TABLE_CODE\n\n');

    out.write('/////////\n// Prefixes\n\n#ifdef OPTTABLE_PREFIXES_TABLE_CODE\n');
    out.write('static constexpr llvm::StringTable::Offset OptionPrefixesTable[] = {\n');
    const prefixes = emitSets(prefixSets, 'prefixes', (p) => `${this.table.get(p)} /* '${p}' */`);
    this.prefixOffsets = prefixes.offsets;
    out.write(`${prefixes.text}#endif // OPTTABLE_PREFIXES_TABLE_CODE\n\n`);

    out.write('/////////// SubCommand IDs\n\n#ifdef OPTTABLE_SUBCOMMAND_IDS_TABLE_CODE\n');
    out.write('static constexpr unsigned OptionSubCommandIDsTable[] = {\n');
    const subSets = sortedKeys([[], ...this.options.map((o) => o.getSubCommands() ?? [])]);
    const subs = emitSets(subSets, 'subcommands', (s) => `${this.subCommands.findIndex((c) => c.def.getName() === s)} /* '${s}' */`);
    this.subCommandOffsets = subs.offsets;
    out.write(`${subs.text}#endif // OPTTABLE_SUBCOMMAND_IDS_TABLE_CODE\n\n`);

    out.write('/////////\n// Prefix Union\n\n#ifdef OPTTABLE_PREFIXES_UNION_CODE\n');
    out.write('static constexpr llvm::StringTable::Offset OptionPrefixesUnion[] = {\n');
    out.write(`${union.map((p) => `  ${this.table.get(p)} /* '${p}' */`).join(', ')}\n};\n#endif // OPTTABLE_PREFIXES_UNION_CODE\n\n`);

    out.write('/////////\n// ValuesCode\n\n#ifdef OPTTABLE_VALUES_CODE\n');
    for (const o of this.options) {
      const code = o.getValuesCode();
      if (code !== undefined) out.write(`#define VALUES_CODE ${o.getEnumName()}_Values\n${code}\n#undef VALUES_CODE\n`);
    }
    out.write('#endif\n');

    out.write('/////////\n// Groups\n\n#ifdef OPTION\n');
    for (const g of this.groups) {
      out.write(`OPTION(0 /* no prefixes */, ${this.offsetOf(g.getName())}, ${g.getEnumName()}, Group, `);
      out.write(`${g.getGroup()?.getEnumName() ?? 'INVALID'}, INVALID, nullptr, 0, 0, 0${helpArg(g.getHelpText())}`);
      out.write(`${variantsArg([])}, nullptr, nullptr, ${this.subCommandsArg(g)})\n`);
    }
    out.write('\n//////////\n// Options\n\n');
    for (const o of this.options) out.write(`OPTION(${this.optionFields(o)})\n`);
    out.write('#endif // OPTION\n');

    // Marshalling in definition order (the order of clang's implied values): which options have
    // it is asked in table order, their marshalling fields read in definition order, as llvm does.
    const marshalled = this.options
      .filter((o) => o.hasMarshalling())
      .sort((a, b) => a.def.id - b.def.id)
      .map((o) => ({ o, info: o.getMarshallingInfo() }))
      .filter((m): m is { o: Option; info: MarshallingInfo } => m.info !== undefined);
    let tableIndex = 0;
    const indices = marshalled.map((m) => (m.info.valueTable ? tableIndex++ : -1));
    marshalled.forEach(({ o, info }, i) => {
      const macro = `${info.macroPrefix}OPTION_WITH_MARSHALLING`;
      out.write(`#ifdef ${macro}\n${macro}(${this.optionFields(o)}, ${marshallingFields(info, indices[i]!)})\n#endif // ${macro}\n`);
    });

    out.write(`\n#ifdef SIMPLE_ENUM_VALUE_TABLE\n${VALUE_TABLE_PREAMBLE}`);
    const tableNames: string[] = [];
    for (const { o, info } of marshalled) {
      if (!info.valueTable) continue;
      const name = `${o.getEnumName()}ValueTable`;
      tableNames.push(name);
      const { values, normalizedValues } = info.valueTable;
      const entries = values.map((v, i) => `{${cstring(v)},static_cast<unsigned>(${scoped(info, normalizedValues[i]!)})},`);
      out.write(`static const SimpleEnumValue ${name}[] = {\n${entries.join('')}};\n`);
    }
    out.write(`static const SimpleEnumValueTable SimpleEnumValueTables[] = {${tableNames.map((n) => `{${n}, std::size(${n})},\n`).join('')}};\n`);
    out.write('static const unsigned SimpleEnumValueTablesSize = std::size(SimpleEnumValueTables);\n#endif // SIMPLE_ENUM_VALUE_TABLE\n\n');

    out.write('/////////\n\n// SubCommands\n\n#ifdef OPTTABLE_SUBCOMMANDS_CODE\n');
    out.write('static constexpr llvm::opt::OptTable::SubCommand OptionSubCommands[] = {\n');
    for (const s of this.subCommands) out.write(`  { "${s.getName()}", "${s.getHelpText()}", "${s.getUsage()}" },\n`);
    out.write('};\n#endif // OPTTABLE_SUBCOMMANDS_CODE\n\n\n');
  }

  /** The arguments of an option's OPTION(...) row. */
  optionFields(o: Option): string {
    const group = o.getGroup();
    const aliasArgs = o.getAliasArgs();
    const values = o.getValues();
    const valuesArg = values !== undefined ? cstring(values) : o.getValuesCode() !== undefined ? `${o.getEnumName()}_Values` : 'nullptr';
    const meta = o.getMetaVarName();
    return [
      `${this.prefixOffsets.get(JSON.stringify(o.getPrefixes()))}, ${this.offsetOf(o.getPrefixedName())}`,
      o.getEnumName(),
      o.getKind().getName(),
      group?.getEnumName() ?? 'INVALID',
      o.getAlias()?.getEnumName() ?? 'INVALID',
      aliasArgs.length > 0 ? `"${aliasArgs.map((a) => `${a}\\0`).join('')}"` : 'nullptr',
      mask([...o.getFlags(), ...(group?.getFlags() ?? [])]),
      mask([...o.getVisibility(), ...(group?.getVisibility() ?? [])]),
      `${o.getNumArgs()}${helpArg(o.getHelpText())}${variantsArg(o.getHelpTextsForVariants())}`,
      meta !== undefined ? cstring(meta) : 'nullptr',
      valuesArg,
      this.subCommandsArg(o),
    ].join(', ');
  }
}

/** A normalized value in `NormalizedValuesScope`. */
const scoped = (info: MarshallingInfo, value: string) => (info.normalizedValuesScope !== '' ? `${info.normalizedValuesScope}::${value}` : value);

/** The marshalling arguments of an option's row, after its OPTION fields. */
function marshallingFields(info: MarshallingInfo, tableIndex: number): string {
  return [
    info.shouldParse,
    info.shouldAlwaysEmit ? '1' : '0',
    info.keyPath,
    scoped(info, info.defaultValue),
    info.impliedCheck,
    scoped(info, info.impliedValue),
    info.normalizer,
    info.denormalizer,
    info.valueMerger,
    info.valueExtractor,
    String(tableIndex),
  ].join(', ');
}

function run(ctx: GeneratorContext): string {
  const emitter = new OptParserEmitter(ctx.records);
  const out = new TextWriter();
  out.write(emitSourceFileHeader('Option Parsing Definitions'));
  emitter.emit(out);
  return out.toString();
}

registerGenerator({ name: 'opt-parser-defs', description: 'Generate option definitions', run });
