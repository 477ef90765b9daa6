// --gen-spirv-enum-avail-defs: the availability query functions of each enum, a switch over the
// cases that carry a spec of the function's availability class.
import { emitSourceFileHeader } from '../emit.js';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import type { EnumInfo } from '../ods/enum.js';
import { caseAvailabilitiesByClass } from '../ods/spirv.js';
import { type TextSink, TextWriter } from '../text.js';
import { inEnumNamespace, spirvEnums } from './spirv-gen-util.js';

/** One query function per availability class, in llvm::StringMap order. */
function emitQueries(out: TextSink, info: EnumInfo): void {
  const enumName = info.getEnumClassName();
  const caseCount = info.getAllCases().length;
  const isBit = info.isBitEnum();
  for (const specs of caseAvailabilitiesByClass(info).values()) {
    const first = specs[0]![1];
    out.write(`std::optional<${first.getMergeInstanceType()}> ${first.getQueryFnName()}(${enumName} value) {\n`);
    if (isBit) {
      out.write(
        `  assert(::llvm::popcount(static_cast<${info.getUnderlyingType()}>(value)) <= 1 && "cannot have more than one bit set");\n`,
      );
    }
    out.write('  switch (value) {\n');
    for (const [c, a] of specs) {
      out.write(
        `  case ${enumName}::${c.getSymbol()}: { ${a.getMergeInstancePreparation()} return ${a.getMergeInstanceType()}(${a.getMergeInstance()}); }\n`,
      );
    }
    // An int enum whose every case has a spec needs no default.
    if (isBit || specs.length < caseCount) out.write('  default: break;\n');
    out.write('  }\n  return std::nullopt;\n}\n');
  }
}

function run(ctx: GeneratorContext): string {
  const out = new TextWriter();
  out.write(emitSourceFileHeader('SPIR-V Enum Availability Definitions', ctx.inputFilename));
  for (const info of spirvEnums(ctx.records)) inEnumNamespace(out, info, () => emitQueries(out, info));
  return out.toString();
}

registerGenerator({
  name: 'spirv-enum-avail-defs',
  description: 'Generate SPIR-V enum availability definitions',
  run,
});
