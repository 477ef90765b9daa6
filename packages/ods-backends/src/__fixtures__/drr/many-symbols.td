// Patterns binding many symbols (the symbol table grows past 13 entries and is rehashed), with
// repeated operand symbols and a shared source DAG.
include "dialect.td"
def OpG : TOp<"op_g"> {
  let arguments = (ins AnyType:$a, AnyType:$b, AnyType:$c, AnyType:$d, AnyType:$e, AnyType:$f, AnyType:$g, AnyType:$h, I32Attr:$i, OptionalAttr<I32Attr>:$j);
  let results = (outs AnyType:$r);
}
def OpE : TOp<"op_e"> {
  let arguments = (ins AnyType:$a, AnyType:$b);
  let results = (outs AnyType:$r);
}
def Z1 : Pat<(OpE (OpG:$g1 $x, $x, $y, $y, $z, $x, $w, $w, $i1, $j1), $k), (OpE $x, $k)>;
def Z2 : Pat<(OpE (OpG:$g1 $x, $x, $y, $y, $z, $x, $w, $w, $i1, $j1), $k), (OpE $k, $x)>;
def Z3 : Pat<(OpG (OpE $a1, $a2), (OpE $b1, $b2), (OpE $c1, $c2), (OpE $d1, $d2), $e, $f, $g, $h, $i, $j), (OpE $a1, $h), [(HasNoUseOf:$h)]>;
def Z4 : Pat<(OpG (OpE:$o1 $a1, $a2), (OpE:$o2 $b1, $b2), (OpE:$o3 $c1, $c2), (OpE:$o4 $d1, $d2), (OpE:$o5 $e1, $e2), $f, $g, $h, $i, $j), (OpE $e2, $h)>;
