// The order in which llvm::cl's LookupNearestOption ("Did you mean '--x'?") visits the options of
// mlir-tblgen-22 and llvm-tblgen-22, so that ods-tblgen breaks ties between names at the same edit
// distance as the tool it stands in for (the first best one visited wins).
//
// In LLVM 22, cl keeps its options in a `DenseMap<StringRef, Option *>` (CommandLine.h), iterated
// in bucket order. The model here, measured against the installed tools (see
// tools/fuzz/dym-check.mjs):
// - keys hashed with llvm::hash_value(StringRef) (Hashing.h: the CityHash-like short hash for at
//   most 64 bytes, fixed seed 0xff51afd7ed558ccd as LLVM_ENABLE_ABI_BREAKING_CHECKS is off),
//   truncated to 32 bits;
// - 64 buckets at the first insertion, doubled (and rehashed in bucket order) when
//   (entries + 1) * 4 >= buckets * 3; quadratic probing (+1, +2, +3, ... from the home bucket);
// - each tool's insertion order: its static options sorted by name, the literal group of
//   actions/generators as described below, then the options every LLVM tool links in, then `h`
//   (cl::DefaultOption, added when parsing starts);
// - a literal group (one Option for all of its literals) is met at the first bucket holding any of
//   its literals, and then tries all of them in the group's value order.

/** One option as LookupNearestOption meets it: the names it tries, and whether `=value` is kept. */
export interface NearestEntry {
  /** The option's names in the order they are tried (a literal group's values in value order). */
  readonly names: readonly string[];
  /** Not cl::ValueDisallowed: the name is compared with the part before `=`, and `=value` kept. */
  readonly permitValue: boolean;
}

/** The reference tools whose option order is modelled. */
export type ReferenceTool = 'mlir-tblgen' | 'llvm-tblgen';

// ---------------------------------------------------------------------------------------------
// llvm::hash_value(StringRef), 64-bit arithmetic in bigints.

const M64 = (1n << 64n) - 1n;
const K0 = 0xc3a5c85c97cb3127n;
const K1 = 0xb492b66fbe98f273n;
const K2 = 0x9ae16a3b2f90404fn;
const K3 = 0xc949d7c7509e6557n;
const SEED = 0xff51afd7ed558ccdn;
const KMUL = 0x9ddfea08eb382d69n;

const mul = (a: bigint, b: bigint): bigint => (a * b) & M64;
const add = (...xs: bigint[]): bigint => xs.reduce((s, x) => s + x, 0n) & M64;
const rotr = (v: bigint, s: number): bigint => (s === 0 ? v : ((v >> BigInt(s)) | (v << BigInt(64 - s))) & M64);
const shiftMix = (v: bigint): bigint => v ^ (v >> 47n);

function hash16(low: bigint, high: bigint): bigint {
  let a = mul(low ^ high, KMUL);
  a ^= a >> 47n;
  let b = mul(high ^ a, KMUL);
  b ^= b >> 47n;
  return mul(b, KMUL);
}

function fetch64(p: Uint8Array, i: number): bigint {
  let r = 0n;
  for (let j = 7; j >= 0; j--) r = (r << 8n) | BigInt(p[i + j]!);
  return r;
}

function fetch32(p: Uint8Array, i: number): bigint {
  return BigInt((p[i]! | (p[i + 1]! << 8) | (p[i + 2]! << 16) | (p[i + 3]! << 24)) >>> 0);
}

/** llvm::hash_value of a string of at most 64 bytes (option names are short), as 64 bits. */
export function llvmHashValue(text: string): bigint {
  const p = Uint8Array.from(Buffer.from(text, 'latin1'));
  const len = p.length;
  const L = BigInt(len);
  if (len > 64) throw new Error(`llvmHashValue: ${len} bytes (only strings of at most 64 bytes are modelled)`);
  if (len === 0) return K2 ^ SEED;
  if (len <= 3) {
    const y = (BigInt(p[0]!) + (BigInt(p[len >> 1]!) << 8n)) & 0xffffffffn;
    const z = (L + (BigInt(p[len - 1]!) << 2n)) & 0xffffffffn;
    return mul(shiftMix(mul(y, K2) ^ mul(z, K3) ^ SEED), K2);
  }
  if (len <= 8) return hash16(add(L, fetch32(p, 0) << 3n), SEED ^ fetch32(p, len - 4));
  if (len <= 16) {
    const a = fetch64(p, 0);
    const b = fetch64(p, len - 8);
    return hash16(SEED ^ a, rotr(add(b, L), len)) ^ b;
  }
  if (len <= 32) {
    const a = mul(fetch64(p, 0), K1);
    const b = fetch64(p, 8);
    const c = mul(fetch64(p, len - 8), K2);
    const d = mul(fetch64(p, len - 16), K0);
    return hash16(add(rotr((a - b) & M64, 43), rotr(c ^ SEED, 30), d), (add(a, rotr(b ^ K3, 20), L, SEED) - c) & M64);
  }
  let z = fetch64(p, 24);
  let a = add(fetch64(p, 0), mul(add(L, fetch64(p, len - 16)), K0));
  let b = rotr(add(a, z), 52);
  let c = rotr(a, 37);
  a = add(a, fetch64(p, 8));
  c = add(c, rotr(a, 7));
  a = add(a, fetch64(p, 16));
  const vf = add(a, z);
  const vs = add(b, rotr(a, 31), c);
  a = add(fetch64(p, 16), fetch64(p, len - 32));
  z = fetch64(p, len - 8);
  b = rotr(add(a, z), 52);
  c = rotr(a, 37);
  a = add(a, fetch64(p, len - 24));
  c = add(c, rotr(a, 7));
  a = add(a, fetch64(p, len - 16));
  const wf = add(a, z);
  const ws = add(b, rotr(a, 31), c);
  const r = shiftMix(add(mul(add(vf, ws), K2), mul(add(wf, vs), K0)));
  return mul(shiftMix(add(SEED ^ mul(r, K0), vs)), K2);
}

/** DenseMapInfo<StringRef>::getHashValue: the hash truncated to 32 bits. */
export function denseMapHash(text: string): number {
  return Number(llvmHashValue(text) & 0xffffffffn);
}

// ---------------------------------------------------------------------------------------------
// The DenseMap's buckets.

/** The keys of a DenseMap<StringRef, V> built by inserting `keys` in order, in iteration order. */
export function denseMapOrder(keys: readonly string[]): string[] {
  let buckets: (string | undefined)[] = [];
  const slot = (key: string): number => {
    const mask = buckets.length - 1;
    let b = denseMapHash(key) & mask;
    for (let probe = 1; buckets[b] !== undefined && buckets[b] !== key; probe++) b = (b + probe) & mask;
    return b;
  };
  let entries = 0;
  for (const key of keys) {
    if (buckets.length > 0 && buckets[slot(key)] === key) continue;
    if ((entries + 1) * 4 >= buckets.length * 3) {
      const old = buckets;
      buckets = new Array<string | undefined>(Math.max(64, old.length * 2)).fill(undefined);
      for (const k of old) if (k !== undefined) buckets[slot(k)] = k;
    }
    buckets[slot(key)] = key;
    entries++;
  }
  return buckets.filter((k): k is string => k !== undefined);
}

// ---------------------------------------------------------------------------------------------
// The tools' options, in insertion order.

/** The options every LLVM tool links in (Support's), registered after the tools' own. */
const COMMON = [
  'help-list',
  'help-list-hidden',
  'help',
  'help-hidden',
  'print-options',
  'print-all-options',
  'version',
  'debug-counter',
  'print-debug-counter',
  'print-debug-counter-queries',
  'debug-counter-break-on-last',
  'disable-symbolication',
  'crash-diagnostics-dir',
  'stats',
  'stats-json',
  'track-memory',
  'info-output-file',
  'sort-timers',
  'color',
  'rng-seed',
];

/** Options that take no value (cl::ValueDisallowed) besides the literal groups. */
const NO_VALUE: ReadonlySet<string> = new Set(['help', 'help-hidden', 'help-list', 'help-list-hidden', 'version', 'h']);

/** mlir-tblgen-22's own options (not its generators). */
const MLIR_STATIC = [
  'D',
  'I',
  'allow-hugo-specific-features',
  'asmformat-error-is-fatal',
  'attrdefs-dialect',
  'bind-dialect',
  'bytecode-dialect',
  'd',
  'dialect',
  'dialect-extension',
  'dialect-opclass-base',
  'directives-dialect',
  'llvmir-intrinsics-access-group-regexp',
  'llvmir-intrinsics-alias-analysis-regexp',
  'llvmir-intrinsics-filter',
  'long-string-literals',
  'name',
  'no-warn-on-unused-template-args',
  'o',
  'on-deprecated',
  'op-exclude-regex',
  'op-include-regex',
  'op-shard-count',
  'prefix',
  'strip-prefix',
  'time-phases',
  'typedefs-dialect',
  'write-if-changed',
];

/**
 * mlir-tblgen-22's "Generator to run", in registration order (its generators' source files in
 * the order mlir-tblgen's CMakeLists.txt lists them, each file's in declaration order), which is
 * also the order the literal group tries them in.
 */
const MLIR_GENERATOR_ORDER = [
  'gen-attrdef-defs',
  'gen-attrdef-decls',
  'gen-attr-constraint-defs',
  'gen-attr-constraint-decls',
  'gen-type-constraint-defs',
  'gen-type-constraint-decls',
  'gen-typedef-defs',
  'gen-typedef-decls',
  'gen-bytecode',
  'gen-dialect-decls',
  'gen-dialect-defs',
  'gen-dialect-interface-decls',
  'gen-directive-decl',
  'gen-enum-decls',
  'gen-enum-defs',
  'gen-python-enum-bindings',
  'gen-llvmir-conversions',
  'gen-op-from-llvmir-conversions',
  'gen-intr-from-llvmir-conversions',
  'gen-enum-to-llvmir-conversions',
  'gen-enum-from-llvmir-conversions',
  'gen-convertible-llvmir-intrinsics',
  'gen-llvmir-intrinsics',
  'print-records',
  'verify-openmp-ops',
  'gen-openmp-clause-ops',
  'gen-op-decls',
  'gen-op-defs',
  'gen-attrdef-doc',
  'gen-op-doc',
  'gen-typedef-doc',
  'gen-enum-doc',
  'gen-dialect-doc',
  'gen-attr-interface-decls',
  'gen-attr-interface-defs',
  'gen-attr-interface-docs',
  'gen-op-interface-decls',
  'gen-op-interface-defs',
  'gen-op-interface-docs',
  'gen-type-interface-decls',
  'gen-type-interface-defs',
  'gen-type-interface-docs',
  'gen-python-op-bindings',
  'gen-pass-capi-header',
  'gen-pass-capi-impl',
  'gen-pass-doc',
  'gen-pass-decls',
  'gen-rewriters',
  'gen-avail-interface-decls',
  'gen-avail-interface-defs',
  'gen-spirv-enum-avail-decls',
  'gen-spirv-enum-avail-defs',
  'gen-spirv-serialization',
  'gen-spirv-attr-utils',
  'gen-spirv-avail-impls',
  'gen-spirv-capability-implication',
  'gen-tosa-avail-impls',
];

/** llvm-tblgen-22's own options (not its actions). */
const LLVM_STATIC = [
  'D',
  'I',
  'asmparsernum',
  'asmwriternum',
  'class',
  'combiners',
  'd',
  'gicombiner-debug-cxxpreds',
  'gicombiner-debug-typeinfer',
  'gicombiner-stop-after-parse',
  'gisel-coverage-file',
  'ignore-fully-defined-operands',
  'ignore-non-decodable-operands',
  'instr-info-expand-mi-operand-info',
  'instrument-coverage',
  'instrument-gisel-coverage',
  'intrinsic-prefix',
  'long-string-literals',
  'match-prefix',
  'no-warn-on-unused-template-args',
  'o',
  'omit-comments',
  'optimize-match-table',
  'register-info-debug',
  'sdnode-namespace',
  'specialize-decoders-per-bitwidth',
  'suppress-per-hwmode-duplicates',
  'time-phases',
  'use-fn-table-in-decode-to-mcinst',
  'warn-on-skipped-nodes',
  'warn-on-skipped-patterns',
  'write-if-changed',
];

/** llvm-tblgen-22's "Action to perform:", in value order (as --help-list-hidden lists them). */
const LLVM_ACTION_ORDER = [
  'gen-arm-target-def',
  'gen-attrs',
  'gen-directive-decl',
  'gen-directive-impl',
  'gen-intrinsic-enums',
  'gen-intrinsic-impl',
  'gen-riscv-target-def',
  'gen-runtime-libcalls',
  'print-records',
  'print-detailed-records',
  'null-backend',
  'dump-json',
  'print-enums',
  'print-sets',
  'gen-target-features',
  'gen-target-library-info',
  'gen-vt',
  'gen-asm-matcher',
  'gen-asm-writer',
  'gen-callingconv',
  'gen-emitter',
  'gen-compress-inst-emitter',
  'gen-ctags',
  'gen-dag-isel',
  'gen-automata',
  'gen-dfa-packetizer',
  'gen-disassembler',
  'gen-dxil-operation',
  'gen-exegesis',
  'gen-fast-isel',
  'gen-global-isel-combiner',
  'gen-global-isel',
  'gen-instr-docs',
  'gen-instr-info',
  'gen-macro-fusion-pred',
  'gen-opt-parser-defs',
  'gen-opt-rst',
  'gen-pseudo-lowering',
  'gen-register-bank',
  'gen-register-info',
  'gen-sd-node-info',
  'gen-searchable-tables',
  'gen-subtarget',
  'gen-x86-instr-mapping',
  'gen-x86-fold-tables',
  'gen-x86-mnemonic-tables',
];

/** A tool's options: its insertion order, and the literal group's values. */
interface ToolOptions {
  readonly insertion: readonly string[];
  readonly group: readonly string[];
}

function toolOptions(tool: ReferenceTool): ToolOptions {
  if (tool === 'mlir-tblgen') {
    // The generator option is constructed in main, after every static option.
    return { insertion: [...MLIR_STATIC, ...MLIR_GENERATOR_ORDER, ...COMMON, 'h'], group: MLIR_GENERATOR_ORDER };
  }
  // llvm-tblgen's action option sits among its static options where `dump-json` sorts.
  const at = LLVM_STATIC.findIndex((n) => n > 'dump-json');
  return {
    insertion: [...LLVM_STATIC.slice(0, at), ...LLVM_ACTION_ORDER, ...LLVM_STATIC.slice(at), ...COMMON, 'h'],
    group: LLVM_ACTION_ORDER,
  };
}

const cache = new Map<ReferenceTool, readonly NearestEntry[]>();

/** The options of `tool` in the order LookupNearestOption visits them (each option once). */
export function nearestOrder(tool: ReferenceTool): readonly NearestEntry[] {
  const known = cache.get(tool);
  if (known) return known;
  const { insertion, group } = toolOptions(tool);
  const inGroup = new Set(group);
  const entries: NearestEntry[] = [];
  let groupSeen = false;
  for (const key of denseMapOrder(insertion)) {
    if (!inGroup.has(key)) entries.push({ names: [key], permitValue: !NO_VALUE.has(key) });
    else if (!groupSeen) {
      groupSeen = true;
      entries.push({ names: group, permitValue: false });
    }
  }
  cache.set(tool, entries);
  return entries;
}

/** Every option name of `tool` (for checks that ods-tblgen accepts them all). */
export function toolOptionNames(tool: ReferenceTool): readonly string[] {
  return toolOptions(tool).insertion;
}
