// Shared by the Python binding generators (--gen-python-enum-bindings, --gen-python-op-bindings).
import type { Record } from '@ods-ts/tablegen-core';

const PYTHON_RESERVED = new Set([
  // Keywords.
  'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue',
  'def', 'del', 'elif', 'else', 'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in',
  'is', 'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try', 'while', 'with',
  'yield',
  // Builtins that must not be shadowed.
  'callable', 'issubclass', 'type',
]);

/** Whether `name` is a Python keyword or a builtin the generated code must not shadow. */
export function isPythonReserved(name: string): boolean {
  return PYTHON_RESERVED.has(name);
}

/**
 * A typed view of an `EnumAttr` def (mlir/IR/EnumAttr.td) with the fields the Python enum
 * bindings need: the owning dialect's name, the mnemonic and the assembly format.
 * (The full AttrOrTypeDef model belongs to src/ods/attr-or-type-def.ts.)
 */
export class EnumAttrDef {
  constructor(readonly def: Record) {}
  /** The record name, e.g. `Arith_CmpIPredicateAttr`. */
  getName(): string {
    return this.def.getName();
  }
  /** `dialect.name`. */
  getDialectName(): string {
    return this.def.getValueAsDef('dialect').getValueAsString('name');
  }
  /** `mnemonic`; undefined when unset. */
  getMnemonic(): string | undefined {
    return this.def.getValueAsOptionalString('mnemonic');
  }
  /** `assemblyFormat`; undefined when unset. */
  getAssemblyFormat(): string | undefined {
    return this.def.getValueAsOptionalString('assemblyFormat');
  }
}

/** llvm::convertToSnakeFromCamelCase, shared with the other generators (see ods/dialect.ts). */
export { convertToSnakeFromCamelCase } from '../ods/dialect.js';

/**
 * Builtin C++ types whose Python class is generic in `_ods_ir.Value[...]`/`OpResult[...]`
 * (the generated accessors name the concrete type of the value they return): mlir-tblgen-22's
 * whole table, matched against the constraint's `cppType` exactly (buildable types like
 * `NoneType` included; `::mlir::Type` and the concrete float types have no entry).
 */
const PYTHON_VALUE_TYPES = new Map<string, string>([
  ['::mlir::ComplexType', 'ComplexType'],
  ['::mlir::FloatType', 'FloatType'],
  ['::mlir::IndexType', 'IndexType'],
  ['::mlir::IntegerType', 'IntegerType'],
  ['::mlir::MemRefType', 'MemRefType'],
  ['::mlir::NoneType', 'NoneType'],
  ['::mlir::RankedTensorType', 'RankedTensorType'],
  ['::mlir::TupleType', 'TupleType'],
  ['::mlir::UnrankedMemRefType', 'UnrankedMemRefType'],
  ['::mlir::UnrankedTensorType', 'UnrankedTensorType'],
  ['::mlir::VectorType', 'VectorType'],
]);

/** The `_ods_ir` class of a value's type given its C++ type, undefined when not a known builtin. */
export function pythonValueTypeName(cppType: string): string | undefined {
  return PYTHON_VALUE_TYPES.get(cppType);
}

/** Builtin attribute storage types and the `_ods_ir` class that wraps them in Python. */
const PYTHON_ATTR_TYPES = new Map<string, string>([
  ['::mlir::AffineMapAttr', 'AffineMapAttr'],
  ['::mlir::ArrayAttr', 'ArrayAttr'],
  ['::mlir::BoolAttr', 'BoolAttr'],
  ['::mlir::DenseBoolArrayAttr', 'DenseBoolArrayAttr'],
  ['::mlir::DenseElementsAttr', 'DenseElementsAttr'],
  ['::mlir::DenseF32ArrayAttr', 'DenseF32ArrayAttr'],
  ['::mlir::DenseF64ArrayAttr', 'DenseF64ArrayAttr'],
  ['::mlir::DenseFPElementsAttr', 'DenseFPElementsAttr'],
  ['::mlir::DenseI8ArrayAttr', 'DenseI8ArrayAttr'],
  ['::mlir::DenseI16ArrayAttr', 'DenseI16ArrayAttr'],
  ['::mlir::DenseI32ArrayAttr', 'DenseI32ArrayAttr'],
  ['::mlir::DenseI64ArrayAttr', 'DenseI64ArrayAttr'],
  ['::mlir::DenseIntElementsAttr', 'DenseIntElementsAttr'],
  ['::mlir::DenseResourceElementsAttr', 'DenseResourceElementsAttr'],
  ['::mlir::DictionaryAttr', 'DictAttr'],
  ['::mlir::FlatSymbolRefAttr', 'FlatSymbolRefAttr'],
  ['::mlir::FloatAttr', 'FloatAttr'],
  ['::mlir::IntegerAttr', 'IntegerAttr'],
  ['::mlir::IntegerSetAttr', 'IntegerSetAttr'],
  ['::mlir::OpaqueAttr', 'OpaqueAttr'],
  ['::mlir::StridedLayoutAttr', 'StridedLayoutAttr'],
  ['::mlir::StringAttr', 'StringAttr'],
  ['::mlir::SymbolRefAttr', 'SymbolRefAttr'],
  ['::mlir::TypeAttr', 'TypeAttr'],
  ['::mlir::UnitAttr', 'UnitAttr'],
]);

/**
 * The `_ods_ir` class an attribute getter returns, from the attribute's (trimmed) storage type
 * and the return type of its base attribute (the one an OptionalAttr/DefaultValuedAttr wraps): a
 * builtin attribute maps to its Python class (an `IntegerAttr` holding a `bool`, i.e. `I1Attr`, to
 * `BoolAttr`), anything else to the generic `Attribute`.
 */
export function pythonAttrTypeName(storageType: string, returnType: string): string {
  if (storageType === '::mlir::IntegerAttr' && returnType === 'bool') return 'BoolAttr';
  return PYTHON_ATTR_TYPES.get(storageType) ?? 'Attribute';
}
