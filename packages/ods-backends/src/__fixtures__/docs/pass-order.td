include "mlir/Pass/PassBase.td"
def P10 : Pass<"z">;
def P9 : Pass<"a">;
def Pa : Pass<"a">;
def PA : Pass<"a">;
def P_ : Pass<"a">;
def P09 : Pass<"a">;
