// Ops exercising the Python op bindings generator (--gen-python-op-bindings --bind-dialect=py).
include "mlir/IR/OpBase.td"
include "mlir/IR/Properties.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def Py_Dialect : Dialect {
  let name = "py";
  let cppNamespace = "::py";
}

class Py_Op<string mnemonic, list<Trait> traits = []> : Op<Py_Dialect, mnemonic, traits>;

def Py_PlainOp : Py_Op<"plain"> {
  let description = [{
      Indented description.

        With a nested block   
    and a less indented line.
  }];
  let arguments = (ins I32:$lhs, AnyType:$in, F32Attr:$attr, OptionalAttr<I1Attr>:$maybe,
                       UnitAttr:$flag, DefaultValuedAttr<I1Attr, "false">:$dflt, AnyType);
  let results = (outs AnyType);
}

def Py_OptionalsOp : Py_Op<"optionals"> {
  let arguments = (ins Optional<Index>:$opt, AnyVectorOfAnyRank:$vec, I64Prop:$count);
  let results = (outs Optional<I1>:$flag, AnyRankedTensor:$t);
}

def Py_VariadicOp : Py_Op<"variadic.op", [SameVariadicOperandSize, SameVariadicResultSize]> {
  let arguments = (ins Variadic<AnyType>:$a, I32:$b, Variadic<AnyType>:$c, Optional<AnyType>:$d);
  let results = (outs Variadic<AnyType>:$r1, Index:$r2, Variadic<AnyType>:$r3);
}

def Py_SegmentsOp : Py_Op<"segments", [AttrSizedOperandSegments, AttrSizedResultSegments]> {
  let arguments = (ins Variadic<AnyType>:$a, Optional<AnyType>:$b, AnyType:$c);
  let results = (outs Variadic<AnyType>:$x, Optional<AnyType>:$y, I8:$z);
  let regions = (region AnyRegion:$body, VariadicRegion<AnyRegion>:$rest);
  let successors = (successor AnySuccessor:$next, VariadicSuccessor<AnySuccessor>:$others);
}

def Py_SameTypeOp : Py_Op<"same", [SameOperandsAndResultType]> {
  let arguments = (ins AnyType:$x, AnyType:$y);
  let results = (outs AnyType:$res, AnyType:$res2);
}

def Py_InferOp : Py_Op<"infer", [InferTypeOpInterface]> {
  let arguments = (ins AnyType:$x, OptionalAttr<StrAttr>:$name);
  let results = (outs AnyType:$res);
}

def Py_DerivedOp : Py_Op<"derived", [FirstAttrDerivedResultType]> {
  let arguments = (ins TypeAttr:$value, I32:$operand);
  let results = (outs AnyType:$out);
}

def Py_names : Py_Op<"1names"> {
  let arguments = (ins AnyType:$lambda, AnyType:$results, AnyType:$_ods_x, StrAttr:$type,
                       DenseI64ArrayAttr:$camelCaseName, AffineMapAttr:$XMLHttp);
  let results = (outs Variadic<AnyType>, AnyType);
  let regions = (region SizedRegion<1>:$region, AnyRegion);
}

def Py_PropFirstOp : Py_Op<"propfirst"> {
  let arguments = (ins I32Prop:$p, AnyType:$operand, Optional<AnyType>:$maybe);
  let results = (outs Variadic<Index>:$vals);
}

def Py_OnlyOptionalResultOp : Py_Op<"optres"> {
  let results = (outs Optional<AnyType>:$r);
}
