// Patterns instantiated from (nested) multiclasses: "Generated from" lists the instantiations.
include "dialect.td"
def OpM : TOp<"op_m"> {
  let arguments = (ins AnyType:$a);
  let results = (outs AnyType:$r0);
}
multiclass MC<int n> {
  def _p : Pat<(OpM $x), (OpM $x), [], [], (addBenefit n)>;
}
defm Foo : MC<2>;
multiclass MC2 {
  defm Bar : MC<3>;
}
defm Baz : MC2;
