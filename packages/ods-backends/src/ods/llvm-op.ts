// The LLVM dialect's op classes (mlir/Dialect/LLVMIR/LLVMOpBase.td): `LLVM_OpBase` ops with
// their builders to LLVM IR (`llvmBuilder`) and from it (`mlirBuilder`, `llvmArgIndices`,
// `llvmInstName`), and `LLVM_IntrOpBase` intrinsic ops (`llvmEnumName`).
import { type Record } from '@ods-ts/tablegen-core';
import { Operator } from './operator.js';

/** An `LLVM_OpBase` (or `LLVM_IntrOpBase`) def: an ODS op plus its LLVM IR conversion fields. */
export class LLVMOp {
  readonly op: Operator;

  constructor(readonly def: Record) {
    this.op = Operator.of(def);
  }

  /** Whether the def has the field at all (the generators insist on the builder fields). */
  hasField(name: 'llvmBuilder' | 'mlirBuilder'): boolean {
    return this.def.getValue(name) !== undefined;
  }
  /** The C++ code building the LLVM IR of the op (`llvmBuilder`), with `$`-variables. */
  getLLVMBuilder(): string {
    return this.def.getValueAsString('llvmBuilder');
  }
  /** The C++ code building the op from LLVM IR (`mlirBuilder`), with `$`-variables. */
  getMLIRBuilder(): string {
    return this.def.getValueAsString('mlirBuilder');
  }
  /** The LLVM IR operand index of each op argument (`llvmArgIndices`; empty: the identity). */
  getLLVMArgIndices(): bigint[] {
    return this.def.getValueAsListOfInts('llvmArgIndices');
  }
  /** The `llvm::Instruction` opcode the op is imported from (`llvmInstName`). */
  getLLVMInstName(): string {
    return this.def.getValueAsString('llvmInstName');
  }
  /** The `llvm::Intrinsic` identifier of an intrinsic op (`llvmEnumName`). */
  getLLVMEnumName(): string {
    return this.def.getValueAsString('llvmEnumName');
  }

  // Name lookups over the op's arguments and results, as the builder substitution needs them.

  /** The operand named `name`, if any. */
  findOperand(name: string): { readonly isVariadic: boolean } | undefined {
    const o = this.op.operands.find((x) => x.name === name);
    return o && { isVariadic: o.isVariadic() };
  }
  isAttributeName(name: string): boolean {
    return this.op.attributes.some((a) => a.name === name);
  }
  isResultName(name: string): boolean {
    return this.op.results.some((r) => r.name === name);
  }
  /** The index of the argument (operand, attribute or property) named `name`, or -1. */
  getArgumentIndex(name: string): number {
    return this.op.arguments.findIndex((a) => a.value.name === name);
  }
}
