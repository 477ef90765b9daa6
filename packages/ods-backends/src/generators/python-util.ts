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
