def ModeFAST : I32EnumAttrCase<"Fast", 0, "FAST">;
def Mode: I32EnumAttr<
  "ClauseMode",
  "Mode Clause",
  [ModeFAST]> {
    let cppNamespace = "::mlir::toy";
    let genSpecializedAttr = 0;
}
def ModeAttr : EnumAttr<Toy_Dialect, Mode, "mode">;
def ShapeKindround : I32EnumAttrCase<"Round", 0, "round">;
def ShapeKindsquare : I32EnumAttrCase<"Square", 2, "square">;
def ShapeKindtwo_words : I32EnumAttrCase<"Two_words", 3, "two_words">;
def ShapeKind: I32EnumAttr<
  "ClauseShapeKind",
  "ShapeKind Clause",
  [ShapeKindround, ShapeKindsquare, ShapeKindtwo_words]> {
    let cppNamespace = "::mlir::toy";
    let genSpecializedAttr = 0;
}
def ShapeKindAttr : EnumAttr<Toy_Dialect, ShapeKind, "shapekind">;
