// Only the last argument may be variadic: the deserializer could not tell where it ends.
include "mlir/Dialect/SPIRV/IR/SPIRVBase.td"

def T_SpreadOp : SPIRV_Op<"Spread", []> {
  let arguments = (ins Variadic<SPIRV_Integer>:$xs, SPIRV_Integer:$y, I32Attr:$n);
  let results = (outs);
}
