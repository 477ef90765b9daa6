// The LLVM dialect's enums (mlir/Dialect/LLVMIR/LLVMEnums.td): `LLVM_EnumAttr` (a C++ enum class
// of the LLVM API, `llvmClassName`, with `unsupported` cases) and `LLVM_CEnumAttr` (a C-style
// LLVM enum), whose `LLVM_EnumAttrCase`s name their LLVM enumerant (`llvmEnumerant`).
import { DefInit, type Record, fatalAt } from '@ods-ts/tablegen-core';
import { EnumCase, EnumInfo } from './enum.js';

/** An `LLVM_EnumAttrCase`: an enum case and the LLVM API enumerant it stands for. */
export class LLVMEnumCase extends EnumCase {
  /** The LLVM enumerant (`llvmEnumerant`). */
  getLLVMEnumerant(): string {
    return this.def.getValueAsString('llvmEnumerant');
  }
}

/** An `LLVM_EnumAttr` or `LLVM_CEnumAttr` def. */
export class LLVMEnumInfo extends EnumInfo {
  /** The LLVM API enum (`llvmClassName`): a class name, or a namespace for C-style enums. */
  getLLVMClassName(): string {
    return this.def.getValueAsString('llvmClassName');
  }
  /** The enumerants as LLVM enum cases. */
  getAllLLVMCases(): LLVMEnumCase[] {
    return this.getAllCases().map((c) => new LLVMEnumCase(c.def));
  }
  /** The LLVM enumerants with no MLIR counterpart (`unsupported`, LLVM_EnumAttr only). */
  getUnsupportedCases(): LLVMEnumCase[] {
    return this.def.getValueAsListInit('unsupported').elements.map((e) => {
      if (!(e instanceof DefInit)) fatalAt(this.def, `Record \`${this.def.getName()}', field \`unsupported' list is not entirely DefInit!`);
      return new LLVMEnumCase(e.def);
    });
  }
  static of(def: Record): LLVMEnumInfo {
    return new LLVMEnumInfo(def);
  }
}
