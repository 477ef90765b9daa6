// Attribute declarative formats: inverted and else groups, `params`/`struct` with optional
// parameters, self types, `custom` directives inside `struct`, punctuation literals.
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
def M_Dialect : Dialect { let name = "m"; let cppNamespace = "m::ns"; }
class MAttr<string name, string mn> : AttrDef<M_Dialect, name> { let mnemonic = mn; }
def Inverted : MAttr<"Inverted", "inv"> {
  let parameters = (ins OptionalParameter<"int">:$a, OptionalParameter<"int">:$b);
  let assemblyFormat = "(`none`) : (`some` $a^ $b)? `end`";
}
def ParamFirst : MAttr<"ParamFirst", "pf"> {
  let parameters = (ins OptionalParameter<"int">:$a, "int":$b);
  let assemblyFormat = "($a^ `x`) : (`y`)? `:` custom<B>(qualified($b))";
}
def AllOptionalParams : MAttr<"AllOptionalParams", "aop"> {
  let parameters = (ins OptionalParameter<"int">:$a, OptionalParameter<"int">:$b);
  let assemblyFormat = "`<` params `>`";
}
def AllOptionalStruct : MAttr<"AllOptionalStruct", "aos"> {
  let parameters = (ins OptionalParameter<"int">:$a, OptionalParameter<"int">:$b);
  let assemblyFormat = "struct(params) `x`";
}
def SelfParamsStruct : MAttr<"SelfParamsStruct", "sps"> {
  let parameters = (ins "int":$a, AttributeSelfTypeParameter<"">:$type);
  let assemblyFormat = "`{` struct(params) `}`";
}
def SpaceFirst : MAttr<"SpaceFirst", "space_first"> {
  let parameters = (ins OptionalParameter<"int">:$a);
  let assemblyFormat = "`` `(` ($a^)? `)` `...` `+` `*` `?` `[` `]` `{` `}` `->` `_x`";
}
def NoParamsFmt : MAttr<"NoParamsFmt", "nop"> {
  let assemblyFormat = "`<` `>`";
}
def CustomFmt : MAttr<"CustomFmt", "cf"> {
  let parameters = (ins "int":$a);
  let hasCustomAssemblyFormat = 1;
}
def SC1 : MAttr<"SC1", "sc1"> {
  let parameters = (ins "int":$x, "int":$y);
  let assemblyFormat = "`<` struct($x, custom<Foo>($y)) `>`";
}
def SC2 : MAttr<"SC2", "sc2"> {
  let parameters = (ins "int":$x, OptionalParameter<"int">:$y, OptionalParameter<"int">:$z);
  let assemblyFormat = "`<` struct(custom<Foo>($x), custom<Bar>($y), $z) `>`";
}
def SC3 : MAttr<"SC3", "sc3"> {
  let parameters = (ins OptionalParameter<"int">:$y, OptionalParameter<"int">:$z);
  let assemblyFormat = "`<` struct(custom<Bar>($y), custom<Baz>($z)) `>`";
}
