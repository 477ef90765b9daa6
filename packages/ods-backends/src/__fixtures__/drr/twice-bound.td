// Patterns binding one symbol twice (an operand repeated, in nested ops, an attribute) that also
// have extra constraints: the equality checks of the repeated symbol and the constraints.
include "dialect.td"
def OpE : TOp<"op_e"> {
  let arguments = (ins AnyType:$a, AnyType:$b);
  let results = (outs AnyType:$r);
}
def OpF : TOp<"op_f"> {
  let arguments = (ins AnyType:$a, I32Attr:$n);
  let results = (outs AnyType:$r);
}
def OpG : TOp<"op_g"> {
  let arguments = (ins AnyType:$a, AnyType:$b, AnyType:$c);
  let results = (outs AnyType:$r);
}
def IsFoo : Constraint<CPred<"isFoo($0)">, "is foo">;
def Both : Constraint<CPred<"both($0, $1)">, "both">;
def SmallN : AttrConstraint<CPred<"small($_self)">, "small">;

def Twice : Pat<(OpE $x, $x), (OpE $x, $x), [(IsFoo $x)]>;
def TwiceNested : Pat<(OpG (OpE $x, $y), $x, $y), (OpE $y, $x), [(Both $x, $y), (IsFoo $y)]>;
def TwiceThrice : Pat<(OpG $x, $x, $x), (OpE $x, $x), [(IsFoo $x)], [], (addBenefit 2)>;
