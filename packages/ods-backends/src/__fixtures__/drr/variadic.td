// Variadic and optional operands (AttrSizedOperandSegments, SameVariadicOperandSize) and
// variadic results replaced through `__N` indices.
include "dialect.td"
def OpS : TOp<"op_s", [AttrSizedOperandSegments]> {
  let arguments = (ins Variadic<AnyType>:$a, Variadic<AnyType>:$b, Optional<AnyType>:$c);
  let results = (outs AnyType:$r);
}
def OpV : TOp<"op_v", [SameVariadicOperandSize]> {
  let arguments = (ins Variadic<AnyType>:$a, Variadic<AnyType>:$b);
  let results = (outs AnyType:$r);
}
def OpM : TOp<"op_m"> {
  let arguments = (ins AnyType:$a);
  let results = (outs AnyType:$r0, Variadic<AnyType>:$rest);
}
def S1 : Pat<(OpS $a, $b, $c), (OpS $b, $a, $c)>;
def S2 : Pat<(OpV $a, $b), (OpV $b, $a)>;
def S3 : Pattern<(OpM $x), [(OpM:$m $x), (replaceWithValue $m__0), (replaceWithValue $m__1)]>;
def S4 : Pattern<(OpM $x), [(OpM:$m $x)]>;
