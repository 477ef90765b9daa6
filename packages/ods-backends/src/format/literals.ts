// Literals of the declarative formats (shared by the op and attribute/type formats, like
// mlir-tblgen's FormatGen): which literals are valid, how the generated parser reads one and
// where the generated printer puts spaces around one.

/** Whether the character code `c` is an ASCII letter (NaN past the end: false). */
const isAlphaCode = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);

/** A valid keyword: a letter or `_`, then letters, digits, `_`, `$` or `.`. */
const KEYWORD = /^[A-Za-z_][A-Za-z0-9_$.]*$/;

/** Whether `value` can be printed and parsed as a bare keyword (canFormatStringAsKeyword). */
export function canFormatStringAsKeyword(value: string): boolean {
  return keywordError(value) === undefined;
}

/** Why `value` cannot be a keyword, or undefined when it can. */
function keywordError(value: string): string | undefined {
  if (KEYWORD.test(value)) return undefined;
  if (!isKeywordLiteral(value)) return "valid keyword starts with a letter or '_'";
  return "keywords should contain only alphanum, '_', '$', or '.' characters";
}

/** The single characters a literal may be, besides letters. */
const SINGLE_CHARACTER_LITERALS = '_:,=<>()[]{}?+-*';

/** Why `value` (a literal without its backquotes) is not a valid literal, or undefined. */
export function literalError(value: string): string | undefined {
  if (value === '') return "literal can't be empty";
  if (value.length === 1) {
    if (isAlphaCode(value.charCodeAt(0)) || SINGLE_CHARACTER_LITERALS.includes(value)) return undefined;
    return `single character literal must be a letter or one of '${SINGLE_CHARACTER_LITERALS}'`;
  }
  if (value === '->' || value === '...') return undefined;
  return keywordError(value);
}

/** Whether a literal's text (without backquotes) is whitespace: `` ` ` ``, `` `\n` `` or ``` `` ```. */
export function isWhitespaceLiteral(value: string): boolean {
  return value === '' || value === ' ' || value === '\\n';
}

/** The AsmParser method reading each punctuation literal (after `parse`/`parseOptional`). */
const PUNCTUATION_PARSERS: ReadonlyMap<string, string> = new Map([
  ['->', 'Arrow'],
  [':', 'Colon'],
  [',', 'Comma'],
  ['=', 'Equal'],
  ['<', 'Less'],
  ['>', 'Greater'],
  ['{', 'LBrace'],
  ['}', 'RBrace'],
  ['(', 'LParen'],
  [')', 'RParen'],
  ['[', 'LSquare'],
  [']', 'RSquare'],
  ['?', 'Question'],
  ['+', 'Plus'],
  ['-', 'Minus'],
  ['*', 'Star'],
  ['...', 'Ellipsis'],
]);

/** Whether a valid literal is a keyword (starts with a letter or `_`) rather than punctuation. */
export function isKeywordLiteral(value: string): boolean {
  const c = value.charCodeAt(0);
  return c === 95 || isAlphaCode(c);
}

/**
 * The end of the AsmParser call reading a valid literal, after `parse` or `parseOptional`:
 * `Keyword("value")` or e.g. `Arrow()`.
 */
export function literalParserCall(value: string): string {
  if (isKeywordLiteral(value)) return `Keyword("${value}")`;
  return `${PUNCTUATION_PARSERS.get(value) ?? ''}()`;
}

/** Whether the printer puts a space before a literal (mlir::tblgen::shouldEmitSpaceBefore). */
export function shouldEmitSpaceBefore(value: string, lastWasPunctuation: boolean): boolean {
  if (value.length !== 1 && value !== '->') return true;
  if (lastWasPunctuation) return !'>)}],'.includes(value[0]!);
  return !'<>(){}[],'.includes(value[0]!);
}
