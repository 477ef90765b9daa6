// Attribute matchers on optional/default-valued attributes, enum cases, NativeCodeCall leaves in
// results, multi-entity constraints with a bound `$_self`, ConstantLikeMatcher, ops without operands.
include "dialect.td"
include "mlir/IR/EnumAttr.td"
def E_A : I32EnumAttrCase<"Alpha", 0, "alpha">;
def E_B : I32EnumAttrCase<"Beta", 1, "beta">;
def MyEnum : I32EnumAttr<"MyEnum", "my enum", [E_A, E_B]> { let cppNamespace = "::test"; }
def OpA : TOp<"op_a"> {
  let arguments = (ins AnyType:$x, OptionalAttr<I32Attr>:$o, DefaultValuedAttr<F32Attr, "1.5">:$d, MyEnum:$k);
  let results = (outs AnyType:$r);
}
def OpC : TOp<"op_c"> {
  let results = (outs AnyType:$r);
}
def OpE : TOp<"op_e"> {
  let arguments = (ins AnyType:$a, AnyType:$b);
  let results = (outs AnyType:$r);
}
def Tr : NativeCodeCall<"tr($_self)">;
def AttrTr : NativeCodeCall<"attrTr($_builder, $_self)">;
def Rel : Constraint<CPred<"rel($_self, $0, $1)">, "related">;
def Pos : AttrConstraint<CPred<"::llvm::cast<::mlir::IntegerAttr>($_self).getInt() > 0">, "positive">;
def NotNull : AttrConstraint<CPred<"!$_self || true">, "maybe">;
def G1 : Pat<(OpA $x, Pos:$o, $d, $k), (OpA Tr:$x, $o, $d, $k)>;
def G2 : Pat<(OpA $x, NotNull:$o, $d, E_B), (OpE (OpA $x, $o, AttrTr:$d, E_A), Tr:$x)>;
def G3 : Pat<(OpE:$e $a, (OpC:$c)), (OpE $a, $a), [(Rel:$e $a, $c), (I32 $e), (AnyType $c)]>;
def G4 : Pat<(OpE (ConstantLikeMatcher F32Attr:$v), $b), (OpE $b, $b)>;
def G5 : Pat<(OpE (OpC), (OpC)), (OpE (OpC), (OpC))>;
