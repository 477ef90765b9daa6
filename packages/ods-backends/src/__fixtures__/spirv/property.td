// A property is no SPIR-V operand: the serializer generator rejects it (the reference crashes).
include "mlir/Dialect/SPIRV/IR/SPIRVBase.td"

def T_PropOp : SPIRV_Op<"Prop", []> {
  let arguments = (ins I32Prop:$p, SPIRV_Integer:$x, I32Attr:$n);
  let results = (outs);
}
