include "mlir/IR/OpBase.td"

def T_Dialect : Dialect { let name = "t"; let cppNamespace = "::t"; }

class LLVM_OpBase<string mnemonic> : Op<T_Dialect, mnemonic> {
  string llvmBuilder = "";
  string mlirBuilder = "";
  list<int> llvmArgIndices = [];
  string llvmInstName = "";
}
class LLVM_IntrOpBase<string mnemonic, string enumName> : LLVM_OpBase<mnemonic> {
  string llvmEnumName = enumName;
}

def T_AddOp : LLVM_OpBase<"add"> {
  let arguments = (ins AnyType:$lhs_val, Variadic<AnyType>:$rest, I32Attr:$flag_attr);
  let results = (outs AnyType:$res);
  let llvmInstName = "Add";
  let llvmBuilder = [{
    $res = builder.CreateAdd($lhs_val, $rest, $flag_attr, $_resultType, $_hasResult, $_location, $_numOperands, $$);
  }];
  let mlirBuilder = [{
    $res = $_qualCppClassName::create($_builder, $_location, $_resultType, $lhs_val, $rest, $flag_attr, $lhs_val);
  }];
  let llvmArgIndices = [1, 0, 2];
}
def T_NoBuilderOp : LLVM_OpBase<"nob">;
def T_FooIntr : LLVM_IntrOpBase<"foo", "t_foo"> {
  let arguments = (ins AnyType:$a);
  let llvmBuilder = "builder.foo($a);";
  let mlirBuilder = [{ $_op = f($a, $_int_attr, $_float_attr, $_var_attr, $_label_attr, $_fpExceptionBehavior_attr, $_roundingMode_attr); }];
}
def T_BarIntr : LLVM_IntrOpBase<"bar", "t_bar">;
