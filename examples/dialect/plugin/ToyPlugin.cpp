//===- ToyPlugin.cpp - The `toy` dialect as an mlir-opt plugin -------------===//
//
// The C++ side of the example dialect: it includes what ods-tblgen generates
// from ../include/Toy/*.td (the jobs of ../ods.json, written to ../generated),
// adds the hand-written parts ODS asks for (verifiers, a folder, the cost of
// the ops overriding CostOpInterface, the canonicalization patterns) and the
// entry point of a dialect plugin:
//
//   g++ -std=c++17 -fPIC -shared -fno-rtti -I ../generated \
//       -I "$(llvm-config-22 --includedir)" ToyPlugin.cpp \
//       -L "$(llvm-config-22 --libdir)" -lMLIR -lLLVM -o libToyPlugin.so
//   mlir-opt-22 --load-dialect-plugin=./libToyPlugin.so input.mlir
//
// One translation unit, so that a build is a single compiler run.
//
//===----------------------------------------------------------------------===//

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Config/llvm-config.h"

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

#include "ToyDialect.h.inc"
#include "ToyEnums.h.inc"
#define GET_ATTRDEF_CLASSES
#include "ToyAttrs.h.inc"
#define GET_TYPEDEF_CLASSES
#include "ToyTypes.h.inc"
#include "ToyInterfaces.h.inc"
#define GET_OP_CLASSES
#include "ToyOps.h.inc"

using namespace mlir;
using namespace mlir::toy;

//===----------------------------------------------------------------------===//
// Generated definitions
//===----------------------------------------------------------------------===//

#include "ToyDialect.cpp.inc"
#include "ToyEnums.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "ToyAttrs.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "ToyTypes.cpp.inc"
#include "ToyInterfaces.cpp.inc"
#define GET_OP_CLASSES
#include "ToyOps.cpp.inc"

namespace {
#include "ToyPatterns.inc"
} // namespace

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

void ToyDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "ToyOps.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "ToyTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ToyAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Types and attributes
//===----------------------------------------------------------------------===//

LogicalResult BoxType::verify(function_ref<InFlightDiagnostic()> emitError,
                              Type elementType, unsigned capacity) {
  if (capacity == 0)
    return emitError() << "a box holds at least one value";
  return success();
}

LogicalResult RangeAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                int64_t lower, int64_t upper) {
  if (lower > upper)
    return emitError() << "range lower bound " << lower
                       << " is above its upper bound " << upper;
  return success();
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValueAttr(); }

LogicalResult ConcatOp::verify() {
  if (getInputs().empty())
    return emitOpError("needs at least one input");
  int64_t rank = cast<RankedTensorType>(getInputs().front().getType()).getRank();
  for (Value input : getInputs())
    if (cast<RankedTensorType>(input.getType()).getRank() != rank)
      return emitOpError("inputs must all have the same rank");
  if (static_cast<int64_t>(getAxis()) >= rank)
    return emitOpError("axis ") << getAxis() << " is out of range for rank "
                                << rank;
  return success();
}

// Overrides the default cost of CostOpInterface (DeclareOpInterfaceMethods).
int64_t ConcatOp::getCost() { return getInputs().size(); }

// Uses CostOpInterface from C++: the default implementation (1) for most ops,
// the overriding ones for toy.concat and toy.make_box.
LogicalResult ScopeOp::verifyRegions() {
  std::optional<uint64_t> budget = getBudget();
  if (!budget)
    return success();
  int64_t total = 0;
  for (Operation &op : getBody().front())
    if (auto costly = dyn_cast<CostOpInterface>(&op))
      total += costly.getCost();
  if (total > static_cast<int64_t>(*budget))
    return emitOpError("costs ") << total << ", over its budget of " << *budget;
  return success();
}

LogicalResult IotaOp::verify() {
  auto type = cast<RankedTensorType>(getResult().getType());
  if (type.isDynamicDim(0))
    return success();
  if (type.getDimSize(0) != getRange().size())
    return emitOpError("result has ")
           << type.getDimSize(0) << " elements but the range has "
           << getRange().size();
  return success();
}

LogicalResult MakeBoxOp::verify() {
  BoxType box = getBox().getType();
  if (getElements().size() > box.getCapacity())
    return emitOpError("puts ") << getElements().size()
                                << " values into a box of capacity "
                                << box.getCapacity();
  for (Value element : getElements())
    if (element.getType() != box.getElementType())
      return emitOpError("element of type ")
             << element.getType() << " does not match the box element type "
             << box.getElementType();
  return success();
}

int64_t MakeBoxOp::getCost() { return getElements().size(); }

void NegOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  populateWithGenerated(results);
}

//===----------------------------------------------------------------------===//
// Plugin entry point
//===----------------------------------------------------------------------===//

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Toy", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) { registry->insert<ToyDialect>(); }};
}
