include "mlir/IR/OpBase.td"
def BaseIface : AttrInterface<"BaseIface"> {
  let cppNamespace = "::foo";
  let methods = [
    InterfaceMethod<"base method", "int", "baseFoo", (ins "int":$x)>,
  ];
  let extraSharedClassDeclaration = [{ int shared() { return $_attr.baseFoo(1); } }];
}
def MyIface : AttrInterface<"MyIface", [BaseIface]> {
  let description = [{
    My interface
      indented.
  }];
  let cppNamespace = "::foo::bar";
  let methods = [
    InterfaceMethod<[{Doc one.}], "::mlir::Value", "getV", (ins)>,
    InterfaceMethod<"", "void", "setV", (ins "::mlir::Value":$v, "int &":$n), [{ $_attr.doIt(v); }]>,
    InterfaceMethod<"with default", "int", "def", (ins "int":$a), "", [{ return a + $_attr.x(); }]>,
    StaticInterfaceMethod<"static one", "bool", "isOk", (ins "int":$q)>,
    StaticInterfaceMethod<"static def", "bool", "isOk2", (ins), "", [{ return true; }]>,
    StaticInterfaceMethod<"static body", "bool", "isOk3", (ins), [{ return false; }]>,
    InterfaceMethod<"overload", "int", "def", (ins "int":$a, "int":$b)>,
  ];
  let extraClassDeclaration = [{
    int extra();
  }];
  let extraTraitClassDeclaration = [{ int traitExtra() { return $_attr.getV(); } }];
  let extraClassOf = [{ return $_attr.isOk(1); }];
}
def Plain : AttrInterface<"Plain"> {
  let methods = [InterfaceMethod<"d", "int*", "p", (ins)>];
}
