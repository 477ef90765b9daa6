// --gen-runtime-libcalls (llvm-tblgen's): from llvm/IR/RuntimeLibcalls.td, the RTLIB::Libcall and
// RTLIB::LibcallImpl enums, the implementations' name table with a perfect-hash lookup by name,
// and setTargetRuntimeLibcallSets, which makes each system library's implementations available
// under its triple predicate (subsets under their own predicates and calling conventions).
import { type Record, type RecSet, SetTheory, activeDiagnostics, errorAt, fatalNoLoc, instantiationNotes, warnAt } from '@ods-ts/tablegen-core';
import { emitSourceFileHeader } from '../emit.js';
import { AvailabilityPredicate, type RuntimeLibcallImpl, RuntimeLibcalls } from '../ods/runtime-libcall.js';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { xxh3_64 } from '../string-map-order.js';
import { TextWriter } from '../text.js';
import { llvmIfDefScope } from './gen-util.js';
import { StringToOffsetTable } from './offset-table-util.js';

function emitEnums(out: TextWriter, lib: RuntimeLibcalls): void {
  llvmIfDefScope(out, 'GET_RUNTIME_LIBCALL_ENUM', () => {
    out.write('namespace llvm {\nnamespace RTLIB {\nenum Libcall : unsigned short {\n');
    for (const l of lib.libcalls) out.write(`  ${l.name} = ${l.enumVal},\n`);
    out.write(`  UNKNOWN_LIBCALL = ${lib.libcalls.length}\n};\n\nenum LibcallImpl : unsigned short {\n  Unsupported = 0,\n`);
    for (const i of lib.impls) out.write(`  impl_${i.name} = ${i.enumVal}, // ${i.funcName}\n`);
    out.write(`};\nconstexpr size_t NumLibcallImpls = ${lib.impls.length + 1};\n} // End namespace RTLIB\n} // End namespace llvm\n`);
  });
}

function emitNames(out: TextWriter, lib: RuntimeLibcalls): void {
  const strings = new StringToOffsetTable('RTLIB::RuntimeLibcallsInfo::');
  llvmIfDefScope(out, 'GET_INIT_RUNTIME_LIBCALL_NAMES', () => {
    for (const i of lib.impls) strings.getOrAdd(i.funcName);
    out.write(strings.emitStringTableDef('RuntimeLibcallImplNameTable'));
    out.write('\nconst uint16_t RTLIB::RuntimeLibcallsInfo::RuntimeLibcallNameOffsetTable[] = {\n  0, // \n');
    for (const i of lib.impls) out.write(`  ${strings.get(i.funcName)}, // ${i.funcName}\n`);
    out.write('};\n\nconst uint8_t RTLIB::RuntimeLibcallsInfo::RuntimeLibcallNameSizeTable[] = {\n  0,\n');
    for (const i of lib.impls) out.write(`  ${i.funcName.length},\n`);
    out.write('};\n\n');
    out.write('const RTLIB::Libcall llvm::RTLIB::RuntimeLibcallsInfo::ImplToLibcall[RTLIB::NumLibcallImpls] = {\n  RTLIB::UNKNOWN_LIBCALL, // RTLIB::Unsupported\n');
    for (const i of lib.impls) out.write(`  ${i.provides.enumEntry()}, // ${i.enumEntry()}\n`);
    out.write('};\n\n');
  });
}

/** StringMap's hash: xxh3_64bits truncated to 32 bits. */
const nameHash = (s: string): number => Number(xxh3_64(s) & 0xffffffffn);

/** The smallest power of two above `n` (a uint32, as llvm's NextPowerOf2 then truncated). */
function nextPowerOf2(n: number): number {
  if (n === 0) return 1;
  const p = 2 ** (Math.floor(Math.log2(n)) + 1);
  return p >= 2 ** 32 ? 0 : p;
}

/** The table size and bucket depth of the perfect hash: the smallest depth, then the smallest size. */
function perfectHashParameters(hashes: readonly number[]): { size: number; collisions: number } | undefined {
  // Sizes up to four times the number of names.
  const overhead = 4;
  const first = nextPowerOf2((hashes.length - 1) >>> 0);
  if (first === 0 || first >= overhead * hashes.length) return undefined;
  for (let collisions = 1; ; collisions++) {
    for (let n = first; n < overhead * hashes.length; n *= 2) {
      const count = new Map<number, number>();
      const fits = hashes.every((h) => {
        const c = (count.get(h % n) ?? 0) + 1;
        count.set(h % n, c);
        return c <= collisions;
      });
      if (fits) return { size: n, collisions };
    }
  }
}

const LOOKUP_LOOP = (size: number, collisions: number) => `  unsigned Idx = (hash(Name) % ${size}) * ${collisions};

  for (int I = 0; I != ${collisions}; ++I) {
    const uint16_t Entry = HashTableNameToEnum[Idx + I];
    const uint16_t StrOffset = RuntimeLibcallNameOffsetTable[Entry];
    const uint8_t StrSize = RuntimeLibcallNameSizeTable[Entry];
    StringRef Str(
      &RTLIB::RuntimeLibcallsInfo::RuntimeLibcallImplNameTableStorage[StrOffset],
      StrSize);
    if (Str == Name)
      return libcallImplNameHit(Entry, StrOffset);
  }

  return enum_seq(RTLIB::Unsupported, RTLIB::Unsupported);
}
`;

const HASH_FUNCTION = 'static inline uint64_t hash(StringRef Str) {\n  return static_cast<uint32_t>(xxh3_64bits(Str));\n}\n\n';

function emitNameLookup(out: TextWriter, lib: RuntimeLibcalls): void {
  // Each distinct name once, with the first implementation of that name.
  const firstOf = new Map<string, number>();
  for (const i of lib.impls) if (!firstOf.has(i.funcName)) firstOf.set(i.funcName, i.enumVal);
  const names = [...firstOf.keys()];
  const maxSize = Math.max(0, ...names.map((n) => n.length));
  llvmIfDefScope(out, 'GET_LOOKUP_LIBCALL_IMPL_NAME_BODY', () => {
    out.write(`  size_t Size = Name.size();\n  if (Size == 0 || Size > ${maxSize})\n    return enum_seq(RTLIB::Unsupported, RTLIB::Unsupported);\n return lookupLibcallImplNameImpl(Name);\n`);
  });
  const hashes = names.map(nameHash);
  const params = perfectHashParameters(hashes);
  // llvm-tblgen searches for ever when there is no implementation; a located error here.
  if (!params) fatalNoLoc('no RuntimeLibcallImpl defined: the name lookup table would be empty');
  const { size, collisions } = params;
  const lookup = new Array<number>(size * collisions).fill(0);
  names.forEach((name, k) => {
    const base = (hashes[k]! % size) * collisions;
    let j = 0;
    while (j < collisions && lookup[base + j] !== 0) j++;
    lookup[base + j] = firstOf.get(name)!;
  });
  llvmIfDefScope(out, 'DEFINE_GET_LOOKUP_LIBCALL_IMPL_NAME', () => {
    out.write(HASH_FUNCTION);
    out.write('iota_range<RTLIB::LibcallImpl> RTLIB::RuntimeLibcallsInfo::lookupLibcallImplNameImpl(StringRef Name) {\n');
    out.write(`  static constexpr uint16_t HashTableNameToEnum[${lookup.length}] = {\n`);
    for (const v of lookup) out.write(`    ${v},\n`);
    out.write('  };\n\n');
    out.write(LOOKUP_LOOP(size, collisions));
  });
}

/** An implementation's predicates in one system library (each a `LibcallImpls` around it) and calling convention. */
interface ImplPredicates {
  readonly preds: (Record | undefined)[];
  cc: Record | undefined;
}

/** The implementations selected under one (predicate, calling convention) pair. */
interface PredicateGroup {
  readonly pred: Record | undefined;
  readonly cc: Record | undefined;
  readonly impls: RuntimeLibcallImpl[];
}

const SET_CALLS_HEAD =
  'void llvm::RTLIB::RuntimeLibcallsInfo::setTargetRuntimeLibcallSets(const llvm::Triple &TT, ExceptionHandling ExceptionModel, FloatABI::ABIType FloatABI, EABI EABIVersion, StringRef ABIName) {\n';

const SET_CALLS_TAIL = String.raw`  LLVM_DEBUG(dbgs() << "no system runtime library applied to target \'" << TT.str() << "\'\n");` + '\n}\n\n';

/** The implementations of a system library, with the predicates of nested `LibcallImpls`. */
function expandLibrary(ctx: GeneratorContext, lib: RuntimeLibcalls, library: Record): { elements: readonly Record[]; preds: Map<RuntimeLibcallImpl | undefined, ImplPredicates> } {
  const preds = new Map<RuntimeLibcallImpl | undefined, ImplPredicates>();
  const sets = new SetTheory(ctx.records);
  sets.addExpander('LibcallImpls', (st, def, out: RecSet) => {
    const members: RecSet = new Set();
    st.evaluate(def.getValueInit('MemberList'), members, def);
    for (const m of members) out.add(m);
    const pred = new AvailabilityPredicate(def.getValueAsDef('AvailabilityPredicate'));
    const cc = def.getValueAsOptionalDef('CallingConv');
    if (pred.isAlwaysAvailable() && !cc) return;
    for (const m of members) {
      const impl = lib.implOf(m);
      let entry = preds.get(impl);
      if (entry) {
        errorAt(def, `combining nested libcall set predicates currently unhandled: '${impl?.funcName ?? ''}'`);
      } else {
        entry = { preds: [], cc };
        preds.set(impl, entry);
      }
      entry.preds.push(pred.def);
      entry.cc = cc;
    }
  });
  const elements = sets.expand(library.getValueAsDef('MemberList')) ?? [];
  return { elements, preds };
}

function emitLibrary(out: TextWriter, ctx: GeneratorContext, lib: RuntimeLibcalls, library: Record): void {
  out.write('\n');
  const top = new AvailabilityPredicate(library.getValueAsDef('TriplePred'));
  out.write(`  if (${top.cond}) {\n`);
  const defaultCC = library.getValueAsDef('DefaultLibcallCallingConv').getValueAsString('CallingConv').trim();
  if (defaultCC !== '') {
    out.write(`    const CallingConv::ID DefaultCC = ${defaultCC};\n    for (CallingConv::ID &Entry : LibcallImplCallingConvs) {\n      Entry = DefaultCC;\n    }\n\n`);
  }
  const { elements, preds } = expandLibrary(ctx, lib, library);

  // The groups in order of first use, the one without predicate or calling convention first.
  const groups = new Map<string, PredicateGroup>();
  const keyOf = (pred: Record | undefined, cc: Record | undefined) => `${pred?.id ?? ''}/${cc?.id ?? ''}`;
  const groupOf = (pred: Record | undefined, cc: Record | undefined) => {
    const key = keyOf(pred, cc);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { pred, cc, impls: [] }));
    return g;
  };
  const plain = groupOf(undefined, undefined);
  const bits = new Array<bigint>(Math.ceil((lib.impls.length + 1) / 64)).fill(0n);
  for (const elt of elements) {
    const impl = lib.implOf(elt);
    if (!impl) {
      errorAt(library, 'entry for SystemLibrary is not a RuntimeLibcallImpl');
      activeDiagnostics()?.report('note', elt.locs[0], `invalid entry \`${elt.getName()}\``, instantiationNotes(elt));
      continue;
    }
    const bit = 1n << BigInt(impl.enumVal % 64);
    const slot = Math.floor(impl.enumVal / 64);
    const entry = preds.get(impl);
    if (!entry) {
      bits[slot]! |= bit;
      plain.impls.push(impl);
      continue;
    }
    for (const pred of entry.preds) {
      if (new AvailabilityPredicate(pred).isAlwaysAvailable()) bits[slot]! |= bit;
      groupOf(pred, entry.cc).impls.push(impl);
    }
  }

  out.write('    static constexpr LibcallImplBitset SystemAvailableImpls({\n      ');
  bits.forEach((b, i) => {
    if (i > 0) out.write(i % 4 === 0 ? ',\n      ' : ', ');
    out.write(`0x${b.toString(16).padStart(14, '0')}`);
  });
  out.write('\n    });\n    AvailableLibcallImpls = SystemAvailableImpls;\n\n');

  // The groups by predicate name (the one without a predicate first).
  const byName = (g: PredicateGroup) => g.pred?.getName() ?? '';
  const ordered = [...groups.values()].filter((g) => g.impls.length > 0);
  ordered.sort((a, b) => (byName(a) < byName(b) ? -1 : byName(a) > byName(b) ? 1 : 0));
  for (const g of ordered) emitGroup(out, library, g);
  out.write('    return;\n  }\n');
}

/** One group's table of implementations and the loop that makes them available. */
function emitGroup(out: TextWriter, library: Record, g: PredicateGroup): void {
  const pred = new AvailabilityPredicate(g.pred);
  const depth = pred.isAlwaysAvailable() ? 2 : 4;
  const pad = (n: number) => ' '.repeat(n);
  if (!pred.isAlwaysAvailable()) out.write(`${pad(depth)}if (${pred.cond}) {\n`);
  // One implementation per libcall: the first, by libcall, warning of the others.
  const byLibcall = [...g.impls].sort((a, b) => a.provides.enumVal - b.provides.enumVal);
  const impls: RuntimeLibcallImpl[] = [];
  for (const impl of byLibcall) {
    const kept = impls[impls.length - 1];
    if (kept && kept.provides === impl.provides) {
      warnAt(library, `conflicting implementations for libcall ${kept.provides.name}: ${kept.funcName}, ${impl.funcName}`);
      continue;
    }
    impls.push(impl);
  }
  const table = `LibraryCalls${pred.tableSuffix()}${g.cc ? `_${g.cc.getName()}` : ''}`;
  out.write(`${pad(depth + 2)}static const RTLIB::LibcallImpl ${table}[] = {\n`);
  for (const impl of impls) out.write(`${pad(depth + 6)}${impl.enumEntry()}, // ${impl.funcName}\n`);
  out.write(`${pad(depth + 2)}};\n\n${pad(depth + 2)}for (const RTLIB::LibcallImpl Impl : ${table}) {\n${pad(depth + 4)}setAvailable(Impl);\n`);
  if (g.cc) out.write(`${pad(depth + 4)}setLibcallImplCallingConv(Impl, ${g.cc.getValueAsString('CallingConv')});\n`);
  out.write(`${pad(depth + 2)}}\n\n`);
  if (!pred.isAlwaysAvailable()) out.write(`${pad(depth)}}\n\n`);
}

function run(ctx: GeneratorContext): string {
  const out = new TextWriter();
  out.write(emitSourceFileHeader('Runtime LibCalls Source Fragment', ctx.inputFilename));
  const lib = new RuntimeLibcalls(ctx.records);
  emitEnums(out, lib);
  emitNames(out, lib);
  emitNameLookup(out, lib);
  llvmIfDefScope(out, 'GET_RUNTIME_LIBCALLS_INFO', () => {
    out.write(SET_CALLS_HEAD);
    for (const library of ctx.records.getAllDerivedDefinitions('SystemRuntimeLibrary')) emitLibrary(out, ctx, lib, library);
    out.write(SET_CALLS_TAIL);
  });
  return out.toString();
}

registerGenerator({ name: 'runtime-libcalls', description: 'Generate RuntimeLibcalls', run });
