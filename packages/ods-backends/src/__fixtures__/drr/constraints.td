// Constraints: operand type constraints, multi-entity `Constraint`s, a type constraint on an
// entity, `$_self` bindings, repeated symbols (equality checks), `either`, `variadic`, returnType.
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
def OpE : TOp<"op_e"> {
  let arguments = (ins AnyType:$a, AnyType:$b);
  let results = (outs AnyType:$r);
}
def OpF : TOp<"op_f", [SameOperandsAndResultType]> {
  let arguments = (ins AnyType:$a, F32Attr:$f);
  let results = (outs AnyType:$r);
}
def OpP : TOp<"op_p"> {
  let arguments = (ins AnyType:$a, I32Prop:$count, StringProp:$label);
  let results = (outs AnyType:$r);
}
def TypeFn : NativeCodeCall<"typeFn($0)">;
def IsFoo : Constraint<CPred<"isFoo($0, $1)">, "is foo">;
def HasOneUse : Constraint<CPred<"$_self.hasOneUse()">, "has one use">;

def Q1 : Pat<(OpE (OpE $a, $b), $c), (OpE (OpE $a, $c), (OpF $b, ConstantAttr<F32Attr, "1.0">)), [(IsFoo $a, $b), (I32 $c)]>;
def Q2 : Pat<(OpE $a, $a), (OpE $a, (OpA:$t $a, ConstantAttr<I32Attr, "1">, (returnType "$_builder.getI32Type()")))>;
def Q3 : Pat<(OpE (either $a, (OpA $b, $attr))), (OpE $a, $b)>;
def Q4 : Pat<(OpC (variadic $a, (OpA $b, $attr), $c)), (OpC (variadic $a, $c))>;
def Q5 : Pattern<(OpB:$res $x, $y, $o, $d), [(OpA:$aux $x, $d), (OpE $x, $y), (OpE $y, $x)]>;
def Q6 : Pattern<(OpB:$res $x, $y, $o, $d), [(OpB:$nb $y, $x, $o, $d), (replaceWithValue $nb__1), (replaceWithValue $nb__0)]>;
def Q7 : Pat<(OpP $a, $cnt, $lbl), (OpP $a, $cnt, $lbl)>;
def Q8 : Pat<(OpE:$root I32:$a, AnyInteger:$b), (OpE $b, $a), [(HasOneUse:$root), (IsFoo $a, $b)]>;
def Q9 : Pat<(OpE $a, $b), (OpE (OpE $b, $a, (returnType (TypeFn $a))), $a)>;
