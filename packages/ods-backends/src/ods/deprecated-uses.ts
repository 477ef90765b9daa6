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

const NONE: readonly Record[] = [];

/**
 * The deprecated defs a value uses: a deprecated def itself, or one held in a dag (operator or
 * argument), a list, or the fields of an anonymous def (named defs are not followed). Values are
 * immutable and whether a def is deprecated is part of it, so this is remembered per value for
 * the thread: the values of shared includes (OpBase.td's) are looked at once, not once per job.
 */
const usedByValue = new WeakMap<Init, readonly Record[]>();

function isDeprecated(def: Record): StringInit | undefined {
  const reason = def.getValue('odsDeprecated')?.value;
  return reason instanceof StringInit ? reason : undefined;
}

/** `found` with the records of `xs` it lacks (made when there is one to add). */
function addAll(found: Record[] | undefined, xs: readonly Record[]): Record[] | undefined {
  for (let i = 0; i < xs.length; i++) if (!found?.includes(xs[i]!)) (found ??= []).push(xs[i]!);
  return found;
}

/**
 * The deprecated defs the values of `values` use, added to `found`. Most values hold no def: they
 * cost one look at their class here (none of the three classes looked into has subclasses), and
 * no call (this runs cold, in V8's interpreter, over every value of every def).
 */
function addDeprecatedIn(found: Record[] | undefined, values: readonly { readonly value: Init }[]): Record[] | undefined {
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!.value;
    const kind = v.constructor;
    if (kind === DefInit || kind === DagInit || kind === ListInit) found = addAll(found, deprecatedIn(v));
  }
  return found;
}

function deprecatedIn(init: Init): readonly Record[] {
  if (!(init instanceof DefInit || init instanceof DagInit || init instanceof ListInit)) return NONE;
  // A named def is not looked into: no need to remember it (most values are such defs).
  if (init instanceof DefInit && !init.def.isAnonymous()) return isDeprecated(init.def) ? [init.def] : NONE;
  const hit = usedByValue.get(init);
  if (hit) return hit;
  usedByValue.set(init, NONE); // a value that holds itself (through an anonymous def) adds nothing more
  // Indexed loops, no closure: this runs cold (in V8's interpreter), where a for-of allocates
  // an iterator result per element.
  let found: Record[] | undefined;
  if (init instanceof DefInit) {
    if (isDeprecated(init.def)) found = [init.def];
    if (init.def.isAnonymous()) found = addDeprecatedIn(found, init.def.values);
  } else if (init instanceof DagInit) {
    found = addAll(found, deprecatedIn(init.operator));
    const args = init.args;
    for (let i = 0; i < args.length; i++) found = addAll(found, deprecatedIn(args[i]!));
  } else {
    const elements = init.elements;
    for (let i = 0; i < elements.length; i++) found = addAll(found, deprecatedIn(elements[i]!));
  }
  const result = found ?? NONE;
  usedByValue.set(init, result);
  return result;
}

/**
 * The deprecated defs used by the records of shared includes (frozen: they never change, nor do
 * the defs they use, all made before them): MLIR's Properties.td, which every dialect includes,
 * holds deprecated defs, so every parse looks at every def; this way the thousands of defs of
 * OpBase.td and friends are looked into once per thread, not once per parse.
 */
const usedByFrozen = new WeakMap<Record, readonly Record[]>();

/** The deprecated defs a named def's fields use. */
function usedBy(user: Record): readonly Record[] {
  if (!user.frozen) return addDeprecatedIn(undefined, user.values) ?? NONE;
  let used = usedByFrozen.get(user);
  if (used === undefined) usedByFrozen.set(user, (used = addDeprecatedIn(undefined, user.values) ?? NONE));
  return used;
}

interface DeprecatedUse {
  readonly user: Record;
  readonly dep: Record;
  readonly reason: string;
}

const NO_USES: readonly DeprecatedUse[] = [];

/** The uses of a parse, in the order they are reported (found once per parse: a parse serves many jobs). */
const usesByParse = new WeakMap<RecordKeeper, readonly DeprecatedUse[]>();

function deprecatedUses(records: RecordKeeper): readonly DeprecatedUse[] {
  const hit = usesByParse.get(records);
  if (hit) return hit;
  // Most parses hold no deprecated def: then no value needs a look.
  let any = false;
  for (const def of records.defs.values()) {
    if (isDeprecated(def) !== undefined) {
      any = true;
      break;
    }
  }
  if (!any) {
    usesByParse.set(records, NO_USES);
    return NO_USES;
  }
  const byUser = new Map<Record, readonly Record[]>();
  records.defs.forEach((user) => {
    if (user.isAnonymous()) return;
    const used = usedBy(user);
    if (used.length > 0) byUser.set(user, used);
  });
  const uses: DeprecatedUse[] = [];
  if (byUser.size > 0) {
    // Deprecated defs in name order, each with its users in name order.
    const defs = records.sortedDefs();
    for (const dep of defs) {
      const reason = isDeprecated(dep);
      if (!reason) continue;
      for (const user of defs) if (byUser.get(user)?.includes(dep)) uses.push({ user, dep, reason: reason.value });
    }
  }
  usesByParse.set(records, uses);
  return uses;
}

/**
 * Warn of every use of a deprecated def (deprecated defs and their users in name order); with
 * `error`, a final note and a FatalError when there was any.
 */
export function warnOfDeprecatedUses(records: RecordKeeper, action: DeprecatedAction): void {
  if (action === 'none') return;
  const diags = activeDiagnostics();
  const uses = deprecatedUses(records);
  for (const { user, dep, reason } of uses) {
    diags?.report('warning', user.locs[0], `Using deprecated def \`${dep.getName()}\``, [
      ...instantiationNotes(user),
      { loc: undefined, message: reason },
    ]);
  }
  if (uses.length > 0 && action === 'error') {
    const message = "Error'ing out due to deprecated defs";
    const note = diags?.report('note', undefined, message) ?? { severity: 'note' as const, loc: undefined, message, notes: [] };
    throw new FatalError(note, true);
  }
}
