// The directive model of llvm/Frontend (llvm/TableGen/DirectiveEmitter.h): typed views over the
// records of llvm/Frontend/Directive/DirectiveBase.td — the language (`DirectiveLanguage`), its
// directives (`Directive`), clauses (`Clause`, `VersionedClause`), their spellings (`Spelling`)
// and the values a clause accepts (`EnumVal`/`ClauseVal`).
import type { Record, RecordKeeper } from '@ods-ts/tablegen-core';

/** A `DirectiveLanguage` def (OpenMP, OpenACC). */
export class DirectiveLanguage {
  constructor(readonly def: Record) {}

  /** Every def of `DirectiveLanguage` (fatal when the class is not defined). */
  static all(records: RecordKeeper): DirectiveLanguage[] {
    return records.getAllDerivedDefinitions('DirectiveLanguage').map((d) => new DirectiveLanguage(d));
  }
  /** `cppNamespace`. */
  getCppNamespace(): string {
    return this.def.getValueAsString('cppNamespace');
  }
  /** `name`: OpenMP, OpenACC. */
  getName(): string {
    return this.def.getValueAsString('name');
  }
  getDirectivePrefix(): string {
    return this.def.getValueAsString('directivePrefix');
  }
  getClausePrefix(): string {
    return this.def.getValueAsString('clausePrefix');
  }
  getClauseEnumSetClass(): string {
    return this.def.getValueAsString('clauseEnumSetClass');
  }
  getFlangClauseBaseClass(): string {
    return this.def.getValueAsString('flangClauseBaseClass');
  }
  /** `makeEnumAvailableInNamespace`: the enumerators exported into the namespace too. */
  hasMakeEnumAvailableInNamespace(): boolean {
    return this.def.getValueAsBit('makeEnumAvailableInNamespace');
  }
  /** `enableBitmaskEnumInNamespace`. */
  hasEnableBitmaskEnumInNamespace(): boolean {
    return this.def.getValueAsBit('enableBitmaskEnumInNamespace');
  }
}

/** A version range [min, max] of C++ `int`s (llvm::directive::VersionRange). */
export interface VersionRange {
  readonly min: number;
  readonly max: number;
}

/** The range of every version: a Spelling's defaults. */
export const ALL_VERSIONS: VersionRange = { min: 0, max: 0x7fffffff };

/** The value of an `int` field as a C++ `int`. */
function cppInt(def: Record, field: string): number {
  return Number(BigInt.asIntN(32, def.getValueAsInt(field)));
}

/** A `Spelling`: a name of a directive or clause, for a range of versions. */
export class Spelling {
  constructor(readonly def: Record) {}

  getText(): string {
    return this.def.getValueAsString('spelling');
  }
  getVersions(): VersionRange {
    return { min: cppInt(this.def, 'minVersion'), max: cppInt(this.def, 'maxVersion') };
  }
}

/** What directives and clauses share (llvm's BaseRecord): spellings, the default flag. */
abstract class SpelledRecord {
  constructor(readonly def: Record) {}

  getRecordName(): string {
    return this.def.getName();
  }
  /** `spellings`. */
  getSpellings(): Spelling[] {
    return this.def.getValueAsListOfDefs('spellings').map((d) => new Spelling(d));
  }
  /** The spelling of the oldest version, which names the C++ identifier. */
  getSpellingForIdentifier(): string {
    return spellingForIdentifier(this.def);
  }
  /** The identifier's part: the oldest spelling with spaces turned into underscores. */
  getFormattedName(): string {
    return this.getSpellingForIdentifier().replaceAll(' ', '_');
  }
  /** `isDefault`. */
  isDefault(): boolean {
    return this.def.getValueAsBit('isDefault');
  }
}

/** A `VersionedClause`: a clause a directive accepts, for a range of versions. */
export class VersionedClause {
  constructor(readonly def: Record) {}

  getClause(): Clause {
    return new Clause(this.def.getValueAsDef('clause'));
  }
  getMinVersion(): bigint {
    return this.def.getValueAsInt('minVersion');
  }
  getMaxVersion(): bigint {
    return this.def.getValueAsInt('maxVersion');
  }
}

/** A `Directive` def. */
export class Directive extends SpelledRecord {
  /** Every def of `Directive`, by name (fatal when the class is not defined). */
  static all(records: RecordKeeper): Directive[] {
    return records.getAllDerivedDefinitions('Directive').map((d) => new Directive(d));
  }
  private clauses(field: string): VersionedClause[] {
    return this.def.getValueAsListOfDefs(field).map((d) => new VersionedClause(d));
  }
  getAllowedClauses(): VersionedClause[] {
    return this.clauses('allowedClauses');
  }
  getAllowedOnceClauses(): VersionedClause[] {
    return this.clauses('allowedOnceClauses');
  }
  getAllowedExclusiveClauses(): VersionedClause[] {
    return this.clauses('allowedExclusiveClauses');
  }
  getRequiredClauses(): VersionedClause[] {
    return this.clauses('requiredClauses');
  }
  /** `leafConstructs`: the directives a compound directive is made of. */
  getLeafConstructs(): Record[] {
    return this.def.getValueAsListOfDefs('leafConstructs');
  }
  /** `association`: an `Association` def. */
  getAssociation(): Record {
    return this.def.getValueAsDef('association');
  }
  /** `category`: a `Category` def. */
  getCategory(): Record {
    return this.def.getValueAsDef('category');
  }
  /** `languages`: `SourceLanguage` defs. */
  getSourceLanguages(): Record[] {
    return this.def.getValueAsListOfDefs('languages');
  }
  /** Clang's name of the directive: `Invalid` for unknown, else the words capitalized and joined. */
  getClangAccSpelling(): string {
    const name = this.getFormattedName();
    if (name === 'unknown') return 'Invalid';
    return clangCase(name, /[ _]/);
  }
}

/**
 * The smallest `minVersion` spelling of a record's `spellings`, first among equals (each spelling
 * is read whole, its `maxVersion` too, as llvm-tblgen-22 reads it).
 */
function spellingForIdentifier(def: Record): string {
  let oldest = { name: 'not found', min: 0x7fffffff };
  for (const s of def.getValueAsListOfDefs('spellings')) {
    const min = Number(BigInt.asIntN(32, s.getValueAsInt('minVersion')));
    s.getValueAsInt('maxVersion');
    if (min < oldest.min) oldest = { name: s.getValueAsString('spelling'), min };
  }
  return oldest.name;
}

/** `name` (else the oldest spelling) with spaces turned into underscores (llvm's BaseRecord::getFormattedName). */
export function formattedNameOf(def: Record): string {
  return (def.getValueAsOptionalString('name') ?? spellingForIdentifier(def)).replaceAll(' ', '_');
}

/** An accepted value of a clause: a def of `EnumVal` (`ClauseVal`). */
export class ClauseVal {
  constructor(readonly def: Record) {}

  /** `name` (else the oldest spelling) with spaces turned into underscores. */
  getFormattedName(): string {
    return formattedNameOf(this.def);
  }
  /** `isUserValue`: whether a user may write this value. */
  isUserVisible(): boolean {
    return this.def.getValueAsBit('isUserValue');
  }
  getRecordName(): string {
    return this.def.getName();
  }
  /** `value`, as a C++ int. */
  getValue(): number {
    return cppInt(this.def, 'value');
  }
  isDefault(): boolean {
    return this.def.getValueAsBit('isDefault');
  }
}

/** The first letter and each letter after a separator upper-cased, the separators dropped. */
function clangCase(name: string, separator: RegExp): string {
  let out = '';
  let up = true;
  for (const ch of name) {
    if (separator.test(ch)) {
      up = true;
      continue;
    }
    out += up ? ch.toUpperCase() : ch;
    up = false;
  }
  return out;
}

/** A `Clause` def. */
export class Clause extends SpelledRecord {
  /** Every def of `Clause` (fatal when the class is not defined). */
  static all(records: RecordKeeper): Clause[] {
    return records.getAllDerivedDefinitions('Clause').map((d) => new Clause(d));
  }
  /** `enumClauseValue`: the name of the enum of the clause's values. */
  getEnumName(): string {
    return this.def.getValueAsString('enumClauseValue');
  }
  /** `allowedClauseValues`. */
  getClauseVals(): ClauseVal[] {
    return this.def.getValueAsListOfDefs('allowedClauseValues').map((d) => new ClauseVal(d));
  }
  /** `clangClass` (empty: none). */
  getClangClass(): string {
    return this.def.getValueAsString('clangClass');
  }
  /** `flangClass` (empty: none). */
  getFlangClass(): string {
    return this.def.getValueAsString('flangClass');
  }
  /** Flang's parser class: the words of the identifier capitalized, underscores dropped. */
  getFormattedParserClassName(): string {
    return clangCase(this.getFormattedName(), /_/);
  }
  /** Clang's name of the clause: `clangAccSpelling`, else like the parser class. */
  getClangAccSpelling(): string {
    const explicit = this.def.getValueAsString('clangAccSpelling');
    return explicit !== '' ? explicit : clangCase(this.getFormattedName(), /_/);
  }
  skipFlangUnparser(): boolean {
    return this.def.getValueAsBit('skipFlangUnparser');
  }
  isValueOptional(): boolean {
    return this.def.getValueAsBit('isValueOptional');
  }
  isValueList(): boolean {
    return this.def.getValueAsBit('isValueList');
  }
  getDefaultValue(): string {
    return this.def.getValueAsString('defaultValue');
  }
  isImplicit(): boolean {
    return this.def.getValueAsBit('isImplicit');
  }
  /** `prefix`: the keyword before the value (`num:`), empty for none. */
  getPrefix(): string {
    return this.def.getValueAsString('prefix');
  }
  isPrefixOptional(): boolean {
    return this.def.getValueAsBit('isPrefixOptional');
  }
}
