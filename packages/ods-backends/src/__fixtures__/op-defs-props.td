// Properties used as variables of op assembly formats (op-defs.test.ts).
include "mlir/IR/OpBase.td"
include "mlir/IR/Properties.td"
include "mlir/IR/EnumAttr.td"

def Pt_Dialect : Dialect {
  let name = "pt";
  let cppNamespace = "::pt";
}

class Pt_Op<string mnemonic, list<Trait> traits = []> : Op<Pt_Dialect, mnemonic, traits>;

def Pt_ModeNone : I32EnumCase<"none", 0>;
def Pt_ModeFast : I32EnumCase<"fast", 1>;
def Pt_ModeSafe : I32EnumCase<"safe", 2>;
def Pt_Mode : I32Enum<"Mode", "the mode", [Pt_ModeNone, Pt_ModeFast, Pt_ModeSafe]> {
  let cppNamespace = "::pt";
}

// A unit property anchoring a group, an enum property with a default anchoring a group it
// starts, a required integer property at the top level.
def Pt_FlagOp : Pt_Op<"flag"> {
  let arguments = (ins I32:$in, UnitProp:$exact,
                       DefaultValuedProp<EnumProp<Pt_Mode>, "::pt::Mode::none">:$mode,
                       I64Prop:$count);
  let results = (outs I32:$out);
  let assemblyFormat = [{
    ($mode^)? (`exact` $exact^)? $in `count` $count attr-dict `:` type($out)
  }];
}

// An optional property in an oilist, a unit property as a whole oilist clause and a
// default-valued property anchoring a group it does not start.
def Pt_ClauseOp : Pt_Op<"clause"> {
  let arguments = (ins I32:$in, OptionalProp<I64Prop>:$align, UnitProp:$nt,
                       DefaultValuedProp<I64Prop, "0">:$level);
  let assemblyFormat = [{
    $in (`level` `=` $level^)? oilist(`nt` $nt | `align` `=` $align) attr-dict
  }];
}
