// DRR mistakes in patterns instantiated from a multiclass: the error is followed by an
// "instantiated from multiclass" note, as mlir-tblgen-22 prints it.
include "dialect.td"
def OpM : TOp<"op_m"> {
  let arguments = (ins AnyType:$a);
  let results = (outs AnyType:$r0);
}
multiclass MC {
#ifdef M1
  def _p : Pat<(OpM $x), (OpM $y)>;
#endif
#ifdef M2
  def _p : Pat<(OpM $x, $x), (OpM $x)>;
#endif
}
defm Foo : MC;
