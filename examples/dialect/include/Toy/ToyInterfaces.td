//===- ToyInterfaces.td - Interfaces of the `toy` dialect -*- tablegen -*-===//
//
// Covers: an op interface with a default implementation (used from C++ by the
// verifier of toy.scope) and one op overriding it.
//
//===----------------------------------------------------------------------===//

#ifndef TOY_INTERFACES_TD
#define TOY_INTERFACES_TD

include "mlir/IR/OpBase.td"

def Toy_CostOpInterface : OpInterface<"CostOpInterface"> {
  let description = [{
    An op with a cost: `toy.scope` sums the costs of the ops of its body and
    checks the total against its optional `budget` attribute.
  }];
  let cppNamespace = "::mlir::toy";
  let methods = [
    InterfaceMethod<
      /*desc=*/"The cost of running the op once (1 unless the op says otherwise).",
      /*retTy=*/"int64_t",
      /*methodName=*/"getCost",
      /*args=*/(ins),
      /*methodBody=*/[{}],
      /*defaultImplementation=*/[{ return 1; }]>,
  ];
}

#endif // TOY_INTERFACES_TD
