// LLVM's intrinsic records (llvm/IR/Intrinsics.td): `Intrinsic` defs with their result and
// parameter types (`RetTypes`, `ParamTypes`: `LLVMType`s whose `VT` is a CodeGen `ValueType`),
// properties (`IntrProperties`), explicit name (`LLVMName`) and target (`TargetPrefix`).
import type { Record } from '@ods-ts/tablegen-core';

/**
 * The value types that stand for "any type of a kind" (MVT's overloaded types: iAny, fAny, Any,
 * pAny, vAny), by the name LLVM's C++ gives them (a ValueType's `LLVMName`).
 */
const OVERLOADED_VALUE_TYPES: ReadonlySet<string> = new Set(['iAny', 'fAny', 'Any', 'pAny', 'vAny']);

/** An `LLVMType`: an intrinsic's result or parameter type. */
export class LLVMType {
  constructor(readonly def: Record) {}

  /** The C++ name of its value type (`VT`'s `LLVMName`). */
  getValueTypeName(): string {
    return this.def.getValueAsDef('VT').getValueAsString('LLVMName');
  }
  /** Whether the type is overloaded (its value type is one of the `*Any` types). */
  isOverloaded(): boolean {
    return OVERLOADED_VALUE_TYPES.has(this.getValueTypeName());
  }
}

/** An `Intrinsic` def. */
export class LLVMIntrinsic {
  constructor(readonly def: Record) {}

  /** The record name (`int_<target>_<name>`). */
  getName(): string {
    return this.def.getName();
  }
  /** The explicit intrinsic name (`LLVMName`), '' when derived from the record name. */
  getLLVMName(): string {
    return this.def.getValueAsString('LLVMName');
  }
  /** The target of a target-specific intrinsic (`TargetPrefix`), '' for generic ones. */
  getTargetPrefix(): string {
    return this.def.getValueAsString('TargetPrefix');
  }
  getRetTypes(): LLVMType[] {
    return this.def.getValueAsListOfDefs('RetTypes').map((d) => new LLVMType(d));
  }
  getParamTypes(): LLVMType[] {
    return this.def.getValueAsListOfDefs('ParamTypes').map((d) => new LLVMType(d));
  }
  /** The names of the intrinsic's properties (`IntrProperties`: IntrNoMem, Commutative, ...). */
  getIntrPropertyNames(): string[] {
    return this.def.getValueAsListOfDefs('IntrProperties').map((d) => d.getName());
  }

  /** The record name without its `int_` prefix (the first four characters, whatever they are). */
  getProperRecordName(): string {
    return this.getName().slice(4);
  }
  /**
   * The operation name in MLIR: `LLVMName` when set, else the proper record name with the target
   * prefix's chunk dropped and underscores turned into dots.
   */
  getOperationName(): string {
    const explicit = this.getLLVMName();
    if (explicit !== '') return explicit;
    const chunks = this.getProperRecordName().split('_');
    return (this.getTargetPrefix() !== '' ? chunks.slice(1) : chunks).join('.');
  }
  /** Whether the intrinsic may touch memory (it lacks `IntrNoMem`). */
  hasSideEffects(): boolean {
    return !this.getIntrPropertyNames().includes('IntrNoMem');
  }
  isCommutative(): boolean {
    return this.getIntrPropertyNames().includes('Commutative');
  }
}
