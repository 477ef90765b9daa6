// --gen-intrinsic-enums (llvm-tblgen's): the enum of the intrinsics of llvm/IR/Intrinsics.td —
// the target-independent ones and IITDescriptor::ArgKind by default, or with
// `-intrinsic-prefix=<target>` a complete header of that target's intrinsics.
import { fatalNoLoc } from '@ods-ts/tablegen-core';
import { emitSourceFileHeader } from '../emit.js';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { IntrinsicTable } from '../ods/intrinsic.js';
import { TextWriter } from '../text.js';
import { stringOption } from './gen-util.js';

/** The header of a target's enum (slot: the upper-case prefix). */
function targetHeaderTemplate(upper: string): string {
  return `#ifndef LLVM_IR_INTRINSIC_${upper}_ENUMS_H\n#define LLVM_IR_INTRINSIC_${upper}_ENUMS_H\nnamespace llvm::Intrinsic {\nenum ${upper}Intrinsics : unsigned {\n`;
}

const TARGET_FOOTER = '}; // enum\n} // namespace llvm::Intrinsic\n#endif\n\n';

function run(ctx: GeneratorContext): string {
  const prefix = stringOption(ctx.options, 'intrinsic-prefix');
  const out = new TextWriter();
  out.write(emitSourceFileHeader('Intrinsic Function Source Fragment'));
  const table = new IntrinsicTable(ctx.records);
  const set = table.targets.find((t) => t.name === prefix);
  if (!set) {
    const known = table.targets.slice(1).map((t) => t.name).join(', ');
    fatalNoLoc(`tried to generate intrinsics for unknown target ${prefix}\nKnown targets are: ${known}`);
  }
  out.write(prefix === '' ? '#ifdef GET_INTRINSIC_ENUM_VALUES\n' : targetHeaderTemplate(prefix.replace(/[a-z]/g, (c) => c.toUpperCase())));
  out.write('// Enum values for intrinsics.\n');
  table.of(set).forEach((int, i) => {
    const value = i === 0 ? ` = ${set.offset + 1}` : '';
    const pad = ' '.repeat(Math.max(0, 40 - int.enumName.length));
    const at = int.def.locs[0] ? ` (${ctx.sources.shortPosition(int.def.locs[0])})` : '';
    out.write(`    ${int.enumName}${value}, ${pad} // ${int.name}${at}\n`);
  });
  if (prefix !== '') {
    out.write(TARGET_FOOTER);
    return out.toString();
  }
  out.write(`    num_intrinsics = ${table.intrinsics.length + 1}\n#endif\n\n`);
  // IITDescriptor::ArgKind, from the fields of the ArgKind def.
  out.write('// llvm::Intrinsic::IITDescriptor::ArgKind.\n#ifdef GET_INTRINSIC_ARGKIND\n');
  const argKind = ctx.records.getDef('ArgKind');
  if (!argKind) out.write('#error "ArgKind is not defined"\n');
  else for (const v of argKind.values) out.write(`    AK_${v.name} = ${v.value.getAsString()},\n`);
  out.write('#endif\n\n');
  return out.toString();
}

registerGenerator({
  name: 'intrinsic-enums',
  description: 'Generate intrinsic enums',
  options: [{ name: 'intrinsic-prefix', kind: 'string', description: 'Generate intrinsics with this target prefix', valueName: 'target prefix' }],
  run,
});
