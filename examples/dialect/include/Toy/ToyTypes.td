//===- ToyTypes.td - Types of the example `toy` dialect ---*- tablegen -*-===//
//
// Covers: a parameterised type with a declarative assembly format and a verifier.
//
//===----------------------------------------------------------------------===//

#ifndef TOY_TYPES_TD
#define TOY_TYPES_TD

include "Toy/ToyDialect.td"

//===----------------------------------------------------------------------===//
// !toy.box
//===----------------------------------------------------------------------===//

def Toy_BoxType : Toy_Type<"Box", "box"> {
  let summary = "a box holding up to `capacity` values of one element type";
  let description = [{
    ```mlir
    !toy.box<f64, 4>
    ```
  }];
  let parameters = (ins "::mlir::Type":$elementType, "unsigned":$capacity);
  let assemblyFormat = "`<` $elementType `,` $capacity `>`";
  let genVerifyDecl = 1;
}

#endif // TOY_TYPES_TD
