include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpBase.td"
def D_Dialect : Dialect { let name = "dd"; }
def E1 : I32Enum<"E1", "", [I32EnumCase<"a", 0>, I32EnumCase<"None", 3, "nn">]>;
def E2 : I64EnumAttr<"E2", "summ", [I64EnumAttrCase<"x", 5>]> { let cppNamespace = "::q"; }
def E3 : I32BitEnumAttr<"E3", "bits", [I32BitEnumAttrCaseNone<"none">, I32BitEnumAttrCaseBit<"b0", 0>, I32BitEnumAttrCaseBit<"b1", 1, "bb">, I32BitEnumAttrCaseGroup<"all", [I32BitEnumAttrCaseBit<"b0", 0>]>]> { let separator = ", "; }
def E4 : I8BitEnum<"E4", "b8", [I8BitEnumCaseBit<"x", 2>]>;
def E2Attr : EnumAttr<D_Dialect, E2, "e2x">;
def E3Attr : EnumAttr<D_Dialect, E3, "e3x"> { let assemblyFormat = "`<` $value `>`"; }
