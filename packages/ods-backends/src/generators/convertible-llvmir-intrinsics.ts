// --gen-convertible-llvmir-intrinsics: the LLVM intrinsic identifiers (`llvmEnumName`) of every
// `LLVM_IntrOpBase` op, one `llvm::Intrinsic::<id>,` line each.
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { llvmOps } from './llvmir-gen-util.js';

registerGenerator({
  name: 'convertible-llvmir-intrinsics',
  description: 'Generate list of convertible LLVM IR intrinsics',
  run(ctx: GeneratorContext): string {
    let out = '';
    for (const op of llvmOps(ctx.records, 'LLVM_IntrOpBase')) out += `llvm::Intrinsic::${op.getLLVMEnumName()},\n`;
    return out;
  },
});
