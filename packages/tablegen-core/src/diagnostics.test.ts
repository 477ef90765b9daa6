// Diagnostics: for each bad input, the first error line is exactly the one llvm-tblgen-22
// prints. Where llvm-tblgen-22 crashes or hangs, we report a located error instead.
import { describe, expect, it } from 'vitest';
import { expectDiagnostic, parseSource, printRecordsOf } from './testing.js';
import { DiagnosticEngine, SourceManager } from './diagnostics.js';

describe("lexer", () => {
  it("unterminated string", () => {
    expectDiagnostic(`def a { string s = "abc; }
`, "test.td:1:21: error: end of line in string literal");
  });
  it("string at end of file", () => {
    expectDiagnostic(`def a { string s = "abc`, "test.td:1:21: error: end of file in string literal");
  });
  it("unterminated code block", () => {
    expectDiagnostic(`def a { code c = [{ abc ; }
`, "test.td:1:18: error: unterminated code block");
  });
  it("unterminated block comment", () => {
    expectDiagnostic(`def a; /* never closed
 def b;
`, "test.td:1:8: error: unterminated comment");
  });
  it("unterminated nested block comment", () => {
    expectDiagnostic(`/* outer /* inner */ still open
`, "test.td:1:1: error: unterminated comment");
  });
  it("bad character", () => {
    expectDiagnostic(`def a { int x = 1 @ 2; }
`, "test.td:1:19: error: unexpected character");
  });
  it("lone slash", () => {
    expectDiagnostic(`def a / b;
`, "test.td:1:7: error: unexpected character");
  });
  it("invalid escape in string", () => {
    expectDiagnostic(`def a { string s = "a\\qb"; }
`, "test.td:1:23: error: invalid escape in string literal");
  });
  it("invalid two-dot punctuation", () => {
    expectDiagnostic(`def a { list<int> l = [1..2]; }
`, "test.td:1:25: error: invalid '..' punctuation");
  });
  it("number out of range", () => {
    expectDiagnostic(`def a { int x = 0x10000000000000000; }
`, "test.td:1:17: error: number out of range");
  });
  it("negative number out of range", () => {
    expectDiagnostic(`def a { int x = -9223372036854775809; }
`, "test.td:1:17: error: number out of range");
  });
  it("bare ! is not an operator", () => {
    expectDiagnostic(`def a { int x = ! add(1, 2); }
`, "test.td:1:17: error: invalid \"!operator\"");
  });
  it("unknown bang operator", () => {
    expectDiagnostic(`def a { int x = !frobnicate(1); }
`, "test.td:1:17: error: unknown operator");
  });
  it("removed !getop and !setop", () => {
    expectDiagnostic(`def op; def a { dag d = !setop((op), op); }
`, "test.td:1:25: error: unknown operator");
  });
  it("invalid variable name", () => {
    expectDiagnostic(`def op; def a { dag d = (op $1); }
`, "test.td:1:29: error: invalid variable name");
  });
  it("NUL character", () => {
    expectDiagnostic(`def a;\x00
`, "test.td:1:7: error: NUL character is invalid in source; treated as space");
  });
  it("NUL in a code block", () => {
    expectDiagnostic(`def a { code c = [{ x\x00y }]; }
`, "test.td:1:18: error: NUL character is invalid in source; treated as space");
  });
  it("NUL in a block comment", () => {
    expectDiagnostic(`/* c\x00 */
def a;
`, "test.td:1:1: error: NUL character is invalid in source; treated as space");
  });
  it("a lone carriage return: same line number, column after it", () => {
    expectDiagnostic(`// a\rdef b; x
`, "test.td:1:8: error: Unexpected token at top level");
    expect(parseSource(`// a\rdef b; x
`).stderr).toBe(`test.td:1:8: error: Unexpected token at top level
def b; x
       ^
`);
  });
  it("line comments end at the next \\r or \\n, before and after a lone \\r", () => {
    // The lexer remembers where the next \r is: comments before it, at it and after it.
    const r = parseSource(`// one\n// two\rdef a;\n// three\ndef b; // four\r\ndef c;\n// five`);
    expect(r.ok).toBe(true);
    expect(printRecordsOf(`// x\rdef a;\n// y\ndef b;\n`)).toContain('def b {');
  });
  it("code blocks: a '}' consumes the next character (`}}]` ends nothing), every NUL reported", () => {
    expect(printRecordsOf(`def a { code c = [{ x }}] }]; }\n`)).toContain('code c = [{ x }}] }];');
    expectDiagnostic(`def a { code c = [{ f() {} }}]; }\n`, 'test.td:1:18: error: unterminated code block');
    const r = parseSource(`def a { code c = [{ x\x00y\x00 }]; }\n`);
    expect(r.stderr.match(/NUL character/g)?.length).toBe(2);
    const u = parseSource(`def a { code c = [{ x\x00 } ]\x00`);
    expect(u.stderr.match(/NUL character/g)?.length).toBe(2);
    expect(u.stderr).toContain('unterminated code block');
  });
  it("CRLF line ends", () => {
    expectDiagnostic(`def a;\r
def b;\r
x\r
`, "test.td:3:1: error: Unexpected token at top level");
    expect(parseSource(`def a;\r
def b;\r
x\r
`).stderr).toBe(`test.td:3:1: error: Unexpected token at top level
x
^
`);
  });
  it("tabs in the quoted line", () => {
    expectDiagnostic(`def a {\tint\tx = "s"; }
`, "test.td:1:17: error: Field 'x' of type 'int' is incompatible with value '\"s\"' of type 'string'");
    expect(parseSource(`def a {\tint\tx = "s"; }
`).stderr).toBe(`test.td:1:17: error: Field 'x' of type 'int' is incompatible with value '"s"' of type 'string'
def a { int     x = "s"; }
                    ^
`);
  });
});

describe("preprocessor and include", () => {
  it("missing include", () => {
    expectDiagnostic(`include "nope.td"
`, "test.td:1:9: error: could not find include file 'nope.td'");
  });
  it("a lexer error between top-level objects is followed by 'Unexpected token at top level'", () => {
    // The whole stderr of llvm-tblgen-22 for each file.
    expect(parseSource(`def A;
include "nope.td"
def B;
`).stderr).toBe(`test.td:2:9: error: could not find include file 'nope.td'
include "nope.td"
        ^
test.td:2:9: error: Unexpected token at top level
include "nope.td"
        ^
`);
    expect(parseSource(`include "inc.td"
`, { files: { "inc.td": `def A;
"abc` } }).stderr).toBe(`Included from test.td:1:
inc.td:2:2: error: end of file in string literal
"abc
 ^
Included from test.td:1:
inc.td:2:1: error: Unexpected token at top level
"abc
^
`);
  });
  it("include without a file name", () => {
    expectDiagnostic(`include foo
`, "test.td:1:9: error: expected filename after include");
  });
  it("missing include reported inside an include", () => {
    expectDiagnostic(`include "inc.td"
`, "inc.td:2:9: error: could not find include file 'missing.td'", { files: { "inc.td": `def x;
include "missing.td"
` } });
  });
  it("non-ASCII include file and include directory names (opened decoded, named by their UTF-8 bytes)", () => {
    // As llvm-tblgen-22 prints it, from files on disk.
    const r = expectDiagnostic(`include "é.td"
`, `incé/é.td:1:17: error: Field 'i' of type 'int' is incompatible with value '"s"' of type 'string'`, { includeDirs: ["incé"], files: { "incé/é.td": `def x { int i = "s"; }
` } });
    expect(r.dependencies).toEqual([Buffer.from("incé/é.td", "utf8").toString("latin1")]);
    expect(r.files.some((f) => f.endsWith("/incé/é.td"))).toBe(true);
  });
  it("error inside an included file", () => {
    expectDiagnostic(`include "bad.td"
`, "bad.td:1:17: error: Field 'i' of type 'int' is incompatible with value '\"s\"' of type 'string'", { files: { "bad.td": `def x { int i = "s"; }
` } });
  });
  it("unbalanced #ifdef", () => {
    expectDiagnostic(`#ifdef FOO
def a;
`, "test.td:3:1: error: reached EOF without matching #endif");
  });
  it("unbalanced #ifdef that is taken", () => {
    expectDiagnostic(`#define FOO
#ifdef FOO
def a;
`, "test.td:4:1: error: reached EOF without matching #endif");
  });
  it("a directive word that ends the file is not a directive (as in llvm-tblgen 22)", () => {
    expectDiagnostic("#ifndef NOPE\ndef a;\n#endif", "test.td:3:1: error: Unexpected token at top level");
    expectDiagnostic("def a;\n#ifdef", "test.td:2:1: error: Unexpected token at top level");
    // Where llvm-tblgen 22 crashes (a skipped region whose #endif ends the file), the region
    // reaches the end of the file.
    expectDiagnostic("#ifdef NOPE\ndef a;\n#endif", "test.td:3:7: error: reached EOF without matching #endif");
    expect(parseSource("#ifndef NOPE\ndef a;\n#endif\n").ok).toBe(true);
  });
  it("in a skipped region only \\n ends a line (as in llvm-tblgen 22)", () => {
    // The #endif follows a lone \r: it is not at the start of a line, so the region goes on.
    expectDiagnostic("#ifdef NOPE\rdef a;\r#endif\n", "test.td:2:1: error: reached EOF without matching #endif");
    // A \r alone before it on its line is whitespace.
    expect(parseSource("#ifdef NOPE\n  \r#endif\ndef z;\n").ok).toBe(true);
  });
  it("#endif without #ifdef", () => {
    expectDiagnostic(`def a;
#endif
`, "test.td:2:2: error: #endif without #ifdef");
  });
  it("#else without #ifdef", () => {
    expectDiagnostic(`#else
def a;
`, "test.td:1:2: error: #else without #ifdef or #ifndef");
  });
  it("double #else", () => {
    expectDiagnostic(`#ifdef X
#else
#else
#endif
`, "test.td:3:2: error: double #else");
  });
  it("#ifdef without a name", () => {
    expectDiagnostic(`#ifdef
#endif
`, "test.td:1:7: error: expected macro name after #ifdef");
  });
  it("#define without a name", () => {
    expectDiagnostic(`#define 1
`, "test.td:1:9: error: expected macro name after #define");
  });
  it("junk after #ifdef name", () => {
    expectDiagnostic(`#ifdef FOO bar
#endif
`, "test.td:1:12: error: only comments are supported after #ifdef NAME");
  });
  it("junk after #endif", () => {
    expectDiagnostic(`#ifdef FOO
#endif junk
`, "test.td:2:8: error: only comments are supported after #endif");
  });
  it("#ifdef not closed in an include", () => {
    expectDiagnostic(`include "inc.td"
#endif
`, "inc.td:2:1: error: reached EOF without matching #endif", { files: { "inc.td": `#ifdef A
` } });
  });
  it("a slash after a directive is left to the lexer", () => {
    expectDiagnostic(`#ifdef A
#endif /x
`, "test.td:2:8: error: unexpected character");
  });
  it("text after a comment after a directive", () => {
    expectDiagnostic(`#ifdef A
#endif /* c */ x
`, "test.td:2:16: error: only comments are supported after #endif");
  });
  it("text after a multi-line comment after #ifdef", () => {
    expectDiagnostic(`#ifdef A /* multi
line */ def x;
#endif
`, "test.td:2:9: error: only comments are supported after #ifdef NAME");
  });
  it("comments after directives", () => {
    expect(printRecordsOf(`#ifdef A
#endif /* c */ // d
#define B /* c */ /* d */
#ifndef A /* c
 */
def w;
#endif
`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def w {
}
`);
  });
  it("slash after #else", () => {
    expectDiagnostic(`#ifdef A
#else /x
#endif
`, "test.td:2:7: error: unexpected character");
  });
  it("unterminated comment after a directive", () => {
    expectDiagnostic(`#ifdef A // x
#else /* a */ /* b
 */
#endif /* open
`, "test.td:4:8: error: unterminated comment");
  });
  it("directive-like text in a comment of a skipped region", () => {
    expect(printRecordsOf(`#ifdef A
def x;
#else
/* c
#endif */
#endif
def q;
`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def q {
}
`);
  });
  it("a directive after a comment at the start of a line", () => {
    expect(printRecordsOf(`#ifdef A
  /* x */ #endif
def k;
`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def k {
}
`);
  });
  it("junk after #else", () => {
    expectDiagnostic(`#ifdef A
#else junk
#endif
`, "test.td:2:7: error: only comments are supported after #else");
  });
  it("junk after the #ifdef name", () => {
    expectDiagnostic(`#ifdef A junk
#endif
`, "test.td:1:10: error: only comments are supported after #ifdef NAME");
  });
});

describe("syntax", () => {
  it("missing semicolon after a field", () => {
    expectDiagnostic(`class A { int x = 1 }
`, "test.td:1:21: error: expected ';' after declaration");
  });
  it("missing semicolon after defm", () => {
    expectDiagnostic(`multiclass M { def a; }
defm m : M
def b;
`, "test.td:3:1: error: expected ';' at end of defm");
  });
  it("unexpected token at top level", () => {
    expectDiagnostic(`def a;
}
`, "test.td:2:1: error: Unexpected token at top level");
  });
  it("garbage instead of an object", () => {
    expectDiagnostic(`int x = 1;
`, "test.td:1:1: error: Unexpected token at top level");
  });
  it("missing class name", () => {
    expectDiagnostic(`class { }
`, "test.td:1:7: error: expected class name after 'class' keyword");
  });
  it("body must start with a brace", () => {
    expectDiagnostic(`def a : ;
`, "test.td:1:9: error: expected name for ClassID");
  });
  it("semicolon after a body", () => {
    expectDiagnostic(`def a { int x = 1; };
`, "test.td:1:21: error: A class or def body should not end with a semicolon");
  });
  it("unknown type", () => {
    expectDiagnostic(`def a { foo x = 1; }
`, "test.td:1:9: error: Couldn't find class 'foo'");
  });
  it("bits without width", () => {
    expectDiagnostic(`def a { bits x; }
`, "test.td:1:14: error: expected '<' after bits type");
  });
  it("missing > in list type", () => {
    expectDiagnostic(`def a { list<int x; }
`, "test.td:1:18: error: expected '>' at end of list<ty> type");
  });
  it("missing ] in list", () => {
    expectDiagnostic(`def a { list<int> l = [1, 2; }
`, "test.td:1:28: error: expected ']' at end of list value");
  });
  it("missing ) in dag", () => {
    expectDiagnostic(`def op; def a { dag d = (op 1, 2; }
`, "test.td:1:33: error: expected ')' in dag init");
  });
  it("dag without operator", () => {
    expectDiagnostic(`def a { dag d = (1, 2); }
`, "test.td:1:18: error: expected identifier or list of value types in dag init");
  });
  it("let without in", () => {
    expectDiagnostic(`class A { int x; }
let x = 1 def a : A;
`, "test.td:2:11: error: expected 'in' at end of top-level 'let'");
  });
  it("foreach without in", () => {
    expectDiagnostic(`foreach i = [1, 2] def a # i;
`, "test.td:1:20: error: Unknown tok");
  });
  it("if without then", () => {
    expectDiagnostic(`if 1 def a;
`, "test.td:1:6: error: Unknown tok");
  });
  it("class inside a multiclass", () => {
    expectDiagnostic(`multiclass M { class C; }
`, "test.td:1:16: error: expected 'assert', 'def', 'defm', 'defvar', 'dump', 'foreach', 'if', or 'let' in multiclass body");
  });
  it("empty multiclass", () => {
    expectDiagnostic(`multiclass M { }
`, "test.td:1:16: error: multiclass must contain at least one def");
  });
  it("multiclass body item not allowed", () => {
    expectDiagnostic(`multiclass M { int x = 1; }
`, "test.td:1:16: error: expected 'assert', 'def', 'defm', 'defvar', 'dump', 'foreach', 'if', or 'let' in multiclass body");
  });
  it("class inside a foreach", () => {
    expectDiagnostic(`foreach i = [1] in class C;
`, "test.td:1:20: error: class is not allowed inside foreach loop");
  });
  it("defset inside a multiclass", () => {
    expectDiagnostic(`multiclass M { defset list<int> x = {} }
`, "test.td:1:16: error: expected 'assert', 'def', 'defm', 'defvar', 'dump', 'foreach', 'if', or 'let' in multiclass body");
  });
  it("reserved variable name NAME", () => {
    expectDiagnostic(`class A { int NAME = 1; }
`, "test.td:1:15: error: 'NAME' is a reserved variable name");
  });
  it("malformed bit range in let", () => {
    expectDiagnostic(`class A { bits<4> b; }
def a : A { let b{3-} = 0; }
`, "test.td:2:21: error: Unknown or reserved token when parsing a value");
  });
  it("negative range", () => {
    expectDiagnostic(`foreach i = {-1-2} in def a # i;
`, "test.td:1:16: error: invalid range, cannot be negative");
  });
});

describe("names and definitions", () => {
  it("undefined variable", () => {
    expectDiagnostic(`def a { int x = y; }
`, "test.td:1:17: error: Variable not defined: 'y'");
  });
  it("unknown class", () => {
    expectDiagnostic(`def a : Nope;
`, "test.td:1:9: error: Couldn't find class 'Nope'");
  });
  it("unknown class in a value", () => {
    expectDiagnostic(`def a { int x = Nope<1>; }
`, "test.td:1:17: error: Expected a class name, got 'Nope'");
  });
  it("multiclass used as a class", () => {
    expectDiagnostic(`multiclass M { def x; }
def a : M;
`, "test.td:2:9: error: Couldn't find class 'M'. Use 'defm' if you meant to use multiclass 'M'");
  });
  it("unknown multiclass", () => {
    expectDiagnostic(`defm a : Nope;
`, "test.td:1:10: error: Couldn't find multiclass 'Nope'");
  });
  it("duplicate def", () => {
    expectDiagnostic(`def a;
def a;
`, "test.td:2:5: error: def already exists: a");
  });
  it("duplicate def from a foreach", () => {
    expectDiagnostic(`foreach i = [1, 1] in def a # i;
`, "test.td:1:27: error: def already exists: a1");
  });
  it("duplicate class", () => {
    expectDiagnostic(`class A { int x; }
class A { int y; }
`, "test.td:2:7: error: Class 'A' already defined");
  });
  it("duplicate multiclass", () => {
    expectDiagnostic(`multiclass M { def a; }
multiclass M { def b; }
`, "test.td:2:12: error: multiclass 'M' already defined");
  });
  it("self-inheritance", () => {
    // llvm-tblgen-22 dies (SIGSEGV) here; we report a located error instead.
    expectDiagnostic(`class C : C;
`, "test.td:1:11: error: Class 'C' cannot inherit from itself");
  });
  it("inheritance cycle through a declared class", () => {
    // llvm-tblgen-22 dies (SIGSEGV) here; we report a located error instead.
    expectDiagnostic(`class A;
class B : A;
class A : B;
`, "test.td:3:11: error: Class 'A' cannot inherit from itself");
  });
  it("already subclass", () => {
    expectDiagnostic(`class A;
class B : A;
def x : B, A;
`, "test.td:3:12: error: Already subclass of 'A'!");
  });
  it("duplicate direct superclass", () => {
    expectDiagnostic(`class A;
def x : A, A;
`, "test.td:2:12: error: Already subclass of 'A'!");
  });
  it("duplicate field in a body", () => {
    expectDiagnostic(`def a { int x = 1; string x = "s"; }
`, "test.td:1:31: error: Field 'x' of type 'int' is incompatible with value '\"s\"' of type 'string'");
  });
  it("field redefined with another type in a subclass", () => {
    expectDiagnostic(`class A { int x; }
def a : A { string x = "s"; }
`, "test.td:2:24: error: Field 'x' of type 'int' is incompatible with value '\"s\"' of type 'string'");
  });
  it("unknown field in let", () => {
    expectDiagnostic(`class A;
def a : A { let y = 1; }
`, "test.td:2:17: error: Value 'y' unknown!");
  });
  it("unknown field in a top-level let", () => {
    expectDiagnostic(`class A;
let y = 1 in def a : A;
`, "test.td:2:5: error: Value 'y' unknown!");
  });
  it("self-assignment", () => {
    expectDiagnostic(`def a { int x = x; }
`, "test.td:1:17: error: Recursion / self-assignment forbidden");
  });
  it("duplicate template argument", () => {
    expectDiagnostic(`class A<int x, int x>;
`, "test.td:1:16: error: template argument with the same name has already been defined");
  });
  it("duplicate defvar", () => {
    expectDiagnostic(`defvar x = 1;
defvar x = 2;
`, "test.td:2:8: error: def or global variable of this name already exists");
  });
  it("defvar shadows a def", () => {
    expectDiagnostic(`def a;
defvar a = 1;
`, "test.td:2:8: error: def or global variable of this name already exists");
  });
  it("defvar clashes with a field", () => {
    expectDiagnostic(`def a { int x = 1; defvar x = 2; }
`, "test.td:1:27: error: field of this name already exists");
  });
  it("deftype duplicates a class", () => {
    expectDiagnostic(`class A;
deftype A = int;
`, "test.td:2:9: error: type of this name 'A' already exists");
  });
  it("deftype of a class type", () => {
    expectDiagnostic(`class A;
deftype T = A;
`, "test.td:2:13: error: cannot define type alias for class type 'A'");
  });
  it("class after a deftype of that name", () => {
    expectDiagnostic(`deftype T = int;
class T;
`, "test.td:2:7: error: there is already a defined type alias 'T'");
  });
  it("defset of a non-list type", () => {
    expectDiagnostic(`defset int x = { def a; }
`, "test.td:1:8: error: expected list type");
  });
  it("defset element of the wrong type", () => {
    expectDiagnostic(`class A; class B;
defset list<A> s = { def b : B; }
`, "test.td:2:26: error: adding record of incompatible type 'B' to defset");
  });
  it("iteration variable already defined", () => {
    expectDiagnostic(`def a { int x = 1; list<int> l = !foreach(x, [1], x); }
`, "test.td:1:44: error: iteration variable '\"x\"' is already defined");
  });
  it("record name not resolved", () => {
    expectDiagnostic(`class A<string n> { string s = n; }
def a : A<?>;
def b { A r = a; string t = !cast<A>(a.s).s; }
`, "test.td:3:43: error: Cannot access field 's' of value '?'");
  });
  it("unresolved if condition", () => {
    expectDiagnostic(`class A<int n> { int v = n; }
multiclass M<int n> { if n then def x : A<n>; }
defm m : M<?>;
`, "test.td:2:23: error: unable to resolve if condition '?' at end of containing scope");
  });
});

describe("record names", () => {
  // Checked as the record is created, before its body is parsed.
  it("an int name", () => {
    expectDiagnostic(`def 1 X {}
`, "test.td:1:1: error: Record name '1' is not a string!");
  });
  it("a bits name after a class list", () => {
    expectDiagnostic(`class A; def 0b1 : A;
`, "test.td:1:10: error: Record name '{ 1 }' is not a string!");
  });
  it("an int foreach variable, at the name", () => {
    expectDiagnostic(`foreach i = [1] in def i;
`, "test.td:1:24: error: Record name 'i' is not a string!");
  });
  it("a multiclass def with an int name, once instantiated", () => {
    expectDiagnostic(`multiclass M { def 1; } defm x : M;
`, "test.td:1:16: error: record name '!strconcat(\"x\", 1)' could not be fully resolved");
  });
});

describe("types", () => {
  it("int field set to a string", () => {
    expectDiagnostic(`def a { int x = "s"; }
`, "test.td:1:17: error: Field 'x' of type 'int' is incompatible with value '\"s\"' of type 'string'");
  });
  it("string field set to an int", () => {
    expectDiagnostic(`def a { string s = 1; }
`, "test.td:1:20: error: Field 's' of type 'string' is incompatible with value '1' of type 'int'");
  });
  it("bit field set to 2", () => {
    expectDiagnostic(`def a { bit b = 2; }
`, "test.td:1:5: error: Initializer of 'b' in 'a' could not be fully resolved: !cast<bit>(2)");
  });
  it("bits too narrow for the value", () => {
    expectDiagnostic(`def a { bits<2> b = 7; }
`, "test.td:1:5: error: Initializer of 'b' in 'a' could not be fully resolved: { !cast<bits<2>>(7){1}, !cast<bits<2>>(7){0} }");
  });
  it("list element type mismatch", () => {
    expectDiagnostic(`def a { list<int> l = [1, "s"]; }
`, "test.td:1:31: error: Incompatible types in list elements");
  });
  it("list assigned to an int", () => {
    expectDiagnostic(`def a { int x = [1]; }
`, "test.td:1:18: error: Encountered a list when expecting a int");
  });
  it("record of the wrong class", () => {
    expectDiagnostic(`class A; class B; def b : B;
def a { A r = b; }
`, "test.td:2:15: error: Field 'r' of type 'A' is incompatible with value 'b' of type 'B'");
  });
  it("let value of the wrong type", () => {
    expectDiagnostic(`class A { int x; }
def a : A { let x = "s"; }
`, "test.td:2:17: error: Field 'x' of type 'int' is incompatible with value '\"s\"' of type 'string'");
  });
  it("top-level let of bits of the wrong width", () => {
    expectDiagnostic(`class A { bits<4> b = 0; }
let b = 0b11 in def a : A;
`, "test.td:2:5: error: Field 'b' of type 'bits<4>' is incompatible with value '{ 1, 1 }' of type bit initializer with length 2");
  });
  it("top-level let of the wrong type", () => {
    expectDiagnostic(`class A { int x; }
let x = "s" in def a : A;
`, "test.td:2:5: error: Field 'x' of type 'int' is incompatible with value '\"s\"' of type 'string'");
  });
  it("template argument of the wrong type", () => {
    expectDiagnostic(`class A<int n>;
def a : A<"s">;
`, "test.td:2:11: error: Value specified for template argument 'A:n' is of type string; expected type int: \"s\"");
  });
  it("too many template arguments", () => {
    expectDiagnostic(`class A<int n>;
def a : A<1, 2>;
`, "test.td:2:14: error: Too many template arguments: 2");
  });
  it("missing template argument", () => {
    expectDiagnostic(`class A<int n, int m>;
def a : A<1>;
`, "test.td:2:9: error: value not specified for template argument 'A:m'");
  });
  it("unknown named template argument", () => {
    expectDiagnostic(`class A<int n>;
def a : A<m = 1>;
`, "test.td:2:11: error: Argument \"m\" doesn't exist");
  });
  it("positional after named argument", () => {
    expectDiagnostic(`class A<int n, int m>;
def a : A<n = 1, 2>;
`, "test.td:2:18: error: Positional argument should be put before named argument");
  });
  it("named argument given twice", () => {
    expectDiagnostic(`class A<int n>;
def a : A<1, n = 2>;
`, "test.td:2:14: error: Too many template arguments: 2");
  });
  it("template args to a class without any", () => {
    expectDiagnostic(`class A;
def a : A<1>;
`, "test.td:2:11: error: Too many template arguments: 1");
  });
  it("field access on a non-record", () => {
    expectDiagnostic(`def a { int x = 1; int y = x.foo; }
`, "test.td:1:30: error: Cannot access field 'foo' of value 'x'");
  });
  it("unknown field access", () => {
    expectDiagnostic(`class A; def b : A;
def a { int y = b.foo; }
`, "test.td:2:19: error: Cannot access field 'foo' of value 'b'");
  });
  it("invalid bit range", () => {
    expectDiagnostic(`def a { bits<4> b = 0; bits<2> c = b{5-4}; }
`, "test.td:1:37: error: Invalid bit range for value");
  });
  it("bit range of a string", () => {
    expectDiagnostic(`def a { string s = "x"; bits<2> c = s{1-0}; }
`, "test.td:1:38: error: Invalid bit range for value");
  });
  it("let bit out of range", () => {
    // llvm-tblgen-22 reads past the bit vector here (undefined behaviour: 'Cannot set bit #7 ... more than once', or no error for larger indices).
    expectDiagnostic(`class A { bits<4> b; }
def a : A { let b{7} = 1; }
`, "test.td:2:17: error: Invalid bit #7 of value 'b'");
  });
  it("let bits of a non-bits field", () => {
    expectDiagnostic(`class A { int i; }
def a : A { let i{0} = 1; }
`, "test.td:2:17: error: Value 'i' is not a bits type");
  });
  it("slice of a non-list", () => {
    expectDiagnostic(`def a { int x = 1; int y = x[0]; }
`, "test.td:1:28: error: Type 'int' is invalid, list expected");
  });
  it("incompatible if types", () => {
    expectDiagnostic(`def a { int x = !if(1, 1, "s"); }
`, "test.td:1:31: error: inconsistent types 'int' and 'string' for !if");
  });
  it("paste of a dag", () => {
    expectDiagnostic(`def op; def a { string s = (op) # "x"; }
`, "test.td:1:13: error: Initializer of 's' in 'a' could not be fully resolved: !strconcat(!cast<string>((op)), \"x\")");
  });
  it("assert condition not a bit", () => {
    expectDiagnostic(`assert "s", "msg";
`, "test.td:1:8: error: assert condition must of type bit, bits, or int.");
  });
  it("field not resolved at the end", () => {
    expectDiagnostic(`class A { int x; int y = !add(x, 1); }
def a : A;
`, "test.td:2:5: error: Initializer of 'y' in 'a' could not be fully resolved: !add(x, 1)");
  });
});

describe("evaluation", () => {
  it("checks the operands of !substr and !find like llvm-tblgen-22", () => {
    expectDiagnostic(`def A { string s = !substr("abc"); }`, `test.td:1:33: error: expected ',' in !substr operator`);
    expectDiagnostic(`def A { string s = !substr("abc", "x"); }`, `test.td:1:35: error: expected int, got type 'string'`);
    expectDiagnostic(`def A { string s = !substr(1, 2); }`, `test.td:1:33: error: expected string, got type 'int'`);
    expectDiagnostic(`def A { string s = !substr("abc", 1, 2, 3); }`, `test.td:1:39: error: expected ')' in !substr operator`);
    expectDiagnostic(`def A { int s = !substr("abc", 1); }`, `test.td:1:33: error: expected value of type 'int', got 'string'`);
    expectDiagnostic(`def A { int i = !find("abc", 1); }`, `test.td:1:30: error: expected string, got type 'int'`);
    expectDiagnostic(`def A { int i = !find("abc" "b"); }`, `test.td:1:32: error: expected ',' in !find operator`);
    expectDiagnostic(`def A { int i = !find("abc", "b", "c"); }`, `test.td:1:39: error: expected int, got type 'string'`);
    expectDiagnostic(`def A { string i = !find("abc", "b"); }`, `test.td:1:36: error: expected value of type 'string', got 'int'`);
    expectDiagnostic(`def A { int i = !find; }`, `test.td:1:22: error: expected '(' after !find operator`);
  });

  it("failing top-level assert", () => {
    expectDiagnostic(`assert !eq(1, 2), "one is not two";
`, "test.td:1:8: error: assertion failed: one is not two");
  });
  it("failing assert in a record", () => {
    expectDiagnostic(`class A<int n> { assert !gt(n, 0), "n must be positive, got " # n; }
def a : A<-1>;
`, "test.td:1:25: error: assertion failed: n must be positive, got -1");
  });
  it("failing assert in a multiclass", () => {
    expectDiagnostic(`multiclass M<int n> { assert !lt(n, 3), "too big"; def x; }
defm m : M<5>;
`, "test.td:1:30: error: assertion failed: too big");
  });
  it("division by zero", () => {
    expectDiagnostic(`def a { int x = !div(1, 0); }
`, "test.td:1:5: error: Illegal operation: division by zero");
  });
  it("division by zero in a class instantiation", () => {
    expectDiagnostic(`class A<int d> { int x = !div(10, d); }
def a : A<0>;
`, "test.td:2:5: error: Illegal operation: division by zero");
  });
  it("INT64_MIN / -1", () => {
    expectDiagnostic(`def a { int x = !div(-9223372036854775808, -1); }
`, "test.td:1:5: error: Illegal operation: INT64_MIN / -1");
  });
  it("out of bounds shift", () => {
    expectDiagnostic(`def a { int x = !shl(1, 64); }
`, "test.td:1:5: error: Illegal operation: out of bounds shift");
  });
  it("negative shift", () => {
    expectDiagnostic(`def a { int x = !sra(1, -1); }
`, "test.td:1:5: error: Illegal operation: out of bounds shift");
  });
  it("logtwo of zero", () => {
    expectDiagnostic(`def a { int x = !logtwo(0); }
`, "test.td:1:5: error: Illegal operation: logtwo is undefined on arguments less than or equal to 0");
  });
  it("out-of-range list index", () => {
    expectDiagnostic(`def a { list<int> l = [1, 2]; int x = l[5]; }
`, "test.td:1:5: error: Initializer of 'x' in 'a' could not be fully resolved: [1, 2][5]");
  });
  it("negative list index", () => {
    expectDiagnostic(`def a { list<int> l = [1, 2]; int x = l[-1]; }
`, "test.td:1:5: error: Initializer of 'x' in 'a' could not be fully resolved: [1, 2][-1]");
  });
  it("!head of an empty list", () => {
    expectDiagnostic(`def a { int x = !head([]<int>); }
`, "test.td:1:30: error: empty list argument in unary operator");
  });
  it("!tail of an empty list", () => {
    expectDiagnostic(`def a { list<int> x = !tail([]<int>); }
`, "test.td:1:36: error: empty list argument in unary operator");
  });
  it("!head of an empty list after substitution", () => {
    // llvm-tblgen-22 reads element 0 of the empty list here (undefined behaviour; it prints a field without a value).
    expectDiagnostic(`class A<list<int> l> { int x = !head(l); }
def a : A<[]>;
`, "test.td:2:5: error: empty list in !head");
  });
  it("!head of a non-list", () => {
    expectDiagnostic(`def a { int x = !head(1); }
`, "test.td:1:24: error: expected list type argument in unary operator");
  });
  it("!size of an int", () => {
    expectDiagnostic(`def a { int x = !size(1); }
`, "test.td:1:24: error: expected string, list, or dag type argument in unary operator");
  });
  it("!cast to an undefined record", () => {
    expectDiagnostic(`class A; def a { A r = !cast<A>("nope"); }
`, "test.td:1:14: error: Undefined reference to record: 'nope'");
  });
  it("!cast to the wrong class", () => {
    expectDiagnostic(`class A; class B; def b : B;
def a { A r = !cast<A>("b"); }
`, "test.td:2:5: error: Expected type 'A', got 'B' in: !cast<A>(\"b\")");
  });
  it("!cond without a true condition", () => {
    expectDiagnostic(`def a { int x = !cond(0 : 1, false : 2); }
`, "test.td:1:5: error: a does not have any true condition in:!cond(0: 1, 0: 2)");
  });
  it("!substr start out of range", () => {
    expectDiagnostic(`def a { string s = !substr("abc", 5); }
`, "test.td:1:5: error: !substr start position is out of range 0...3: 5");
  });
  it("!substr negative length", () => {
    expectDiagnostic(`def a { string s = !substr("abc", 1, -1); }
`, "test.td:1:5: error: !substr length must be nonnegative");
  });
  it("!find start out of range", () => {
    expectDiagnostic(`def a { int x = !find("abc", "b", 9); }
`, "test.td:1:5: error: !find start position is out of range 0...3: 9");
  });
  it("!getdagarg index out of range", () => {
    expectDiagnostic(`def op; def a { int x = !getdagarg<int>((op 1), 3); }
`, "test.td:1:13: error: !getdagarg index 3 is out of range (dag has 1 arguments)");
  });
  it("!and only short-circuits on 0", () => {
    expectDiagnostic(`def op; class C<dag d, int p> { int a = !and(p, !getdagarg<int>(d, "b")); }
def t : C<(op), 2>;
`, "test.td:2:5: error: !getdagarg key 'b' is not found");
  });
  it("!tail of an empty list after substitution", () => {
    // llvm-tblgen-22 dies (SIGSEGV) here; we report a located error instead.
    expectDiagnostic(`class A<list<int> l> { list<int> x = !tail(l); }
def a : A<[]>;
`, "test.td:2:5: error: empty list in !tail");
  });
  it("!getdagarg unknown name", () => {
    expectDiagnostic(`def op; def a { int x = !getdagarg<int>((op 1:$a), "b"); }
`, "test.td:1:13: error: !getdagarg key 'b' is not found");
  });
  it("!getdagname out of range", () => {
    // llvm-tblgen-22 dies (SIGSEGV) here; we report a located error instead.
    expectDiagnostic(`def op; def a { string x = !getdagname((op 1), 2); }
`, "test.td:1:13: error: !getdagname index is out of range 0...0: 2");
  });
  it("!setdagarg out of range", () => {
    expectDiagnostic(`def op; def a { dag d = !setdagarg((op 1), 4, 2); }
`, "test.td:1:13: error: !setdagarg index 4 is out of range (dag has 1 arguments)");
  });
  it("!con with different operators", () => {
    expectDiagnostic(`def op; def op2; def a { dag d = !con((op 1), (op2 2)); }
`, "error: Concatenated Dag operators do not match: '(op 1)' vs. '(op2 2)'");
  });
  it("!listsplat with a negative count", () => {
    expectDiagnostic(`def a { list<int> l = !listsplat(1, -1); }
`, "error: !listsplat count -1 is negative");
  });
  it("!range with zero step", () => {
    expectDiagnostic(`def a { list<int> l = !range(0, 5, 0); }
`, "test.td:1:5: error: Step of !range can't be 0");
  });
  it("!foldl with a mistyped expression", () => {
    expectDiagnostic(`def a { int x = !foldl(0, [1], acc, b, "s"); }
`, "test.td:1:43: error: !foldl expression must be of same type as start (int), but is of type string");
  });
  it("!foreach over a non-list", () => {
    expectDiagnostic(`def a { list<int> x = !foreach(i, 1, i); }
`, "test.td:1:38: error: !foreach must have a list or dag argument");
  });
  it("!filter with a dag", () => {
    expectDiagnostic(`def op; def a { dag d = !filter(i, (op 1), 1); }
`, "test.td:1:44: error: !filter must have a list argument");
  });
  it("!match with an invalid regex", () => {
    expectDiagnostic(`def a { bit b = !match("abc", "("); }
`, "error: invalid regex '('");
  });
  it("!exists of a record", () => {
    expectDiagnostic(`def r; def a { bit b = !exists<r>(r); }
`, "test.td:1:32: error: Couldn't find class 'r'");
  });
  it("forbidden self-reference through a field", () => {
    expectDiagnostic(`def a { int x = 1; int y = !cast<a>(NAME).x; }
`, "test.td:1:34: error: Couldn't find class 'a'");
  });
  it("undefined template default reference", () => {
    expectDiagnostic(`class A<int n> { int x = n; }
class B : A<undef_thing>;
`, "test.td:2:13: error: Variable not defined: 'undef_thing'");
  });
  it("loop over a non-list", () => {
    expectDiagnostic(`defvar x = "s";
foreach i = x in def a # i;
`, "test.td:2:15: error: expected integer or bitrange");
  });
});

describe("llvm-tblgen-22 crashes or hangs; we report a located error", () => {
  it("!subst with an empty pattern", () => {
    // llvm-tblgen-22 hangs here; we report a located error instead.
    expectDiagnostic(`def a { string s = !subst("", "x", "abc"); }
`, "test.td:1:5: error: !subst pattern must not be an empty string");
  });
  it("!div by zero outside any record", () => {
    // llvm-tblgen-22 dies (SIGSEGV) here; we report a located error instead.
    expectDiagnostic(`defvar x = !div(1, 0);
`, "test.td:1:22: error: Illegal operation: division by zero");
  });
  it("out of bounds shift outside any record", () => {
    // llvm-tblgen-22 dies (SIGSEGV) here; we report a located error instead.
    expectDiagnostic(`defvar x = !shl(1, 99);
`, "test.td:1:23: error: Illegal operation: out of bounds shift");
  });
  it("!head of a literal empty list", () => {
    expectDiagnostic(`defvar x = !head(!tail([1]));
`, "test.td:1:28: error: empty list argument in unary operator");
  });
});

describe("DiagnosticEngine.trial", () => {
  const engine = () => {
    const d = new DiagnosticEngine(new SourceManager());
    const seen: string[] = [];
    d.sink = (t) => seen.push(t);
    return { d, seen };
  };
  it("gives the value of work that reported nothing", () => {
    const { d, seen } = engine();
    expect(d.trial(() => 42)).toBe(42);
    expect(seen).toEqual([]);
  });
  it("drops what the work reported, and its value, leaving the engine as it was", () => {
    const { d, seen } = engine();
    d.warning(undefined, "before");
    expect(d.trial(() => (d.warning(undefined, "ahead"), 1))).toBeUndefined();
    expect(d.trial(() => d.fatal(undefined, "ahead"))).toBeUndefined();
    expect(d.diagnostics.map((x) => x.message)).toEqual(["before"]);
    expect(d.errorCount).toBe(0);
    expect(seen).toHaveLength(1);
    d.error(undefined, "after");
    expect(seen).toHaveLength(2);
  });
  it("lets other exceptions through", () => {
    const { d } = engine();
    expect(() => d.trial(() => { throw new RangeError("bug"); })).toThrow(RangeError);
    expect(d.sink).toBeDefined();
  });
});

describe("SourceManager positions", () => {
  const sources = new SourceManager();
  const abs = sources.add("/src/include/Toy/ToyOps.td", "def A;\ndef B;\n");
  const rel = sources.add("include/Toy/ToyOps.td", "def A;\ndef B;\n");
  it("prints buffer names as given, or cut to the file name for JSON and generated source", () => {
    expect(sources.position({ buffer: abs.id, offset: 7 })).toEqual({ file: "/src/include/Toy/ToyOps.td", line: 2, col: 1 });
    expect(sources.shortPosition({ buffer: rel.id, offset: 7 })).toBe("ToyOps.td:2");
    // mlir-tblgen cuts only absolute names (the ones a build folder would leak into the output).
    expect(sources.sourceOutputPosition({ buffer: abs.id, offset: 7 })).toBe("ToyOps.td:2");
    expect(sources.sourceOutputPosition({ buffer: rel.id, offset: 7 })).toBe("include/Toy/ToyOps.td:2");
  });
});
