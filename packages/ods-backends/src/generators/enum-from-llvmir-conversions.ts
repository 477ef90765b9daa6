// --gen-enum-from-llvmir-conversions: `convert<Enum>FromLLVM`, a switch from each LLVM API
// enumerant to its LLVM dialect enum case (from int64_t for C-style enums); the `unsupported`
// enumerants of an enum class are unreachable.
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import type { LLVMEnumInfo } from '../ods/llvm-enum.js';
import { emitEnumConversions } from './llvmir-gen-util.js';

/**
 * One conversion function. Slots: `param` the LLVM type taken, `label` turns an LLVM enumerant
 * into a case label, `unsupported` whether the enum lists unsupported enumerants.
 */
function fromLLVMTemplate(e: LLVMEnumInfo, param: string, label: (value: string) => string, unsupported: boolean): string {
  const llvmClass = e.getLLVMClassName();
  const cls = e.getEnumClassName();
  const ns = e.getCppNamespace();
  let out = `[[maybe_unused]] inline ${ns}::${cls} convert${cls}FromLLVM(${param} value) {\n  switch (value) {\n`;
  for (const c of e.getAllLLVMCases()) {
    const llvmEnumerant = c.getLLVMEnumerant();
    out += `  case ${label(`${llvmClass}::${llvmEnumerant}`)}:\n    return ${ns}::${cls}::${c.getSymbol()};\n`;
  }
  if (unsupported) {
    for (const c of e.getUnsupportedCases()) {
      const value = `${llvmClass}::${c.getLLVMEnumerant()}`;
      out += `  case ${value}:\n    llvm_unreachable("unsupported case ${value}");\n`;
    }
  }
  return out + `  }\n  llvm_unreachable("unknown ${llvmClass} type");}\n\n`;
}

registerGenerator({
  name: 'enum-from-llvmir-conversions',
  description: 'Generate conversions of EnumAttrs from LLVM IR',
  run(ctx: GeneratorContext): string {
    return emitEnumConversions(
      ctx.records,
      (e) => fromLLVMTemplate(e, e.getLLVMClassName(), (v) => v, true),
      (e) => fromLLVMTemplate(e, 'int64_t', (v) => `static_cast<int64_t>(${v})`, false),
    );
  },
});
