// --gen-spirv-enum-avail-decls: for each enum, one availability query function declared per
// availability class its cases use (`getMinVersion(Enum)`, `getCapabilities(Enum)`, ...).
import { emitSourceFileHeader } from '../emit.js';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { getAvailabilities } from '../ods/availability.js';
import { TextWriter } from '../text.js';
import { inEnumNamespace, spirvEnums } from './spirv-gen-util.js';

function run(ctx: GeneratorContext): string {
  const out = new TextWriter();
  out.write(emitSourceFileHeader('SPIR-V Enum Availability Declarations', ctx.inputFilename));
  for (const info of spirvEnums(ctx.records)) {
    const enumName = info.getEnumClassName();
    inEnumNamespace(out, info, () => {
      // One declaration per class, in the order the cases first use it.
      const declared = new Set<string>();
      for (const c of info.getAllCases()) {
        for (const a of getAvailabilities(c.def)) {
          const cls = a.getClass();
          if (declared.has(cls)) continue;
          declared.add(cls);
          out.write(`std::optional<${a.getMergeInstanceType()}> ${a.getQueryFnName()}(${enumName} value);\n`);
        }
      }
    });
  }
  return out.toString();
}

registerGenerator({
  name: 'spirv-enum-avail-decls',
  description: 'Generate SPIR-V enum availability declarations',
  run,
});
