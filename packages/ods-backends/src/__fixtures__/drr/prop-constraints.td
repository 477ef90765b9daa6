// A property constraint with an interface type; X1/X2 constrain the property in the result.
include "dialect.td"
def OpP : TOp<"op_p"> {
  let arguments = (ins AnyType:$a, I32Prop:$count);
  let results = (outs AnyType:$r);
}
def PC2 : PropConstraint<CPred<"$_self > 0">, "pos", "int32_t">;
def V2 : Pat<(OpP $a, PC2:$c), (OpP $a, $c)>;
#ifdef X1
def V4 : Pat<(OpP $a, $c), (OpP $a, I32Prop:$c)>;
#endif
#ifdef X2
def V5 : Pat<(OpP $a, $c), (OpP $a, PC2:$c)>;
#endif
