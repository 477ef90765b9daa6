// Values whose type constraint is buildable (NoneType, I32, F64, Index, ...) and blank
// descriptions, for --gen-python-op-bindings --bind-dialect=bt.
include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinTypes.td"

def Bt_Dialect : Dialect {
  let name = "bt";
  let cppNamespace = "::bt";
}
class Bt_Op<string mnemonic, list<Trait> traits = []> : Op<Bt_Dialect, mnemonic, traits>;

def Bt_NoneOp : Bt_Op<"none"> {
  let arguments = (ins NoneType:$n, I32:$i, Optional<NoneType>:$maybe);
  let results = (outs NoneType:$r, Index:$idx);
}
def Bt_ResultsOp : Bt_Op<"results"> {
  let results = (outs NoneType:$only);
}
def Bt_BlankOp : Bt_Op<"blank"> {
  let summary = "blank";
  let description = "   ";
  let results = (outs Variadic<NoneType>:$rs);
}
def Bt_NewlinesOp : Bt_Op<"newlines"> {
  let description = [{

  }];
}
