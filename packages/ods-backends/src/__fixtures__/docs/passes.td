include "mlir/Pass/PassBase.td"
def PassA : Pass<"pass-a", "func::FuncOp"> {
  let summary = "Summary of A";
  let description = [{
    Long description
      indented.
  }];
  let dependentDialects = ["x::XDialect", "y::YDialect"];
  let options = [
    Option<"optInt", "opt-int", "int", /*default=*/"7", "An int option">,
    Option<"optStr", "opt-str", "std::string", "", "A string option">,
    ListOption<"optList", "opt-list", "int64_t", "A list", "llvm::cl::ZeroOrMore">,
    Option<"optEnum", "opt-enum", "Mode", "Mode::A", "An enum", [{::llvm::cl::values(
      clEnumValN(Mode::A, "a", "A"))}]>,
  ];
  let statistics = [
    Statistic<"numFoo", "num-foo", "Number of foos">,
  ];
}
def PassB : Pass<"pass-b"> {
  let constructor = "mlir::createPassB()";
}
def PassC : InterfacePass<"pass-c", "FunctionOpInterface"> {
  let summary = "C";
  let options = [Option<"x", "x", "bool", "false", "X">];
  let constructor = "mlir::createPassC()";
}
