// A SPIR-V instruction has at most one result: the deserializer generator rejects two.
include "mlir/Dialect/SPIRV/IR/SPIRVBase.td"

def T_PairOp : SPIRV_Op<"Pair", []> {
  let arguments = (ins SPIRV_Integer:$x, I32Attr:$n);
  let results = (outs SPIRV_Integer:$lo, SPIRV_Integer:$hi);
}
