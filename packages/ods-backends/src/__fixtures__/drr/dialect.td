// A small test dialect shared by the DRR fixtures of the --gen-rewriters tests.
include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}
class TOp<string mnemonic, list<Trait> traits = []> : Op<Test_Dialect, mnemonic, traits>;
