/*===- TableGen'erated file -------------------------------------*- C++ -*-===*\
|*                                                                            *|
|* Tosa Op Availability Implementations                                       *|
|*                                                                            *|
|* Automatically generated file, do not edit!                                 *|
|* From: avail.td                                                             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

bool MixedOp::getAlpha() {
  bool tblgen_overall = true;
  return tblgen_overall;
}
::llvm::SmallVector<::llvm::ArrayRef<::mlir::tosa::Extension>, 1> MixedOp::getExtensions() {
  ::llvm::SmallVector<::llvm::ArrayRef<::mlir::tosa::Extension>, 1> tblgen_overall = {};
  {
    static const ::mlir::tosa::Extension exts[] = {::mlir::tosa::Extension::int16, ::mlir::tosa::Extension::bf16}; ArrayRef<::mlir::tosa::Extension> ref(exts, std::size(exts));
    tblgen_overall.emplace_back(ref);
  }
  return tblgen_overall;
}
::llvm::SmallVector<::llvm::ArrayRef<::mlir::tosa::Profile>, 1> MixedOp::getProfiles() {
  ::llvm::SmallVector<::llvm::ArrayRef<::mlir::tosa::Profile>, 1> tblgen_overall = {};
  {
    static const ::mlir::tosa::Profile profs[] = {::mlir::tosa::Profile::pro_int}; ArrayRef<::mlir::tosa::Profile> ref(profs, std::size(profs));
    tblgen_overall.emplace_back(ref);
  }
  return tblgen_overall;
}
int MixedOp::getZeta() {
  int tblgen_overall = 0;
  {
    
    tblgen_overall = std::max(tblgen_overall, 1 + 2);
  }
  {
    
    tblgen_overall = std::max(tblgen_overall, 3);
  }
  return tblgen_overall;
}
::llvm::SmallVector<::llvm::ArrayRef<::mlir::tosa::Extension>, 1> PlainOp::getExtensions() {
  ::llvm::SmallVector<::llvm::ArrayRef<::mlir::tosa::Extension>, 1> tblgen_overall = {};
  return tblgen_overall;
}
::llvm::SmallVector<::llvm::ArrayRef<::mlir::tosa::Profile>, 1> PlainOp::getProfiles() {
  ::llvm::SmallVector<::llvm::ArrayRef<::mlir::tosa::Profile>, 1> tblgen_overall = {};
  return tblgen_overall;
}
