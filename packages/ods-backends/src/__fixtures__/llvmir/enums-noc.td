include "mlir/IR/EnumAttr.td"
class LLVM_EnumAttrCase<string cppSym, string irSym, string llvmSym, int val> : I64EnumAttrCase<cppSym, val, irSym> { string llvmEnumerant = llvmSym; }
class LLVM_EnumAttr<string name, string llvmName, string description, list<LLVM_EnumAttrCase> cases, list<LLVM_EnumAttrCase> unsupportedCases = []> : I64EnumAttr<name, description, cases> {
  list<LLVM_EnumAttrCase> unsupported = unsupportedCases;
  string llvmClassName = llvmName;
}

def A1 : LLVM_EnumAttrCase<"a1", "a1", "A_One", 0>;
def A2 : LLVM_EnumAttrCase<"a2", "a2", "A_Two", 1>;
def A3 : LLVM_EnumAttrCase<"a3", "a3", "A_Bad", 2>;
def Zeta : LLVM_EnumAttr<"Zeta", "::llvm::Zeta", "z", [A1, A2], [A3]> { let cppNamespace = "::mlir::T"; }
def Alpha : LLVM_EnumAttr<"Alpha", "::llvm::Alpha", "a", [A2]>;

