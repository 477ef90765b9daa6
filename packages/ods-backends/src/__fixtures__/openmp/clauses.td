// OpenMP-style clauses and ops whose clauses are not all taken over (for --gen-openmp-clause-ops
// and --verify-openmp-ops).
include "mlir/Dialect/OpenMP/OpenMPOpBase.td"

class OpenMP_FooClauseSkip<bit traits = false, bit arguments = false, bit assemblyFormat = false,
                           bit description = false, bit extraClassDeclaration = false>
    : OpenMP_Clause<traits, arguments, assemblyFormat, description, extraClassDeclaration> {
  let arguments = (ins Optional<I32>:$foo_value, OptionalAttr<I64Attr>:$foo_attr,
                       Variadic<AnyType>:$foo_vars, OptionalAttr<I64ArrayAttr>:$foo_list,
                       OptionalAttr<DenseI64ArrayAttr>:$foo_dense, AnyI32ElementsAttr:$foo_elems,
                       ElementsAttr:$foo_any_elems);
  let reqAssemblyFormat = "`foo` `(` $foo_value `)`";
  let optAssemblyFormat = "`bar` $foo_vars";
  let description = [{ The foo clause. }];
  let extraClassDeclaration = [{ int foo(); }];
}
def OpenMP_FooClause : OpenMP_FooClauseSkip<>;

def OpenMP_PlainClause : OpenMP_Clause<false, false, false, false, false> {
  let arguments = (ins UnitAttr:$plain);
}

// Takes over everything.
def OpenMP_GoodOp : OpenMP_Op<"good", [], [OpenMP_FooClause, OpenMP_PlainClause]> {
  let arguments = clausesArgs;
  let assemblyFormat = clausesReqAssemblyFormat # " oilist(" # clausesOptAssemblyFormat # ") attr-dict";
  let description = "Good. " # clausesDescription;
  let extraClassDeclaration = clausesExtraClassDeclaration;
}

// Takes over nothing.
def OpenMP_BadOp : OpenMP_Op<"bad", [], [OpenMP_FooClause, OpenMP_PlainClause]> {
  let arguments = (ins I32:$other);
  let assemblyFormat = "$other attr-dict";
  let extraClassDeclaration = "";
}

// Takes over part of it.
def OpenMP_PartialOp : OpenMP_Op<"partial", [], [OpenMP_FooClause]> {
  let arguments = (ins Optional<I32>:$foo_value, OptionalAttr<I64Attr>:$foo_attr);
  let assemblyFormat = "`foo` `(` $foo_value `)` attr-dict";
  let description = "The foo clause.";
}

// Skips what it does not take over.
def OpenMP_SkippingOp : OpenMP_Op<"skipping", [], [OpenMP_FooClauseSkip<false, true, true, true, true>]>;
