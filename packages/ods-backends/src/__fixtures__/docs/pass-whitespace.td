include "mlir/Pass/PassBase.td"
def PassA : Pass<"pass-a"> {
  let summary = "  lead and trail  ";
  let description = "  ";
  let options = [
    Option<"optInt", "opt-int", "int", /*default=*/"7", "  An int option\n ">,
    ListOption<"l", "l", "int", "  A list  ", "  flags  ">,
  ];
  let statistics = [
    Statistic<"numFoo", "num-foo", "  Number of foos  ">,
  ];
}
def PassB : Pass<"pass-a"> {
  let summary = "   ";
}
