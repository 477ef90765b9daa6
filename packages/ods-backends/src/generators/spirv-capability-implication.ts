// --gen-spirv-capability-implication: spirv::getDirectImpliedCapabilities, the capabilities
// each capability of the SPIR-V capability enum directly implies (its `implies` list).
import { emitSourceFileHeader } from '../emit.js';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { getCapabilityEnum, getImpliedCapabilities } from '../ods/spirv.js';
import { TextWriter } from '../text.js';

const CAP = 'spirv::Capability';

function run(ctx: GeneratorContext): string {
  const out = new TextWriter();
  out.write(emitSourceFileHeader('SPIR-V Capability Implication', ctx.inputFilename));
  const info = getCapabilityEnum(ctx.records);
  out.write(`ArrayRef<${CAP}> spirv::getDirectImpliedCapabilities(${CAP} cap) {\n  switch (cap) {\n  default: return {};\n`);
  for (const c of info.getAllCases()) {
    const implied = getImpliedCapabilities(c);
    if (implied === undefined) continue;
    const n = implied.length;
    const list = implied.map((i) => `${CAP}::${i.getSymbol()}`).join(', ');
    out.write(
      `  case ${CAP}::${c.getSymbol()}: {static const ${CAP} implies[${n}] = {${list}}; return ArrayRef<${CAP}>(implies, ${n}); }\n`,
    );
  }
  out.write('  }\n}\n');
  return out.toString();
}

registerGenerator({
  name: 'spirv-capability-implication',
  description: 'Generate utility function to return implied capabilities for a given capability',
  run,
});
