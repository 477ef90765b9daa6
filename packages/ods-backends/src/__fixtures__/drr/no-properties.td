// A dialect that keeps attributes out of properties (`tblgen_attrs`), enum cases as constants, a
// NativeCodeCall matcher with a constrained operand, supplemental patterns, HasNoUseOf.
include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/IR/EnumAttr.td"

def N_Dialect : Dialect {
  let name = "nop";
  let cppNamespace = "::nop";
  let usePropertiesForAttributes = 0;
}
class NOp<string mnemonic, list<Trait> traits = []> : Op<N_Dialect, mnemonic, traits>;
def E_A : I32EnumAttrCase<"Alpha", 0, "alpha">;
def E_B : I32EnumAttrCase<"Beta", 1, "beta">;
def MyEnum : I32EnumAttr<"MyEnum", "my enum", [E_A, E_B]> { let cppNamespace = "::nop"; }

def OpA : NOp<"op_a"> {
  let arguments = (ins I32:$operand, I32Attr:$some_attr, OptionalAttr<StrAttr>:$name, MyEnum:$kind);
  let results = (outs I32:$result);
}
def OpB : NOp<"op_b"> {
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$r);
}
def Matcher : NativeCodeCall<"matchIt($_self, $0, $1)">;
def R1 : Pat<(OpA $x, $a, $n, $k), (OpA $x, $a, $n, E_B)>;
def R2 : Pat<(OpA $x, I32Attr:$a, $_, $_), (OpA (OpB $x), $a, ConstantStrAttr<StrAttr, "nm">, E_A)>;
def R3 : Pat<(OpB (Matcher I32:$v, $attr)), (OpB $v), [], [(OpB $v)]>;
def R4 : Pat<(OpB:$r $x), (OpB $x, (location $x, $r, "fused"))>;
def R5 : Pat<(OpB $x), (OpB $x), [(HasNoUseOf:$x)]>;
