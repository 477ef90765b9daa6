// Small emission helpers shared by the attrs/types/enums/interfaces/constraints generators.
import type { Record } from '@ods-ts/tablegen-core';
/** Anything text can be appended to (CodeWriter, TextWriter). */
export interface TextSink {
  write(text: string): unknown;
}

/** A plain llvm::raw_ostream-like text buffer: no indentation, text kept verbatim. */
export class TextWriter implements TextSink {
  private chunks: string[] = [];
  write(text: string): this {
    this.chunks.push(text);
    return this;
  }
  toString(): string {
    const s = this.chunks.join('');
    this.chunks = [s];
    return s;
  }
}

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
 * llvm::StringRef::compare_numeric: like a byte comparison, except that runs of digits at the
 * same position compare as numbers (a longer run is larger).
 */
export function compareNumeric(a: string, b: string): number {
  const isDigitAt = (s: string, i: number) => i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57;
  const e = Math.min(a.length, b.length);
  for (let i = 0; i < e; i++) {
    if (isDigitAt(a, i) && isDigitAt(b, i)) {
      let j = i + 1;
      for (; j !== e + 1; j++) {
        const ld = isDigitAt(a, j);
        const rd = isDigitAt(b, j);
        if (ld !== rd) return rd ? -1 : 1;
        if (!rd) break;
      }
      const x = a.slice(i, j);
      const y = b.slice(i, j);
      if (x !== y) return x < y ? -1 : 1;
      i = j - 1;
      continue;
    }
    if (a[i] !== b[i]) return a.charCodeAt(i) < b.charCodeAt(i) ? -1 : 1;
  }
  if (a.length === b.length) return 0;
  return a.length < b.length ? -1 : 1;
}

/**
 * The defs deriving from `className`, in the order of llvm 22's
 * RecordKeeper::getAllDerivedDefinitions (sorted with LessRecord, i.e. compare_numeric on the
 * names, so `anonymous_999` comes before `anonymous_1000`). Empty when the class is undefined.
 */
export function derivedDefinitions(
  records: { getAllDerivedDefinitionsIfDefined(c: string): Record[] },
  className: string,
): Record[] {
  return [...records.getAllDerivedDefinitionsIfDefined(className)].sort((x, y) => compareNumeric(x.getName(), y.getName()));
}
