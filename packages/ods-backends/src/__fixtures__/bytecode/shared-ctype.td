// Two attributes sharing a C++ type need printer predicates to tell them apart.
include "mlir/IR/BytecodeBase.td"

let cType = "NumberAttr" in {
def SmallNumberAttr : DialectAttribute<(attr VarInt:$value)>;
def BigNumberAttr : DialectAttribute<(attr SignedVarInt:$value)>;
}

def BadAttributes : DialectAttributes<"Bad"> {
  let elems = [SmallNumberAttr, BigNumberAttr];
}
