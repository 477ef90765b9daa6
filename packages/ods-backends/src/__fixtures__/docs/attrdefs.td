include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
def D_Dialect : Dialect { let name = "dd"; let cppNamespace = "::mlir::dd"; }
class D_Attr<string name, string mn, list<Trait> traits = []> : AttrDef<D_Dialect, name, traits> { let mnemonic = mn; }
def A1 : D_Attr<"Foo", "foo"> {
  let summary = "  a foo ";
  let description = [{
    Foo is
      nice.
  }];
  let parameters = (ins "int":$x, AttrParameter<"::mlir::Type", "the type">:$t, OptionalParameter<"StringRef", "opt">:$s);
  let assemblyFormat = "`<` struct(params) `>`";
}
def A2 : D_Attr<"Bar", "bar"> {
  let assemblyFormat = "`<` $x `>`";
  let parameters = (ins "int":$x);
}
def A3 : AttrDef<D_Dialect, "Baz"> { let summary = "baz"; let attrName = "x"; }
def A4 : D_Attr<"Qux", "qux"> { let hasCustomAssemblyFormat = 1; let parameters = (ins "int":$x); }
def A5 : D_Attr<"Nop", "nop">;
def T1 : TypeDef<D_Dialect, "TT"> { let mnemonic = "tt"; let summary = "tt"; let parameters = (ins "int":$x, "Type":$y); let hasCustomAssemblyFormat = 1; }
def T2 : TypeDef<D_Dialect, "T2"> { let mnemonic = "t2"; let description = "d"; let parameters = (ins "int":$x, "Type":$y);  let assemblyFormat = "`<` $x `>`";}
