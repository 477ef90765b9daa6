// --gen-op-from-llvmir-conversions: for each `LLVM_OpBase` op with an `mlirBuilder`, the code
// that imports the LLVM IR instruction of its opcode (`llvmInstName`) as the op.
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { emitMLIRBuilders } from './llvmir-gen-util.js';

registerGenerator({
  name: 'op-from-llvmir-conversions',
  description: 'Generate conversions of operations from LLVM IR',
  run(ctx: GeneratorContext): string {
    return emitMLIRBuilders(ctx.records, 'LLVM_OpBase', (op) => `inst->getOpcode() == llvm::Instruction::${op.getLLVMInstName()}`);
  },
});
