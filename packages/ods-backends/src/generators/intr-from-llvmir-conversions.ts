// --gen-intr-from-llvmir-conversions: for each `LLVM_IntrOpBase` op with an `mlirBuilder`, the
// code that imports a call of its LLVM intrinsic (`llvmEnumName`) as the op.
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { emitMLIRBuilders } from './llvmir-gen-util.js';

registerGenerator({
  name: 'intr-from-llvmir-conversions',
  description: 'Generate conversions of intrinsics from LLVM IR',
  run(ctx: GeneratorContext): string {
    return emitMLIRBuilders(ctx.records, 'LLVM_IntrOpBase', (op) => `intrinsicID == llvm::Intrinsic::${op.getLLVMEnumName()}`);
  },
});
