// Every bang operator of llvm-tblgen 22: each expected output was produced by
// llvm-tblgen-22 --print-records on the same input.
import { describe, expect, it } from 'vitest';
import { printRecordsOf } from './testing.js';

describe("arithmetic and logic", () => {
  it("!add", () => {
    expect(printRecordsOf(`def t { int a = !add(1, 2); int b = !add(1, 2, 3, 4); int c = !add(-5, 0x10); int w = !add(0x7fffffffffffffff, 1); bits<4> bs = !add(0b0011, 1); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  int a = 3;
  int b = 10;
  int c = 11;
  int w = -9223372036854775808;
  bits<4> bs = { 0, 1, 0, 0 };
}
`);
  });
  it("!sub", () => {
    expect(printRecordsOf(`def t { int a = !sub(10, 3); int b = !sub(3, 10); int w = !sub(-9223372036854775808, 1); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  int a = 7;
  int b = -7;
  int w = 9223372036854775807;
}
`);
  });
  it("!mul", () => {
    expect(printRecordsOf(`def t { int a = !mul(6, 7); int b = !mul(2, 3, 4); int c = !mul(-3, 5); int w = !mul(0x100000000, 0x100000000); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  int a = 42;
  int b = 24;
  int c = -15;
  int w = 0;
}
`);
  });
  it("!div", () => {
    expect(printRecordsOf(`def t { int a = !div(7, 2); int b = !div(-7, 2); int c = !div(7, -2); int d = !div(0, 5); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  int a = 3;
  int b = -3;
  int c = -3;
  int d = 0;
}
`);
  });
  it("!and", () => {
    expect(printRecordsOf(`def t { int a = !and(12, 10); int b = !and(0xff, 0x0f, 0x3); bit c = !and(1, 0); int d = !and(-1, 5); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  int a = 8;
  int b = 3;
  bit c = 0;
  int d = 5;
}
`);
  });
  it("!or", () => {
    expect(printRecordsOf(`def t { int a = !or(12, 10); int b = !or(1, 2, 4); bit c = !or(0, 0); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  int a = 14;
  int b = 7;
  bit c = 0;
}
`);
  });
  it("!xor", () => {
    expect(printRecordsOf(`def t { int a = !xor(12, 10); int b = !xor(1, 3, 7); bit c = !xor(1, 1); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  int a = 6;
  int b = 5;
  bit c = 0;
}
`);
  });
  it("!and and !or decide without their right operand", () => {
    expect(printRecordsOf(`def op;
class C<dag d, int p> { int a = !and(0, !getdagarg<int>(d, "b")); int b = !and(p, 1, !getdagarg<int>(d, "b")); int o = !or(!sub(p, 1), !getdagarg<int>(d, "b")); bit c = !and(!eq(p, 1), !getdagarg<int>(d, "b")); }
def t : C<(op), 0>;`)).toBe(`------------- Classes -----------------
class C<dag C:d = ?, int C:p = ?> {
  int a = !and(0, !getdagarg<int>(C:d, "b"));
  int b = !and(C:p, !and(1, !getdagarg<int>(C:d, "b")));
  int o = !or(!sub(C:p, 1), !getdagarg<int>(C:d, "b"));
  bit c = !cast<bit>(!and(!eq(C:p, 1), !getdagarg<int>(C:d, "b")));
}
------------- Defs -----------------
def op {
}
def t {\t// C
  int a = 0;
  int b = 0;
  int o = -1;
  bit c = 0;
}
`);
  });
  it("!not", () => {
    expect(printRecordsOf(`def t { bit a = !not(0); bit b = !not(1); int c = !not(5); bit d = !not(!eq(1, 2)); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  bit a = 1;
  bit b = 0;
  int c = 0;
  bit d = 1;
}
`);
  });
  it("!shl", () => {
    expect(printRecordsOf(`def t { int a = !shl(1, 4); int b = !shl(1, 63); int d = !shl(-1, 1); int e = !shl(3, 0); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  int a = 16;
  int b = -9223372036854775808;
  int d = -2;
  int e = 3;
}
`);
  });
  it("!sra", () => {
    expect(printRecordsOf(`def t { int a = !sra(-16, 2); int b = !sra(16, 2); int c = !sra(-1, 63); int d = !sra(-8, 63); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  int a = -4;
  int b = 4;
  int c = -1;
  int d = -1;
}
`);
  });
  it("!srl", () => {
    expect(printRecordsOf(`def t { int a = !srl(-16, 60); int b = !srl(16, 2); int c = !srl(-1, 63); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  int a = 15;
  int b = 4;
  int c = 1;
}
`);
  });
  it("!logtwo", () => {
    expect(printRecordsOf(`def t { int a = !logtwo(1); int b = !logtwo(8); int c = !logtwo(9); int d = !logtwo(0x4000000000000000); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  int a = 0;
  int b = 3;
  int c = 3;
  int d = 62;
}
`);
  });
});

describe("comparisons", () => {
  it("!eq", () => {
    expect(printRecordsOf(`class C; def x : C; def y : C;
def t { bit a = !eq(1, 1); bit b = !eq("a", "b"); bit c = !eq(x, x); bit d = !eq(x, y); bit e = !eq(0b101, 5); bit f = !eq(1, true); }`)).toBe(`------------- Classes -----------------
class C {
}
------------- Defs -----------------
def t {
  bit a = 1;
  bit b = 0;
  bit c = 1;
  bit d = 0;
  bit e = 1;
  bit f = 1;
}
def x {\t// C
}
def y {\t// C
}
`);
  });
  it("!ne", () => {
    expect(printRecordsOf(`class C; def x : C; def y : C;
def t { bit a = !ne(1, 2); bit b = !ne("a", "a"); bit c = !ne(x, y); }`)).toBe(`------------- Classes -----------------
class C {
}
------------- Defs -----------------
def t {
  bit a = 1;
  bit b = 0;
  bit c = 1;
}
def x {\t// C
}
def y {\t// C
}
`);
  });
  it("!lt", () => {
    expect(printRecordsOf(`def t { bit a = !lt(1, 2); bit b = !lt(2, 1); bit c = !lt("abc", "abd"); bit d = !lt(-1, 0); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  bit a = 1;
  bit b = 0;
  bit c = 1;
  bit d = 1;
}
`);
  });
  it("!le", () => {
    expect(printRecordsOf(`def t { bit a = !le(2, 2); bit b = !le(3, 2); bit c = !le("b", "a"); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  bit a = 1;
  bit b = 0;
  bit c = 0;
}
`);
  });
  it("!gt", () => {
    expect(printRecordsOf(`def t { bit a = !gt(3, 2); bit b = !gt(2, 3); bit c = !gt("b", "a"); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  bit a = 1;
  bit b = 0;
  bit c = 1;
}
`);
  });
  it("!ge", () => {
    expect(printRecordsOf(`def t { bit a = !ge(2, 2); bit b = !ge(1, 2); bit c = !ge("a", "a"); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  bit a = 1;
  bit b = 0;
  bit c = 1;
}
`);
  });
});

describe("control", () => {
  it("!if", () => {
    expect(printRecordsOf(`defvar x = 3;
def t { int a = !if(1, 10, 20); int b = !if(!gt(x, 5), 1, 2); string s = !if(0, "yes", "no"); list<int> l = !if(1, [1], []); int u = !if(1, ?, 5); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  int a = 10;
  int b = 2;
  string s = "no";
  list<int> l = [1];
  int u = ?;
}
`);
  });
  it("!if on a template argument", () => {
    expect(printRecordsOf(`class A<bit c> { int v = !if(c, 1, 2); string s = !if(c, "t", "f"); }
def a : A<1>; def b : A<0>;`)).toBe(`------------- Classes -----------------
class A<bit A:c = ?> {
  int v = !if(A:c, 1, 2);
  string s = !if(A:c, "t", "f");
}
------------- Defs -----------------
def a {\t// A
  int v = 1;
  string s = "t";
}
def b {\t// A
  int v = 2;
  string s = "f";
}
`);
  });
  it("!cond", () => {
    expect(printRecordsOf(`defvar x = 7;
def t { string a = !cond(!lt(x, 0) : "neg", !eq(x, 0) : "zero", true : "pos"); int b = !cond(0 : 1, 1 : 2); }
class C<int n> { int v = !cond(!eq(n, 1) : 100, !eq(n, 2) : 200, 1 : 0); }
def c1 : C<1>; def c2 : C<2>; def c3 : C<3>;`)).toBe(`------------- Classes -----------------
class C<int C:n = ?> {
  int v = !cond(!eq(C:n, 1): 100, !eq(C:n, 2): 200, 1: 0);
}
------------- Defs -----------------
def c1 {\t// C
  int v = 100;
}
def c2 {\t// C
  int v = 200;
}
def c3 {\t// C
  int v = 0;
}
def t {
  string a = "pos";
  int b = 2;
}
`);
  });
  it("!cond whose chosen value does not fit its type", () => {
    expect(printRecordsOf(`def t { int v = !cond(1: 63, true: 0b101); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  int v = ?;
}
`);
  });
  it("!foldl", () => {
    expect(printRecordsOf(`def t {
  int sum = !foldl(0, [1, 2, 3, 4], acc, x, !add(acc, x));
  string cat = !foldl("", ["a", "b", "c"], acc, s, acc # s # ",");
  list<int> rev = !foldl([]<int>, [1, 2, 3], acc, x, [x] # acc);
  int empty = !foldl(5, []<int>, acc, x, !add(acc, x));
}`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  int sum = 10;
  string cat = "a,b,c,";
  list<int> rev = [3, 2, 1];
  int empty = 5;
}
`);
  });
  // Operators and field accesses whose operands become values when a def is instantiated fold
  // without being interned first (records.ts, foldBinOpOperands and FieldInit): the values must
  // be those of the generic fold.
  it("operators resolved through template arguments", () => {
    expect(printRecordsOf(`class R { string f = "rf"; int g = ?; list<int> l = [4, 5]; }
def r : R;
class C<string a, int n, list<int> l, R rec> {
  string cat = !strconcat(a, "-", a);
  code cd = !strconcat(a, [{ code }]);
  list<int> lc = !listconcat(l, [n]);
  int el = l[1];
  bit eq = !eq(a, "y");
  bit ne = !ne(n, 3);
  bit lt = !lt(a, "z");
  bit ge = !ge(n, 2);
  bit defeq = !eq(rec, r);
  string fromField = rec.f;
  int unsetField = rec.g;
  list<int> fieldList = !listconcat(rec.l, l);
  string pasted = a # n;
}
def d : C<"y", 3, [1, 2], r>;
def e : C<"q", 1, [7, 8, 9], r>;`)).toBe(`------------- Classes -----------------
class C<string C:a = ?, int C:n = ?, list<int> C:l = ?, R C:rec = ?> {
  string cat = !strconcat(C:a, !strconcat("-", C:a));
  string cd = !strconcat(C:a, [{ code }]);
  list<int> lc = !listconcat(C:l, [C:n]);
  int el = C:l[1];
  bit eq = !eq(C:a, "y");
  bit ne = !ne(C:n, 3);
  bit lt = !lt(C:a, "z");
  bit ge = !ge(C:n, 2);
  bit defeq = !eq(C:rec, r);
  string fromField = C:rec.f;
  int unsetField = C:rec.g;
  list<int> fieldList = !listconcat(C:rec.l, C:l);
  string pasted = !strconcat(C:a, !cast<string>(C:n));
}
class R {
  string f = "rf";
  int g = ?;
  list<int> l = [4, 5];
}
------------- Defs -----------------
def d {	// C
  string cat = "y-y";
  code cd = [{y code }];
  list<int> lc = [1, 2, 3];
  int el = 2;
  bit eq = 1;
  bit ne = 0;
  bit lt = 1;
  bit ge = 1;
  bit defeq = 1;
  string fromField = "rf";
  int unsetField = ?;
  list<int> fieldList = [4, 5, 1, 2];
  string pasted = "y3";
}
def e {	// C
  string cat = "q-q";
  code cd = [{q code }];
  list<int> lc = [7, 8, 9, 1];
  int el = 8;
  bit eq = 0;
  bit ne = 1;
  bit lt = 1;
  bit ge = 0;
  bit defeq = 1;
  string fromField = "rf";
  int unsetField = ?;
  list<int> fieldList = [4, 5, 7, 8, 9];
  string pasted = "q1";
}
def r {	// R
  string f = "rf";
  int g = ?;
  list<int> l = [4, 5];
}
`);
  });
  // Folds that only append to the accumulator take a fast path (evaluate.ts, appendingFold):
  // code strings, fields of records, casts, list pastes, an accumulator mentioned by a piece (no
  // fast path), and elements that do not fold half way (the rest is left to the generic path).
  it("!foldl appending to its accumulator", () => {
    expect(printRecordsOf(`class R<string s> { string n = s; }
def r1 : R<"one">;
def r2 : R<"two">;
def t {
  string withCode = !foldl("", ["a", "b"], acc, x, acc # [{c}] # x);
  string codeStart = !foldl([{s}], ["a"], acc, x, !strconcat(acc, "-", x, "."));
  string selfRef = !foldl("x", ["a", "b"], acc, y, acc # y # !size(acc));
  string fields = !foldl("", [r1, r2], acc, r, acc # r.n # ";");
  string ints = !foldl("", [1, 2, 3], acc, i, acc # i);
  list<int> flat = !foldl([]<int>, [[1, 2], []<int>, [3]], acc, x, !listconcat(acc, x));
  list<int> paste = !foldl([0], [[1], [2, 3]], acc, x, acc # x # [9]);
  list<string> names = !foldl([]<string>, [r1, r2], acc, r, acc # [r.n]);
  string mixed = !foldl("", ["a", "b"], acc, x, !strconcat(acc, x) # !tolower("Q"));
}
class C<list<string> l> { string j = !foldl("<", l, acc, x, acc # x # ">"); }
def c : C<["p", "q"]>;
multiclass M<list<string> l> { def _m { string j = !foldl("", l, acc, x, acc # x); } }
defm mm : M<["u", "v", "w"]>;
class U {
  string unsetMid = !foldl("", ["a", ?, "b"], acc, x, acc # x);
  list<int> unsetList = !foldl([]<int>, [[1], ?, [2]], acc, x, !listconcat(acc, x));
}`)).toBe(`------------- Classes -----------------
class C<list<string> C:l = ?> {
  string j = !foldl("<", C:l, acc, x, !strconcat(acc, !strconcat(x, ">")));
}
class R<string R:s = ?> {
  string n = R:s;
}
class U {
  string unsetMid = !strconcat(!strconcat("a", ?), "b");
  list<int> unsetList = !listconcat(!listconcat([1], ?), [2]);
}
------------- Defs -----------------
def c {	// C
  string j = "<p>q>";
}
def mm_m {
  string j = "uvw";
}
def r1 {	// R
  string n = "one";
}
def r2 {	// R
  string n = "two";
}
def t {
  code withCode = [{cacb}];
  code codeStart = [{s-a.}];
  string selfRef = "xa1b3";
  string fields = "one;two;";
  string ints = "123";
  list<int> flat = [1, 2, 3];
  list<int> paste = [0, 1, 9, 2, 3, 9];
  list<string> names = ["one", "two"];
  string mixed = "aqbq";
}
`);
  });
  it("!foreach over a list", () => {
    expect(printRecordsOf(`def t {
  list<int> sq = !foreach(x, [1, 2, 3], !mul(x, x));
  list<string> s = !foreach(x, ["a", "b"], x # "!");
  list<int> e = !foreach(x, []<int>, x);
  list<list<int>> nest = !foreach(x, [1, 2], !foreach(y, [10, 20], !add(x, y)));
}`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  list<int> sq = [1, 4, 9];
  list<string> s = ["a!", "b!"];
  list<int> e = [];
  list<list<int>> nest = [[11, 21], [12, 22]];
}
`);
  });
  it("!foreach over a dag", () => {
    expect(printRecordsOf(`def a; def b; def op;
def t { dag d = !foreach(x, (op a, b), !subst(a, b, x)); dag e = !foreach(x, (op 1, (op 2)), x); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def a {
}
def b {
}
def op {
}
def t {
  dag d = (op b, b);
  dag e = (op 1, (op 2));
}
`);
  });
  it("!filter", () => {
    expect(printRecordsOf(`def t {
  list<int> odd = !filter(x, [1, 2, 3, 4, 5], !and(x, 1));
  list<string> long = !filter(s, ["a", "bbb", "cc"], !gt(!size(s), 1));
  list<int> none = !filter(x, [1, 2], 0);
}`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  list<int> odd = [1, 3, 5];
  list<string> long = ["bbb", "cc"];
  list<int> none = [];
}
`);
  });
  it("!foreach and !filter in a class with template args", () => {
    expect(printRecordsOf(`class A<list<int> l> {
  list<int> d = !foreach(x, l, !mul(x, 2));
  list<int> f = !filter(x, l, !gt(x, 1));
}
def a : A<[1, 2, 3]>;`)).toBe(`------------- Classes -----------------
class A<list<int> A:l = ?> {
  list<int> d = !foreach(x, A:l, !mul(x, 2));
  list<int> f = !filter(x, A:l, !gt(x, 1));
}
------------- Defs -----------------
def a {\t// A
  list<int> d = [2, 4, 6];
  list<int> f = [2, 3];
}
`);
  });
});

describe("lists", () => {
  it("!listconcat", () => {
    expect(printRecordsOf(`def t { list<int> a = !listconcat([1], [2, 3], [], [4]); list<string> b = !listconcat(["x"], ["y"]); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  list<int> a = [1, 2, 3, 4];
  list<string> b = ["x", "y"];
}
`);
  });
  it("!listsplat", () => {
    expect(printRecordsOf(`def t { list<int> a = !listsplat(7, 3); list<string> b = !listsplat("s", 2); list<int> c = !listsplat(1, 0); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  list<int> a = [7, 7, 7];
  list<string> b = ["s", "s"];
  list<int> c = [];
}
`);
  });
  it("!listremove", () => {
    expect(printRecordsOf(`def t { list<int> a = !listremove([1, 2, 3, 2, 4], [2, 4]); list<string> b = !listremove(["a", "b"], ["c"]); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  list<int> a = [1, 3];
  list<string> b = ["a", "b"];
}
`);
  });
  it("!listflatten", () => {
    expect(printRecordsOf(`def t { list<int> a = !listflatten([[1, 2], []<int>, [3]]); list<int> b = !listflatten([1, 2]); list<list<int>> c = !listflatten([[[1]], [[2, 3]]]); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  list<int> a = [1, 2, 3];
  list<int> b = [1, 2];
  list<list<int>> c = [[1], [2, 3]];
}
`);
  });
  it("!head and !tail", () => {
    expect(printRecordsOf(`def t { int h = !head([5, 6, 7]); list<int> tl = !tail([5, 6, 7]); list<int> t1 = !tail([5]); string hs = !head(["a"]); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  int h = 5;
  list<int> tl = [6, 7];
  list<int> t1 = [];
  string hs = "a";
}
`);
  });
  it("!size", () => {
    expect(printRecordsOf(`def op; def t { int a = !size([1, 2, 3]); int b = !size([]<int>); int c = !size("hello"); int d = !size((op 1, 2)); int e = !size(""); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def op {
}
def t {
  int a = 3;
  int b = 0;
  int c = 5;
  int d = 2;
  int e = 0;
}
`);
  });
  it("!empty", () => {
    expect(printRecordsOf(`def op; def t { bit a = !empty([]<int>); bit b = !empty([1]); bit c = !empty(""); bit d = !empty("x"); bit e = !empty((op)); bit f = !empty((op 1)); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def op {
}
def t {
  bit a = 1;
  bit b = 0;
  bit c = 1;
  bit d = 0;
  bit e = 1;
  bit f = 0;
}
`);
  });
  it("!range", () => {
    expect(printRecordsOf(`def t {
  list<int> a = !range(4);
  list<int> b = !range(2, 5);
  list<int> c = !range(0, 10, 3);
  list<int> d = !range(5, 0, -2);
  list<int> e = !range(5, 2);
  list<int> f = !range(["a", "b", "c"]);
  list<int> g = !range(0);
}`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  list<int> a = [0, 1, 2, 3];
  list<int> b = [2, 3, 4];
  list<int> c = [0, 3, 6, 9];
  list<int> d = [5, 3, 1];
  list<int> e = [];
  list<int> f = [0, 1, 2];
  list<int> g = [];
}
`);
  });
  it("!interleave", () => {
    expect(printRecordsOf(`def t {
  string a = !interleave(["a", "b", "c"], ", ");
  string b = !interleave([1, 2, 3], "-");
  string c = !interleave([]<string>, ",");
  string d = !interleave(["x"], ",");
  code e = !interleave([[{p}], [{q}]], "+");
}`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  string a = "a, b, c";
  string b = "1-2-3";
  string c = "";
  string d = "x";
  code e = [{p+q}];
}
`);
  });
});

describe("strings", () => {
  it("!strconcat", () => {
    expect(printRecordsOf(`def t { string a = !strconcat("a", "b"); string b = !strconcat("a", "b", "c", "d"); code c = !strconcat([{x}], "y"); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  string a = "ab";
  string b = "abcd";
  code c = [{xy}];
}
`);
  });
  it("!substr", () => {
    expect(printRecordsOf(`def t {
  string a = !substr("hello", 1, 3);
  string b = !substr("hello", 2);
  string c = !substr("hello", 5);
  string d = !substr("hello", 0, 100);
  string e = !substr("hello", 1, 0);
}`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  string a = "ell";
  string b = "llo";
  string c = "";
  string d = "hello";
  string e = "";
}
`);
  });
  it("!find", () => {
    expect(printRecordsOf(`def t { int a = !find("hello", "l"); int b = !find("hello", "l", 3); int c = !find("hello", "z"); int d = !find("hello", ""); int e = !find("hello", "o", 5); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  int a = 2;
  int b = 3;
  int c = -1;
  int d = 0;
  int e = -1;
}
`);
  });
  it("!subst on strings", () => {
    expect(printRecordsOf(`def t { string a = !subst("o", "0", "foo boo"); string b = !subst("ab", "", "abcab"); string c = !subst("x", "y", "none"); string d = !subst("aa", "b", "aaaaa"); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  string a = "f00 b00";
  string b = "c";
  string c = "none";
  string d = "bba";
}
`);
  });
  it("!subst on records", () => {
    expect(printRecordsOf(`class C; def a : C; def b : C; def c : C;
def t { C x = !subst(a, b, a); C y = !subst(a, b, c); }`)).toBe(`------------- Classes -----------------
class C {
}
------------- Defs -----------------
def a {\t// C
}
def b {\t// C
}
def c {\t// C
}
def t {
  C x = b;
  C y = c;
}
`);
  });
  it("!tolower and !toupper", () => {
    expect(printRecordsOf(`def t { string l = !tolower("MiXeD 123_Z"); string u = !toupper("MiXeD 123_z"); code lc = !tolower([{ABC}]); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  string l = "mixed 123_z";
  string u = "MIXED 123_Z";
  string lc = "abc";
}
`);
  });
  it("!match", () => {
    expect(printRecordsOf(`def t { bit a = !match("abc123", "[0-9]+"); bit b = !match("abc", "^b"); bit c = !match("x.y", "x\\\\.y"); bit d = !match("", ".*"); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def t {
  bit a = 1;
  bit b = 0;
  bit c = 1;
  bit d = 1;
}
`);
  });
  it("!repr", () => {
    expect(printRecordsOf(`class C { int v = 1; }
def c : C;
def t { string i = !repr(42); string s = !repr("str"); string l = !repr([1, 2]); string r = !repr(c); string d = !repr((c 1)); }`)).toBe(`------------- Classes -----------------
class C {
  int v = 1;
}
------------- Defs -----------------
def c {\t// C
  int v = 1;
}
def t {
  string i = "42";
  string s = ""str"";
  string l = "[1, 2]";
  string r = "c {\t// C
  int v = 1;
}
";
  string d = "(c 1)";
}
`);
  });
});

describe("casts and type tests", () => {
  it("!cast to string and record", () => {
    expect(printRecordsOf(`class C { int v = 1; } def rec : C;
def t { string s = !cast<string>(42); string b = !cast<string>(0b101); C r = !cast<C>("rec"); string n = !cast<string>(rec); int fromBits = !cast<int>(0b110); bits<4> toBits = !cast<bits<4>>(5); }`)).toBe(`------------- Classes -----------------
class C {
  int v = 1;
}
------------- Defs -----------------
def rec {\t// C
  int v = 1;
}
def t {
  string s = "42";
  string b = "5";
  C r = rec;
  string n = "rec";
  int fromBits = 6;
  bits<4> toBits = { 0, 1, 0, 1 };
}
`);
  });
  it("!cast of a computed name", () => {
    expect(printRecordsOf(`class C { int v; }
foreach i = [1, 2] in def r # i : C { let v = i; }
def t { int v1 = !cast<C>("r" # 1).v; list<C> all = !foreach(i, [1, 2], !cast<C>("r" # i)); }`)).toBe(`------------- Classes -----------------
class C {
  int v = ?;
}
------------- Defs -----------------
def r1 {\t// C
  int v = 1;
}
def r2 {\t// C
  int v = 2;
}
def t {
  int v1 = 1;
  list<C> all = [r1, r2];
}
`);
  });
  it("!isa", () => {
    expect(printRecordsOf(`class A; class B : A; class C;
def b : B;
def t { bit a = !isa<A>(b); bit c = !isa<C>(b); bit i = !isa<int>(5); bit s = !isa<string>(5); bit bb = !isa<B>(b); }`)).toBe(`------------- Classes -----------------
class A {
}
class B {\t// A
}
class C {
}
------------- Defs -----------------
def b {\t// A B
}
def t {
  bit a = 1;
  bit c = 0;
  bit i = 1;
  bit s = 0;
  bit bb = 1;
}
`);
  });
  it("!exists", () => {
    expect(printRecordsOf(`class A; class B : A; def x : B;
def t { bit a = !exists<A>("x"); bit b = !exists<B>("x"); bit c = !exists<A>("nope"); bit d = !exists<B>("t"); }`)).toBe(`------------- Classes -----------------
class A {
}
class B {\t// A
}
------------- Defs -----------------
def t {
  bit a = 1;
  bit b = 1;
  bit c = 0;
  bit d = 0;
}
def x {\t// A B
}
`);
  });
  it("!initialized", () => {
    expect(printRecordsOf(`class A { int u = ?; int s = 1; } def a : A;
def t { bit x = !initialized(a.u); bit y = !initialized(a.s); bit c = !initialized(?); bit d = !initialized("s"); }`)).toBe(`------------- Classes -----------------
class A {
  int u = ?;
  int s = 1;
}
------------- Defs -----------------
def a {\t// A
  int u = ?;
  int s = 1;
}
def t {
  bit x = 0;
  bit y = 1;
  bit c = 0;
  bit d = 1;
}
`);
  });
  it("!instances", () => {
    expect(printRecordsOf(`class A; class B : A;
def x : A; def y : B; def z : B;
def t { list<A> all = !instances<A>(); list<B> bs = !instances<B>(); list<A> re = !instances<A>("[xz]"); }`)).toBe(`------------- Classes -----------------
class A {
}
class B {\t// A
}
------------- Defs -----------------
def t {
  list<A> all = [x, y, z];
  list<B> bs = [y, z];
  list<A> re = [x, z];
}
def x {\t// A
}
def y {\t// A B
}
def z {\t// A B
}
`);
  });
});

describe("dags", () => {
  it("!dag", () => {
    expect(printRecordsOf(`def op; def a;
def t { dag d = !dag(op, [1, 2], ["x", "y"]); dag e = !dag(op, [a], ?); dag f = !dag(op, ?, ["n"]); dag g = !dag(op, []<int>, []<string>); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def a {
}
def op {
}
def t {
  dag d = (op 1:$x, 2:$y);
  dag e = (op a);
  dag f = (op ?:$n);
  dag g = (op);
}
`);
  });
  it("!con", () => {
    expect(printRecordsOf(`def op; def other;
def t { dag a = !con((op 1), (op 2:$x)); dag b = !con((op), (op 3), (op 4)); dag c = !con((? 1), (op 2)); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def op {
}
def other {
}
def t {
  dag a = (op 1, 2:$x);
  dag b = (op 3, 4);
  dag c = (op 1, 2);
}
`);
  });
  it("!getdagop and !setdagop", () => {
    expect(printRecordsOf(`class C; def op : C; def op2 : C;
def t { C o = !getdagop((op 1)); dag s = !setdagop((op 1, 2), op2); C p = !getdagop<C>((op2)); }`)).toBe(`------------- Classes -----------------
class C {
}
------------- Defs -----------------
def op {\t// C
}
def op2 {\t// C
}
def t {
  C o = op;
  dag s = (op2 1, 2);
  C p = op2;
}
`);
  });
  it("!getdagopname and !setdagopname", () => {
    expect(printRecordsOf(`def op;
def t { string n = !getdagopname((op:$nm 1)); dag s = !setdagopname((op 1), "new"); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def op {
}
def t {
  string n = "nm";
  dag s = (op:$new 1);
}
`);
  });
  it("!getdagarg", () => {
    expect(printRecordsOf(`def op; def a;
def t { int i = !getdagarg<int>((op 1, "s":$x), 0); string s = !getdagarg<string>((op 1, "s":$x), "x"); int wrong = !getdagarg<int>((op 1, "s":$x), 1);  }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def a {
}
def op {
}
def t {
  int i = 1;
  string s = "s";
  int wrong = ?;
}
`);
  });
  it("!getdagname", () => {
    expect(printRecordsOf(`def op; def t { string n = !getdagname((op 1:$a, 2), 0); string m = !getdagname((op 1:$a, 2), 1); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def op {
}
def t {
  string n = "a";
  string m = ?;
}
`);
  });
  it("!setdagarg", () => {
    expect(printRecordsOf(`def op; def t { dag a = !setdagarg((op 1, 2:$x), 0, 5); dag b = !setdagarg((op 1, 2:$x), "x", "str"); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def op {
}
def t {
  dag a = (op 5, 2:$x);
  dag b = (op 1, "str":$x);
}
`);
  });
  it("!setdagname", () => {
    expect(printRecordsOf(`def op; def t { dag a = !setdagname((op 1, 2:$x), 0, "n"); dag b = !setdagname((op 1, 2:$x), "x", "y"); dag c = !setdagname((op 1:$q), 0, ?); }`)).toBe(`------------- Classes -----------------
------------- Defs -----------------
def op {
}
def t {
  dag a = (op 1:$n, 2:$x);
  dag b = (op 1, 2:$y);
  dag c = (op 1);
}
`);
  });
});

describe("operators left unevaluated in classes", () => {
  it("operators printed symbolically", () => {
    expect(printRecordsOf(`class A<int n, string s, list<int> l, dag d> {
  int a = !add(n, 1);
  int b = !sub(n, 1);
  int m = !mul(n, 2);
  int dv = !div(n, 2);
  int an = !and(n, 1);
  int o = !or(n, 1);
  int x = !xor(n, 1);
  int sh = !shl(n, 1);
  int sr = !sra(n, 1);
  int sl = !srl(n, 1);
  bit e = !eq(n, 1);
  bit ne = !ne(n, 1);
  bit lt = !lt(n, 1);
  bit le = !le(n, 1);
  bit gt = !gt(n, 1);
  bit ge = !ge(n, 1);
  bit nt = !not(n);
  int lg = !logtwo(n);
  string sc = !strconcat(s, "x");
  string ss = !substr(s, 1);
  int fi = !find(s, "x");
  string su = !subst("a", "b", s);
  string lo = !tolower(s);
  string up = !toupper(s);
  bit ma = !match(s, "x");
  int sz = !size(l);
  bit em = !empty(l);
  int hd = !head(l);
  list<int> tl = !tail(l);
  list<int> lc = !listconcat(l, [1]);
  list<int> ls = !listsplat(n, 2);
  list<int> lr = !listremove(l, [1]);
  list<int> rg = !range(n);
  string il = !interleave(l, ",");
  list<int> fe = !foreach(i, l, !add(i, 1));
  list<int> fl = !filter(i, l, !gt(i, 1));
  int fo = !foldl(0, l, acc, i, !add(acc, i));
  int i1 = !if(n, 1, 2);
  int co = !cond(n : 1, true : 2);
  string ca = !cast<string>(n);
  bit ia = !isa<int>(n);
  bit ini = !initialized(n);
  dag cn = !con(d, d);
  dag dg = !dag(d, [n], ["x"]);
  int ga = !getdagarg<int>(d, 0);
  string gn = !getdagname(d, 0);
  dag sa = !setdagarg(d, 0, n);
  dag sn = !setdagname(d, 0, s);
  dag son = !setdagopname(d, s);
  string rp = !repr(n);
  bit ex = !exists<A>(s);
  list<A> ins = !instances<A>(s);
  list<int> sl2 = l[1...2];
  int el = l[0];
  bits<2> bts = !cast<bits<4>>(n){1-0};
  string paste = s # n;
}
def op;
def z : A<2, "abc", [1, 2, 3], (op 5:$p)>;`)).toBe(`------------- Classes -----------------
class A<int A:n = ?, string A:s = ?, list<int> A:l = ?, dag A:d = ?> {
  int a = !add(A:n, 1);
  int b = !sub(A:n, 1);
  int m = !mul(A:n, 2);
  int dv = !div(A:n, 2);
  int an = !and(A:n, 1);
  int o = !or(A:n, 1);
  int x = !xor(A:n, 1);
  int sh = !shl(A:n, 1);
  int sr = !sra(A:n, 1);
  int sl = !srl(A:n, 1);
  bit e = !eq(A:n, 1);
  bit ne = !ne(A:n, 1);
  bit lt = !lt(A:n, 1);
  bit le = !le(A:n, 1);
  bit gt = !gt(A:n, 1);
  bit ge = !ge(A:n, 1);
  bit nt = !cast<bit>(!not(A:n));
  int lg = !logtwo(A:n);
  string sc = !strconcat(A:s, "x");
  string ss = !substr(A:s, 1, 9223372036854775807);
  int fi = !find(A:s, "x", 0);
  string su = !subst("a", "b", A:s);
  string lo = !tolower(A:s);
  string up = !toupper(A:s);
  bit ma = !match(A:s, "x");
  int sz = !size(A:l);
  bit em = !cast<bit>(!empty(A:l));
  int hd = !head(A:l);
  list<int> tl = !tail(A:l);
  list<int> lc = !listconcat(A:l, [1]);
  list<int> ls = [A:n, A:n];
  list<int> lr = !listremove(A:l, [1]);
  list<int> rg = !range(0, A:n, 1);
  string il = !interleave(A:l, ",");
  list<int> fe = !foreach(i, A:l, !add(i, 1));
  list<int> fl = !filter(i, A:l, !gt(i, 1));
  int fo = !foldl(0, A:l, acc, i, !add(acc, i));
  int i1 = !if(A:n, 1, 2);
  int co = !cond(A:n: 1, 1: 2);
  string ca = !cast<string>(A:n);
  bit ia = 1;
  bit ini = !cast<bit>(!initialized(A:n));
  dag cn = !con(A:d, A:d);
  dag dg = (A:d A:n:$x);
  int ga = !getdagarg<int>(A:d, 0);
  string gn = !getdagname(A:d, 0);
  dag sa = !setdagarg(A:d, 0, A:n);
  dag sn = !setdagname(A:d, 0, A:s);
  dag son = !setdagopname(A:d, A:s);
  string rp = !repr(A:n);
  bit ex = !cast<bit>(!exists<A>(A:s));
  list<A> ins = !instances<A>(A:s);
  list<int> sl2 = A:l[[1, 2]];
  int el = A:l[0];
  bits<2> bts = { !cast<bits<4>>(A:n){1}, !cast<bits<4>>(A:n){0} };
  string paste = !strconcat(A:s, !cast<string>(A:n));
}
------------- Defs -----------------
def op {
}
def z {\t// A
  int a = 3;
  int b = 1;
  int m = 4;
  int dv = 1;
  int an = 0;
  int o = 3;
  int x = 3;
  int sh = 4;
  int sr = 1;
  int sl = 1;
  bit e = 0;
  bit ne = 1;
  bit lt = 0;
  bit le = 0;
  bit gt = 1;
  bit ge = 1;
  bit nt = 0;
  int lg = 1;
  string sc = "abcx";
  string ss = "bc";
  int fi = -1;
  string su = "bbc";
  string lo = "abc";
  string up = "ABC";
  bit ma = 0;
  int sz = 3;
  bit em = 0;
  int hd = 1;
  list<int> tl = [2, 3];
  list<int> lc = [1, 2, 3, 1];
  list<int> ls = [2, 2];
  list<int> lr = [2, 3];
  list<int> rg = [0, 1];
  string il = "1,2,3";
  list<int> fe = [2, 3, 4];
  list<int> fl = [2, 3];
  int fo = 6;
  int i1 = 1;
  int co = 1;
  string ca = "2";
  bit ia = 1;
  bit ini = 1;
  dag cn = (op 5:$p, 5:$p);
  dag dg = ((op 5:$p) 2:$x);
  int ga = 5;
  string gn = "p";
  dag sa = (op 2:$p);
  dag sn = (op 5:$abc);
  dag son = (op:$abc 5:$p);
  string rp = "2";
  bit ex = 0;
  list<A> ins = [];
  list<int> sl2 = [2, 3];
  int el = 1;
  bits<2> bts = { 1, 0 };
  string paste = "abc2";
}
`);
  });
});
