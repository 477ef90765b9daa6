// TOSA-style ops with availability specs of several classes (for --gen-tosa-avail-impls): the
// methods come in the order of mlir-tblgen's StringMap of class names, not as listed.
include "mlir/Dialect/Tosa/IR/TosaOpBase.td"

class Zeta<list<string> levels> : Availability {
  let queryFnRetType = "int";
  let queryFnName = "getZeta";
  let mergeAction = "$overall = std::max($overall, $instance)";
  let initializer = "0";
  let instance = !interleave(levels, " + ");
}
class Alpha<bit on> : Availability {
  let queryFnRetType = "bool";
  let queryFnName = "getAlpha";
  let mergeAction = "";
  let initializer = !if(on, "true", "false");
  let instance = "unused";
}

def Tosa_PlainOp : Tosa_Op<"plain"> {}
def Tosa_MixedOp : Tosa_Op<"mixed"> {
  let availability = [Zeta<["1", "2"]>, Profile<[Tosa_PRO_INT]>, Alpha<1>, Zeta<["3"]>,
                      Extension<[Tosa_EXT_INT16, Tosa_EXT_BF16]>];
}
def Tosa_ManualOp : Tosa_Op<"manual"> {
  let autogenAvailability = 0;
}
