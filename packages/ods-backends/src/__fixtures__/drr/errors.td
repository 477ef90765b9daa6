// DRR mistakes (one per -DEn), each reported like mlir-tblgen-22.
include "dialect.td"
def OpA : TOp<"op_a"> {
  let arguments = (ins I32:$operand, I32Attr:$some_attr);
  let results = (outs I32:$result);
}
def NotAnOp;
class Holder<int x> { int v = x; }
def HolderDef : Holder<1>;
#ifdef E1
def E1P : Pat<(NotAnOp $x), (OpA $x, $x)>;
#endif
#ifdef E2
def E2P : Pat<(OpA $x, $x), (OpA $x, $x)>;
#endif
#ifdef E3
def E3P : Pat<(OpA $x, $a), (OpA $y, $a)>;
#endif
#ifdef E4
def E4P : Pat<(OpA $x), (OpA $x, $a)>;
#endif
#ifdef E5
def E5P : Pat<(OpA $x, $a), (HolderDef $x)>;
#endif
#ifdef E6
def E6P : Pat<(OpA $x, $a), (OpA $x)>;
#endif
#ifdef E7
def E7P : Pat<(OpA $x, $a), (OpA $x, $a), [], [], (addBenefit)>;
#endif
#ifdef E8
def E8P : Pat<(OpA:$r $x, $a), (OpA:$r $x, $a)>;
#endif
#ifdef E9
def E9P : Pat<(OpA $x, $a), (OpA (location $x), $a)>;
#endif
#ifdef E10
def E10P : Pat<(OpA $x, $a), (OpA $x, I32Attr:$a)>;
#endif
def OpV : TOp<"op_v"> {
  let arguments = (ins Variadic<AnyType>:$xs);
  let results = (outs AnyType:$r);
}
def OpN : TOp<"op_n"> {
  let results = (outs AnyType:$r);
}
#ifdef E11
def NoSelf : NativeCodeCall<"check($0)">;
def E11P : Pat<(OpA (NoSelf $v), $a), (OpA $v, $a)>;
#endif
#ifdef E12
def WithSelf : NativeCodeCall<"check($_self, $0)">;
def E12P : Pat<(OpA (WithSelf:$bound $v), $a), (OpA $v, $a)>;
#endif
#ifdef E13
def WithSelf2 : NativeCodeCall<"check($_self, $0)">;
def E13P : Pat<(OpA (WithSelf2 (OpA $v, $b)), $a), (OpA $v, $a)>;
#endif
#ifdef E14
def E14P : Pat<(OpA $x, $a), (OpA (OpA $x, $a, (returnType (OpA $x, $a))), $a)>;
#endif
#ifdef E15
def E15P : Pat<(OpA $x, $a), (OpA $x, $a, (returnType "someType()"))>;
#endif
#ifdef E16
def E16P : Pat<(OpA:$r $x, $a), (OpA $x, $a), [(I32 $r, $x)]>;
#endif
#ifdef E17
def E17P : Pat<(OpA $x, $a), (OpV (OpN))>;
#endif
#ifdef E18
def E18P : Pat<(OpA $x, $a), (OpA $x, $a), [(I32Attr $a)]>;
#endif
#ifdef E19
def E19P : Pattern<(OpA $x, $a), [(OpA $x, $a), (OpA $x, $a)]>;
#endif
#ifdef E20
def E20P : Pattern<(OpA $x, $a), []>;
#endif
#ifdef E21
def E21P : Pat<(OpA $x, $a), (OpA $x, "raw")>;
#endif
#ifdef E22
def E22P : Pat<(OpA (either $x, $y), $a), (OpA $x, $a)>;
#endif
#ifdef E23
def E23P : Pat<(OpA (variadic $x), $a), (OpA $x, $a)>;
#endif
#ifdef E24
def E24P : Pat<(OpA $x, $a), (OpA $x, $a, (location $x), (location $x))>;
#endif
