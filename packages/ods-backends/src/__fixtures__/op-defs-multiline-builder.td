// Buildable types whose builder call spans several lines (op-defs.test.ts): the builders of ops
// whose result types are all buildable, and the parsers of formats that build operand and result
// types.
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def Ml_Dialect : Dialect {
  let name = "ml";
  let cppNamespace = "::ml";
}
class Ml_Op<string mnemonic, list<Trait> traits = []> : Op<Ml_Dialect, mnemonic, traits>;

def Ml_Wide : Type<CPred<"::llvm::isa<::mlir::IntegerType>($_self)">, "wide", "::mlir::IntegerType">,
    BuildableType<[{
      $_builder.getIntegerType(
          128)
    }]>;
def Ml_Pair : Type<CPred<"true">, "pair">,
    BuildableType<"$_builder.getTupleType({\n  $_builder.getI32Type(),\n  $_builder.getI64Type()})">;

def Ml_MakeOp : Ml_Op<"make"> {
  let arguments = (ins Ml_Wide:$in, I32:$n);
  let results = (outs Ml_Wide:$out, Ml_Pair:$pair);
  let assemblyFormat = "$in `,` $n attr-dict";
}
def Ml_OneOp : Ml_Op<"one"> {
  let arguments = (ins Variadic<Ml_Pair>:$ins);
  let results = (outs Ml_Pair:$out);
  let assemblyFormat = "$ins attr-dict";
}
def Ml_InferredOp : Ml_Op<"inferred", [InferTypeOpInterface]> {
  let arguments = (ins I32:$n);
  let results = (outs Ml_Wide:$out, Ml_Pair:$pair);
}
def Ml_InferredFormatOp : Ml_Op<"inferred_format", [InferTypeOpInterface]> {
  let arguments = (ins Ml_Wide:$in);
  let results = (outs Ml_Wide:$out);
  let assemblyFormat = "$in attr-dict";
}
