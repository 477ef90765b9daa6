// mlir-tblgen's check for uses of deprecated defs (`Deprecated<reason>`, which sets the field
// `odsDeprecated`), run before the generator under `--on-deprecated` (warn by default): each
// named def that uses a deprecated def, directly or through the anonymous defs it holds, is
// warned about at its location with the reason as a note; `error` then ends the run.
import {
  activeDiagnostics,
  DagInit,
  DefInit,
  FatalError,
  type Init,
  instantiationNotes,
  ListInit,
  type Record,
  type RecordKeeper,
  StringInit,
} from '@ods-ts/tablegen-core';

/** What `--on-deprecated` asks for. */
export type DeprecatedAction = 'none' | 'warn' | 'error';

/** The `--on-deprecated` value of parsed generator options (`warn` when not given). */
export function deprecatedActionOf(options: ReadonlyMap<string, unknown>): DeprecatedAction {
  const v = options.get('on-deprecated');
  return v === 'none' || v === 'error' ? v : 'warn';
}

/**
 * Whether `init` uses `target`: is it, or holds it in a dag (operator or argument), a list, or
 * the fields of an anonymous def (named defs are not followed). `known` memoizes compound inits.
 */
function usesDef(init: Init, target: Record, known: Map<Init, boolean>): boolean {
  if (init instanceof DefInit && init.def === target) return true;
  const hit = known.get(init);
  if (hit !== undefined) return hit;
  let found = false;
  if (init instanceof DefInit) {
    if (!init.def.isAnonymous()) return false;
    found = init.def.values.some((v) => usesDef(v.value, target, known));
  } else if (init instanceof DagInit) {
    found = usesDef(init.operator, target, known) || init.args.some((a) => usesDef(a, target, known));
  } else if (init instanceof ListInit) {
    found = init.elements.some((e) => usesDef(e, target, known));
  } else {
    return false;
  }
  known.set(init, found);
  return found;
}

/**
 * Warn of every use of a deprecated def (deprecated defs and their users in name order); with
 * `error`, a final note and a FatalError when there was any.
 */
export function warnOfDeprecatedUses(records: RecordKeeper, action: DeprecatedAction): void {
  if (action === 'none') return;
  const diags = activeDiagnostics();
  const defs = records.sortedDefs();
  let found = false;
  for (const dep of defs) {
    const reason = dep.getValue('odsDeprecated')?.value;
    if (!(reason instanceof StringInit)) continue;
    const known = new Map<Init, boolean>();
    for (const user of defs) {
      if (user.isAnonymous()) continue;
      if (!user.values.some((v) => usesDef(v.value, dep, known))) continue;
      diags?.report('warning', user.locs[0], `Using deprecated def \`${dep.getName()}\``, [
        ...instantiationNotes(user),
        { loc: undefined, message: reason.value },
      ]);
      found = true;
    }
  }
  if (found && action === 'error') {
    const message = "Error'ing out due to deprecated defs";
    const note = diags?.report('note', undefined, message) ?? { severity: 'note' as const, loc: undefined, message, notes: [] };
    throw new FatalError(note, true);
  }
}
