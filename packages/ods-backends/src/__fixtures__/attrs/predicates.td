// Predicate simplification in constraint conditions: empty And/Or fold to true/false, and the
// constants collapse or vanish in their And/Or parents, except under SubstLeaves.
include "mlir/IR/OpBase.td"

def IsFoo : CPred<"isFoo($_self)">;
def IsBar : CPred<"isBar($_self)">;

class Checked<Pred pred, string fn> : TypeConstraint<pred, fn, "::mlir::Type", fn>;

def AlwaysType : Checked<Or<[IsFoo, And<[]>]>, "isAlways">;
def NeverType : Checked<And<[IsFoo, Or<[]>]>, "isNever">;
def ErasedTrueType : Checked<And<[IsFoo, And<[]>, IsBar]>, "isFooAndBar">;
def ErasedFalseType : Checked<Or<[Or<[]>, IsBar]>, "isJustBar">;
def NegType : Checked<Neg<Or<[IsFoo, And<[]>]>>, "isNotAlways">;
def SubstType : Checked<And<[SubstLeaves<"$_self", "d($_self.x)", IsFoo>, And<[]>]>, "isSubst">;
def SubstKeptType : Checked<SubstLeaves<"$_self", "r", And<[IsFoo, And<[]>]>>, "isSubstKept">;
def ConcatType : Checked<Concat<"pre(", And<[IsFoo, Or<[IsBar, And<[]>]>]>, ")">, "isConcat">;

def AlwaysAttr : AttrConstraint<Or<[CPred<"::llvm::isa<::mlir::UnitAttr>($_self)">, And<[]>]>,
                                "always attr"> {
  let cppFunctionName = "isAlwaysAttr";
}
