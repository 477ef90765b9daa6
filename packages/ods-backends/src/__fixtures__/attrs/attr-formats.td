// Attribute and type declarative assembly formats: every directive and parameter kind.
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/OpBase.td"

def Fmt_Dialect : Dialect {
  let name = "fmt";
  let cppNamespace = "::fmt";
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
}

class FmtAttr<string name, string mn, list<Trait> traits = []>
    : AttrDef<Fmt_Dialect, name, traits> {
  let mnemonic = mn;
}
class FmtType<string name, string mn, list<Trait> traits = []>
    : TypeDef<Fmt_Dialect, name, traits> {
  let mnemonic = mn;
}

def ParamsOptionalAttr : FmtAttr<"ParamsOptional", "params_opt"> {
  let parameters = (ins "int":$a, OptionalParameter<"int">:$b, "int":$c,
                        DefaultValuedParameter<"unsigned", "7">:$d,
                        OptionalParameter<"::mlir::Type">:$e);
  let assemblyFormat = "`<` params `>`";
}

def StructRequiredAttr : FmtAttr<"StructRequired", "struct_req"> {
  let parameters = (ins "int":$x, StringRefParameter<"a name">:$name,
                        ArrayRefParameter<"int">:$values);
  let assemblyFormat = "`<` struct($x, $name, $values) `>`";
}

def StructMixedAttr : FmtAttr<"StructMixed", "struct_mixed"> {
  let parameters = (ins "int":$x, OptionalParameter<"int">:$y,
                        APFloatParameter<"a float">:$f);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def StructOptionalAttr : FmtAttr<"StructOptional", "struct_opt"> {
  let parameters = (ins OptionalParameter<"int">:$x,
                        DefaultValuedParameter<"bool", "false">:$flag);
  let assemblyFormat = "`<` struct($x, $flag) `>`";
}

def CustomAttr : FmtAttr<"Custom", "custom"> {
  let parameters = (ins "int":$a, "::mlir::Attribute":$b, OptionalParameter<"int">:$c);
  let assemblyFormat = [{
    `<` $a `,` custom<Thing>($b, ref($a), "$_ctxt", "\"str\"") (`,` custom<Maybe>($c)^)? `>`
  }];
}

def QualifiedAttr : FmtAttr<"Qualified", "qualified"> {
  let parameters = (ins "::mlir::Attribute":$inner, "::mlir::Type":$ty);
  let assemblyFormat = "`<` qualified($inner) `:` qualified($ty) `>`";
}

def WhitespaceAttr : FmtAttr<"Whitespace", "ws"> {
  let parameters = (ins "int":$a, "int":$b, "int":$c);
  let assemblyFormat = "`<` $a `` `,` ` ` $b `\\n` `->` $c `>`";
}

def OptionalGroupsAttr : FmtAttr<"OptionalGroups", "groups"> {
  let parameters = (ins OptionalParameter<"int">:$a, OptionalParameter<"int">:$b,
                        OptionalParameter<"::mlir::Attribute">:$c,
                        DefaultValuedParameter<"int", "3">:$d);
  let assemblyFormat = [{
    `<` (`a` `=` $a^)? ($b^ `b`)? (`c` $c^) : (`noc`)? (` ` `d` $d^)? `>`
  }];
}

def OptionalParamsGroupAttr : FmtAttr<"OptionalParamsGroup", "opt_params"> {
  let parameters = (ins OptionalParameter<"int">:$a, OptionalParameter<"int">:$b);
  let assemblyFormat = "(`<` params^ `>`)?";
}

def BareOptionalAttr : FmtAttr<"BareOptional", "bare_opt"> {
  let parameters = (ins OptionalParameter<"int">:$a, "int":$b);
  let assemblyFormat = "$b $a";
}

def SelfTypeAttr : FmtAttr<"SelfType", "self"> {
  let parameters = (ins "int":$value, AttributeSelfTypeParameter<"">:$type);
  let assemblyFormat = "`<` $value `>`";
}

def RequiredSelfTypeAttr : FmtAttr<"RequiredSelfType", "req_self"> {
  let parameters = (ins AttributeSelfTypeParameter<"", "::mlir::IntegerType">:$type,
                        "int":$value);
  let assemblyFormat = "`<` custom<Val>($value, ref($type)) `>`";
}

def CustomParamAttr : FmtAttr<"CustomParam", "custom_param"> {
  let parameters = (ins AttrParameter<"int", "custom"> :$v,
                        DefaultValuedParameter<"int", "$_ctxt ? 1 : 2"> :$w);
  let assemblyFormat = "`<` $v (`,` $w^)? `>`";
}

def CustomPrinterParam : AttrOrTypeParameter<"long", "with printer"> {
  let parser = "parseLong($_parser, $_type)";
  let printer = "printLong($_printer, $_self)";
  let convertFromStorage = "static_cast<long>($_self)";
  let comparator = "$_lhs.same($_rhs)";
}

def CustomPrinterAttr : FmtAttr<"CustomPrinter", "custom_printer"> {
  let parameters = (ins CustomPrinterParam:$v, "int":$w);
  let assemblyFormat = "`<` $v `x` $w `>`";
}

def EmptyFormatAttr : FmtAttr<"EmptyFormat", "empty_format"> {
  let parameters = (ins OptionalParameter<"int">:$v);
  let assemblyFormat = "";
}

def StructThenLiteralAttr : FmtAttr<"StructThenLiteral", "struct_lit"> {
  let parameters = (ins "int":$a, "int":$b);
  let assemblyFormat = "struct($a) `,` struct($b)";
}

def ParamsFmtType : FmtType<"Params", "params"> {
  let parameters = (ins "int":$width, OptionalParameter<"int">:$depth);
  let assemblyFormat = "`<` params `>`";
}

def DialectParamType : FmtType<"DialectParam", "dialect_param"> {
  let parameters = (ins CustomAttr:$attr, Builtin_ArrayAttr:$array);
  let assemblyFormat = "`<` $attr `,` $array `>`";
}

def StructType : FmtType<"Struct", "struct"> {
  let parameters = (ins "int":$x, OptionalParameter<"int">:$y);
  let assemblyFormat = "`<` struct($x, $y) `>`";
  let genVerifyDecl = 1;
}

def ElseGroupType : FmtType<"ElseGroup", "else_group"> {
  let parameters = (ins OptionalParameter<"int">:$a);
  let assemblyFormat = "`<` (`none`) : ($a^)? `>`";
}

def CustomFirstGroupType : FmtType<"CustomFirstGroup", "custom_first"> {
  let parameters = (ins OptionalParameter<"int">:$a, OptionalParameter<"int">:$b);
  let assemblyFormat = "`<` (custom<AB>($a, $b)^ `-`)? `>`";
}
