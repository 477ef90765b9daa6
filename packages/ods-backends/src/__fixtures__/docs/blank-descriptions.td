// Blank (whitespace-only) op, dialect, type and attribute summaries and descriptions: op and
// dialect docs and Python docstrings leave them out.
include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
def Bl_Dialect : Dialect {
  let name = "bl";
  let cppNamespace = "::bl";
  let summary = "blank dialect";
  let description = "  \n  ";
}
class Bl_Op<string mnemonic, list<Trait> traits = []> : Op<Bl_Dialect, mnemonic, traits>;
def Bl_SpacesOp : Bl_Op<"spaces"> {
  let summary = "spaces";
  let description = "   ";
}
def Bl_NewlinesOp : Bl_Op<"newlines"> {
  let description = [{

  }];
}
def Bl_TabOp : Bl_Op<"tab"> {
  let summary = " ";
  let description = "\t";
  let arguments = (ins I32:$x);
}
def Bl_RealOp : Bl_Op<"real"> {
  let description = "real";
}
def Bl_T : TypeDef<Bl_Dialect, "Blank"> { let mnemonic = "blank"; let description = "  "; let summary = "  "; }
def Bl_A : AttrDef<Bl_Dialect, "Blank"> { let mnemonic = "blank"; let description = "\n"; }
