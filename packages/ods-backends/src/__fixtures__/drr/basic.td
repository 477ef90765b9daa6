// Multi-result `Pattern`s, NativeCodeCall results (values, several values, void), replaceWithValue,
// `location` (bound value, name string), constant attributes, ops without results (erased) and a
// source DAG shared by two patterns (static matcher).
include "dialect.td"
def OpA : TOp<"op_a"> {
  let arguments = (ins I32:$operand, I32Attr:$some_attr);
  let results = (outs I32:$result);
}
def OpB : TOp<"op_b"> {
  let arguments = (ins AnyType:$lhs, AnyType:$rhs, OptionalAttr<F32Attr>:$opt, DefaultValuedAttr<I64Attr, "7">:$dv);
  let results = (outs AnyType:$r0, AnyType:$r1);
}
def OpC : TOp<"op_c"> {
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$outs);
}
def OpD : TOp<"op_d"> {
  let arguments = (ins);
  let results = (outs);
}
def MakeVal : NativeCodeCall<"makeVal($_builder, $_loc, $0)">;
def DoVoid : NativeCodeCallVoid<"doVoid($0)">;
def GetTwo : NativeCodeCall<"getTwo($_builder, $0, $1)", 2>;
def AttrFn : NativeCodeCall<"attrFn($_builder, $0)">;

def P1 : Pattern<(OpB:$b $x, $y, $o, $d), [(OpA:$a1 $x, $d), (OpA $y, (AttrFn $d))]>;
def P2 : Pat<(OpA $x, $attr), (MakeVal $x)>;
def P3 : Pattern<(OpB $x, $y, $o, $d), [(DoVoid $x), (GetTwo $x, $y)]>;
def P4 : Pat<(OpA $x, $attr), (replaceWithValue $x)>;
def P5 : Pat<(OpA (OpA $x, $a1), $a2), (OpA $x, $a2, (location $a1)), [], [], (addBenefit 10)>;
def P6 : Pattern<(OpD), []>;
def P7 : Pat<(OpC $ins), (OpC $ins)>;
def P8 : Pat<(OpA:$root $x, ConstantAttr<I32Attr, "5">), (OpA $x, ConstantAttr<I32Attr, "6">, (location "named", $root))>;
