include "mlir/IR/PatternBase.td"
