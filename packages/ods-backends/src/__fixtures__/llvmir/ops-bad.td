include "mlir/IR/OpBase.td"

def T_Dialect : Dialect { let name = "t"; let cppNamespace = "::t"; }

class LLVM_OpBase<string mnemonic> : Op<T_Dialect, mnemonic> {
  string llvmBuilder = "";
  string mlirBuilder = "";
  list<int> llvmArgIndices = [];
  string llvmInstName = "";
}
#ifdef UNKNOWN
def T_A : LLVM_OpBase<"a"> { let llvmBuilder = "x = $nope;"; let mlirBuilder = "$_nope"; }
#endif
#ifdef DOLLAR
def T_A : LLVM_OpBase<"a"> { let llvmBuilder = "x = $"; }
#endif
#ifdef INDICES
def T_A : LLVM_OpBase<"a"> { let arguments = (ins AnyType:$x, AnyType:$y); let mlirBuilder = "$x"; let llvmArgIndices = [0]; }
#endif
#ifdef NEGATIVE
def T_A : LLVM_OpBase<"a"> { let arguments = (ins AnyType:$x, AnyType:$y); let mlirBuilder = "$x $y"; let llvmArgIndices = [0, -1]; }
#endif
#ifdef RESULTS
def T_A : LLVM_OpBase<"a"> { let results = (outs AnyType:$r, AnyType:$s); let mlirBuilder = "$r = 1"; }
#endif
#ifdef UNSET
def T_A : LLVM_OpBase<"a"> { let llvmBuilder = ?; }
#endif
#ifdef MULTICLASS
multiclass MC { def _A : LLVM_OpBase<"a"> { let llvmBuilder = "$zz"; } }
defm T : MC;
#endif
