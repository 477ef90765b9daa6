include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::mlir::test";
  let useDefaultTypePrinterParser = 1;
}
class Test_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Test_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}
def SimpleT : Test_Type<"Simple", "simple"> {
  let summary = "a simple type";
  let description = [{
    Long
    description.
  }];
}
def ParamT : Test_Type<"Param", "param"> {
  let parameters = (ins "int":$width, StringRefParameter<"the name">:$name, ArrayRefParameter<"int64_t">:$dims, OptionalParameter<"::mlir::Type">:$elt);
  let assemblyFormat = "`<` $width `,` $name `,` `[` $dims `]` (`,` $elt^)? `>`";
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilder<(ins "int":$w), [{ return $_get($_ctxt, w, "x", {}, nullptr); }]>,
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$t, CArg<"int", "3">:$w), [{ return $_get(t.getContext(), w, "y", {}, t); }]>,
  ];
  let extraClassDeclaration = [{
    int extra();
  }];
}
def CustomT : Test_Type<"Custom", "custom"> {
  let parameters = (ins "unsigned":$a, "::mlir::Type":$b_c);
  let hasCustomAssemblyFormat = 1;
  let skipDefaultBuilders = 1;
  let genStorageClass = 0;
}
def NoMnemT : TypeDef<Test_Dialect, "NoMnem"> { let typeName = "test.nomnem";
  let parameters = (ins "unsigned":$a);
}
