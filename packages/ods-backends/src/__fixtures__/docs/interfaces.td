include "mlir/IR/Interfaces.td"
def A : OpInterface<"AI"> {
  let methods = [
    InterfaceMethod<"", "int", "foo">,
    InterfaceMethod<"desc", "int &", "bar", (ins "int":$x, " Foo * ":$y), [{ return 1; }]>,
    StaticInterfaceMethod<[{
      Hello
        world
    }], "void", "baz", (ins), "", [{ x }]>,
  ];
}
def B : OpInterface<"BI"> {
  let description = "no newline";
}
def C : OpInterface<"CI"> {
  let description = [{  
      two
    lines    }];
  let cppNamespace = "::x";
  let methods = [InterfaceMethod<"d\n", "int", "foo">];
}
