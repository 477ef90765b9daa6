include "mlir/IR/Interfaces.td"
def A : OpInterface<"AI"> {
  let description = "x\n\n\n";
  let methods = [
    InterfaceMethod<"  \n  ", "int", "foo">,
    InterfaceMethod<"\n\ta\n\t  b\t \n \t", "int", "bar">,
    InterfaceMethod<"a\n\n  ", "int", "baz">,
  ];
}
