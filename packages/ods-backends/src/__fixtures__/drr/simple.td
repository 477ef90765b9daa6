// Two patterns: an anonymous `Pat` and a named one with a nested source op, an attribute
// constraint and a benefit adjustment; the result op has SameOperandsAndResultType.
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/IR/PatternBase.td"
include "mlir/IR/OpBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}
class TOp<string mnemonic, list<Trait> traits = []> : Op<Test_Dialect, mnemonic, traits>;

def AOp : TOp<"a"> {
  let arguments = (ins AnyType:$x, I32Attr:$attr);
  let results = (outs AnyType:$res);
}
def BOp : TOp<"b"> {
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$res);
}
def COp : TOp<"c", [SameOperandsAndResultType]> {
  let arguments = (ins AnyInteger:$x, AnyInteger:$y);
  let results = (outs AnyInteger:$res);
}

def : Pat<(AOp $x, $a), (BOp $x)>;
def MyPat : Pat<(AOp (BOp $x), I32Attr:$a), (COp $x, $x), [], [], (addBenefit 3)>;
