// dialect-decls / dialect-defs on a small fixture. The expected texts were produced by
// mlir-tblgen-22 (LLVM/MLIR 22.1.8) on the same fixture while writing this test.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliRunner } from '../testing/fixtures.js';

/** A self-contained Dialect class (same fields as MLIR 22's DialectBase.td) and one dialect. */
const FIXTURE = "def ins;\nclass Dialect {\n  string name = ?;\n  string summary = ?;\n  string description = ?;\n  list<string> dependentDialects = [];\n  dag discardableAttrs = (ins);\n  string cppNamespace = name;\n  code extraClassDeclaration = \"\";\n  bit hasConstantMaterializer = 0;\n  bit hasNonDefaultDestructor = 0;\n  bit hasOperationAttrVerify = 0;\n  bit hasRegionArgAttrVerify = 0;\n  bit hasRegionResultAttrVerify = 0;\n  bit hasOperationInterfaceFallback = 0;\n  bit useDefaultAttributePrinterParser = 0;\n  bit useDefaultTypePrinterParser = 0;\n  bit hasCanonicalizer = 0;\n  bit isExtensible = 0;\n  bit usePropertiesForAttributes = 1;\n}\ndef Toy_Dialect : Dialect {\n  let name = \"toy\";\n  let cppNamespace = \"::my::toy\";\n  let summary = \"A toy dialect.\";\n  let description = [{\n    Toys\n      nested.\n  }];\n  let dependentDialects = [\"a::ADialect\", \"b::BDialect\"];\n  let discardableAttrs = (ins \"FooAttr\":$some_flag);\n  let hasCanonicalizer = 1;\n  let useDefaultTypePrinterParser = 1;\n  let extraClassDeclaration = [{\n    void extra();\n  }];\n}\n";

/** The fixture with a second dialect. */
const TWO = "def ins;\nclass Dialect {\n  string name = ?;\n  string summary = ?;\n  string description = ?;\n  list<string> dependentDialects = [];\n  dag discardableAttrs = (ins);\n  string cppNamespace = name;\n  code extraClassDeclaration = \"\";\n  bit hasConstantMaterializer = 0;\n  bit hasNonDefaultDestructor = 0;\n  bit hasOperationAttrVerify = 0;\n  bit hasRegionArgAttrVerify = 0;\n  bit hasRegionResultAttrVerify = 0;\n  bit hasOperationInterfaceFallback = 0;\n  bit useDefaultAttributePrinterParser = 0;\n  bit useDefaultTypePrinterParser = 0;\n  bit hasCanonicalizer = 0;\n  bit isExtensible = 0;\n  bit usePropertiesForAttributes = 1;\n}\ndef Toy_Dialect : Dialect {\n  let name = \"toy\";\n  let cppNamespace = \"::my::toy\";\n  let summary = \"A toy dialect.\";\n  let description = [{\n    Toys\n      nested.\n  }];\n  let dependentDialects = [\"a::ADialect\", \"b::BDialect\"];\n  let discardableAttrs = (ins \"FooAttr\":$some_flag);\n  let hasCanonicalizer = 1;\n  let useDefaultTypePrinterParser = 1;\n  let extraClassDeclaration = [{\n    void extra();\n  }];\n}\n\ndef Other_Dialect : Dialect { let name = \"other\"; }\n";

/** mlir-tblgen-22 --gen-dialect-decls d.td */
const DECLS = "/*===- TableGen'erated file -------------------------------------*- C++ -*-===*\\\n|*                                                                            *|\n|* Dialect Declarations                                                       *|\n|*                                                                            *|\n|* Automatically generated file, do not edit!                                 *|\n|* From: d.td                                                                 *|\n|*                                                                            *|\n\\*===----------------------------------------------------------------------===*/\n\nnamespace my::toy {\n\n/// A toy dialect.\n/// Toys\n///       nested.\nclass ToyDialect : public ::mlir::Dialect {\n  explicit ToyDialect(::mlir::MLIRContext *context);\n\n  void initialize();\n  friend class ::mlir::MLIRContext;\npublic:\n  ~ToyDialect() override;\n  static constexpr ::llvm::StringLiteral getDialectNamespace() {\n    return ::llvm::StringLiteral(\"toy\");\n  }\n\n  /// Parse a type registered to this dialect.\n  ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;\n\n  /// Print a type registered to this dialect.\n  void printType(::mlir::Type type,\n                 ::mlir::DialectAsmPrinter &os) const override;\n\n  /// Register canonicalization patterns.\n  void getCanonicalizationPatterns(\n      ::mlir::RewritePatternSet &results) const override;\n\n    /// Helper to manage the discardable attribute `some_flag`.\n    class SomeFlagAttrHelper {\n      ::mlir::StringAttr name;\n    public:\n      static constexpr ::llvm::StringLiteral getNameStr() {\n        return \"toy.some_flag\";\n      }\n      constexpr ::mlir::StringAttr getName() {\n        return name;\n      }\n\n      SomeFlagAttrHelper(::mlir::MLIRContext *ctx)\n        : name(::mlir::StringAttr::get(ctx, getNameStr())) {}\n\n     FooAttr getAttr(::mlir::Operation *op) {\n       return op->getAttrOfType<FooAttr>(name);\n     }\n     void setAttr(::mlir::Operation *op, FooAttr val) {\n       op->setAttr(name, val);\n     }\n     bool isAttrPresent(::mlir::Operation *op) {\n       return op->hasAttrOfType<FooAttr>(name);\n     }\n     void removeAttr(::mlir::Operation *op) {\n       assert(op->hasAttrOfType<FooAttr>(name));\n       op->removeAttr(name);\n     }\n   };\n   SomeFlagAttrHelper getSomeFlagAttrHelper() {\n     return someFlagAttrName;\n   }\n private:\n   SomeFlagAttrHelper someFlagAttrName;\n public:\n\n    void extra();\n  };\n\n} // namespace my::toy\nMLIR_DECLARE_EXPLICIT_TYPE_ID(::my::toy::ToyDialect)\n";

/** mlir-tblgen-22 --gen-dialect-defs d.td */
const DEFS = "/*===- TableGen'erated file -------------------------------------*- C++ -*-===*\\\n|*                                                                            *|\n|* Dialect Definitions                                                        *|\n|*                                                                            *|\n|* Automatically generated file, do not edit!                                 *|\n|* From: d.td                                                                 *|\n|*                                                                            *|\n\\*===----------------------------------------------------------------------===*/\n\nMLIR_DEFINE_EXPLICIT_TYPE_ID(::my::toy::ToyDialect)\nnamespace my::toy {\n\n\nToyDialect::ToyDialect(::mlir::MLIRContext *context)\n    : ::mlir::Dialect(getDialectNamespace(), context, ::mlir::TypeID::get<ToyDialect>())\n    , someFlagAttrName(context)\n     {\n  getContext()->loadDialect<a::ADialect>();\n  getContext()->loadDialect<b::BDialect>();\n  initialize();\n}\n\nToyDialect::~ToyDialect() = default;\n\n\n} // namespace my::toy\n";

const dir = mkdtempSync(join(tmpdir(), 'ods-dialect-'));
writeFileSync(join(dir, 'd.td'), FIXTURE, 'latin1');
writeFileSync(join(dir, 'two.td'), TWO, 'latin1');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = cliRunner(dir);

describe('dialect generators', () => {
  it('emits the dialect declaration like mlir-tblgen-22', () => {
    const r = run('--gen-dialect-decls', 'd.td');
    expect(r.err).toBe('');
    expect(r.out).toBe(DECLS);
    expect(r.code).toBe(0);
  });
  it('emits the dialect definitions like mlir-tblgen-22', () => {
    const r = run('--gen-dialect-defs', 'd.td');
    expect(r.out).toBe(DEFS);
    expect(r.code).toBe(0);
  });
  it('selects a dialect with --dialect', () => {
    const r = run('--gen-dialect-decls', '--dialect=toy', 'two.td');
    expect(r.out).toBe(DECLS.replace('From: d.td  ', 'From: two.td'));
    expect(r.code).toBe(0);
  });
  it('requires --dialect when the file defines several dialects', () => {
    const r = run('--gen-dialect-decls', 'two.td');
    expect(r.err).toBe("when more than 1 dialect is present, one must be selected via '-dialect'\n");
    expect(r.code).toBe(1);
  });
  it('rejects an unknown --dialect', () => {
    const r = run('--gen-dialect-defs', '--dialect=nope', 'two.td');
    expect(r.err).toBe("selected dialect with '-dialect' does not exist\n");
    expect(r.code).toBe(1);
  });
});
