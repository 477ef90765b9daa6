// A small dialect bytecode description for --gen-bytecode (see mlir/IR/BytecodeBase.td).
include "mlir/IR/BytecodeBase.td"

def Str :
  WithParser <"succeeded($_reader.readString($_var))",
  WithBuilder<"$_args",
  WithPrinter<"$_writer.writeOwnedString($_getter)",
  WithType   <"StringRef">>>>;

def Pair : CompositeBytecode<"PairAttr"> {
  dag members = (attr Str:$key, Attribute:$value, VarInt:$count);
  let cBuilder = "PairAttr::get(context, $_args)";
}

def KVAttr : DialectAttribute<(attr Array<Pair>:$entries, Array<Attribute>:$extra)>;

let cType = "NumberAttr" in {
def SmallNumberAttr : DialectAttribute<(attr VarInt:$value)> {
  let printerPredicate = "$_val.isSmall()";
}
def BigNumberAttr : DialectAttribute<(attr
  WithGetter<"$_attrType.getBits()", SignedVarInt>:$_bits,
  LocalVar<"int64_t", "_bits * 2">:$value,
  Type:$type
)> {
  let printerPredicate = "!$_val.isSmall()";
  let cBuilder = "get<$_resultType>(context, value, type)";
}
}

def EmptyAttr : DialectAttribute<(attr)>;

def ShapeType : DialectType<(type
  Array<SignedVarIntList>:$dims,
  Array<Type>:$elements,
  Bool:$scalable
)>;

def OtherType : DialectType<(type Type:$inner, Type:$second, Str:$name)>;

def DemoAttributes : DialectAttributes<"Demo"> {
  let elems = [KVAttr, ReservedOrDead, SmallNumberAttr, EmptyAttr, BigNumberAttr];
}

def DemoTypes : DialectTypes<"Demo"> {
  let elems = [OtherType, ShapeType, ReservedOrDead];
}

def OtherTypes : DialectTypes<"Other"> {
  let elems = [];
}
