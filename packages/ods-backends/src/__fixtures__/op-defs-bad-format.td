include "mlir/IR/OpBase.td"

def Bad_Dialect : Dialect {
  let name = "bad";
}

def Bad_NoDictOp : Op<Bad_Dialect, "nodict"> {
  let arguments = (ins AnyType:$x);
  let assemblyFormat = "$x `:` type($x)";
}
