include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
def D_Dialect : Dialect { let name = "dd"; let cppNamespace = "::mlir::dd"; }
def B1 : AttrDef<D_Dialect, "B1"> { let summary = "baz"; let attrName = "x"; let parameters = (ins "int":$x); }
def B2 : AttrDef<D_Dialect, "B2"> { let attrName = "x"; let description = "dd"; }
def B3 : AttrDef<D_Dialect, "B3"> { let attrName = "x"; }
def B4 : AttrDef<D_Dialect, "B4"> { let attrName = "x"; let summary = "  "; }
