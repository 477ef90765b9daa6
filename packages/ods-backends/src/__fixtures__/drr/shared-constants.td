// Constant attributes used by several patterns (uniqued constraint functions, shared matchers).
include "dialect.td"
def OpA : TOp<"op_a"> {
  let arguments = (ins AnyType:$x, I32Attr:$a);
  let results = (outs AnyType:$r);
}
def H1 : Pat<(OpA $x, ConstantAttr<I32Attr, "5">), (OpA $x, ConstantAttr<I32Attr, "6">)>;
def H2 : Pat<(OpA (OpA $x, ConstantAttr<I32Attr, "5">), $b), (OpA $x, $b)>;
def H3 : Pat<(OpA $x, ConstantAttr<I32Attr, "7">), (OpA $x, ConstantAttr<I32Attr, "5">)>;
def H4 : Pat<(OpA (OpA $x, ConstantAttr<I32Attr, "7">), ConstantAttr<I32Attr, "5">), (OpA $x, ConstantAttr<I32Attr, "5">)>;
