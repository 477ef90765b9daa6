// A small directive language (llvm/Frontend style) for --gen-directive-decl.
include "llvm/Frontend/Directive/DirectiveBase.td"

def Toy : DirectiveLanguage {
  let name = "Toy";
  let cppNamespace = "toy";
  let directivePrefix = "TOYD_";
  let clausePrefix = "TOYC_";
  let makeEnumAvailableInNamespace = true;
  let enableBitmaskEnumInNamespace = true;
  let clauseEnumSetClass = "ToyClauseSet";
  let flangClauseBaseClass = "ToyClause";
}

def TOY_Shape_Round : EnumVal<"round", 1, 1> {}
def TOY_Shape_Square : EnumVal<"square", 2, 1> {}
def TOY_Shape_Hidden : EnumVal<"hidden", 3, 0> { let isDefault = 1; }
def TOY_Shape_Two_Words : EnumVal<"two words", 4, 1> {}
def TOYC_Shape : Clause<[Spelling<"shape">]> {
  let enumClauseValue = "ShapeKind";
  let allowedClauseValues = [TOY_Shape_Round, TOY_Shape_Hidden, TOY_Shape_Square, TOY_Shape_Two_Words];
}
def TOYC_Plain : Clause<[Spelling<"plain">]> {}
def TOY_Mode_Fast : EnumVal<"FAST", 1, 1> {}
def TOYC_Mode : Clause<[Spelling<"mode">]> {
  let enumClauseValue = "Mode";
  let allowedClauseValues = [TOY_Mode_Fast];
}
