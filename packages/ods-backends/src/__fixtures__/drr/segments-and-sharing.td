// No-properties dialect: operand segment sizes, FirstAttrDerivedResultType, static matchers
// nested in static matchers, shared NativeCodeCall matchers, `either` leaves, ignored operands
// (`$_`) and repeated symbols.
include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def N_Dialect : Dialect {
  let name = "nop";
  let cppNamespace = "::nop";
  let usePropertiesForAttributes = 0;
}
class NOp<string mnemonic, list<Trait> traits = []> : Op<N_Dialect, mnemonic, traits>;
def OpS : NOp<"op_s", [AttrSizedOperandSegments]> {
  let arguments = (ins Variadic<AnyType>:$a, Variadic<AnyType>:$b, Optional<AnyType>:$c, UnitAttr:$u);
  let results = (outs AnyType:$r);
}
def OpF : NOp<"op_f", [FirstAttrDerivedResultType]> {
  let arguments = (ins AnyType:$a, TypeAttr:$ty);
  let results = (outs AnyType:$r);
}
def OpE : NOp<"op_e"> {
  let arguments = (ins AnyType:$a, AnyType:$b);
  let results = (outs AnyType:$r);
}
def OpG : NOp<"op_g"> {
  let arguments = (ins AnyType:$a, AnyType:$b, AnyType:$c, AnyType:$d, AnyType:$e, AnyType:$f, AnyType:$g, AnyType:$h);
  let results = (outs AnyType:$r);
}
def NM : NativeCodeCall<"matchN($_self, $0)">;
def W1 : Pat<(OpS $a, $b, $c, $u), (OpS $b, $a, $c, $u)>;
def W2 : Pat<(OpF $a, $t), (OpF $a, $t)>;
def W3 : Pat<(OpE (OpE (OpE $a, $b), $c), $d), (OpE $a, $d)>;
def W4 : Pat<(OpE (OpE (OpE $a, $b), $c), $e), (OpE $e, $a)>;
def W5 : Pat<(OpE (OpE $a, $b), (NM $q)), (OpE $a, $q)>;
def W6 : Pat<(OpE (OpE $x, $y), (NM $q)), (OpE $x, $q)>;
def W7 : Pat<(OpE (either $a, $b)), (OpE $b, $a)>;
def W8 : Pat<(OpG $a1, $a2, $a3, $a4, $a5, $a6, $a7, (OpG $b1, $b2, $b3, $b4, $b5, $b6, $b7, $b8)), (OpE $a1, $b8)>;
def W9 : Pat<(OpE $_, $b), (OpE $b, $b)>;
def W10 : Pat<(OpE $x, $x), (OpE $x, $x)>;
def W11 : Pat<(OpG $x, $x, $x, $y, $y, $x, $z, $z), (OpE $x, $y)>;
