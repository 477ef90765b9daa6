// Fixture for the enum generators (ods-ts unit tests).
include "mlir/IR/EnumAttr.td"
def A : I32EnumAttrCase<"A", 0, "a-b">;
def B : I32EnumAttrCase<"B", 1, "b">;
def C : I32EnumAttrCase<"C3", 5>;
def MyEnum : I32EnumAttr<"MyEnum", "my enum", [A, B, C]> { let cppNamespace = "::foo::bar"; }
def X0 : I32BitEnumCaseNone<"None">;
def X1 : I32BitEnumCaseBit<"X1", 0, "x1">;
def X2 : I32BitEnumCaseBit<"X2", 1, "x2">;
def X3 : BitEnumCaseGroup<"X3", [X1, X2], "x3">;
def MyBits : I32BitEnum<"MyBits", "my bits", [X0, X1, X2, X3]> { let separator = ", "; let printBitEnumPrimaryGroups = 1; }
def MyBits2 : I32BitEnum<"MyBits2", "my bits", [X1, X2]> { let cppNamespace = "q"; }
def E2 : I32Enum<"Plain", "plain enum", [A, B]>;
