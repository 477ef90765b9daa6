// --gen-enum-defs: the conversion functions of `EnumInfo` defs (symbol <-> string <-> integer)
// and the methods of their specialized attribute classes.
import { DefInit, fatalAt } from '@ods-ts/tablegen-core';
import { emitSourceFileHeader } from '../emit.js';
import type { EnumInfo } from '../ods/enum.js';
import { registerGenerator } from '../registry.js';
import { FmtContext, tgfmt } from '../fmt.js';
import { predicateCondition } from '../ods/predicate.js';
import { allBitsUnsetCase, allCasesHaveValues, allEnums, makeIdentifier, underlyingOrUnsigned } from './enum-gen-util.js';
import { llvmNamespaceScope } from './gen-util.js';
import { TextWriter } from '../text.js';

/** Keep `str` when all bits of `value` are set, then clear them. Slots: value, str, underlying. */
function compareRemoveTemplate(value: bigint, str: string, u: string): string {
  return `
  if (${value}u == (${value}u & val)) {
    strs.push_back("${str}");
    val &= ~static_cast<${u}>(${value});
  }
`;
}

/** Keep `str` when all bits of `value` are set. Slots: value, str. */
function compareTemplate(value: bigint, str: string): string {
  return `
  if (${value}u == (${value}u & val))
    strs.push_back("${str}");
`;
}

function emitSymToStrForIntEnum(w: TextWriter, info: EnumInfo): void {
  const e = info.getEnumClassName();
  w.write(`${info.getSymbolToStringFnRetType()} ${info.getSymbolToStringFnName()}(${e} val) {\n`);
  w.write('  switch (val) {\n');
  for (const c of info.getAllCases()) w.write(`    case ${e}::${makeIdentifier(c.getSymbol())}: return "${c.getStr()}";\n`);
  w.write('  }\n  return "";\n}\n\n');
}

function emitSymToStrForBitEnum(w: TextWriter, info: EnumInfo): void {
  const e = info.getEnumClassName();
  const u = info.getUnderlyingType();
  const cases = info.getAllCases();
  const unset = allBitsUnsetCase(cases);
  const valid = info.getValidBits();
  w.write(`${info.getSymbolToStringFnRetType()} ${info.getSymbolToStringFnName()}(${e} symbol) {\n`);
  w.write(`  auto val = static_cast<${u}>(symbol);\n`);
  w.write(`  assert(${valid}u == (${valid}u | val) && "invalid bits set in bit enum");\n`);
  if (unset) w.write(`  // Special case for all bits unset.\n  if (val == 0) return "${unset.getStr()}";\n\n`);
  w.write('  ::llvm::SmallVector<::llvm::StringRef, 2> strs;\n');
  if (info.printBitEnumPrimaryGroups()) {
    w.write('  // Print bit enum groups before individual bits\n');
    for (const c of [...cases].reverse())
      if (c.getValue() !== 0n && c.isBitCaseGroup()) w.write(compareRemoveTemplate(c.getValue(), c.getStr(), u));
    for (const c of cases) if (c.getValue() !== 0n && c.isBitCaseBit()) w.write(compareTemplate(c.getValue(), c.getStr()));
  } else {
    for (const c of cases) if (c.getValue() !== 0n) w.write(compareTemplate(c.getValue(), c.getStr()));
  }
  w.write(`  return ::llvm::join(strs, "${info.getSeparator()}");\n}\n\n`);
}

function emitStrToSymForIntEnum(w: TextWriter, info: EnumInfo): void {
  const e = info.getEnumClassName();
  w.write(`::std::optional<${e}> ${info.getStringToSymbolFnName()}(::llvm::StringRef str) {\n`);
  w.write(`  return ::llvm::StringSwitch<::std::optional<${e}>>(str)\n`);
  for (const c of info.getAllCases()) w.write(`      .Case("${c.getStr()}", ${e}::${makeIdentifier(c.getSymbol())})\n`);
  w.write('      .Default(::std::nullopt);\n}\n');
}

function emitStrToSymForBitEnum(w: TextWriter, info: EnumInfo): void {
  const e = info.getEnumClassName();
  const u = info.getUnderlyingType();
  const cases = info.getAllCases();
  const unset = allBitsUnsetCase(cases);
  w.write(`::std::optional<${e}> ${info.getStringToSymbolFnName()}(::llvm::StringRef str) {\n`);
  if (unset)
    w.write(`  // Special case for all bits unset.\n  if (str == "${unset.getStr()}") return ${e}::${makeIdentifier(unset.getSymbol())};\n\n`);
  w.write('  ::llvm::SmallVector<::llvm::StringRef, 2> symbols;\n');
  w.write(`  str.split(symbols, "${info.getSeparator().trim()}");\n\n`);
  w.write(`  ${u} val = 0;\n`);
  w.write('  for (auto symbol : symbols) {\n');
  w.write(`    auto bit = llvm::StringSwitch<::std::optional<${u}>>(symbol.trim())\n`);
  for (const c of cases) if (c.getValue() !== 0n) w.write(`      .Case("${c.getStr()}", ${c.getValue()})\n`);
  w.write('      .Default(::std::nullopt);\n');
  w.write('    if (bit) { val |= *bit; } else { return ::std::nullopt; }\n  }\n');
  w.write(`  return static_cast<${e}>(val);\n}\n\n`);
}

function emitUnderlyingToSymForIntEnum(w: TextWriter, info: EnumInfo): void {
  const e = info.getEnumClassName();
  const cases = info.getAllCases();
  if (!allCasesHaveValues(cases)) return;
  w.write(`::std::optional<${e}> ${info.getUnderlyingToSymbolFnName()}(${underlyingOrUnsigned(info)} value) {\n`);
  w.write('  switch (value) {\n');
  for (const c of cases) w.write(`  case ${c.getValue()}: return ${e}::${makeIdentifier(c.getSymbol())};\n`);
  w.write('  default: return ::std::nullopt;\n  }\n}\n\n');
}

function emitUnderlyingToSymForBitEnum(w: TextWriter, info: EnumInfo): void {
  const e = info.getEnumClassName();
  const u = info.getUnderlyingType();
  const unset = allBitsUnsetCase(info.getAllCases());
  w.write(`::std::optional<${e}> ${info.getUnderlyingToSymbolFnName()}(${u} value) {\n`);
  if (unset) w.write(`  // Special case for all bits unset.\n  if (value == 0) return ${e}::${makeIdentifier(unset.getSymbol())};\n\n`);
  w.write(`  if (value & ~static_cast<${u}>(${info.getValidBits()}u)) return std::nullopt;\n`);
  w.write(`  return static_cast<${e}>(value);\n}\n`);
}

function emitSpecializedAttrDef(w: TextWriter, info: EnumInfo): void {
  const e = info.getEnumClassName();
  const attr = info.getSpecializedAttrClassName();
  const base = info.getBaseAttrClass();
  w.write(`bool ${attr}::classof(::mlir::Attribute attr) {\n`);
  const predInit = base.getValue('predicate')?.value;
  const pred = predInit instanceof DefInit ? predInit.def : undefined;
  if (!pred || !pred.isSubClassOfName('Pred')) fatalAt(undefined, 'ERROR: baseAttrClass for EnumAttr has no Predicate\n');
  w.write(`  return ${tgfmt(predicateCondition(pred), new FmtContext().withSelf('attr'))};\n`);
  w.write('}\n');
  w.write(`${attr} ${attr}::get(::mlir::MLIRContext *context, ${e} val) {\n`);
  let bitwidth = 64n;
  const valueType = base.getValue('valueType') ? base.getValueAsOptionalDef('valueType') : undefined;
  if (valueType?.getValue('bitwidth')) bitwidth = valueType.getValueAsInt('bitwidth');
  w.write(`  ::mlir::IntegerType intType = ::mlir::IntegerType::get(context, ${bitwidth});\n`);
  w.write(`  ::mlir::IntegerAttr baseAttr = ::mlir::IntegerAttr::get(intType, static_cast<${info.getUnderlyingType()}>(val));\n`);
  w.write(`  return ::llvm::cast<${attr}>(baseAttr);\n`);
  w.write('}\n');
  w.write(`${e} ${attr}::getValue() const {\n`);
  w.write(`  return static_cast<${e}>(::mlir::IntegerAttr::getValue().getZExtValue());\n`);
  w.write('}\n');
}

function emitEnumDef(w: TextWriter, info: EnumInfo): void {
  llvmNamespaceScope(w, info.getCppNamespace(), () => {
    if (info.isBitEnum()) {
      emitSymToStrForBitEnum(w, info);
      emitStrToSymForBitEnum(w, info);
      emitUnderlyingToSymForBitEnum(w, info);
    } else {
      emitSymToStrForIntEnum(w, info);
      emitStrToSymForIntEnum(w, info);
      emitUnderlyingToSymForIntEnum(w, info);
    }
    if (info.genSpecializedAttr()) emitSpecializedAttrDef(w, info);
  });
}

export function emitEnumDefs(records: Parameters<typeof allEnums>[0], inputFilename: string): string {
  const w = new TextWriter();
  w.write(emitSourceFileHeader('Enum Utility Definitions', inputFilename));
  for (const info of allEnums(records)) emitEnumDef(w, info);
  return w.toString();
}

registerGenerator({
  name: 'enum-defs',
  description: 'Generate enum utility definitions',
  run: (ctx) => emitEnumDefs(ctx.records, ctx.inputFilename),
});
