// Result patterns: auxiliary ops, `__N` partial results, NativeCodeCall with location, void
// NativeCodeCalls in supplemental patterns, returnType from a value, `variadic` results.
include "dialect.td"
def OpA : TOp<"op_a"> {
  let arguments = (ins AnyType:$x, F32Attr:$f);
  let results = (outs AnyType:$r);
}
def OpT : TOp<"op_t"> {
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$r0, AnyType:$r1, AnyType:$r2);
}
def OpZ : TOp<"op_z"> {
  let arguments = (ins AnyType:$x);
  let results = (outs);
}
def OpV : TOp<"op_v"> {
  let arguments = (ins Variadic<AnyType>:$xs);
  let results = (outs AnyType:$r);
}
def Mk : NativeCodeCall<"mk($_builder, $_loc, $0, $1)">;
def Log : NativeCodeCallVoid<"logIt($_builder, $0)">;
def Tr : NativeCodeCall<"tr($_self)">;
def Pair : NativeCodeCall<"pair($0)", 2>;
def Y1 : Pattern<(OpT $x), [(OpT:$t $x), (OpA $t__2, ConstantAttr<F32Attr, "2.0">), (replaceWithValue $t__0), (replaceWithValue $t__1)]>;
def Y2 : Pattern<(OpT $x), [(OpT:$t__1 $x), (OpA $x, ConstantAttr<F32Attr, "1.0">), (OpA (Mk $x, $x, (location "mk")), ConstantAttr<F32Attr, "3.0">)]>;
def Y3 : Pattern<(OpZ $x), [], [], [(Log $x), (OpA $x, ConstantAttr<F32Attr, "0.5">)]>;
def Y4 : Pat<(OpA $x, $f), (OpA (OpA $x, $f, (returnType $x)), $f), [], [(Log $f)]>;
def Y5 : Pat<(OpV (variadic $a, $b)), (OpV (variadic (OpA $a, ConstantAttr<F32Attr, "1.0">), $b))>;
def Y6 : Pat<(OpA $x, $f), (OpA (Tr $x), $f)>;
def Y7 : Pattern<(OpT $x), [(Pair:$p $x), (replaceWithValue $p__1), (replaceWithValue $p__0), (OpA $x, ConstantAttr<F32Attr, "1.0">)]>;
def Y8 : Pat<(OpA (OpA (OpT $x), $f1), $f2), (OpA $x, $f2)>;
def Y9 : Pat<(OpA (OpA (OpT $x), $f1), $f2), (OpA $x, $f1)>;
def Y10 : Pat<(OpT (OpA (OpT $x), $f1)), (OpT $x)>;
