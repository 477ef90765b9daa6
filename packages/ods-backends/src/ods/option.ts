// The model of llvm/Option/OptParser.td (LLVM's Option library): typed views over the `Option`,
// `OptionGroup`, `OptionKind`, `SubCommand` and `HelpTextVariant` defs, the marshalling fields of
// an option (clang's -cc1 `MarshallingInfo*` mix-ins), and the order llvm's OptTable keeps options
// in (sentinels first, then names compared case-insensitively, a name before its prefixes).
import { type Record, type RecordKeeper, activeDiagnostics, fatalAt, fatalNoLoc } from '@ods-ts/tablegen-core';
import { stdSort } from '../std-sort.js';

/**
 * A string field that may be unset (`?`) but must exist, as llvm's option emitters read them (a
 * missing field is an error there, not an unset one).
 */
function unsetOrString(def: Record, field: string): string | undefined {
  return def.isValueUnset(field) ? undefined : def.getValueAsString(field);
}

/** The identifier of an option or a group: `EnumName` when set, else the def's name. */
function enumNameOf(def: Record): string {
  return unsetOrString(def, 'EnumName') ?? def.getName();
}

/** Names of a list of defs (`Flags`, `Visibility`, ...). */
function defNames(def: Record, field: string): string[] {
  return def.getValueAsListOfDefs(field).map((d) => d.getName());
}

/** An `OptionKind` def: `Name`, `Precedence`, `Sentinel`. */
export class OptionKind {
  constructor(readonly def: Record) {}
  getName(): string {
    return this.def.getValueAsString('Name');
  }
  getPrecedence(): bigint {
    return this.def.getValueAsInt('Precedence');
  }
  isSentinel(): boolean {
    return this.def.getValueAsBit('Sentinel');
  }
}

/** A `SubCommand` def: a positional subcommand of the tool. */
export class SubCommand {
  constructor(readonly def: Record) {}
  getName(): string {
    return this.def.getValueAsString('Name');
  }
  getHelpText(): string {
    return this.def.getValueAsString('HelpText');
  }
  getUsage(): string {
    return this.def.getValueAsString('Usage');
  }
}

/** An `OptionGroup` def. */
export class OptionGroup {
  constructor(readonly def: Record) {}
  getEnumName(): string {
    return enumNameOf(this.def);
  }
  getName(): string {
    return this.def.getValueAsString('Name');
  }
  /** `HelpText`, undefined when unset. */
  getHelpText(): string | undefined {
    return unsetOrString(this.def, 'HelpText');
  }
  getGroup(): OptionGroup | undefined {
    const g = this.def.getValueAsOptionalDef('Group');
    return g ? new OptionGroup(g) : undefined;
  }
  /** The names of the `Flags` defs. */
  getFlags(): string[] {
    return defNames(this.def, 'Flags');
  }
  /** The names of the `Visibility` defs. */
  getVisibility(): string[] {
    return defNames(this.def, 'Visibility');
  }
  /** The names of the `SubCommands` defs, or undefined for a def without that field. */
  getSubCommands(): string[] | undefined {
    return this.def.getValue('SubCommands') ? defNames(this.def, 'SubCommands') : undefined;
  }
}

/** A `HelpTextVariant`: a help text shown to some visibilities. */
export interface HelpTextVariant {
  readonly visibilities: string[];
  readonly text: string;
}

/** The marshalling of an option (its `KeyPath` set and not empty). */
export interface MarshallingInfo {
  readonly macroPrefix: string;
  readonly shouldParse: string;
  readonly shouldAlwaysEmit: boolean;
  readonly keyPath: string;
  readonly defaultValue: string;
  readonly impliedCheck: string;
  /** `ImpliedValue`, or `DefaultValue` when unset. */
  readonly impliedValue: string;
  readonly normalizedValuesScope: string;
  readonly normalizer: string;
  readonly denormalizer: string;
  readonly valueMerger: string;
  readonly valueExtractor: string;
  /** With `NormalizedValues`: the spellings of `Values` paired with them. */
  readonly valueTable?: { readonly values: string[]; readonly normalizedValues: string[] };
}

/** An `Option` def. */
export class Option {
  constructor(readonly def: Record) {}
  getEnumName(): string {
    return enumNameOf(this.def);
  }
  getPrefixes(): string[] {
    return this.def.getValueAsListOfStrings('Prefixes');
  }
  getName(): string {
    return this.def.getValueAsString('Name');
  }
  /** The name behind the first prefix (the spelling the string table holds). */
  getPrefixedName(): string {
    const prefixes = this.getPrefixes();
    return (prefixes[0] ?? '') + this.getName();
  }
  getKind(): OptionKind {
    return new OptionKind(this.def.getValueAsDef('Kind'));
  }
  getNumArgs(): bigint {
    return this.def.getValueAsInt('NumArgs');
  }
  getHelpText(): string | undefined {
    return unsetOrString(this.def, 'HelpText');
  }
  getHelpTextsForVariants(): HelpTextVariant[] {
    return this.def.getValueAsListOfDefs('HelpTextsForVariants').map((v) => ({
      visibilities: v.getValueAsListInit('Visibilities').elements.map((e) => e.getAsUnquotedString()),
      text: v.getValueAsString('Text'),
    }));
  }
  getMetaVarName(): string | undefined {
    return unsetOrString(this.def, 'MetaVarName');
  }
  getValues(): string | undefined {
    return unsetOrString(this.def, 'Values');
  }
  getValuesCode(): string | undefined {
    return unsetOrString(this.def, 'ValuesCode');
  }
  getFlags(): string[] {
    return defNames(this.def, 'Flags');
  }
  getVisibility(): string[] {
    return defNames(this.def, 'Visibility');
  }
  getGroup(): OptionGroup | undefined {
    const g = this.def.getValueAsOptionalDef('Group');
    return g ? new OptionGroup(g) : undefined;
  }
  getAlias(): Option | undefined {
    const a = this.def.getValueAsOptionalDef('Alias');
    return a ? new Option(a) : undefined;
  }
  getAliasArgs(): string[] {
    return this.def.getValueAsListOfStrings('AliasArgs');
  }
  getSubCommands(): string[] {
    return defNames(this.def, 'SubCommands');
  }

  /** Whether the option has marshalling: `KeyPath` set and not empty. */
  hasMarshalling(): boolean {
    const keyPath = unsetOrString(this.def, 'KeyPath');
    return keyPath !== undefined && keyPath !== '';
  }

  /** The marshalling, when `KeyPath` is set and not empty. */
  getMarshallingInfo(): MarshallingInfo | undefined {
    const d = this.def;
    const keyPath = unsetOrString(d, 'KeyPath');
    if (keyPath === undefined || keyPath === '') return undefined;
    const defaultValue = d.getValueAsString('DefaultValue');
    const info = {
      macroPrefix: d.getValueAsString('MacroPrefix'),
      shouldParse: d.getValueAsString('ShouldParse'),
      shouldAlwaysEmit: d.getValueAsBit('ShouldAlwaysEmit'),
      keyPath,
      defaultValue,
      impliedCheck: d.getValueAsString('ImpliedCheck'),
      impliedValue: d.getValueAsOptionalString('ImpliedValue') ?? defaultValue,
      normalizedValuesScope: d.getValueAsString('NormalizedValuesScope'),
      normalizer: d.getValueAsString('Normalizer'),
      denormalizer: d.getValueAsString('Denormalizer'),
      valueMerger: d.getValueAsString('ValueMerger'),
      valueExtractor: d.getValueAsString('ValueExtractor'),
    };
    if (d.isValueUnset('NormalizedValues')) return info;
    const normalizedValues = d.getValueAsListOfStrings('NormalizedValues');
    // `Values` split at commas, empty entries dropped.
    const values = d.getValueAsString('Values').split(',').filter((v) => v !== '');
    if (values.length !== normalizedValues.length) {
      fatalAt(d, `the ${values.length} Values of option '${d.getName()}' do not match its ${normalizedValues.length} NormalizedValues`);
    }
    return { ...info, valueTable: { values, normalizedValues } };
  }
}

/** llvm's StringRef::compare_insensitive: ASCII letters folded, then bytes compared. */
function compareInsensitive(a: string, b: string): number {
  const lower = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c);
  for (let i = 0; i < a.length && i < b.length; i++) {
    const x = lower(a.charCodeAt(i));
    const y = lower(b.charCodeAt(i));
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

const compareBytes = (a: string, b: string): number => (a === b ? 0 : a < b ? -1 : 1);

/** Option names: case-insensitively, a name after the longer names it begins, then case-sensitively. */
function compareOptionNames(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  const head = compareInsensitive(a.slice(0, n), b.slice(0, n));
  if (head !== 0) return head;
  if (a.length === b.length) return compareBytes(a, b);
  return a.length === n ? 1 : -1;
}

/** Prefixes: bytewise, a prefix after the longer prefixes it begins. */
function comparePrefixes(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  const head = compareBytes(a.slice(0, n), b.slice(0, n));
  if (head !== 0) return head;
  if (a.length === b.length) return 0;
  return a.length === n ? 1 : -1;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The order of llvm's OptTable: sentinel kinds first (by precedence), then by name, by the
 * prefixes they share, and by kind precedence. Two options alike in all that are an error.
 */
function compareOptions(a: Option, b: Option): number {
  if (a.def === b.def) return 0;
  const ak = a.getKind();
  const bk = b.getKind();
  if (ak.isSentinel() !== bk.isSentinel()) return ak.isSentinel() ? -1 : 1;
  if (!ak.isSentinel()) {
    const byName = compareOptionNames(a.getName(), b.getName());
    if (byName !== 0) return byName;
    const ap = a.getPrefixes();
    const bp = b.getPrefixes();
    for (let i = 0; i < ap.length && i < bp.length; i++) {
      const c = comparePrefixes(ap[i]!, bp[i]!);
      if (c !== 0) return c;
    }
  }
  const aPrec = ak.getPrecedence();
  const bPrec = bk.getPrecedence();
  if (aPrec === bPrec && sameList(a.getPrefixes(), b.getPrefixes())) {
    const d = activeDiagnostics();
    d?.error(a.def.locs[0], 'Option is equivalent to');
    d?.error(b.def.locs[0], 'Other defined here');
    fatalNoLoc('Equivalent Options found.');
  }
  return aPrec < bPrec ? -1 : 1;
}

/**
 * Every `Option` def in the order of the table, sorted as llvm::sort (libstdc++'s std::sort)
 * does: the comparator is no strict weak order for options alike but in their prefix lists, and
 * the order decides which of two equivalent options is reported.
 */
export function sortedOptions(records: RecordKeeper): Option[] {
  const options = records.getAllDerivedDefinitions('Option').map((d) => new Option(d));
  return stdSort(options, (a, b) => compareOptions(a, b) < 0);
}
