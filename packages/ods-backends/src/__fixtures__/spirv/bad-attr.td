// A string attribute has no SPIR-V encoding: the serializer generator rejects it.
include "mlir/Dialect/SPIRV/IR/SPIRVBase.td"

def T_NamedOp : SPIRV_Op<"Named", []> {
  let arguments = (ins SPIRV_Integer:$x, StrAttr:$label);
  let results = (outs);
}
