// Errors llvm-tblgen-22 goes on after: the whole stderr of each bad input is the one
// llvm-tblgen-22 prints (without its "N errors." line, which the command line adds).
import { describe, expect, it } from 'vitest';
import { parseSource } from './testing.js';

describe('error recovery', () => {
  // [what, source, llvm-tblgen-22's stderr]
  const cases: [string, string, string][] = [
    [
      "an assertion failing in an anonymous instance reports at the instance",
      "class P<int a> {\n  assert !lt(a, 10), \"too big: \" # a;\n  int A = a;\n}\ndef R {\n  int x = P<20>.A;\n  int y = P<30>.A;\n}\n",
      "test.td:2:10: error: assertion failed: too big: 20\n  assert !lt(a, 10), \"too big: \" # a;\n         ^\ntest.td:6:11: error: assertion failed in this record\n  int x = P<20>.A;\n          ^\ntest.td:2:10: error: assertion failed: too big: 30\n  assert !lt(a, 10), \"too big: \" # a;\n         ^\ntest.td:7:11: error: assertion failed in this record\n  int y = P<30>.A;\n          ^\n",
    ],
    [
      "every template argument of the wrong type is reported",
      "class Foo<int i, int j>;\ndef d : Foo<\"\", \"\">;\n",
      "test.td:1:15: warning: unused template argument: Foo:i\nclass Foo<int i, int j>;\n              ^\ntest.td:1:22: warning: unused template argument: Foo:j\nclass Foo<int i, int j>;\n                     ^\ntest.td:2:13: error: Value specified for template argument 'Foo:i' is of type string; expected type int: \"\"\ndef d : Foo<\"\", \"\">;\n            ^\ntest.td:2:17: error: Value specified for template argument 'Foo:j' is of type string; expected type int: \"\"\ndef d : Foo<\"\", \"\">;\n                ^\n",
    ],
    [
      "after a failed value, the declaration still wants its semicolon",
      "class C<string s> { string S = s; }\ndef R {\n  string a = C<1>.S;\n}\n",
      "test.td:3:16: error: Value specified for template argument 'C:s' is of type int; expected type string: 1\n  string a = C<1>.S;\n               ^\ntest.td:3:18: error: expected ';' after declaration\n  string a = C<1>.S;\n                 ^\n",
    ],
    [
      "field type errors do not stop the parse",
      "def R {\n  bits<2> a = 0b111;\n  int b = \"x\";\n  string c = 1;\n}\n",
      "test.td:2:15: error: Field 'a' of type 'bits<2>' is incompatible with value '{ 1, 1, 1 }' of type bit initializer with length 3\n  bits<2> a = 0b111;\n              ^\ntest.td:3:11: error: Field 'b' of type 'int' is incompatible with value '\"x\"' of type 'string'\n  int b = \"x\";\n          ^\ntest.td:4:14: error: Field 'c' of type 'string' is incompatible with value '1' of type 'int'\n  string c = 1;\n             ^\n",
    ],
    [
      "an invalid !instances regex outside a record is a fatal error without a location",
      "class A;\ndef a0 : A;\ndefvar v = !instances<A>(\"([)]\");\ndef after : A;\n",
      "error: invalid regex '([)]'\n",
    ],
    [
      "a bad operator type adds \"expected type name for operator\"",
      "defvar v = !instances<1>(\"\");\n",
      "test.td:1:23: error: Unknown token when expecting a type\ndefvar v = !instances<1>(\"\");\n                      ^\ntest.td:1:23: error: expected type name for operator\ndefvar v = !instances<1>(\"\");\n                      ^\n",
    ],
    [
      "a duplicate record of a defm is reported with its instantiation notes, and the parse goes on",
      "multiclass M { def _x; }\ndefm a : M;\ndefm a : M;\ndef b { int x = \"s\"; }\n",
      "test.td:1:20: error: def already exists: a_x\nmulticlass M { def _x; }\n                   ^\ntest.td:3:10: note: instantiated from multiclass\ndefm a : M;\n         ^\ntest.td:1:20: note: location of previous definition\nmulticlass M { def _x; }\n                   ^\ntest.td:2:10: note: instantiated from multiclass\ndefm a : M;\n         ^\ntest.td:4:17: error: Field 'x' of type 'int' is incompatible with value '\"s\"' of type 'string'\ndef b { int x = \"s\"; }\n                ^\n",
    ],
    [
      "a bad !cast type adds the unary operator error and the declaration error",
      "def a { int x = !cast<>(1); }\n",
      "test.td:1:23: error: Unknown token when expecting a type\ndef a { int x = !cast<>(1); }\n                      ^\ntest.td:1:23: error: expected type name for operator\ndef a { int x = !cast<>(1); }\n                      ^\ntest.td:1:23: error: did not get type for unary operator\ndef a { int x = !cast<>(1); }\n                      ^\ntest.td:1:23: error: expected ';' after declaration\ndef a { int x = !cast<>(1); }\n                      ^\n",
    ],
    [
      "a source line holding a byte outside ASCII is printed without a caret (tabs still expanded)",
      "def a { int x = \"s\"; } // caf\xc3\xa9\n\tdef b : Nope; // \x01\n",
      "test.td:1:17: error: Field 'x' of type 'int' is incompatible with value '\"s\"' of type 'string'\ndef a { int x = \"s\"; } // caf\xc3\xa9\ntest.td:2:10: error: Couldn't find class 'Nope'\n        def b : Nope; // \x01\n                ^\n",
    ],
    [
      "an unknown class or multiclass is eaten before the parse stops: a bad character after it is reported too",
      "multiclass M { def a; }\ndef X : M/;\n",
      "test.td:2:9: error: Couldn't find class 'M'. Use 'defm' if you meant to use multiclass 'M'\ndef X : M/;\n        ^\ntest.td:2:10: error: unexpected character\ndef X : M/;\n         ^\n",
    ],
    [
      "an unknown multiclass of a defm is eaten too",
      "defm Y : Q/;\n",
      "test.td:1:10: error: Couldn't find multiclass 'Q'\ndefm Y : Q/;\n         ^\ntest.td:1:11: error: unexpected character\ndefm Y : Q/;\n          ^\n",
    ],
    [
      "a failed let in a body stops the parse",
      "class A { int x = 1; }\ndef d : A { let x = \"s\"; string s = b; }\n",
      "test.td:2:17: error: Field 'x' of type 'int' is incompatible with value '\"s\"' of type 'string'\ndef d : A { let x = \"s\"; string s = b; }\n                ^\n",
    ],
    [
      'text after a directive: the parser\'s error is at that text, past a comment over lines',
      "#define A /* a comment\n over two lines */ def x;\n",
      "test.td:2:20: error: only comments are supported after #define NAME\n over two lines */ def x;\n                   ^\ntest.td:2:20: error: Unexpected token at top level\n over two lines */ def x;\n                   ^\n",
    ],
    [
      'a slash that starts no comment after a directive is an unexpected character, then the directive error',
      "#ifdef A /x\n#endif\n",
      "test.td:1:10: error: unexpected character\n#ifdef A /x\n         ^\ntest.td:1:10: error: only comments are supported after #ifdef NAME\n#ifdef A /x\n         ^\ntest.td:1:10: error: Unexpected token at top level\n#ifdef A /x\n         ^\n",
    ],
    [
      'a bad range list of a foreach still eats its closing brace before the declaration fails',
      "foreach j = {2, } in def r#j;\n",
      "test.td:1:17: error: Unknown or reserved token when parsing a value\nforeach j = {2, } in def r#j;\n                ^\ntest.td:1:17: error: expected integer or bitrange\nforeach j = {2, } in def r#j;\n                ^\ntest.td:1:19: error: expected declaration in for\nforeach j = {2, } in def r#j;\n                  ^\n",
    ],
    [
      'a skipped region open at the end of the file ends with an error token there',
      "#define FOO\n#ifdef FOO\nclass K;\n#else\nclass J;\n#ifndef BAR\ndef k1;\n#endif\ndef z;\n",
      "test.td:10:1: error: reached EOF without matching #endif\n\n^\ntest.td:4:2: error: the latest preprocessor control is here\n#else\n ^\ntest.td:10:1: error: Unexpected token at top level\n\n^\n",
    ],
  ];
  it.each(cases)('%s', (_what, src, stderr) => {
    const r = parseSource(src);
    expect(r.ok).toBe(false);
    expect(r.stderr).toBe(stderr);
  });
  it('a lexer error is followed by the error of the rule that meets it', () => {
    const r = parseSource('foreach i = [1, @] in def x;\n');
    expect(r.stderr.split('\n').filter((l) => l.includes('error:'))).toEqual([
      'test.td:1:17: error: unexpected character',
      'test.td:1:17: error: Unknown or reserved token when parsing a value',
      'test.td:1:17: error: expected declaration in for',
    ]);
  });
  it('an unknown class as a type', () => {
    const r = parseSource('def a { Nope x = ?; }\n');
    expect(r.stderr.split('\n').filter((l) => l.includes('error:'))).toEqual([
      "test.td:1:9: error: Couldn't find class 'Nope'",
      'test.td:1:14: error: unknown class name',
    ]);
  });
});
