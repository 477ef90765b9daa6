//===- ToyDialect.td - The example `toy` dialect ----------*- tablegen -*-===//
//
// A small dialect used as the bundled example of ods-ts: `npx nx run dialect:ods`
// runs ods-tblgen over it. It is written for this repository and exercises the
// common ODS features (see ToyOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef TOY_DIALECT_TD
#define TOY_DIALECT_TD

include "mlir/IR/OpBase.td"

def Toy_Dialect : Dialect {
  let name = "toy";
  let cppNamespace = "::mlir::toy";
  let summary = "A tiny tensor language used to demonstrate ods-ts";
  let description = [{
    The `toy` dialect models a few tensor computations with structured control
    flow (`toy.scope`) and unstructured branches (`toy.cond_br`). It exists to
    exercise the ODS generators, not to be lowered anywhere.
  }];
  let dependentDialects = [];
}

// Base class of every op of the dialect.
class Toy_Op<string mnemonic, list<Trait> traits = []>
    : Op<Toy_Dialect, mnemonic, traits>;

#endif // TOY_DIALECT_TD
