// Small emission helpers shared by the attrs/types/enums/interfaces/constraints generators.
import { type Record, type RecordKeeper, compareNumeric } from '@ods-ts/tablegen-core';
import type { TextSink } from '../text.js';

/**
 * llvm::IfDefEmitter (llvm/TableGen/CodeGenHelpers.h in LLVM 22): `#ifdef NAME`, `#undef NAME`
 * and a blank line, then the body, then a blank line, `#endif // NAME` and a blank line.
 * (Unlike mlir's IfDefScope in emit.ts, the closing comment has a single space.)
 */
export function llvmIfDefScope(w: TextSink, name: string, body: () => void): void {
  w.write(`#ifdef ${name}\n#undef ${name}\n\n`);
  body();
  w.write(`\n#endif // ${name}\n\n`);
}

/**
 * llvm::NamespaceEmitter (LLVM 22): `namespace a::b {` and a blank line, the body, then a blank
 * line and `} // namespace a::b`. Nothing at all for the global namespace.
 */
export function llvmNamespaceScope(w: TextSink, cppNamespace: string, body: () => void): void {
  const ns = cppNamespace.split('::').filter((p) => p.length > 0).join('::');
  if (ns === '') {
    body();
    return;
  }
  w.write(`namespace ${ns} {\n\n`);
  body();
  w.write(`\n} // namespace ${ns}\n`);
}

/** Split a C++ namespace like llvm::SplitString(ns, parts, "::") (drops empty parts). */
export function splitCppNamespace(cppNamespace: string): string[] {
  return cppNamespace.split(/:+/).filter((p) => p.length > 0);
}

/** A string option of a generator, or '' when it is absent. */
export function stringOption(options: ReadonlyMap<string, string | boolean | string[]>, name: string): string {
  const v = options.get(name);
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.join(',');
  return '';
}

/**
 * llvm::StringRef::compare_numeric (the core's): like a byte comparison, except that runs of
 * digits at the same position compare as numbers. Re-exported for the generators and models
 * that import it from here.
 */
export { compareNumeric } from '@ods-ts/tablegen-core';

/**
 * The defs deriving from `className`, in the order of llvm 22's
 * RecordKeeper::getAllDerivedDefinitions (LessRecord: compare_numeric on the names, so
 * `anonymous_999` comes before `anonymous_1000`). Empty when the class is undefined. A fresh
 * array the caller may modify.
 */
export function derivedDefinitions(records: RecordKeeper, className: string): Record[] {
  return [...derivedDefsOf(records, className)].sort(
    (a, b) => compareNumeric(a.getName(), b.getName()) || (a.getName() < b.getName() ? -1 : a.getName() > b.getName() ? 1 : 0),
  );
}

interface DerivedCache {
  /** `records.defs.size` when filled: defs are only ever added. */
  defCount: number;
  readonly byClass: Map<string, readonly Record[]>;
  /** The defs listing each class as a direct superclass (built on first query). */
  directUsers: Map<Record, Record[]> | undefined;
}
const derivedCaches = new WeakMap<RecordKeeper, DerivedCache>();

/** Record.isSubClassOf walked over direct superclasses, memoized per class in `memo`. */
function derivesFrom(rec: Record, cls: Record, memo: Map<Record, boolean>): boolean {
  const supers: Record[] = [];
  rec.getDirectSuperClasses(supers);
  for (const s of supers) if (s === cls) return true;
  for (const s of supers) {
    let v = memo.get(s);
    if (v === undefined) {
      v = derivesFrom(s, cls, memo);
      memo.set(s, v);
    }
    if (v) return true;
  }
  return false;
}

/** Every def of the keeper under each of its direct superclasses. */
function directUsersOf(records: RecordKeeper): Map<Record, Record[]> {
  const users = new Map<Record, Record[]>();
  const supers: Record[] = [];
  for (const d of records.defs.values()) {
    supers.length = 0;
    d.getDirectSuperClasses(supers);
    for (const c of supers) {
      const list = users.get(c);
      if (list === undefined) users.set(c, [d]);
      else list.push(d);
    }
  }
  return users;
}

/**
 * The defs deriving from `className` in no particular order (empty when the class is undefined),
 * for callers that sort them by a key of their own. Unlike the core's sorted query, this does not
 * sort every def of the file per class. Cached per keeper until a def is added.
 */
export function derivedDefsOf(records: RecordKeeper, className: string): readonly Record[] {
  let cache = derivedCaches.get(records);
  if (cache === undefined || cache.defCount !== records.defs.size) {
    cache = { defCount: records.defs.size, byClass: new Map(), directUsers: undefined };
    derivedCaches.set(records, cache);
  }
  let out = cache.byClass.get(className);
  if (out === undefined) {
    const cls = records.getClass(className);
    const found = new Set<Record>();
    if (cls) {
      cache.directUsers ??= directUsersOf(records);
      const memo = new Map<Record, boolean>();
      for (const [c, defs] of cache.directUsers) if (c === cls || derivesFrom(c, cls, memo)) for (const d of defs) found.add(d);
    }
    out = [...found];
    cache.byClass.set(className, out);
  }
  return out;
}
