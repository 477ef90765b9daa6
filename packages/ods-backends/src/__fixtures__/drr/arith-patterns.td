// Patterns over MLIR 22's own Arith ops (ArithOps.td read in place): properties holding enum and
// fastmath attributes, ConstantEnumCase, ConstantLikeMatcher, `$_` operands and `__N` results of
// multi-result ops in constraints.
include "mlir/IR/PatternBase.td"
include "mlir/Dialect/Arith/IR/ArithOps.td"

def MakeZero : NativeCodeCall<"$_builder.getZeroAttr($0.getType())">;
def Combine : NativeCodeCall<"combineFlags($0, $1)">;
defvar NoWrap = ConstantEnumCase<Arith_IntegerOverflowAttr, "none">;
def IsZeroAttr : Constraint<CPred<"isZeroLike($0)">, "is zero">;
def SameType : Constraint<CPred<"$0.getType() == $1.getType()">, "same type">;

// subi(x, 0) -> x
def SubZero : Pat<(Arith_SubIOp $x, (ConstantLikeMatcher AnyAttr:$z), $ovf),
                  (replaceWithValue $x), [(IsZeroAttr $z)]>;
// muli(x, y) with both sides extended from the same type -> extsi(muli(a, b))
def MulOfExt : Pat<(Arith_MulIOp (Arith_ExtSIOp $a), (Arith_ExtSIOp $b), $ovf),
                   (Arith_ExtSIOp (Arith_MulIOp $a, $b, NoWrap)), [(SameType $a, $b)]>;
// addi(subi(x, y), y) -> x
def AddSubCancel : Pat<(Arith_AddIOp (Arith_SubIOp $x, $y, $o1), $y, $o2), (replaceWithValue $x)>;
// cmpi(pred, x, x) with an unused low half -> a constant built from the predicate
def CmpSelf : Pat<(Arith_CmpIOp $pred, $x, $x),
                  (Arith_ConstantOp (MakeZero $x))>;
// addf(negf(x), y) -> subf(y, x), keeping the fastmath flags of the add
def AddNegF : Pat<(Arith_AddFOp (Arith_NegFOp $x, $_), $y, $fmf), (Arith_SubFOp $y, $x, $fmf)>;
// mului_extended(x, y) whose high half is unused -> [muli(x, y), x]
def MulUIExtLow : Pattern<(Arith_MulUIExtendedOp:$m $x, $y),
                          [(Arith_MulIOp $x, $y, NoWrap), (replaceWithValue $x)],
                          [(Constraint<CPred<"$0.use_empty()">> $m__1)]>;
// select(c, x, x) -> x
def SelectSame : Pat<(SelectOp $c, $x, $x), (replaceWithValue $x)>;
// xori(xori(x, y), y) -> x, either order of the inner operands
def XorXor : Pat<(Arith_XOrIOp (Arith_XOrIOp (either $x, $y)), $y), (replaceWithValue $x)>;
// andi(x, x) -> x and ori(x, x) -> x
def AndSame : Pat<(Arith_AndIOp $x, $x), (replaceWithValue $x)>;
def OrSame : Pat<(Arith_OrIOp $x, $x), (replaceWithValue $x)>;
// subi(x, addi(x, c)) -> subi(0, c), with combined overflow flags
def SubAddConst : Pat<(Arith_SubIOp $x, (Arith_AddIOp $x, $c, $o1), $o2),
                      (Arith_SubIOp (Arith_ConstantOp (MakeZero $c)), $c, (Combine $o1, $o2))>;
