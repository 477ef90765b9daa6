include "mlir/IR/OpBase.td"
def BaseIface : OpInterface<"BaseIface"> {
  let cppNamespace = "::foo";
  let methods = [
    InterfaceMethod<"base method", "int", "baseFoo", (ins "int":$x)>,
  ];
  let extraSharedClassDeclaration = [{ int shared() { return $_op.baseFoo(1); } }];
}
def MyIface : OpInterface<"MyIface", [BaseIface]> {
  let description = [{
    My interface
      indented.
  }];
  let cppNamespace = "::foo::bar";
  let methods = [
    InterfaceMethod<[{Doc one.}], "::mlir::Value", "getV", (ins)>,
    InterfaceMethod<"", "void", "setV", (ins "::mlir::Value":$v, "int &":$n), [{ $_op.doIt(v); }]>,
    InterfaceMethod<"with default", "int", "def", (ins "int":$a), "", [{ return a + $_op.x(); }]>,
    StaticInterfaceMethod<"static one", "bool", "isOk", (ins "int":$q)>,
    StaticInterfaceMethod<"static def", "bool", "isOk2", (ins), "", [{ return true; }]>,
    StaticInterfaceMethod<"static body", "bool", "isOk3", (ins), [{ return false; }]>,
    InterfaceMethod<"overload", "int", "def", (ins "int":$a, "int":$b)>,
  ];
  let extraClassDeclaration = [{
    int extra();
  }];
  let extraTraitClassDeclaration = [{ int traitExtra() { return $_op.getV(); } }];
  let verify = [{ return $_op->verify(); }];
  let extraClassOf = [{ return $_op.isOk(1); }];
}
def Plain : OpInterface<"Plain"> {
  let methods = [InterfaceMethod<"d", "int*", "p", (ins)>];
  let verifyWithRegions = 1;
  let verify = [{ return success(); }];
}
