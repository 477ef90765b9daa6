include "mlir/IR/OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
class LLVM_OpBase<string m> : Op<T_Dialect, m>;
def T_A : LLVM_OpBase<"a">;
