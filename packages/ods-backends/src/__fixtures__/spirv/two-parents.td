// An availability spec must derive from exactly one availability class.
include "mlir/Dialect/SPIRV/IR/SPIRVBase.td"

class Odd;
def T_OddAvail : MinVersion<SPIRV_V_1_0>, Odd;

def T_OddOp : SPIRV_Op<"Odd", []> {
  let arguments = (ins SPIRV_Integer:$x);
  let results = (outs);
  let availability = [T_OddAvail];
}
