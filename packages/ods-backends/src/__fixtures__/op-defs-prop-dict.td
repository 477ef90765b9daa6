// Properties in `prop-dict` formats and in ops printed generically (op-defs.test.ts):
// setPropertiesFromParsedAttr takes every property and attribute the format does not bind
// (properties first), and the printer elides bound properties, then bound attributes, default
// attributes and default properties.
include "mlir/IR/OpBase.td"
include "mlir/IR/Properties.td"

def Pd_Dialect : Dialect {
  let name = "pd";
  let cppNamespace = "::pd";
}
class Pd_Op<string mnemonic, list<Trait> traits = []> : Op<Pd_Dialect, mnemonic, traits>;

// No format: every property and attribute.
def Pd_GenericOp : Pd_Op<"generic"> {
  let arguments = (ins I64Prop:$count, OptionalAttr<I32Attr>:$maybe_attr,
                       DefaultValuedProp<I64Prop, "3">:$level, OptionalProp<I64Prop>:$maybe,
                       UnitProp:$flag, I32Attr:$req, StringProp:$label,
                       DefaultValuedProp<BoolProp, "false">:$on, ArrayProp<I64Prop>:$dims);
}
// Some bound by the format, some in the dictionary.
def Pd_MixedOp : Pd_Op<"mixed"> {
  let arguments = (ins DefaultValuedProp<I64Prop, "3">:$level, I64Prop:$count,
                       DefaultValuedProp<I64Prop, "4">:$width, UnitAttr:$unit, I32Attr:$req,
                       DefaultValuedAttr<I32Attr, "1">:$dflt, OptionalProp<I64Prop>:$maybe);
  let assemblyFormat = "$req (`w` $width^)? $count $level prop-dict attr-dict";
}
// Segment sizes come first.
def Pd_SegmentsOp : Pd_Op<"segments", [AttrSizedOperandSegments]> {
  let arguments = (ins Variadic<I32>:$a, Variadic<I32>:$b, DefaultValuedProp<I64Prop, "3">:$level,
                       I64Prop:$count, DefaultValuedAttr<I32Attr, "1">:$dflt);
  let assemblyFormat = "$a `,` $b $count prop-dict attr-dict";
}
// Only the dictionaries.
def Pd_DictOnlyOp : Pd_Op<"dict_only"> {
  let arguments = (ins DefaultValuedProp<I64Prop, "3">:$z, I32Attr:$req, DefaultValuedProp<I64Prop, "3">:$y,
                       DefaultValuedAttr<I32Attr, "1">:$dflt, UnitProp:$u, UnitAttr:$ua);
  let assemblyFormat = "prop-dict attr-dict";
}
