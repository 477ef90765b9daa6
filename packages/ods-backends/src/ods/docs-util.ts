// String helpers shared by the documentation and pass generators (and the ODS models that need
// llvm::StringRef semantics). Strings are latin1 "byte strings": only the ASCII whitespace that
// llvm's StringRef recognises is ever trimmed, never U+00A0 (which is a UTF-8 continuation byte).
import type { Record } from '@ods-ts/tablegen-core';
import { CodeWriter } from '../emit.js';
import type { TextSink } from '../text.js';
import { compareNumeric } from '../generators/gen-util.js';

/** The characters llvm::StringRef::trim and friends strip by default: " \t\n\v\f\r". */
const WS = ' \t\n\v\f\r';

function isWs(c: string): boolean {
  return WS.includes(c);
}

/** llvm::StringRef::ltrim() with the default character set. */
export function ltrim(s: string, chars: string = WS): string {
  let i = 0;
  while (i < s.length && chars.includes(s[i]!)) i++;
  return s.slice(i);
}

/** llvm::StringRef::rtrim() with the default character set. */
export function rtrim(s: string, chars: string = WS): string {
  let e = s.length;
  while (e > 0 && chars.includes(s[e - 1]!)) e--;
  return s.slice(0, e);
}

/** llvm::StringRef::trim(). */
export function trim(s: string, chars: string = WS): string {
  return rtrim(ltrim(s, chars), chars);
}

/** True when `s` holds only llvm whitespace (or nothing). */
export function isBlank(s: string): boolean {
  for (const c of s) if (!isWs(c)) return false;
  return true;
}

/** `undefined` for an empty string, the string otherwise (std::optional<StringRef> getters). */
export function nonEmpty(s: string): string | undefined {
  return s.length === 0 ? undefined : s;
}

/**
 * Print a user-written description the way the MLIR doc generators do (nothing when empty): a
 * blank line, then the text with trailing spaces/tabs removed and re-indented to its
 * least-indented line (leading blank lines dropped), then a newline unless the trimmed text
 * already ends with one.
 */
export function emitDescription(w: TextSink, description: string): void {
  if (description.length === 0) return;
  w.write('\n');
  const trimmed = rtrim(description, ' \t');
  // A fresh indented stream over the output, as raw_indented_ostream(os) is.
  const ros = new CodeWriter().printReindented(trimmed);
  if (!trimmed.endsWith('\n')) ros.write('\n');
  w.write(ros.toString());
}

/** The description re-indented to its least-indented line, as a string (see emitDescription). */
export function reindent(text: string, extraPrefix = ''): string {
  return new CodeWriter().printReindented(text, extraPrefix).toString();
}

/** mlir-tblgen's `emitCPPType`: the trimmed type, then a space unless it ends in `&` or `*`. */
export function cppTypeWithSpace(type: string): string {
  const t = trim(type);
  return t.endsWith('&') || t.endsWith('*') ? t : `${t} `;
}

/** llvm::StringRef::upper(): ASCII letters only. */
export function asciiUpper(s: string): string {
  return s.replace(/[a-z]+/g, (m) => m.toUpperCase());
}

/** llvm::StringRef::lower(): ASCII letters only. */
export function asciiLower(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

/** std::toupper of the first character (ASCII only), the rest unchanged. */
export function capitalizeAscii(s: string): string {
  return s.length === 0 ? s : asciiUpper(s[0]!) + s.slice(1);
}

/**
 * mlir::tblgen::emitSummary: a blank line, then the trimmed summary in italics with its first
 * letter upper-cased; nothing for an empty summary.
 */
export function emitSummary(w: TextSink, summary: string): void {
  if (summary.length === 0) return;
  const trimmed = trim(summary);
  // A blank summary makes mlir-tblgen read the byte past its end: a NUL.
  w.write(`\n_${trimmed === '' ? '\0' : capitalizeAscii(trimmed)}_\n`);
}

/**
 * The defs deriving from `className` in llvm 22's RecordKeeper::getAllDerivedDefinitions order:
 * sorted with LessRecord (compare_numeric on the names, so `anonymous_999` precedes
 * `anonymous_1000`). When `required`, an undefined class is fatal ("The class '...' is not
 * defined"); otherwise it yields no defs.
 */
export function derivedDefs(
  records: { getAllDerivedDefinitions(c: string): Record[]; getClass(c: string): Record | undefined },
  className: string,
  required: boolean,
): Record[] {
  if (!required && !records.getClass(className)) return [];
  return [...records.getAllDerivedDefinitions(className)].sort((x, y) => compareNumeric(x.getName(), y.getName()));
}
