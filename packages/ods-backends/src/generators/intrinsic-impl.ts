// --gen-intrinsic-impl (llvm-tblgen's): the implementation tables of llvm/IR/Intrinsics.td — IIT
// codes, target slices, the name table, the overload and pretty-print bitsets, the type-signature
// table, the attribute tables and Intrinsic::getAttributes, the ImmArg printers and the
// Clang/MS builtin lookups. Every section is one pass over the sorted intrinsics.
import { type RecordKeeper, activeDiagnostics, fatalAt, fatalNoLoc } from '@ods-ts/tablegen-core';
import { emitSourceFileHeader } from '../emit.js';
import { MemoryEffects } from '../ods/memory-effects.js';
import { type Intrinsic, ArgAttrKind, type ArgAttribute, IntrinsicTable, argAttributesKey } from '../ods/intrinsic.js';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { TextWriter } from '../text.js';
import { SequenceToOffsetTable, StringToOffsetTable } from './offset-table-util.js';

/** IIT_Info: the IIT_Base defs by their number. */
function emitIITInfo(out: TextWriter, records: RecordKeeper): void {
  out.write('#ifdef GET_INTRINSIC_IITINFO\n');
  const defs = records.getAllDerivedDefinitionsIfDefined('IIT_Base');
  const byNumber: (string | undefined)[] = new Array(256);
  for (const rec of defs) {
    const n = rec.getValueAsInt('Number');
    if (n < 0n || n > 255n) fatalAt(rec, `IIT_Base number ${n} of ${rec.getName()} does not fit in 8 bits`);
    byNumber[Number(n)] = rec.getName();
  }
  if (defs.length > 0) byNumber.forEach((name, i) => name !== undefined && out.write(`  ${name} = ${i},\n`));
  else out.write('#error "class IIT_Base is not defined"\n');
  out.write('#endif\n\n');
}

const TARGET_INFO_HEAD = `// Target mapping.
#ifdef GET_INTRINSIC_TARGET_DATA
struct IntrinsicTargetInfo {
  StringLiteral Name;
  size_t Offset;
  size_t Count;
};
static constexpr IntrinsicTargetInfo TargetInfos[] = {
`;

function emitTargetInfo(out: TextWriter, table: IntrinsicTable): void {
  out.write(TARGET_INFO_HEAD);
  for (const t of table.targets) out.write(`  {"${t.name}", ${t.offset}, ${t.count}},\n`);
  out.write('};\n#endif\n\n');
}

function emitNameTable(out: TextWriter, ints: readonly Intrinsic[]): void {
  const strings = new StringToOffsetTable();
  strings.getOrAdd('not_intrinsic');
  for (const int of ints) strings.getOrAdd(int.name);
  out.write('// Intrinsic ID to name table.\n#ifdef GET_INTRINSIC_NAME_TABLE\n// Note that entry #0 is the invalid intrinsic!\n\n');
  out.write(strings.emitStringTableDef('IntrinsicNameTable'));
  out.write('\nstatic constexpr unsigned IntrinsicNameOffsetTable[] = {\n');
  out.write(`  ${strings.get('not_intrinsic')}, // not_intrinsic\n`);
  for (const int of ints) out.write(`  ${strings.get(int.name)}, // ${int.name}\n`);
  out.write('\n}; // IntrinsicNameOffsetTable\n\n#endif\n\n');
}

/** A bitset over intrinsic IDs (bit 0, the invalid intrinsic, is clear), and its lookup. */
function emitBitTable(out: TextWriter, ints: readonly Intrinsic[], guard: string, name: string, comment: string, has: (i: Intrinsic) => boolean): void {
  out.write(`// ${comment}\n#ifdef ${guard}\nstatic constexpr uint8_t ${name}[] = {\n  0\n  `);
  ints.forEach((int, i) => {
    const id = i + 1;
    if (id % 8 === 0) out.write(',\n  0');
    if (has(int)) out.write(` | (1<<${id % 8})`);
  });
  out.write(`\n};\n\nreturn (${name}[id/8] & (1 << (id%8))) != 0;\n#endif // ${guard}\n\n`);
}

/** 16-bit fixed encodings: a signature of up to four nibbles below 0x8000; else an offset. */
const FIXED_MASK = 0x7fff;

/** The nibbles of a type signature packed into one word, when they fit in 15 bits. */
function encodePacked(sig: readonly number[]): number | undefined {
  if (sig.length > 8) return undefined;
  let v = 0;
  for (let i = sig.length - 1; i >= 0; i--) {
    if (sig[i]! > 15) return undefined;
    v = ((v << 4) | sig[i]!) >>> 0;
  }
  return (v & FIXED_MASK) === v ? v : undefined;
}

function emitGenerator(out: TextWriter, ints: readonly Intrinsic[]): void {
  const sigs = ints.map((int) => int.typeSignature());
  const packed = sigs.map(encodePacked);
  // Each long signature ends with IIT_Done (0).
  const long = new SequenceToOffsetTable<number>(0, (a, b) => a < b);
  sigs.forEach((sig, i) => packed[i] === undefined && long.add(sig));
  long.layout();
  out.write('// Global intrinsic function declaration type table.\n#ifdef GET_INTRINSIC_GENERATOR_GLOBAL\nstatic constexpr uint16_t IIT_Table[] = {\n  ');
  let maxOffset = 0;
  packed.forEach((word, i) => {
    if ((i & 7) === 7) out.write('\n  ');
    if (word !== undefined) {
      out.write(`0x${word.toString(16)}, `);
      return;
    }
    const offset = long.get(sigs[i]!);
    maxOffset = Math.max(maxOffset, offset);
    out.write(`(1U<<15) | ${offset}, `);
  });
  out.write('0\n};\n\n');
  if ((maxOffset & FIXED_MASK) !== maxOffset) fatalNoLoc('Offset of long encoding table exceeds encoding bits');
  out.write('static constexpr unsigned char IIT_LongEncodingTable[] = {\n');
  if (!long.isEmpty()) out.write(long.emit((c) => String(c), 0));
  out.write('  255\n};\n#endif\n\n');
}

const ARG_ATTR_NAMES: { readonly [K in ArgAttrKind]: string } = {
  [ArgAttrKind.NoCapture]: 'NoCapture',
  [ArgAttrKind.NoAlias]: 'NoAlias',
  [ArgAttrKind.NoUndef]: 'NoUndef',
  [ArgAttrKind.NonNull]: 'NonNull',
  [ArgAttrKind.Returned]: 'Returned',
  [ArgAttrKind.ReadOnly]: 'ReadOnly',
  [ArgAttrKind.WriteOnly]: 'WriteOnly',
  [ArgAttrKind.ReadNone]: 'ReadNone',
  [ArgAttrKind.ImmArg]: 'ImmArg',
  [ArgAttrKind.Alignment]: 'Alignment',
  [ArgAttrKind.Dereferenceable]: 'Dereferenceable',
  [ArgAttrKind.Range]: 'Range',
};

/** One attribute inside `AttributeSet::get(C, {...})`. */
function argAttributeLine(a: ArgAttribute): string {
  const name = ARG_ATTR_NAMES[a.kind];
  switch (a.kind) {
    case ArgAttrKind.NoCapture:
      return '      Attribute::getWithCaptureInfo(C, CaptureInfo::none()),\n';
    case ArgAttrKind.Alignment:
    case ArgAttrKind.Dereferenceable:
      return `      Attribute::get(C, Attribute::${name}, ${a.value}),\n`;
    case ArgAttrKind.Range: {
      const apInt = (v: bigint) => `APInt(BitWidth, ${BigInt.asIntN(64, v)}, /*isSigned=*/true, /*implicitTrunc=*/true)`;
      return `      Attribute::get(C, Attribute::${name}, ConstantRange(${apInt(a.value)}, ${apInt(a.value2)})),\n`;
    }
    default:
      return `      Attribute::get(C, Attribute::${name}),\n`;
  }
}

/** The function attributes in llvm's order, by the flag that sets each. */
const FN_ATTRIBUTES: readonly (readonly [string, (i: Intrinsic) => boolean])[] = [
  ['NoUnwind', (i) => !i.canThrow],
  ['NoReturn', (i) => i.isNoReturn],
  ['NoCallback', (i) => i.isNoCallback],
  ['NoSync', (i) => i.isNoSync],
  ['NoFree', (i) => i.isNoFree],
  ['WillReturn', (i) => i.isWillReturn],
  ['Cold', (i) => i.isCold],
  ['NoDuplicate', (i) => i.isNoDuplicate],
  ['NoMerge', (i) => i.isNoMerge],
  ['Convergent', (i) => i.isConvergent],
  ['Speculatable', (i) => i.isSpeculatable],
  ['StrictFP', (i) => i.isStrictFP],
  ['NoCreateUndefOrPoison', (i) => i.isNoCreateUndefOrPoison],
];

/** ceil(log2(n)) for a uint32 (32 for 0, as llvm's Log2_32_Ceil). */
const log2Ceil = (n: number) => 32 - Math.clz32((n - 1) >>> 0);

const ARG_ATTR_SET_HEAD = `// Add parameter attributes that are not common to all intrinsics.
#ifdef GET_INTRINSIC_ATTRIBUTES
static AttributeSet getIntrinsicArgAttributeSet(LLVMContext &C, unsigned ID,
                                                Type *ArgType) {
  unsigned BitWidth = ArgType->getScalarSizeInBits();
  switch (ID) {
  default: llvm_unreachable("Invalid attribute set number");`;

const FN_ATTR_SET_HEAD = `
  }
} // getIntrinsicArgAttributeSet

static AttributeSet getIntrinsicFnAttributeSet(LLVMContext &C, unsigned ID) {
  switch (ID) {
    default: llvm_unreachable("Invalid attribute set number");`;

const ARG_ATTR_TABLE_HEAD = (entries: number) => `
namespace {
struct ArgNoAttrIDPair {
  uint16_t ArgNo, ArgAttrID;
};
} // namespace

// Number of entries: ${entries}
static constexpr ArgNoAttrIDPair ArgAttrIdTable[] = {
`;

const ARG_ATTR_INFO_HEAD = (entries: number) => `}; // ArgAttrIdTable

namespace {
struct ArgAttributesInfo {
  uint16_t StartIndex;
  uint16_t NumAttrs;
};
} // namespace

// Number of entries: ${entries}
static constexpr ArgAttributesInfo ArgAttributesInfoTable[] = {
`;

/** Intrinsic::getAttributes and getFnAttributes over the tables (slots: bit size, array size, no-fn ID). */
const GET_ATTRIBUTES_TEMPLATE = (bits: number, maxAttrs: number, noFn: number) => `}; // ArgAttributesInfoTable


template <typename IDTy>
inline std::pair<uint32_t, uint32_t> unpackID(const IDTy PackedID) {
  constexpr uint8_t UniqAttributesBitSize = ${bits};
  const uint32_t FnAttrID = PackedID >> UniqAttributesBitSize;
  const uint32_t ArgAttrID = PackedID &
    maskTrailingOnes<uint32_t>(UniqAttributesBitSize);
  return {FnAttrID, ArgAttrID};
}

AttributeList Intrinsic::getAttributes(LLVMContext &C, ID id,
                                       FunctionType *FT) {
  if (id == 0)
    return AttributeList();
  auto [FnAttrID, ArgAttrID] = unpackID(IntrinsicsToAttributesMap[id - 1]);
  using PairTy = std::pair<unsigned, AttributeSet>;
  alignas(PairTy) char ASStorage[sizeof(PairTy) * ${maxAttrs}];
  PairTy *AS = reinterpret_cast<PairTy *>(ASStorage);

  // Construct an ArrayRef for easier range checking.
  ArrayRef<ArgAttributesInfo> ArgAttributesInfoTableAR(ArgAttributesInfoTable);
  if (ArgAttrID >= ArgAttributesInfoTableAR.size())
    llvm_unreachable("Invalid arguments attribute ID");

  auto [StartIndex, NumAttrs] = ArgAttributesInfoTableAR[ArgAttrID];
  for (unsigned Idx = 0; Idx < NumAttrs; ++Idx) {
    auto [ArgNo, ArgAttrID] = ArgAttrIdTable[StartIndex + Idx];
    AS[Idx] = {ArgNo,
        getIntrinsicArgAttributeSet(C, ArgAttrID, FT->getContainedType(ArgNo))};
  }
  if (FnAttrID != ${noFn}) {
    AS[NumAttrs++] = {AttributeList::FunctionIndex,
                      getIntrinsicFnAttributeSet(C, FnAttrID)};
  }
  return AttributeList::get(C, ArrayRef(AS, NumAttrs));
}

AttributeSet Intrinsic::getFnAttributes(LLVMContext &C, ID id) {
  if (id == 0)
    return AttributeSet();
  auto [FnAttrID, _] = unpackID(IntrinsicsToAttributesMap[id - 1]);
  if (FnAttrID == ${noFn})
    return AttributeSet();
  return getIntrinsicFnAttributeSet(C, FnAttrID);
}
#endif // GET_INTRINSIC_ATTRIBUTES

`;

function emitAttributes(out: TextWriter, ints: readonly Intrinsic[]): void {
  // The distinct argument attribute sets, numbered as first seen.
  out.write(ARG_ATTR_SET_HEAD);
  const argSets = new Map<string, number>();
  for (const int of ints) {
    for (const attrs of int.argumentAttributes) {
      if (attrs.length === 0) continue;
      const key = argAttributesKey(attrs);
      if (argSets.has(key)) continue;
      argSets.set(key, argSets.size);
      out.write(`\n  case ${argSets.size - 1}:\n    return AttributeSet::get(C, {\n`);
      for (const a of attrs) out.write(argAttributeLine(a));
      out.write('    });');
    }
  }
  // The distinct function attribute sets.
  out.write(FN_ATTR_SET_HEAD);
  const fnSets = new Map<string, number>();
  const fnIds = ints.map((int) => {
    if (!int.hasFnAttributes()) return undefined;
    const key = int.fnAttributesKey();
    const known = fnSets.get(key);
    if (known !== undefined) return known;
    const id = fnSets.size;
    fnSets.set(key, id);
    out.write(`\n  case ${id}: // ${int.name}\n    return AttributeSet::get(C, {\n`);
    for (const [name, has] of FN_ATTRIBUTES) if (has(int)) out.write(`      Attribute::get(C, Attribute::${name}),\n`);
    const me = int.effectiveMemoryEffects();
    if (!me.equals(MemoryEffects.unknown())) {
      out.write(`      // ${me.toString()}\n      Attribute::getWithMemoryEffects(C, MemoryEffects::createFromIntValue(${me.toIntValue()})),\n`);
    }
    out.write('    });');
    return id;
  });
  out.write('\n  }\n} // getIntrinsicFnAttributeSet');

  // The distinct argument attribute lists of whole intrinsics.
  const lists = new Map<string, number>();
  const listOf: Intrinsic[] = [];
  const listIds = ints.map((int) => {
    const key = int.argumentAttributes.map((a) => `[${argAttributesKey(a)}]`).join('');
    let id = lists.get(key);
    if (id === undefined) {
      id = lists.size;
      lists.set(key, id);
      listOf.push(int);
    }
    return id;
  });
  const argBits = log2Ceil(lists.size);
  const fnBits = log2Ceil(fnSets.size + 1);
  const noFnId = fnBits >= 32 ? 0xffffffff : 2 ** fnBits - 1;
  const sum = argBits + fnBits;
  let mapBits = sum === 0 ? 0 : 2 ** Math.ceil(Math.log2(sum));
  if (mapBits < 8) mapBits = 8;
  else if (mapBits > 64) fatalNoLoc('Packed ID of IntrinsicsToAttributesMap exceeds 64b!');
  else if (mapBits > 16) {
    activeDiagnostics()?.report(
      'warning',
      undefined,
      'Packed ID of IntrinsicsToAttributesMap exceeds 16b, this may cause performance drop (pr106809), please consider redesigning intrinsic sets!',
    );
  }
  out.write(`\nstatic constexpr uint${mapBits}_t IntrinsicsToAttributesMap[] = {`);
  ints.forEach((int, i) => out.write(`\n    ${fnIds[i] ?? noFnId} << ${argBits} | ${listIds[i]}, // ${int.name}`));
  out.write('\n}; // IntrinsicsToAttributesMap\n');

  // Each list as (argument, attribute set) pairs, the pairs of all lists in one shared table.
  const pairTable = new SequenceToOffsetTable<number>(undefined, (a, b) => a < b);
  const subTables = listOf.map((int) => {
    const pairs: number[] = [];
    int.argumentAttributes.forEach((attrs, argNo) => {
      // Both halves are uint16_t in llvm's table.
      if (attrs.length > 0) pairs.push((argNo & 0xffff) * 0x10000 + (argSets.get(argAttributesKey(attrs))! & 0xffff));
    });
    if (pairs.length > 0) pairTable.add(pairs);
    return pairs;
  });
  const maxAttrs = Math.max(0, ...listOf.map((int, i) => subTables[i]!.length + (int.hasFnAttributes() ? 1 : 0)));
  pairTable.layout();
  if (pairTable.size >= 0xffff) fatalNoLoc('Size of ArgAttrIdTable exceeds supported limit');
  out.write(ARG_ATTR_TABLE_HEAD(pairTable.size));
  out.write(pairTable.emit((p) => `{${Math.floor(p / 0x10000)}, ${p % 0x10000}}`, 0));
  out.write(ARG_ATTR_INFO_HEAD(subTables.length));
  for (const pairs of subTables) out.write(`  {${pairs.length > 0 ? pairTable.get(pairs) : 0}, ${pairs.length}},\n`);
  out.write(GET_ATTRIBUTES_TEMPLATE(argBits, maxAttrs, noFnId));
}

const PRETTY_PRINT_HEAD = `
#ifdef GET_INTRINSIC_PRETTY_PRINT_ARGUMENTS
void Intrinsic::printImmArg(ID IID, unsigned ArgIdx, raw_ostream &OS, const Constant *ImmArgVal) {
  using namespace Intrinsic;
  switch (IID) {
`;

/** Intrinsic::printImmArg: each ArgInfo's name and printer. */
function emitPrettyPrintArguments(out: TextWriter, ints: readonly Intrinsic[]): void {
  out.write(PRETTY_PRINT_HEAD);
  for (const int of ints) {
    if (int.prettyPrintFunctions.length === 0) continue;
    out.write(`  case ${int.enumName}:\n    switch (ArgIdx) {\n`);
    for (const f of int.prettyPrintFunctions) {
      out.write(`    case ${f.argIdx}:\n      OS << "${f.argName}=";\n`);
      if (f.funcName !== '') out.write(`      ${int.targetPrefix !== '' ? `${int.targetPrefix}::` : ''}${f.funcName}(OS, ImmArgVal);\n`);
      out.write('      return;\n');
    }
    out.write('    }\n    break;\n');
  }
  out.write('  default:\n    break;\n  }\n}\n#endif // GET_INTRINSIC_PRETTY_PRINT_ARGUMENTS\n');
}

const BUILTIN_HEAD = (upper: string, compiler: string) => `
// Get the LLVM intrinsic that corresponds to a builtin. This is used by the
// C front-end. The builtin name is passed in as BuiltinName, and a target
// prefix (e.g. 'ppc') is passed in as TargetPrefix.
#ifdef GET_LLVM_INTRINSIC_FOR_${upper}_BUILTIN
Intrinsic::ID
Intrinsic::getIntrinsicFor${compiler}Builtin(StringRef TargetPrefix, \n                                      StringRef BuiltinName) {
  using namespace Intrinsic;
`;

const BUILTIN_ENTRY_STRUCT = `
  struct BuiltinEntry {
    ID IntrinsicID;
    unsigned StrTabOffset;
    const char *getName() const { return BuiltinNames[StrTabOffset].data(); }
    bool operator<(StringRef RHS) const {
      return strncmp(getName(), RHS.data(), RHS.size()) < 0;
    }
  };

`;

const TARGET_ENTRY_STRUCT = `
  struct TargetEntry {
    StringLiteral TargetPrefix;
    ArrayRef<BuiltinEntry> Names;
    StringLiteral CommonPrefix;
    bool operator<(StringRef RHS) const {
      return TargetPrefix < RHS;
    };
  };
  static constexpr TargetEntry TargetTable[] = {
`;

const TARGET_INDEPENDENT_LOOKUP = (prefix: string) => `
  // Check if it's a target independent builtin.
  // Copy the builtin name so we can use it in consume_front without clobbering
  // if for the lookup in the target specific table.
  StringRef Suffix = BuiltinName;
  if (Suffix.consume_front("${prefix}")) {
    auto II = lower_bound(Names, Suffix);
    if (II != std::end(Names) && II->getName() == Suffix)
      return II->IntrinsicID;
  }
`;

const TARGET_LOOKUP = (upper: string) => `
  auto TI = lower_bound(TargetTable, TargetPrefix);
  if (TI == std::end(TargetTable) || TI->TargetPrefix != TargetPrefix)
    return not_intrinsic;
  // This is the last use of BuiltinName, so no need to copy before using it in
  // consume_front.
  if (!BuiltinName.consume_front(TI->CommonPrefix))
    return not_intrinsic;
  auto II = lower_bound(TI->Names, BuiltinName);
  if (II == std::end(TI->Names) || II->getName() != BuiltinName)
    return not_intrinsic;
  return II->IntrinsicID;
}
#endif // GET_LLVM_INTRINSIC_FOR_${upper}_BUILTIN

`;

const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The builtins of one target prefix: name -> enum name, and their longest common prefix. */
interface BuiltinSet {
  readonly names: Map<string, string>;
  commonPrefix: string;
}

/** Intrinsic::getIntrinsicFor{Clang,MS}Builtin: per-target sorted tables searched by suffix. */
function emitBuiltinMap(out: TextWriter, ints: readonly Intrinsic[], clang: boolean): void {
  const compiler = clang ? 'Clang' : 'MS';
  const upper = clang ? 'CLANG' : 'MS';
  const sets = new Map<string, BuiltinSet>();
  for (const int of ints) {
    const builtin = clang ? int.clangBuiltinName : int.msBuiltinName;
    if (builtin === '') continue;
    let set = sets.get(int.targetPrefix);
    if (!set) {
      set = { names: new Map(), commonPrefix: builtin };
      sets.set(int.targetPrefix, set);
    } else {
      if (set.names.has(builtin)) fatalAt(int.def, `Intrinsic '${int.def.getName()}': duplicate ${compiler} builtin name!`);
      let n = 0;
      while (n < set.commonPrefix.length && n < builtin.length && set.commonPrefix[n] === builtin[n]) n++;
      set.commonPrefix = set.commonPrefix.slice(0, n);
    }
    set.names.set(builtin, int.enumName);
  }
  const targets = [...sets.keys()].sort(byBytes);
  const sorted = new Map(targets.map((t) => [t, [...sets.get(t)!.names].sort(([a], [b]) => byBytes(a, b))]));
  const strings = new StringToOffsetTable();
  for (const t of targets) for (const [name] of sorted.get(t)!) strings.getOrAdd(name.slice(sets.get(t)!.commonPrefix.length));

  out.write(BUILTIN_HEAD(upper, compiler));
  if (targets.length === 0) {
    out.write(`\n  return not_intrinsic;\n  }\n#endif  // GET_LLVM_INTRINSIC_FOR_${upper}_BUILTIN\n`);
    return;
  }
  out.write(strings.emitStringTableDef('BuiltinNames'));
  out.write(BUILTIN_ENTRY_STRUCT);
  for (const t of targets) {
    const prefix = sets.get(t)!.commonPrefix;
    out.write(t !== '' ? `  // Builtins for ${t}.\n` : '  // Target independent builtins.\n');
    out.write(`  static constexpr BuiltinEntry ${t}Names[] = {\n`);
    for (const [name, enumName] of sorted.get(t)!) out.write(`    {${enumName}, ${strings.get(name.slice(prefix.length))}}, // ${name}\n`);
    out.write(`  }; // ${t}Names\n\n`);
  }
  out.write(TARGET_ENTRY_STRUCT);
  for (const t of targets) if (t !== '') out.write(`    {"${t}", ${t}Names, "${sets.get(t)!.commonPrefix}"},\n`);
  out.write('  };\n');
  const independent = sets.get('');
  if (independent) out.write(TARGET_INDEPENDENT_LOOKUP(independent.commonPrefix));
  out.write(TARGET_LOOKUP(upper));
}

function run(ctx: GeneratorContext): string {
  const out = new TextWriter();
  out.write(emitSourceFileHeader('Intrinsic Function Source Fragment'));
  const table = new IntrinsicTable(ctx.records);
  const ints = table.intrinsics;
  emitIITInfo(out, ctx.records);
  emitTargetInfo(out, table);
  emitNameTable(out, ints);
  emitBitTable(out, ints, 'GET_INTRINSIC_OVERLOAD_TABLE', 'OTable', 'Intrinsic ID to overload bitset.', (i) => i.isOverloaded);
  emitGenerator(out, ints);
  emitAttributes(out, ints);
  emitBitTable(out, ints, 'GET_INTRINSIC_PRETTY_PRINT_TABLE', 'PPTable', 'Intrinsic ID to pretty print bitset.', (i) => i.prettyPrintFunctions.length > 0);
  emitPrettyPrintArguments(out, ints);
  emitBuiltinMap(out, ints, true);
  emitBuiltinMap(out, ints, false);
  return out.toString();
}

registerGenerator({
  name: 'intrinsic-impl',
  description: 'Generate intrinsic implementation code',
  run,
});
