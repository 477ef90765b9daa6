//===- ToyOps.td - Operations of the example `toy` dialect -*- tablegen -*-===//
//
// Covers: variadic and optional operands, DefaultValuedAttr, OptionalAttr,
// UnitAttr, a property, a region with an implicit terminator, successors,
// custom builders, verifiers, an op interface (with and without overriding its
// default implementation), a dialect type, attribute and enum attribute in
// declarative assembly formats, and a canonicalization pattern in DRR.
//
//===----------------------------------------------------------------------===//

#ifndef TOY_OPS_TD
#define TOY_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "Toy/ToyDialect.td"
include "Toy/ToyTypes.td"
include "Toy/ToyAttrs.td"
include "Toy/ToyInterfaces.td"

//===----------------------------------------------------------------------===//
// toy.constant
//===----------------------------------------------------------------------===//

def Toy_ConstantOp : Toy_Op<"constant", [ConstantLike, Pure]> {
  let summary = "a dense f64 tensor constant";
  let description = [{
    ```mlir
    %0 = toy.constant dense<[1.0, 2.0]> : tensor<2xf64> : tensor<2xf64>
    ```
  }];
  let arguments = (ins F64ElementsAttr:$value);
  let results = (outs F64Tensor:$result);
  let assemblyFormat = "$value attr-dict `:` type($result)";

  let builders = [
    // A rank-0 tensor holding `value`.
    OpBuilder<(ins "double":$value), [{
      auto type = ::mlir::RankedTensorType::get({}, $_builder.getF64Type());
      build($_builder, $_state, type,
            ::mlir::DenseElementsAttr::get(type, value));
    }]>,
    OpBuilder<(ins "::mlir::DenseElementsAttr":$value), [{
      build($_builder, $_state, value.getType(), value);
    }]>
  ];
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// toy.add
//===----------------------------------------------------------------------===//

def Toy_AddOp : Toy_Op<"add", [Pure, AllTypesMatch<["lhs", "rhs", "result"]>, Toy_CostOpInterface]> {
  let summary = "element-wise addition";
  let arguments = (ins F64Tensor:$lhs, F64Tensor:$rhs);
  let results = (outs F64Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
  let builders = [
    OpBuilder<(ins "::mlir::Value":$lhs, "::mlir::Value":$rhs), [{
      build($_builder, $_state, lhs.getType(), lhs, rhs);
    }]>
  ];
}

//===----------------------------------------------------------------------===//
// toy.concat
//===----------------------------------------------------------------------===//

def Toy_ConcatOp : Toy_Op<"concat", [Pure, DeclareOpInterfaceMethods<Toy_CostOpInterface, ["getCost"]>]> {
  let summary = "joins tensors along an axis";
  let description = [{
    All inputs have the same rank, greater than `axis`. Costs one per input.
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$inputs,
                       DefaultValuedAttr<I64Attr, "0">:$axis);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $inputs attr-dict `:` functional-type($inputs, $result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// toy.print
//===----------------------------------------------------------------------===//

def Toy_PrintOp : Toy_Op<"print", [MemoryEffects<[MemWrite]>]> {
  let summary = "prints a value, optionally after a prefix value";
  let arguments = (ins AnyType:$input,
                       Optional<AnyType>:$prefix,
                       OptionalAttr<StrAttr>:$label,
                       UnitAttr:$newline);
  let assemblyFormat = [{
    $input (`after` $prefix^ `:` type($prefix))? (`label` $label^)?
    (`newline` $newline^)? attr-dict `:` type($input)
  }];
}

//===----------------------------------------------------------------------===//
// toy.scope and toy.yield
//===----------------------------------------------------------------------===//

def Toy_ScopeOp : Toy_Op<"scope", [
    RecursiveMemoryEffects, SingleBlockImplicitTerminator<"YieldOp">]> {
  let summary = "a single-block region whose yielded values are the results";
  let description = [{
    With a `budget`, the costs of the ops of the body (see `CostOpInterface`)
    must not add up to more than the budget.
  }];
  let arguments = (ins OptionalAttr<StrAttr>:$tag, OptionalAttr<I64Attr>:$budget);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    ($tag^)? attr-dict-with-keyword $body (`->` type($results)^)?
  }];
  let hasRegionVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::TypeRange":$resultTypes,
                   CArg<"::mlir::StringAttr", "{}">:$tag), [{
      $_state.addTypes(resultTypes);
      if (tag)
        $_state.addAttribute(getTagAttrName($_state.name), tag);
      ::mlir::Region *body = $_state.addRegion();
      body->push_back(new ::mlir::Block());
    }]>
  ];
}

def Toy_YieldOp : Toy_Op<"yield", [Pure, Terminator, HasParent<"ScopeOp">]> {
  let summary = "ends a toy.scope body and gives its results";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
  let builders = [OpBuilder<(ins), [{ /* no values */ }]>];
}

//===----------------------------------------------------------------------===//
// toy.cond_br
//===----------------------------------------------------------------------===//

def Toy_CondBranchOp : Toy_Op<"cond_br", [
    AttrSizedOperandSegments, Pure, Terminator]> {
  let summary = "branches to one of two blocks on an i1 condition";
  let arguments = (ins I1:$condition,
                       Variadic<AnyType>:$thenArgs,
                       Variadic<AnyType>:$elseArgs);
  let successors = (successor AnySuccessor:$thenDest, AnySuccessor:$elseDest);
  let assemblyFormat = [{
    $condition `then` $thenDest (`(` $thenArgs^ `:` type($thenArgs) `)`)?
    `else` $elseDest (`(` $elseArgs^ `:` type($elseArgs) `)`)? attr-dict
  }];
}

//===----------------------------------------------------------------------===//
// toy.neg
//===----------------------------------------------------------------------===//

def Toy_NegOp : Toy_Op<"neg", [Pure, SameOperandsAndResultType, Toy_CostOpInterface]> {
  let summary = "element-wise negation";
  let arguments = (ins F64Tensor:$input);
  let results = (outs F64Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($result)";
  let hasCanonicalizer = 1;
}

// neg(neg(x)) -> x
def Toy_NegNegPattern : Pat<(Toy_NegOp (Toy_NegOp $x)), (replaceWithValue $x)>;

//===----------------------------------------------------------------------===//
// toy.round
//===----------------------------------------------------------------------===//

def Toy_RoundOp : Toy_Op<"round", [Pure, SameOperandsAndResultType, Toy_CostOpInterface]> {
  let summary = "rounds the elements of a tensor";
  let description = [{
    ```mlir
    %1 = toy.round down %0 exact : tensor<2xf64>
    ```
  }];
  let arguments = (ins F64Tensor:$input, Toy_RoundingModeAttr:$mode, UnitProp:$exact);
  let results = (outs F64Tensor:$result);
  let assemblyFormat = "$mode $input (`exact` $exact^)? attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// toy.iota
//===----------------------------------------------------------------------===//

def Toy_IotaOp : Toy_Op<"iota", [Pure]> {
  let summary = "the integers of a range, as a 1-D tensor";
  let description = [{
    ```mlir
    %0 = toy.iota <0 to 4> : tensor<4xf64>
    ```
  }];
  let arguments = (ins Toy_RangeAttr:$range);
  let results = (outs 1DTensorOf<[F64]>:$result);
  let assemblyFormat = "$range attr-dict `:` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// toy.make_box
//===----------------------------------------------------------------------===//

def Toy_MakeBoxOp : Toy_Op<"make_box", [Pure, DeclareOpInterfaceMethods<Toy_CostOpInterface, ["getCost"]>]> {
  let summary = "puts values into a box";
  let description = [{
    ```mlir
    %b = toy.make_box(%x, %y : f64, f64) : !toy.box<f64, 4>
    ```
    At most `capacity` values, all of the element type of the box.
  }];
  let arguments = (ins Variadic<AnyFloat>:$elements);
  let results = (outs Toy_BoxType:$box);
  let assemblyFormat = [{
    (`(` $elements^ `:` type($elements) `)`)? attr-dict `:` qualified(type($box))
  }];
  let hasVerifier = 1;
}

#endif // TOY_OPS_TD
