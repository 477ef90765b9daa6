// Two variadic operand groups without SameVariadicOperandSize/AttrSizedOperandSegments: the
// Python op bindings generator cannot tell the groups apart.
include "mlir/IR/OpBase.td"

def Bad_Dialect : Dialect {
  let name = "bad";
}

def Bad_TwoVariadicsOp : Op<Bad_Dialect, "two"> {
  let arguments = (ins Variadic<AnyType>:$a, Variadic<AnyType>:$b);
}
