// The directive model of llvm/Frontend (llvm/TableGen/DirectiveEmitter.h): typed views over the
// records of llvm/Frontend/Directive/DirectiveBase.td — the language (`DirectiveLanguage`), its
// clauses (`Clause`) and the values a clause accepts (`EnumVal`/`ClauseVal`).
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
}

/** The smallest `minVersion` spelling of a record's `spellings`, first among equals. */
function spellingForIdentifier(def: Record): string {
  let oldest = { name: 'not found', min: 0x7fffffff };
  for (const s of def.getValueAsListOfDefs('spellings')) {
    const min = Number(BigInt.asIntN(32, s.getValueAsInt('minVersion')));
    if (min < oldest.min) oldest = { name: s.getValueAsString('spelling'), min };
  }
  return oldest.name;
}

/** An accepted value of a clause: a def of `EnumVal` (`ClauseVal`). */
export class ClauseVal {
  constructor(readonly def: Record) {}

  /** `name` (else the oldest spelling) with spaces turned into underscores. */
  getFormattedName(): string {
    return (this.def.getValueAsOptionalString('name') ?? spellingForIdentifier(this.def)).replaceAll(' ', '_');
  }
  /** `isUserValue`: whether a user may write this value. */
  isUserVisible(): boolean {
    return this.def.getValueAsBit('isUserValue');
  }
}

/** A `Clause` def. */
export class Clause {
  constructor(readonly def: Record) {}

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
}
