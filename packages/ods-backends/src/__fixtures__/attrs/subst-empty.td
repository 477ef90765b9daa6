// A SubstLeaves with an empty pattern: mlir-tblgen-22 runs out of memory; ods-tblgen reports it.
include "mlir/IR/OpBase.td"

def Bad : TypeConstraint<SubstLeaves<"", "x", CPred<"isFoo($_self)">>, "bad", "::mlir::Type",
                         "isBad">;
