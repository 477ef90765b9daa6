//===- ToyAttrs.td - Attributes of the example `toy` dialect -*- tablegen -*-===//
//
// Covers: an attribute with parameters, a declarative assembly format and a
// verifier; an enum attribute (parsed and printed as a keyword in op formats).
//
//===----------------------------------------------------------------------===//

#ifndef TOY_ATTRS_TD
#define TOY_ATTRS_TD

include "mlir/IR/EnumAttr.td"
include "Toy/ToyDialect.td"

//===----------------------------------------------------------------------===//
// #toy.range
//===----------------------------------------------------------------------===//

def Toy_RangeAttr : Toy_Attr<"Range", "range"> {
  let summary = "a half-open range of integers";
  let description = [{
    ```mlir
    #toy.range<0 to 4>
    ```
  }];
  let parameters = (ins "int64_t":$lower, "int64_t":$upper);
  let assemblyFormat = "`<` $lower `to` $upper `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The number of integers in the range.
    int64_t size() const { return getUpper() - getLower(); }
  }];
}

//===----------------------------------------------------------------------===//
// RoundingMode
//===----------------------------------------------------------------------===//

def Toy_RoundNearest : I32EnumAttrCase<"nearest", 0>;
def Toy_RoundDown : I32EnumAttrCase<"down", 1>;
def Toy_RoundUp : I32EnumAttrCase<"up", 2>;

def Toy_RoundingModeAttr : I32EnumAttr<"RoundingMode", "how toy.round rounds",
    [Toy_RoundNearest, Toy_RoundDown, Toy_RoundUp]> {
  let cppNamespace = "::mlir::toy";
}

#endif // TOY_ATTRS_TD
