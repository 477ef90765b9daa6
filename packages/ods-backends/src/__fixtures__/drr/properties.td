// Properties: bound, constrained (ConfinedProp, ConstantProp) and set on the created op.
include "dialect.td"
def OpP : TOp<"op_p"> {
  let arguments = (ins AnyType:$a, I32Prop:$count, StringProp:$label, DefaultValuedProp<I64Prop, "3">:$dp);
  let results = (outs AnyType:$r);
}
def Positive : ConfinedProp<I32Prop, CPred<"$_self > 0">, "positive">;
def NPM : NativeCodeCall<"matchP($_self, $0, $1)">;
def V1 : Pat<(OpP $a, I32Prop:$c, $l, $d), (OpP $a, $c, $l, $d)>;
def V2 : Pat<(OpP $a, Positive:$c, $l, $d), (OpP $a, ConstantProp<I32Prop, "5">, $l, $d)>;
def V3 : Pat<(OpP $a, ConstantProp<I32Prop, "7">, $l, $d), (OpP $a, ConstantProp<I32Prop, "8">, $l, $d)>;
