namespace mlir::omp {

struct FooClauseOps {
  ::mlir::Value fooValue;
  ::mlir::IntegerAttr fooAttr;
  ::llvm::SmallVector<::mlir::Value> fooVars;
  ::llvm::SmallVector<::mlir::Attribute> fooList;
  ::llvm::SmallVector<int64_t> fooDense;
  ::llvm::SmallVector<::llvm::APInt> fooElems;
  ::mlir::ElementsAttr fooAnyElems;
};
struct PlainClauseOps {
  ::mlir::UnitAttr plain;
};

namespace detail {
template <typename... Mixins>
struct Clauses : public Mixins... {};
} // namespace detail

using BadOperands = detail::Clauses<FooClauseOps, PlainClauseOps>;

using GoodOperands = detail::Clauses<FooClauseOps, PlainClauseOps>;

using PartialOperands = detail::Clauses<FooClauseOps>;

using SkippingOperands = detail::Clauses<FooClauseOps>;

} // namespace mlir::omp
