// --gen-enum-to-llvmir-conversions: `convert<Enum>ToLLVM`, a switch from each LLVM dialect enum
// case to its LLVM API enumerant (through int64_t for C-style enums).
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import type { LLVMEnumInfo } from '../ods/llvm-enum.js';
import { emitEnumConversions } from './llvmir-gen-util.js';

/**
 * One conversion function. Slots: `ret` the LLVM type returned, `cast` wraps a returned LLVM
 * enumerant (C-style enums return it as int64_t).
 */
function toLLVMTemplate(e: LLVMEnumInfo, ret: string, cast: (value: string) => string): string {
  const llvmClass = e.getLLVMClassName();
  const cls = e.getEnumClassName();
  const ns = e.getCppNamespace();
  let out = `[[maybe_unused]] static ${ret} convert${cls}ToLLVM(${ns}::${cls} value) {\n  switch (value) {\n`;
  for (const c of e.getAllLLVMCases()) {
    const llvmEnumerant = c.getLLVMEnumerant();
    out += `  case ${ns}::${cls}::${c.getSymbol()}:\n    return ${cast(`${llvmClass}::${llvmEnumerant}`)};\n`;
  }
  return out + `  }\n  llvm_unreachable("unknown ${cls} type");\n}\n\n`;
}

registerGenerator({
  name: 'enum-to-llvmir-conversions',
  description: 'Generate conversions of EnumAttrs to LLVM IR',
  run(ctx: GeneratorContext): string {
    return emitEnumConversions(
      ctx.records,
      (e) => toLLVMTemplate(e, e.getLLVMClassName(), (v) => v),
      (e) => toLLVMTemplate(e, 'int64_t', (v) => `static_cast<int64_t>(${v})`),
    );
  },
});
