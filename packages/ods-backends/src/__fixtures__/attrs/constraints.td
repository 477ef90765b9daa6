include "mlir/IR/OpBase.td"
def MyTypeC : TypeConstraint<Or<[CPred<"$_self.isF32()">, Neg<CPred<"$_self.isF16()">>]>, "my type", "::mlir::Type", "isMyType">;
def MyAttrC : AttrConstraint<And<[CPred<"::llvm::isa<::mlir::IntegerAttr>($_self)">, SubstLeaves<"$_self", "$_self.foo()", CPred<"$_self != 0">>]>, "my attr"> {
  let cppFunctionName = "isMyAttr";
}
def NoFn : TypeConstraint<CPred<"true">, "none">;
