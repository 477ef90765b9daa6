//===- ToyDialect.td - The example `toy` dialect ----------*- tablegen -*-===//
//
// A small dialect used as the bundled example of ods-ts: `npx nx run dialect:ods`
// runs ods-tblgen over it. It is written for this repository and exercises the
// common ODS features (see ToyOps.td, ToyTypes.td, ToyAttrs.td and
// ToyInterfaces.td); plugin/ToyPlugin.cpp builds it into an mlir-opt plugin.
//
//===----------------------------------------------------------------------===//

#ifndef TOY_DIALECT_TD
#define TOY_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Toy_Dialect : Dialect {
  let name = "toy";
  let cppNamespace = "::mlir::toy";
  let summary = "A tiny tensor language used to demonstrate ods-ts";
  let description = [{
    The `toy` dialect models a few tensor computations with structured control
    flow (`toy.scope`) and unstructured branches (`toy.cond_br`), a parameterised
    type (`!toy.box`) and an attribute (`#toy.range`). It exists to exercise the
    ODS generators, not to be lowered anywhere.
  }];
  let dependentDialects = [];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
}

// Base class of every op of the dialect.
class Toy_Op<string mnemonic, list<Trait> traits = []>
    : Op<Toy_Dialect, mnemonic, traits>;

// Base classes of the types and attributes of the dialect.
class Toy_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Toy_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

class Toy_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Toy_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // TOY_DIALECT_TD
