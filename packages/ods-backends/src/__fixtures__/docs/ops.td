include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
def T_Dialect : Dialect { let name = "tt"; let cppNamespace = "::mlir::tt"; let summary = "the T dialect"; let description = [{
    A long
      description.
  }]; }
class T_Op<string mn, list<Trait> traits = []> : Op<T_Dialect, mn, traits>;
def AddOp : T_Op<"add", [Pure, Commutative, SameOperandsAndResultType]> {
  let summary = "adds things";
  let description = [{
    Adds.
  }];
  let arguments = (ins AnyInteger:$lhs, Variadic<AnyType>:$rest, I32Attr:$a, OptionalAttr<StrAttr>:$s, UnitAttr:$u);
  let results = (outs AnyInteger:$res, AnyType);
  let assemblyFormat = [{
    $lhs `,` $rest
      attr-dict `:` type($res)
  }];
}
def BrOp : T_Op<"br", [Terminator, MemoryEffects<[MemRead, MemWrite]>]> {
  let successors = (successor AnySuccessor:$dest, VariadicSuccessor<AnySuccessor>:$others);
  let regions = (region AnyRegion:$body);
}
