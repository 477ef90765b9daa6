// The TableGen language, feature by feature: each expected output was produced by
// llvm-tblgen-22 --print-records (or --dump-json) on the same input.
import { describe, expect, it } from 'vitest';
import { dumpJsonOf, parseSource, printRecordsOf } from './testing.js';

describe("classes and defs", () => {
  it("empty class and def", () => {
    expect(printRecordsOf(`class A;
def a;
def b : A;
`)).toBe(`------------- Classes -----------------
class A {
}
------------- Defs -----------------
def a {
}
def b {\t// A
}
`);
  });
  it("class with fields and a body", () => {
    expect(printRecordsOf(`class A {
  int i = 1;
  string s = "x";
  bit b;
  field int f = 3;
}
def a : A;
`)).toBe(`------------- Classes -----------------
class A {
  field int f = 3;
  int i = 1;
  string s = "x";
  bit b = ?;
}
------------- Defs -----------------
def a {\t// A
  field int f = 3;
  int i = 1;
  string s = "x";
  bit b = ?;
}
`);
  });
  it("template arguments with defaults", () => {
    expect(printRecordsOf(`class A<int x, string s = "d", list<int> l = [x, 2]> {
  int X = x;
  string S = s;
  list<int> L = l;
}
def a : A<1>;
def b : A<2, "q">;
def c : A<3, "r", [7]>;
`)).toBe(`------------- Classes -----------------
class A<int A:x = ?, string A:s = "d", list<int> A:l = [A:x, 2]> {
  int X = A:x;
  string S = A:s;
  list<int> L = A:l;
}
------------- Defs -----------------
def a {\t// A
  int X = 1;
  string S = "d";
  list<int> L = [1, 2];
}
def b {\t// A
  int X = 2;
  string S = "q";
  list<int> L = [2, 2];
}
def c {\t// A
  int X = 3;
  string S = "r";
  list<int> L = [7];
}
`);
  });
  it("named template arguments", () => {
    expect(printRecordsOf(`class A<int x, string s = "d", bit b = 0> { int X = x; string S = s; bit B = b; }
def a : A<s = "n", x = 3>;
def b : A<1, b = 1>;
`)).toBe(`------------- Classes -----------------
class A<int A:x = ?, string A:s = "d", bit A:b = 0> {
  int X = A:x;
  string S = A:s;
  bit B = A:b;
}
------------- Defs -----------------
def a {\t// A
  int X = 3;
  string S = "n";
  bit B = 0;
}
def b {\t// A
  int X = 1;
  string S = "d";
  bit B = 1;
}
`);
  });
  it("template argument default refers to an earlier argument", () => {
    expect(printRecordsOf(`class A<int x, int y = !mul(x, 10)> { int Y = y; }
def a : A<4>;
`)).toBe(`------------- Classes -----------------
class A<int A:x = ?, int A:y = !mul(A:x, 10)> {
  int Y = A:y;
}
------------- Defs -----------------
def a {\t// A
  int Y = 40;
}
`);
  });
  it("inheritance chain and superclass list", () => {
    expect(printRecordsOf(`class A<int n> { int a = n; }
class B<int m> : A<!add(m, 1)> { int b = m; }
class C : B<5>;
def c : C;
def d : B<0>, C;
`)).toBe(`------------- Classes -----------------
class A<int A:n = ?> {
  int a = A:n;
}
class B<int B:m = ?> {\t// A
  int a = !add(B:m, 1);
  int b = B:m;
}
class C {\t// A B
  int a = 6;
  int b = 5;
}
------------- Defs -----------------
def c {\t// A B C
  int a = 6;
  int b = 5;
}
def d {\t// A B A B C
  int a = 6;
  int b = 5;
}
`);
  });
  it("multiple inheritance and field override", () => {
    expect(printRecordsOf(`class A { int x = 1; string y = "a"; }
class B { int z = 2; }
def d : A, B { let x = 10; int w = 4; }
`)).toBe(`------------- Classes -----------------
class A {
  int x = 1;
  string y = "a";
}
class B {
  int z = 2;
}
------------- Defs -----------------
def d {\t// A B
  int x = 10;
  string y = "a";
  int z = 2;
  int w = 4;
}
`);
  });
  it("class declared before definition", () => {
    expect(printRecordsOf(`class A;
class A { int x = 1; }
def a : A;
`)).toBe(`------------- Classes -----------------
class A {
  int x = 1;
}
------------- Defs -----------------
def a {\t// A
  int x = 1;
}
`);
  });
  it("anonymous defs", () => {
    expect(printRecordsOf(`class A<int n> { int v = n; }
def : A<1>;
def : A<2>;
def named : A<3>;
`)).toBe(`------------- Classes -----------------
class A<int A:n = ?> {
  int v = A:n;
}
------------- Defs -----------------
def anonymous_0 {\t// A
  int v = 1;
}
def anonymous_1 {\t// A
  int v = 2;
}
def named {\t// A
  int v = 3;
}
`);
  });
  it("Class<args> values create anonymous records once", () => {
    expect(printRecordsOf(`class P<int n> { int v = n; }
class H { P p; list<P> ps; }
def h : H { let p = P<1>; let ps = [P<1>, P<2>]; }
def g { P q = P<1>; int v = P<5>.v; }
`)).toBe(`------------- Classes -----------------
class H {
  P p = ?;
  list<P> ps = ?;
}
class P<int P:n = ?> {
  int v = P:n;
}
------------- Defs -----------------
def anonymous_0 {\t// P
  int v = 1;
}
def anonymous_1 {\t// P
  int v = 2;
}
def anonymous_2 {\t// P
  int v = 5;
}
def g {
  P q = anonymous_0;
  int v = 5;
}
def h {\t// H
  P p = anonymous_0;
  list<P> ps = [anonymous_0, anonymous_1];
}
`);
  });
  it("NAME in a def and self-reference by name", () => {
    expect(printRecordsOf(`class A { string n = NAME; }
def foo : A;
def bar { string other = !cast<string>(foo.n); }
`)).toBe(`------------- Classes -----------------
class A {
  string n = A:NAME;
}
------------- Defs -----------------
def bar {
  string other = "foo";
}
def foo {\t// A
  string n = "foo";
}
`);
  });
  it("record-typed fields and field access", () => {
    expect(printRecordsOf(`class A { int x = 1; string s = "a"; }
def a : A;
def b { A r = a; int rx = r.x; string rs = a.s; }
`)).toBe(`------------- Classes -----------------
class A {
  int x = 1;
  string s = "a";
}
------------- Defs -----------------
def a {\t// A
  int x = 1;
  string s = "a";
}
def b {
  A r = a;
  int rx = 1;
  string rs = "a";
}
`);
  });
  it("unset values", () => {
    expect(printRecordsOf(`class A { int x = ?; string s; list<int> l = ?; dag d = ?; bits<3> bs = ?; }
def a : A;
def b : A { let x = 5; }
`)).toBe(`------------- Classes -----------------
class A {
  int x = ?;
  string s = ?;
  list<int> l = ?;
  dag d = ?;
  bits<3> bs = { ?, ?, ? };
}
------------- Defs -----------------
def a {\t// A
  int x = ?;
  string s = ?;
  list<int> l = ?;
  dag d = ?;
  bits<3> bs = { ?, ?, ? };
}
def b {\t// A
  int x = 5;
  string s = ?;
  list<int> l = ?;
  dag d = ?;
  bits<3> bs = { ?, ?, ? };
}
`);
  });
  it("field keyword permits non-concrete values", () => {
    expect(printRecordsOf(`class A { int y = 2; field bits<4> b; field int x = y; }
def a : A;
`)).toBe(`------------- Classes -----------------
class A {
  field bits<4> b = { ?, ?, ?, ? };
  field int x = y;
  int y = 2;
}
------------- Defs -----------------
def a {\t// A
  field bits<4> b = { ?, ?, ?, ? };
  field int x = 2;
  int y = 2;
}
`);
  });
  it("json output of records", () => {
    expect(JSON.parse(dumpJsonOf(`class A<int n> { int v = n; string s = "x"; field bits<2> b = {1, 0}; }
def a : A<1>;
def : A<2>;
def c { A r = a; dag d = (a 1, "s":$n); list<int> l = [1, 2]; }
`))).toEqual({"!instanceof":{"A":["a","anonymous_0"]},"!tablegen_json_version":1,"a":{"!anonymous":false,"!fields":["b"],"!locs":["test.td:2"],"!name":"a","!superclasses":["A"],"b":[0,1],"s":"x","v":1},"anonymous_0":{"!anonymous":true,"!fields":["b"],"!locs":["test.td:3"],"!name":"anonymous_0","!superclasses":["A"],"b":[0,1],"s":"x","v":2},"c":{"!anonymous":false,"!fields":[],"!locs":["test.td:4"],"!name":"c","!superclasses":[],"d":{"args":[[1,null],["s","n"]],"kind":"dag","operator":{"def":"a","kind":"def","printable":"a"},"printable":"(a 1, \"s\":$n)"},"l":[1,2],"r":{"def":"a","kind":"def","printable":"a"}}});
  });
});

describe("types and literals", () => {
  it("every type", () => {
    expect(printRecordsOf(`class C;
def c : C;
def t {
  bit b = 1;
  bits<4> bs = 0b1010;
  int i = -42;
  string s = "str";
  code k = [{ some code }];
  list<int> li = [1, 2, 3];
  list<list<string>> lls = [["a"], [], ["b", "c"]];
  dag d = (c 1, "x");
  C r = c;
  list<C> lr = [c];
}
`)).toBe(`------------- Classes -----------------
class C {
}
------------- Defs -----------------
def c {\t// C
}
def t {
  bit b = 1;
  bits<4> bs = { 1, 0, 1, 0 };
  int i = -42;
  string s = "str";
  code k = [{ some code }];
  list<int> li = [1, 2, 3];
  list<list<string>> lls = [["a"], [], ["b", "c"]];
  dag d = (c 1, "x");
  C r = c;
  list<C> lr = [c];
}
`);
  });
  it("integer literals: hex, binary, negative, +", () => {
    expect(printRecordsOf(`def i {
  int hex = 0x1F;
  int HEX = 0xABCDEF;
  int neg = -17;
  int pos = +5;
  int max = 0x7fffffffffffffff;
  int min = -9223372036854775808;
  int wrap = 0xffffffffffffffff;
  bits<8> bin = 0b00001111;
  int bin2 = 0b101;
  bits<6> sb = -1;
}
`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def i {
  int hex = 31;
  int HEX = 11259375;
  int neg = -17;
  int pos = 5;
  int max = 9223372036854775807;
  int min = -9223372036854775808;
  int wrap = -1;
  bits<8> bin = { 0, 0, 0, 0, 1, 1, 1, 1 };
  int bin2 = 5;
  bits<6> sb = { 1, 1, 1, 1, 1, 1 };
}
`);
  });
  it("bit and bits conversions", () => {
    expect(printRecordsOf(`def b {
  bit t = true;
  bit f = false;
  bits<3> three = 3;
  bits<4> parts = {0, 1, 1, 0};
  bits<4> concat = {0b10, 0b01};
  int fromBits = 0b111;
  bit fromInt = 1;
  bits<1> one = 1;
}
`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def b {
  bit t = 1;
  bit f = 0;
  bits<3> three = { 0, 1, 1 };
  bits<4> parts = { 0, 1, 1, 0 };
  bits<4> concat = { 1, 0, 0, 1 };
  int fromBits = 7;
  bit fromInt = 1;
  bits<1> one = { 1 };
}
`);
  });
  it("strings: escapes, adjacency, code fragments", () => {
    expect(printRecordsOf(`def s {
  string esc = "tab\\tnl\\nq\\"bs\\\\sq\\'";
  string adj = "ab" "cd" "ef";
  code c1 = [{multi
  line}];
  code c2 = [{ has "quotes" and ] and } }];
  string empty = "";
}
`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def s {
  string esc = "tab\tnl
q"bs\\sq'";
  string adj = "abcdef";
  code c1 = [{multi
  line}];
  code c2 = [{ has "quotes" and ] and } }];
  string empty = "";
}
`);
  });
  it("utf-8 in strings is kept byte for byte", () => {
    expect(printRecordsOf(`def u { string s = "héllo → wörld"; }
`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def u {
  string s = "héllo → wörld";
}
`);
  });
  it("comments: line, block and nested block", () => {
    expect(printRecordsOf(`// line comment
/* block /* nested */ still comment */
def a { int x = 1; /* inline */ int y = 2; // trailing
}
`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def a {
  int x = 1;
  int y = 2;
}
`);
  });
  it("list type annotation and empty typed list", () => {
    expect(printRecordsOf(`def l { list<int> a = []; list<string> b = []<string>; list<int> c = [1, 2]<int>; }
`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def l {
  list<int> a = [];
  list<string> b = [];
  list<int> c = [1, 2];
}
`);
  });
  it("dag literals with names", () => {
    expect(printRecordsOf(`def op;
def ins;
def d {
  dag a = (op);
  dag b = (op:$name 1, "s":$x, $y);
  dag c = (ins (op 1), ?:$u);
  dag e = (? 1);
}
`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def d {
  dag a = (op);
  dag b = (op:$name 1, "s":$x, ?:$y);
  dag c = (ins (op 1), ?:$u);
  dag e = (? 1);
}
def ins {
}
def op {
}
`);
  });
  it("class types and record subtyping in lists", () => {
    expect(printRecordsOf(`class A; class B : A; class C : A;
def b : B; def c : C;
def l { list<A> as = [b, c]; A one = b; }
`)).toBe(`------------- Classes -----------------
class A {
}
class B {\t// A
}
class C {\t// A
}
------------- Defs -----------------
def b {\t// A B
}
def c {\t// A C
}
def l {
  list<A> as = [b, c];
  A one = b;
}
`);
  });
  it("unknown field value is ? and prints as such", () => {
    expect(printRecordsOf(`class A<int n> { int v = n; bits<2> bs = {?, 1}; }
def a : A<?>;
`)).toBe(`------------- Classes -----------------
class A<int A:n = ?> {
  int v = A:n;
  bits<2> bs = { ?, 1 };
}
------------- Defs -----------------
def a {\t// A
  int v = ?;
  bits<2> bs = { ?, 1 };
}
`);
  });
});

describe("let", () => {
  it("top-level let", () => {
    expect(printRecordsOf(`class A { int x = 0; string s = "a"; }
let x = 5 in
def a : A;
let x = 6, s = "z" in {
  def b : A;
  def c : A;
}
def d : A;
`)).toBe(`------------- Classes -----------------
class A {
  int x = 0;
  string s = "a";
}
------------- Defs -----------------
def a {\t// A
  int x = 5;
  string s = "a";
}
def b {\t// A
  int x = 6;
  string s = "z";
}
def c {\t// A
  int x = 6;
  string s = "z";
}
def d {\t// A
  int x = 0;
  string s = "a";
}
`);
  });
  it("nested top-level lets, inner wins", () => {
    expect(printRecordsOf(`class A { int x = 0; int y = 0; }
let x = 1 in {
  let y = 2 in {
    let x = 3 in def a : A;
    def b : A;
  }
}
`)).toBe(`------------- Classes -----------------
class A {
  int x = 0;
  int y = 0;
}
------------- Defs -----------------
def a {\t// A
  int x = 3;
  int y = 2;
}
def b {\t// A
  int x = 1;
  int y = 2;
}
`);
  });
  it("let in a body", () => {
    expect(printRecordsOf(`class A { int x = 0; bits<8> b = 0; }
class B : A { let x = 2; }
def a : B { let x = 3; }
`)).toBe(`------------- Classes -----------------
class A {
  int x = 0;
  bits<8> b = { 0, 0, 0, 0, 0, 0, 0, 0 };
}
class B {\t// A
  int x = 2;
  bits<8> b = { 0, 0, 0, 0, 0, 0, 0, 0 };
}
------------- Defs -----------------
def a {\t// A B
  int x = 3;
  bits<8> b = { 0, 0, 0, 0, 0, 0, 0, 0 };
}
`);
  });
  it("let with bit ranges", () => {
    expect(printRecordsOf(`class A { bits<8> b = 0; }
def a : A { let b{3-0} = 0b1010; let b{7} = 1; }
def c : A { let b{5...4} = 3; }
let b<7-4> = 0xf in def d : A;
def e : A { let b{0,2} = 0b11; }
`)).toBe(`------------- Classes -----------------
class A {
  bits<8> b = { 0, 0, 0, 0, 0, 0, 0, 0 };
}
------------- Defs -----------------
def a {\t// A
  bits<8> b = { 1, 0, 0, 0, 1, 0, 1, 0 };
}
def c {\t// A
  bits<8> b = { 0, 0, 1, 1, 0, 0, 0, 0 };
}
def d {\t// A
  bits<8> b = { 1, 1, 1, 1, 0, 0, 0, 0 };
}
def e {\t// A
  bits<8> b = { 0, 0, 0, 0, 0, 1, 0, 1 };
}
`);
  });
  it("let overrides a field used by another field", () => {
    expect(printRecordsOf(`class A { int x = 1; int y = !add(x, 1); }
def a : A { let x = 10; }
`)).toBe(`------------- Classes -----------------
class A {
  int x = 1;
  int y = !add(x, 1);
}
------------- Defs -----------------
def a {\t// A
  int x = 10;
  int y = 11;
}
`);
  });
});

describe("multiclass and defm", () => {
  it("simple multiclass", () => {
    expect(printRecordsOf(`class I<int n> { int v = n; }
multiclass M<int base> {
  def _a : I<base>;
  def _b : I<!add(base, 1)>;
}
defm X : M<10>;
defm Y : M<20>;
`)).toBe(`------------- Classes -----------------
class I<int I:n = ?> {
  int v = I:n;
}
------------- Defs -----------------
def X_a {\t// I
  int v = 10;
}
def X_b {\t// I
  int v = 11;
}
def Y_a {\t// I
  int v = 20;
}
def Y_b {\t// I
  int v = 21;
}
`);
  });
  it("NAME in multiclass defs", () => {
    expect(printRecordsOf(`class I { string n = NAME; }
multiclass M {
  def NAME : I;
  def NAME # _suffix : I;
  def pre_ # NAME : I;
  def mid_ # NAME # _end : I;
}
defm foo : M;
`)).toBe(`------------- Classes -----------------
class I {
  string n = I:NAME;
}
------------- Defs -----------------
def foo {\t// I
  string n = "foo";
}
def foo_suffix {\t// I
  string n = "foo_suffix";
}
def mid_foo_end {\t// I
  string n = "mid_foo_end";
}
def pre_foo {\t// I
  string n = "pre_foo";
}
`);
  });
  it("nested defm inside multiclass", () => {
    expect(printRecordsOf(`class I<string s> { string name = s; }
multiclass Inner<string p> { def _in : I<p>; }
multiclass Outer<string q> {
  defm _o : Inner<!strconcat(q, "!")>;
  def _x : I<q>;
}
defm top : Outer<"hey">;
`)).toBe(`------------- Classes -----------------
class I<string I:s = ?> {
  string name = I:s;
}
------------- Defs -----------------
def top_o_in {\t// I
  string name = "hey!";
}
def top_x {\t// I
  string name = "hey";
}
`);
  });
  it("multiclass inheriting multiclasses", () => {
    expect(printRecordsOf(`class I<int n> { int v = n; }
multiclass A<int x> { def _a : I<x>; }
multiclass B<int y> { def _b : I<y>; }
multiclass AB<int z> : A<z>, B<!mul(z, 2)>;
multiclass ABC<int z> : A<z> { def _c : I<0>; }
defm p : AB<3>;
defm q : ABC<4>;
`)).toBe(`------------- Classes -----------------
class I<int I:n = ?> {
  int v = I:n;
}
------------- Defs -----------------
def p_a {\t// I
  int v = 3;
}
def p_b {\t// I
  int v = 6;
}
def q_a {\t// I
  int v = 4;
}
def q_c {\t// I
  int v = 0;
}
`);
  });
  it("defm inheriting classes", () => {
    expect(printRecordsOf(`class I<int n> { int v = n; }
class Tag { string tag = "t"; }
class Tag2<int k> { int k2 = k; }
multiclass M { def _a : I<1>; def _b : I<2>; }
defm x : M, Tag, Tag2<7>;
`)).toBe(`------------- Classes -----------------
class I<int I:n = ?> {
  int v = I:n;
}
class Tag {
  string tag = "t";
}
class Tag2<int Tag2:k = ?> {
  int k2 = Tag2:k;
}
------------- Defs -----------------
def x_a {\t// I Tag Tag2
  int v = 1;
  string tag = "t";
  int k2 = 7;
}
def x_b {\t// I Tag Tag2
  int v = 2;
  string tag = "t";
  int k2 = 7;
}
`);
  });
  it("anonymous defm", () => {
    expect(printRecordsOf(`class I<int n> { int v = n; }
multiclass M<int n> { def _a : I<n>; def : I<!add(n, 100)>; }
defm : M<1>;
defm : M<2>;
`)).toBe(`------------- Classes -----------------
class I<int I:n = ?> {
  int v = I:n;
}
------------- Defs -----------------
def anonymous_0 {\t// I
  int v = 101;
}
def anonymous_1_a {\t// I
  int v = 1;
}
def anonymous_2_a {\t// I
  int v = 2;
}
def anonymous_3 {\t// I
  int v = 102;
}
`);
  });
  it("defm with let and foreach in multiclass", () => {
    expect(printRecordsOf(`class I<int n> { int v = n; int w = 0; }
multiclass M {
  foreach i = [1, 2] in
    def _ # i : I<i>;
  let w = 9 in def _w : I<0>;
}
let w = 5 in defm m : M;
`)).toBe(`------------- Classes -----------------
class I<int I:n = ?> {
  int v = I:n;
  int w = 0;
}
------------- Defs -----------------
def m_1 {\t// I
  int v = 1;
  int w = 5;
}
def m_2 {\t// I
  int v = 2;
  int w = 5;
}
def m_w {\t// I
  int v = 0;
  int w = 5;
}
`);
  });
  it("multiclass defvar and if", () => {
    expect(printRecordsOf(`class I<int n> { int v = n; }
multiclass M<int n> {
  defvar twice = !mul(n, 2);
  if !gt(n, 1) then def _big : I<twice>;
  else def _small : I<twice>;
}
defm a : M<1>;
defm b : M<5>;
`)).toBe(`------------- Classes -----------------
class I<int I:n = ?> {
  int v = I:n;
}
------------- Defs -----------------
def a_small {\t// I
  int v = 2;
}
def b_big {\t// I
  int v = 10;
}
`);
  });
  it("defm name pasting and NAME in values", () => {
    expect(printRecordsOf(`class I<string s> { string str = s; }
multiclass M<string s> { def NAME : I<s # NAME>; }
defm pre_ # "mid" # _post : M<"v_">;
`)).toBe(`------------- Classes -----------------
class I<string I:s = ?> {
  string str = I:s;
}
------------- Defs -----------------
def pre_mid_post {\t// I
  string str = "v_pre_mid_post";
}
`);
  });
  it("multiclass template defaults and named args", () => {
    expect(printRecordsOf(`class I<int a, int b> { int A = a; int B = b; }
multiclass M<int a, int b = 7> { def _x : I<a, b>; }
defm u : M<1>;
defm v : M<b = 3, a = 2>;
`)).toBe(`------------- Classes -----------------
class I<int I:a = ?, int I:b = ?> {
  int A = I:a;
  int B = I:b;
}
------------- Defs -----------------
def u_x {\t// I
  int A = 1;
  int B = 7;
}
def v_x {\t// I
  int A = 2;
  int B = 3;
}
`);
  });
});

describe("foreach, if, defset, defvar", () => {
  it("foreach over a list", () => {
    expect(printRecordsOf(`class I<string s> { string v = s; }
foreach n = ["a", "b", "c"] in
  def rec_ # n : I<n>;
`)).toBe(`------------- Classes -----------------
class I<string I:s = ?> {
  string v = I:s;
}
------------- Defs -----------------
def rec_a {\t// I
  string v = "a";
}
def rec_b {\t// I
  string v = "b";
}
def rec_c {\t// I
  string v = "c";
}
`);
  });
  it("foreach over ranges", () => {
    expect(printRecordsOf(`foreach i = {1-3} in def r # i { int v = i; }
foreach i = {5, 7...8} in def s # i { int v = i; }
foreach i = 10...11 in def t # i { int v = i; }
foreach i = [0, 4] in def u # i;
foreach i = {3-1} in def w # i { int v = i; }
`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def r1 {
  int v = 1;
}
def r2 {
  int v = 2;
}
def r3 {
  int v = 3;
}
def s5 {
  int v = 5;
}
def s7 {
  int v = 7;
}
def s8 {
  int v = 8;
}
def t10 {
  int v = 10;
}
def t11 {
  int v = 11;
}
def u0 {
}
def u4 {
}
def w1 {
  int v = 1;
}
def w2 {
  int v = 2;
}
def w3 {
  int v = 3;
}
`);
  });
  it("nested foreach with a block", () => {
    expect(printRecordsOf(`foreach i = [1, 2] in {
  foreach j = [3, 4] in {
    def p_ # i # _ # j { int prod = !mul(i, j); }
  }
  def q_ # i;
}
`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def p_1_3 {
  int prod = 3;
}
def p_1_4 {
  int prod = 4;
}
def p_2_3 {
  int prod = 6;
}
def p_2_4 {
  int prod = 8;
}
def q_1 {
}
def q_2 {
}
`);
  });
  it("foreach over !range and defvar", () => {
    expect(printRecordsOf(`defvar L = !range(3);
foreach i = L in def z # i { int sq = !mul(i, i); }
foreach i = !range(2, 8, 3) in def y # i;
`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def y2 {
}
def y5 {
}
def z0 {
  int sq = 0;
}
def z1 {
  int sq = 1;
}
def z2 {
  int sq = 4;
}
`);
  });
  it("if then else at top level", () => {
    expect(printRecordsOf(`defvar on = 1;
if on then def yes;
if !not(on) then def no1; else def no2;
if 0 then { def a; def b; } else { def c; }
`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def c {
}
def no2 {
}
def yes {
}
`);
  });
  it("if in foreach", () => {
    expect(printRecordsOf(`foreach i = [1, 2, 3, 4] in {
  if !eq(!and(i, 1), 0) then def even # i;
  else def odd # i;
}
`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def even2 {
}
def even4 {
}
def odd1 {
}
def odd3 {
}
`);
  });
  it("defset collects defs", () => {
    expect(printRecordsOf(`class A { int v; }
defset list<A> As = {
  def a1 : A { let v = 1; }
  def a2 : A { let v = 2; }
  foreach i = [3, 4] in def a # i : A { let v = i; }
}
def all { list<A> l = As; int n = !size(As); }
`)).toBe(`------------- Classes -----------------
class A {
  int v = ?;
}
------------- Defs -----------------
def a1 {\t// A
  int v = 1;
}
def a2 {\t// A
  int v = 2;
}
def a3 {\t// A
  int v = 3;
}
def a4 {\t// A
  int v = 4;
}
def all {
  list<A> l = [a1, a2, a3, a4];
  int n = 4;
}
`);
  });
  it("defvar at top level, in bodies and in loops", () => {
    expect(printRecordsOf(`defvar g = 5;
defvar s = "str";
class A<int n> { defvar local = !add(n, g); int v = local; }
def a : A<1>;
def b { defvar t = !strconcat(s, "!"); string u = t; }
foreach i = [1, 2] in {
  defvar sq = !mul(i, i);
  def c # i { int v = sq; }
}
`)).toBe(`------------- Classes -----------------
class A<int A:n = ?> {
  int v = !add(A:n, 5);
}
------------- Defs -----------------
def a {\t// A
  int v = 6;
}
def b {
  string u = "str!";
}
def c1 {
  int v = 1;
}
def c2 {
  int v = 4;
}
`);
  });
  it("deftype aliases", () => {
    expect(printRecordsOf(`deftype MyInt = int;
deftype IntList = list<MyInt>;
deftype B8 = bits<8>;
def t { MyInt i = 3; IntList l = [1, 2]; B8 b = 5; }
`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  int i = 3;
  list<int> l = [1, 2];
  bits<8> b = { 0, 0, 0, 0, 0, 1, 0, 1 };
}
`);
  });
});

describe("assert and dump", () => {
  it("passing asserts", () => {
    expect(printRecordsOf(`assert 1, "top";
class A<int n> { assert !gt(n, 0), "n must be positive"; int v = n; }
def a : A<3>;
multiclass M<int k> { assert !lt(k, 10), "small"; def _m : A<k>; }
defm m : M<2>;
`)).toBe(`------------- Classes -----------------
class A<int A:n = ?> {
  int v = A:n;
}
------------- Defs -----------------
def a {\t// A
  int v = 3;
}
def m_m {\t// A
  int v = 2;
}
`);
  });
  it("dump prints notes", () => {
    expect(printRecordsOf(`defvar x = 3;
dump "x is " # x;
class A<int n> { dump "A has " # n; int v = n; }
def a : A<7>;
dump !repr([1, 2]);
`)).toBe(`------------- Classes -----------------
class A<int A:n = ?> {
  int v = A:n;
}
------------- Defs -----------------
def a {\t// A
  int v = 7;
}
`);
    expect(parseSource(`defvar x = 3;
dump "x is " # x;
class A<int n> { dump "A has " # n; int v = n; }
def a : A<7>;
dump !repr([1, 2]);
`).stderr).toBe(`test.td:2:1: note: x is x
dump "x is " # x;
^
test.td:3:18: note: A has 7
class A<int n> { dump "A has " # n; int v = n; }
                 ^
test.td:5:1: note: [1, 2]
dump !repr([1, 2]);
^
`);
  });
});

describe("values and suffixes", () => {
  it("paste operator", () => {
    expect(printRecordsOf(`defvar n = 3;
def p {
  string a = "x" # "y";
  string b = "v" # n;
  string c = n # "w";
  list<int> l = [1] # [2, 3];
  string d = "a" # "b" # "c" # "d";
}
def q # n;
def r # "s" # n;
`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def p {
  string a = "xy";
  string b = "vn";
  string c = "3w";
  list<int> l = [1, 2, 3];
  string d = "abcd";
}
def qn {
}
def rsn {
}
`);
  });
  it("list element, slices and ranges", () => {
    expect(printRecordsOf(`defvar L = [10, 11, 12, 13, 14];
def s {
  int e = L[0];
  int last = L[4];
  list<int> r = L[1...2];
  list<int> r2 = L[1-3];
  list<int> pick = L[0, 2];
  list<int> mix = L[4, 0...1];
  list<int> viaList = L[[3, 1]];
  list<int> one = L[2,];
}
`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def s {
  int e = 10;
  int last = 14;
  list<int> r = [11, 12];
  list<int> r2 = [11, 12, 13];
  list<int> pick = [10, 12];
  list<int> mix = [14, 10, 11];
  list<int> viaList = [13, 11];
  list<int> one = [12];
}
`);
  });
  it("bit extraction and bit ranges", () => {
    expect(printRecordsOf(`def b {
  bits<8> v = 0b10110100;
  bits<4> lo = v{3-0};
  bits<4> hi = v{7...4};
  bit one = v{2};
  bits<3> pick = v{7, 0, 2};
  bits<4> fromInt = !add(16, 5){3-0};
  bits<2> rev = v{0-1};
}
`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def b {
  bits<8> v = { 1, 0, 1, 1, 0, 1, 0, 0 };
  bits<4> lo = { 0, 1, 0, 0 };
  bits<4> hi = { 1, 0, 1, 1 };
  bit one = 1;
  bits<3> pick = { 1, 0, 1 };
  bits<4> fromInt = { 0, 1, 0, 1 };
  bits<2> rev = { 0, 0 };
}
`);
  });
  it("field access chains", () => {
    expect(printRecordsOf(`class P { int x = 7; }
class Q { P p; }
def p0 : P;
def q : Q { let p = p0; }
def r { int v = q.p.x; P pp = q.p; }
`)).toBe(`------------- Classes -----------------
class P {
  int x = 7;
}
class Q {
  P p = ?;
}
------------- Defs -----------------
def p0 {\t// P
  int x = 7;
}
def q {\t// Q
  P p = p0;
}
def r {
  int v = 7;
  P pp = p0;
}
`);
  });
  it("references to fields of the record itself", () => {
    expect(printRecordsOf(`class A { int a = 1; int b = !add(a, 1); int c = !mul(b, 2); }
def x : A { let a = 5; }
`)).toBe(`------------- Classes -----------------
class A {
  int a = 1;
  int b = !add(a, 1);
  int c = !mul(b, 2);
}
------------- Defs -----------------
def x {\t// A
  int a = 5;
  int b = 6;
  int c = 12;
}
`);
  });
  it("template argument unresolved in class body", () => {
    expect(printRecordsOf(`class A<int n, string s> { int v = !add(n, 1); string t = s # "!"; list<int> l = [n]; }
def x : A<1, "q">;
`)).toBe(`------------- Classes -----------------
class A<int A:n = ?, string A:s = ?> {
  int v = !add(A:n, 1);
  string t = !strconcat(A:s, "!");
  list<int> l = [A:n];
}
------------- Defs -----------------
def x {\t// A
  int v = 2;
  string t = "q!";
  list<int> l = [1];
}
`);
  });
});

describe("preprocessor and include", () => {
  it("ifdef, ifndef, else, endif", () => {
    expect(printRecordsOf(`#define FOO
#ifdef FOO
def foo_defined;
#else
def foo_undefined;
#endif
#ifndef BAR
def bar_undefined;
#else
def bar_defined;
#endif
#ifdef BAR
#ifdef FOO
def nested_never;
#endif
#endif
`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def bar_undefined {
}
def foo_defined {
}
`);
  });
  it("skipped regions in a file with CRLF line endings", () => {
    expect(printRecordsOf("#ifdef NOPE\r\ndef skipped_crlf;\r\n  #ifdef ALSO\r\ndef nested;\r\n  #endif\r\n#else\r\ndef kept_crlf;\r\n#endif\r\n#ifndef NOPE\r\ndef kept_too;\r\n#endif\r\n")).toBe(`------------- Classes -----------------
------------- Defs -----------------
def kept_crlf {
}
def kept_too {
}
`);
  });
  it("-D macros", () => {
    expect(printRecordsOf(`#ifdef BAR
def bar;
#endif
#ifndef X1
def nox;
#else
def x1;
#endif
`, { macros: ["BAR","X1"] })).toBe(`------------- Classes -----------------
------------- Defs -----------------
def bar {
}
def x1 {
}
`);
  });
  it("directives with comments and whitespace", () => {
    expect(printRecordsOf(`#define A // comment
#ifdef A /* block */
def a;
#endif // done
  #ifndef A
def not_a;
  #endif
`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def a {
}
`);
  });
  it("include of an in-memory file", () => {
    expect(printRecordsOf(`include "inc.td"
include "dir/other.td"
def main : FromInc;
`, { files: { "inc.td": `class FromInc { int v = 1; }
`, "dir/other.td": `def fromOther : FromInc;
` } })).toBe(`------------- Classes -----------------
class FromInc {
  int v = 1;
}
------------- Defs -----------------
def fromOther {\t// FromInc
  int v = 1;
}
def main {\t// FromInc
  int v = 1;
}
`);
  });
  it("include search path", () => {
    expect(printRecordsOf(`include "lib.td"
include "lib.td"
def l : Lib;
`, { files: { "incdir/lib.td": `#ifndef LIB
#define LIB
class Lib;
#endif
` }, includeDirs: ["incdir"] })).toBe(`------------- Classes -----------------
class Lib {
}
------------- Defs -----------------
def l {\t// Lib
}
`);
  });
  it("macros defined in includes are visible after them", () => {
    expect(printRecordsOf(`include "defs.td"
#ifdef FROM_INC
def yes;
#endif
`, { files: { "defs.td": `#define FROM_INC
` } })).toBe(`------------- Classes -----------------
------------- Defs -----------------
def yes {
}
`);
  });
});
