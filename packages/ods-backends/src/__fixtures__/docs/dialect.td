include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
def T_Dialect : Dialect { let name = "tt"; let cppNamespace = "::mlir::tt"; let description = [{
  Intro.
  [TOC]
}]; }
def U_Dialect : Dialect { let name = "uu"; }
class T_Op<string mn, list<Trait> traits = []> : Op<T_Dialect, mn, traits>;
def G1 : OpDocGroup { let summary = "  Group one "; let description = "  group desc\n  ## sub\n"; }
let opDocGroup = G1 in {
def ZOp : T_Op<"zed"> { let summary = "zed"; }
def AOp : T_Op<"alpha">;
}
def BOp : T_Op<"Beta">;
def UOp : Op<U_Dialect, "u">;
def TA : AttrDef<T_Dialect, "TA"> { let mnemonic = "ta"; let summary = "attr ta"; }
def TT : TypeDef<T_Dialect, "TT"> { let mnemonic = "tt"; }
def DA : DialectAttr<T_Dialect, CPred<"true">, "a dialect attr"> { let description = "dattr desc"; }
def DT : DialectType<T_Dialect, CPred<"true">, "a dialect type">;
def E : I32EnumAttr<"E", "an enum", [I32EnumAttrCase<"a", 0>]>;
def EE : I32Enum<"EE", "an enum2", [I32EnumCase<"b", 0>]>;
