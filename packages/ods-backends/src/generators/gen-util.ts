// Small emission helpers shared by the attrs/types/enums/interfaces/constraints generators.
import { type Record, type RecordKeeper, compilePosixRegex } from '@ods-ts/tablegen-core';
import type { TextSink } from '../text.js';
import { ifDefClose, ifDefOpen } from '../emit.js';

/**
 * llvm::IfDefEmitter (llvm/TableGen/CodeGenHelpers.h in LLVM 22): `#ifdef NAME`, `#undef NAME`
 * and a blank line, then the body, then a blank line, `#endif // NAME` and a blank line. The
 * same text as emit.ts's ifDefScope (ifDefOpen/ifDefClose), over any text sink.
 */
export function llvmIfDefScope(w: TextSink, name: string, body: () => void): void {
  w.write(ifDefOpen(name));
  body();
  w.write(ifDefClose(name));
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
  return [...records.getAllDerivedDefinitionsIfDefined(className)];
}

/**
 * The defs deriving from `className` (empty when the class is undefined), for callers that sort
 * them by a key of their own: the core's query, cached per keeper.
 */
export function derivedDefsOf(records: RecordKeeper, className: string): readonly Record[] {
  return records.getAllDerivedDefinitionsIfDefined(className);
}

/**
 * llvm::Regex::match as a predicate: the pattern is a POSIX extended regex searched anywhere in
 * the string; a pattern that does not compile matches nothing (match fails on it).
 */
export function llvmRegexMatcher(pattern: string): (s: string) => boolean {
  const re = compilePosixRegex(pattern);
  return re ? (s) => re.test(s) : () => false;
}
