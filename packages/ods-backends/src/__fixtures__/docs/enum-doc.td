include "mlir/IR/EnumAttr.td"
def E1 : I32Enum<"E1", "  lower sum ", [I32EnumCase<"a", -1>, I32EnumCase<"b", 3, "nn">]> {
  let description = [{
     Desc
       more
  }];
}
def E0 : I32Enum<"E0", "", []> { let summary = ""; }
