include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def Toy_Dialect : Dialect {
  let name = "toy";
  let cppNamespace = "::toy";
}

class Toy_Op<string mnemonic, list<Trait> traits = []> : Op<Toy_Dialect, mnemonic, traits>;

def Toy_AddOp : Toy_Op<"add", [Pure, SameOperandsAndResultType]> {
  let summary = "adds two values";
  let arguments = (ins AnyInteger:$lhs, AnyInteger:$rhs, OptionalAttr<I64Attr>:$tag,
                       UnitAttr:$exact);
  let results = (outs AnyInteger:$sum);
  let assemblyFormat = "$lhs `,` $rhs (`exact` $exact^)? (`tag` $tag^)? attr-dict `:` type($sum)";
}

def Toy_PackOp : Toy_Op<"pack", [AttrSizedOperandSegments,
    PredOpTrait<"count is positive", CPred<"$count.getInt() > 0">>]> {
  let arguments = (ins Variadic<I32>:$a, Variadic<AnyType>:$b,
                       DefaultValuedAttr<I32Attr, "3">:$count);
  let results = (outs Variadic<AnyType>:$out);
  let regions = (region SizedRegion<1>:$body);
  let hasVerifier = 1;
  let assemblyFormat = [{
    `(` $a `)` `[` $b `]` (`count` $count^)? $body attr-dict-with-keyword `:` type($b) `->` type($out)
  }];
}

def Toy_BrOp : Toy_Op<"br", [Terminator]> {
  let arguments = (ins Variadic<AnyType>:$args);
  let successors = (successor AnySuccessor:$dest);
  let assemblyFormat = "$dest (`(` $args^ `:` type($args) `)`)? attr-dict";
}

def Toy_CallOp : Toy_Op<"call"> {
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$operands);
  let results = (outs Variadic<AnyType>);
  let assemblyFormat = "$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)";
}

// `-` and `+` as single-character literals, at the start and after a variable.
def Toy_NegOp : Toy_Op<"neg"> {
  let arguments = (ins I32:$x, Variadic<I32>:$rest);
  let results = (outs I32:$y);
  let assemblyFormat = "`-` $x (`+` $rest^)? attr-dict `-` `>` type($y)";
}

def Toy_GenericOp : Toy_Op<"generic"> {
  let arguments = (ins AnyType:$x, StrAttr:$name);
  let results = (outs AnyType:$y);
  let hasCustomAssemblyFormat = 1;
}
