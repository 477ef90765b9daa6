// --gen-target-library-info (llvm-tblgen's): from llvm/Analysis/TargetLibraryInfo.td, the LibFunc
// enum, the table of the functions' names (an llvm::StringTable with offsets and sizes), and the
// table of their signatures (argument type ids, shared suffixes).
import type { Record } from '@ods-ts/tablegen-core';
import { emitSourceFileHeader } from '../emit.js';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { TextWriter } from '../text.js';
import { SequenceToOffsetTable, StringToOffsetTable } from './offset-table-util.js';

/** A `TargetLibCall` def: a library function, its name and signature. */
class TargetLibCall {
  constructor(readonly def: Record) {}

  getName(): string {
    return this.def.getName();
  }
  /** `String`: the function's symbol. */
  getString(): string {
    return this.def.getValueAsString('String');
  }
  /** The return type (when set) and the argument types, by FuncArgType def name. */
  getSignature(): string[] {
    const ret = this.def.getValueAsOptionalDef('ReturnType');
    return [...(ret ? [ret.getName()] : []), ...this.def.getValueAsListOfDefs('ArgumentTypes').map((t) => t.getName())];
  }
}

function run(ctx: GeneratorContext): string {
  const byId = (a: Record, b: Record) => a.id - b.id;
  const calls = [...ctx.records.getAllDerivedDefinitions('TargetLibCall')].sort(byId).map((d) => new TargetLibCall(d));
  const out = new TextWriter();
  out.write(emitSourceFileHeader('Target Library Info Source Fragment', ctx.inputFilename));

  out.write('#ifdef GET_TARGET_LIBRARY_INFO_ENUM\n#undef GET_TARGET_LIBRARY_INFO_ENUM\nenum LibFunc : unsigned {\n  NotLibFunc = 0,\n');
  for (const c of calls) out.write(`  LibFunc_${c.getName()},\n`);
  out.write('  NumLibFuncs,\n  End_LibFunc = NumLibFuncs,\n');
  out.write(`  Begin_LibFunc = ${calls.length > 0 ? `LibFunc_${calls[0]!.getName()}` : 'NotLibFunc'},\n};\n#endif\n\n`);

  const names = new StringToOffsetTable('TargetLibraryInfoImpl::', false);
  for (const c of calls) names.getOrAdd(c.getString());
  const n = calls.length + 1;
  out.write('#ifdef GET_TARGET_LIBRARY_INFO_STRING_TABLE\n#undef GET_TARGET_LIBRARY_INFO_STRING_TABLE\n');
  out.write(names.emitStringTableDef('StandardNamesStrTable'));
  out.write(`\nconst llvm::StringTable::Offset TargetLibraryInfoImpl::StandardNamesOffsets[${n}] = {\n  0, //\n`);
  for (const c of calls) out.write(`  ${names.get(c.getString())}, // ${c.getString()}\n`);
  out.write(`};\nconst uint8_t TargetLibraryInfoImpl::StandardNamesSizeTable[${n}] = {\n  0,\n`);
  for (const c of calls) out.write(`  ${c.getString().length},\n`);
  out.write('};\n#endif\n\n');
  out.write('#ifdef GET_TARGET_LIBRARY_INFO_IMPL_DECL\n#undef GET_TARGET_LIBRARY_INFO_IMPL_DECL\n');
  out.write(`LLVM_ABI static const llvm::StringTable StandardNamesStrTable;\nLLVM_ABI static const llvm::StringTable::Offset StandardNamesOffsets[${n}];\n`);
  out.write(`LLVM_ABI static const uint8_t StandardNamesSizeTable[${n}];\n#endif\n\n`);

  const argTypes = [...ctx.records.getAllDerivedDefinitions('FuncArgType')].sort(byId);
  const signatures = new SequenceToOffsetTable<string>('NoFuncArgType', (a, b) => a < b);
  const none = ['Void'];
  signatures.add(none);
  for (const c of calls) signatures.add(c.getSignature());
  signatures.layout();
  out.write('#ifdef GET_TARGET_LIBRARY_INFO_SIGNATURE_TABLE\n#undef GET_TARGET_LIBRARY_INFO_SIGNATURE_TABLE\nenum FuncArgTypeID : char {\n  NoFuncArgType = 0,\n');
  for (const t of argTypes) out.write(`  ${t.getName()},\n`);
  out.write('};\nstatic const FuncArgTypeID SignatureTable[] = {\n');
  out.write(signatures.emit((x) => x, ''));
  out.write(`};\nstatic const uint16_t SignatureOffset[] = {\n  ${signatures.get(none)}, //\n`);
  for (const c of calls) out.write(`  ${signatures.get(c.getSignature())}, // ${c.getName()}\n`);
  out.write('};\n#endif\n\n');
  return out.toString();
}

registerGenerator({ name: 'target-library-info', description: 'Generate TargetLibraryInfo', run });
