// Clauses with values but no DirectiveLanguage def.
include "llvm/Frontend/Directive/DirectiveBase.td"

def TOY_Mode_Fast : EnumVal<"fast", 1, 1> {}
def TOYC_Mode : Clause<[Spelling<"mode">]> {
  let enumClauseValue = "Mode";
  let allowedClauseValues = [TOY_Mode_Fast];
}
