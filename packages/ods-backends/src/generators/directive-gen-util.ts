// Shared by llvm-tblgen's directive backends (--gen-directive-impl and the header of
// --gen-directive-decl): the language's checks before anything is written, and llvm's
// PrintError(Twine), which prints without failing the run.
import { type RecordKeeper, activeDiagnostics, fatalNoLoc } from '@ods-ts/tablegen-core';
import { Clause, Directive, DirectiveLanguage, type VersionedClause } from '../ods/directive.js';

/** llvm's PrintError(Twine): an error without a location, printed but not failing the run. */
export function errorNoLoc(message: string): void {
  activeDiagnostics()?.printUncounted('error', message);
}

/** A directive language and its directives and clauses, by name. */
export interface DirectiveModel {
  readonly lang: DirectiveLanguage;
  readonly directives: Directive[];
  readonly clauses: Clause[];
}

/**
 * The language (exactly one DirectiveLanguage), checked like llvm's HasValidityErrors: no clause
 * twice in a directive's three allowed lists, nor both allowed and required.
 */
export function checkedDirectiveModel(records: RecordKeeper): DirectiveModel {
  const languages = DirectiveLanguage.all(records);
  if (languages.length !== 1) fatalNoLoc('A single definition of DirectiveLanguage is needed.');
  const directives = Directive.all(records);
  let duplicate = false;
  for (const d of directives) {
    const check = (lists: (() => VersionedClause[])[]) => {
      const seen = new Set<string>();
      // Each list is checked only while the earlier ones had no duplicate.
      for (const list of lists) {
        let found = false;
        for (const vc of list()) {
          const name = vc.getClause().getRecordName();
          if (seen.has(name)) {
            errorNoLoc(`Clause ${name} already defined on directive ${d.getRecordName()}`);
            found = true;
          }
          seen.add(name);
        }
        if (found) return true;
      }
      return false;
    };
    if (check([() => d.getAllowedClauses(), () => d.getAllowedOnceClauses(), () => d.getAllowedExclusiveClauses()])) duplicate = true;
    if (check([() => d.getAllowedClauses(), () => d.getRequiredClauses()])) duplicate = true;
    if (duplicate) fatalNoLoc(`One or more clauses are defined multiple times on directive ${d.getRecordName()}`);
  }
  return { lang: languages[0]!, directives, clauses: Clause.all(records) };
}
