// A custom builder shadowed by an earlier one with a defaulted parameter.
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
def D_Dialect : Dialect { let name = "d"; let cppNamespace = "::d"; }
class DupBase : AttrDef<D_Dialect, "Dup"> {
  let builders = [
    AttrBuilder<(ins "int":$y, CArg<"bool", "false">:$z)>,
    AttrBuilder<(ins "int":$y), [{ return {}; }]>
  ];
}
def Dup : DupBase {
  let parameters = (ins "int":$x);
  let attrName = "d.dup";
  let genVerifyDecl = 1; let skipDefaultBuilders = 1;
}
