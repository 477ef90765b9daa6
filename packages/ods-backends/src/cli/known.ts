// What llvm-tblgen-22 and mlir-tblgen-22 accept besides the core TableGen options: their actions
// and generators (so that one ods-tblgen does not implement yet is reported as such, not as an
// unknown option), the global options of mlir-tblgen's generators (accepted whichever generator
// runs, as in mlir-tblgen), and the hidden options every LLVM tool links in (accepted, ignored).

/** llvm-tblgen-22's actions besides --print-records/--dump-json/--null-backend (`--help-hidden`). */
export const LLVM_ACTIONS: readonly (readonly [string, string])[] = [
  ['gen-arm-target-def', 'Generate the ARM or AArch64 Architecture information header.'],
  ['gen-attrs', 'Generate attributes'],
  ['gen-directive-decl', 'Generate directive related declaration code (header file)'],
  ['gen-directive-impl', 'Generate directive related implementation code'],
  ['gen-intrinsic-enums', 'Generate intrinsic enums'],
  ['gen-intrinsic-impl', 'Generate intrinsic implementation code'],
  ['gen-riscv-target-def', 'Generate the list of CPUs and extensions for RISC-V'],
  ['gen-runtime-libcalls', 'Generate RuntimeLibcalls'],
  ['print-detailed-records', 'Print full details of all records to stdout'],
  ['print-enums', 'Print enum values for a class'],
  ['print-sets', 'Print expanded sets for testing DAG exprs'],
  ['gen-target-features', 'Generate subtarget enumerations'],
  ['gen-target-library-info', 'Generate TargetLibraryInfo'],
  ['gen-vt', 'Generate ValueType'],
  ['gen-asm-matcher', 'Generate assembly instruction matcher'],
  ['gen-asm-writer', 'Generate assembly writer'],
  ['gen-callingconv', 'Generate calling convention descriptions'],
  ['gen-emitter', 'Generate machine code emitter'],
  ['gen-compress-inst-emitter', 'Generate compressed instructions.'],
  ['gen-ctags', 'Generate ctags-compatible index'],
  ['gen-dag-isel', 'Generate a DAG instruction selector'],
  ['gen-automata', 'Generate generic automata'],
  ['gen-dfa-packetizer', 'Generate DFA Packetizer for VLIW targets'],
  ['gen-disassembler', 'Generate disassembler'],
  ['gen-dxil-operation', 'Generate DXIL operation information'],
  ['gen-exegesis', 'Generate llvm-exegesis tables'],
  ['gen-fast-isel', 'Generate a "fast" instruction selector'],
  ['gen-global-isel-combiner', 'Generate GlobalISel Combiner'],
  ['gen-global-isel', 'Generate GlobalISel selector'],
  ['gen-instr-docs', 'Generate instruction documentation'],
  ['gen-instr-info', 'Generate instruction descriptions'],
  ['gen-macro-fusion-pred', 'Generate macro fusion predicators.'],
  ['gen-opt-parser-defs', 'Generate option definitions'],
  ['gen-opt-rst', 'Generate option RST'],
  ['gen-pseudo-lowering', 'Generate pseudo instruction lowering'],
  ['gen-register-bank', 'Generate registers bank descriptions'],
  ['gen-register-info', 'Generate registers and register classes info'],
  ['gen-sd-node-info', 'Generate target SDNode descriptions'],
  ['gen-searchable-tables', 'Generate generic binary-searchable table'],
  ['gen-subtarget', 'Generate subtarget enumerations'],
  ['gen-x86-instr-mapping', 'Generate X86 instruction mapping'],
  ['gen-x86-fold-tables', 'Generate X86 fold tables'],
  ['gen-x86-mnemonic-tables', 'Generate X86 mnemonic tables'],
];

/** mlir-tblgen-22's generators (`--help-hidden`, "Generator to run"), by flag name. */
export const MLIR_GENERATORS: readonly (readonly [string, string])[] = [
  ['gen-attr-constraint-decls', 'Generate attribute constraint declarations'],
  ['gen-attr-constraint-defs', 'Generate attribute constraint definitions'],
  ['gen-attr-interface-decls', 'Generate attribute interface declarations'],
  ['gen-attr-interface-defs', 'Generate attribute interface definitions'],
  ['gen-attr-interface-docs', 'Generate attribute interface documentation'],
  ['gen-attrdef-decls', 'Generate AttrDef declarations'],
  ['gen-attrdef-defs', 'Generate AttrDef definitions'],
  ['gen-attrdef-doc', 'Generate dialect attribute documentation'],
  ['gen-avail-interface-decls', 'Generate availability interface declarations'],
  ['gen-avail-interface-defs', 'Generate op interface definitions'],
  ['gen-bytecode', 'Generate dialect bytecode readers/writers'],
  ['gen-convertible-llvmir-intrinsics', 'Generate list of convertible LLVM IR intrinsics'],
  ['gen-dialect-decls', 'Generate dialect declarations'],
  ['gen-dialect-defs', 'Generate dialect definitions'],
  ['gen-dialect-doc', 'Generate dialect documentation'],
  ['gen-dialect-interface-decls', 'Generate dialect interface declarations.'],
  ['gen-directive-decl', 'Generate declarations for directives (OpenMP/OpenACC etc.)'],
  ['gen-enum-decls', 'Generate enum utility declarations'],
  ['gen-enum-defs', 'Generate enum utility definitions'],
  ['gen-enum-doc', 'Generate dialect enum documentation'],
  ['gen-enum-from-llvmir-conversions', 'Generate conversions of EnumAttrs from LLVM IR'],
  ['gen-enum-to-llvmir-conversions', 'Generate conversions of EnumAttrs to LLVM IR'],
  ['gen-intr-from-llvmir-conversions', 'Generate conversions of intrinsics from LLVM IR'],
  ['gen-llvmir-conversions', 'Generate LLVM IR conversions'],
  ['gen-llvmir-intrinsics', 'Generate LLVM IR intrinsics'],
  ['gen-op-decls', 'Generate op declarations'],
  ['gen-op-defs', 'Generate op definitions'],
  ['gen-op-doc', 'Generate dialect documentation'],
  ['gen-op-from-llvmir-conversions', 'Generate conversions of operations from LLVM IR'],
  ['gen-op-interface-decls', 'Generate op interface declarations'],
  ['gen-op-interface-defs', 'Generate op interface definitions'],
  ['gen-op-interface-docs', 'Generate op interface documentation'],
  ['gen-openmp-clause-ops', 'Generate OpenMP clause operand structures'],
  ['gen-pass-capi-header', 'Generate pass C API header'],
  ['gen-pass-capi-impl', 'Generate pass C API implementation'],
  ['gen-pass-decls', 'Generate pass declarations'],
  ['gen-pass-doc', 'Generate pass documentation'],
  ['gen-python-enum-bindings', 'Generate Python bindings for enum attributes'],
  ['gen-python-op-bindings', 'Generate Python bindings for MLIR Ops'],
  ['gen-rewriters', 'Generate pattern rewriters'],
  ['gen-spirv-attr-utils', 'Generate SPIR-V attribute utility definitions'],
  ['gen-spirv-avail-impls', 'Generate SPIR-V operation utility definitions'],
  ['gen-spirv-capability-implication', 'Generate utility function to return implied capabilities for a given capability'],
  ['gen-spirv-enum-avail-decls', 'Generate SPIR-V enum availability declarations'],
  ['gen-spirv-enum-avail-defs', 'Generate SPIR-V enum availability definitions'],
  ['gen-spirv-serialization', 'Generate SPIR-V (de)serialization utilities and functions'],
  ['gen-tosa-avail-impls', 'Generate Tosa operation utility definitions'],
  ['gen-type-constraint-decls', 'Generate type constraint declarations'],
  ['gen-type-constraint-defs', 'Generate type constraint definitions'],
  ['gen-type-interface-decls', 'Generate type interface declarations'],
  ['gen-type-interface-defs', 'Generate type interface definitions'],
  ['gen-type-interface-docs', 'Generate type interface documentation'],
  ['gen-typedef-decls', 'Generate TypeDef declarations'],
  ['gen-typedef-defs', 'Generate TypeDef definitions'],
  ['gen-typedef-doc', 'Generate dialect type documentation'],
  ['verify-openmp-ops', 'Verify OpenMP operations (produce no output file)'],
];

/** The value parser of an option: how `--x=value` is checked (cl::parser<T>). */
export type ValueKind = 'string' | 'list' | 'bool' | 'uint' | 'ulong' | 'enum';

export interface KnownOption {
  readonly name: string;
  readonly kind: ValueKind;
  readonly desc: string;
  /** The value name of --help (`<string>`, `<uint>`, ...). */
  readonly valueName?: string;
  /** The help category mlir-tblgen lists the option under. */
  readonly category?: string;
  readonly values?: readonly (readonly [string, string])[];
  /** cl::CommaSeparated: a value `a,b` counts as occurrences `a` and `b` (the last one wins). */
  readonly commaSeparated?: boolean;
}

/**
 * The options of mlir-tblgen-22's generators and of its General category (`--help-list-hidden`).
 * All are global in mlir-tblgen: accepted with any generator (or none). A generator that
 * declares one of them (GeneratorOption) gets its value; the others are accepted and ignored.
 */
export const MLIR_OPTIONS: readonly KnownOption[] = [
  { name: 'allow-hugo-specific-features', kind: 'bool', desc: 'Allows using features specific to Hugo', category: 'Options for -gen-(attrdef|typedef|enum|op|dialect)-doc' },
  { name: 'asmformat-error-is-fatal', kind: 'bool', desc: 'Emit a fatal error if format parsing fails', category: 'General options' },
  { name: 'attrdefs-dialect', kind: 'string', desc: 'Generate attributes for this dialect', category: 'Options for -gen-attrdef-*' },
  { name: 'bind-dialect', kind: 'string', desc: 'The dialect to run the generator for', category: 'Options for -gen-python-op-bindings' },
  { name: 'bytecode-dialect', kind: 'string', desc: 'The dialect to gen for', category: 'Options for -gen-bytecode' },
  { name: 'dialect', kind: 'string', desc: 'The dialect to gen for', category: 'Options for -gen-dialect-*' },
  { name: 'dialect-extension', kind: 'string', desc: 'The prefix of the dialect extension', category: 'Options for -gen-python-op-bindings' },
  { name: 'dialect-opclass-base', kind: 'string', desc: 'The base class for the ops in the dialect we are planning to emit', category: 'Intrinsics Generator Options' },
  { name: 'directives-dialect', kind: 'string', desc: 'Generate directives for this dialect', category: 'Options for gen-directive-decl', commaSeparated: true },
  { name: 'llvmir-intrinsics-access-group-regexp', kind: 'string', desc: 'Mark intrinsics that match the specified regexp as taking an access group metadata', category: 'Intrinsics Generator Options' },
  { name: 'llvmir-intrinsics-alias-analysis-regexp', kind: 'string', desc: 'Mark intrinsics that match the specified regexp as taking alias.scopes, noalias, and tbaa metadata', category: 'Intrinsics Generator Options' },
  { name: 'llvmir-intrinsics-filter', kind: 'string', desc: 'Only keep the intrinsics with the specified substring in their record name', category: 'Intrinsics Generator Options' },
  { name: 'name', kind: 'string', desc: 'The name of this group of passes', category: 'Options for -gen-pass-decls' },
  {
    name: 'on-deprecated',
    kind: 'enum',
    desc: 'Action to perform on deprecated def',
    category: 'General options',
    values: [
      ['none', 'No action'],
      ['warn', 'Warn on use'],
      ['error', 'Error on use'],
    ],
  },
  { name: 'op-exclude-regex', kind: 'string', desc: "Regex of name of op's to exclude (no filter if empty)", category: 'Options for op definition generators' },
  { name: 'op-include-regex', kind: 'string', desc: "Regex of name of op's to include (no filter if empty)", category: 'Options for op definition generators' },
  { name: 'op-shard-count', kind: 'uint', desc: 'The number of shards into which the op classes will be divided', category: 'Options for op definition generators' },
  {
    name: 'prefix',
    kind: 'string',
    desc: 'The prefix to use for this group of passes. The form will be mlirCreate<prefix><passname>, the prefix can avoid conflicts across libraries.',
    category: 'Options for -gen-pass-capi-header and -gen-pass-capi-impl',
  },
  { name: 'strip-prefix', kind: 'string', desc: 'Strip prefix of the fully qualified names', category: 'Options for -gen-(attrdef|typedef|enum|op|dialect)-doc' },
  { name: 'typedefs-dialect', kind: 'string', desc: 'Generate types for this dialect', category: 'Options for -gen-typedef-*' },
];

/** Hidden options of every LLVM 22 tool (Support library): accepted and ignored. */
export const LLVM_HIDDEN_OPTIONS: readonly KnownOption[] = [
  { name: 'crash-diagnostics-dir', kind: 'string', desc: 'Directory for crash diagnostic files.', valueName: 'directory' },
  { name: 'debug-counter', kind: 'list', desc: 'Comma separated list of debug counter skip and count', valueName: '' },
  { name: 'debug-counter-break-on-last', kind: 'bool', desc: 'Insert a break point on the last enabled count of a chunks list' },
  { name: 'disable-symbolication', kind: 'bool', desc: 'Disable symbolizing crash backtraces.' },
  { name: 'info-output-file', kind: 'string', desc: 'File to append -stats and -timer output to', valueName: 'filename' },
  {
    name: 'long-string-literals',
    kind: 'bool',
    desc: 'when emitting large string tables, prefer string literals over comma-separated char literals. This can be a readability and compile-time performance win, but upsets some compilers',
  },
  { name: 'print-debug-counter', kind: 'bool', desc: 'Print out debug counter info after all counters accumulated' },
  { name: 'print-debug-counter-queries', kind: 'bool', desc: 'Print out each query of an enabled debug counter' },
  { name: 'rng-seed', kind: 'ulong', desc: 'Seed for the random number generator', valueName: 'seed' },
  { name: 'sort-timers', kind: 'bool', desc: 'In the report, sort the timers in each group in wall clock time order' },
  { name: 'stats', kind: 'bool', desc: 'Enable statistics output from program (available with Asserts)' },
  { name: 'stats-json', kind: 'bool', desc: 'Display statistics as json data' },
  { name: 'track-memory', kind: 'bool', desc: 'Enable -time-passes memory tracking (this may be slow)' },
];

/**
 * The options of llvm-tblgen-22's own backends (`--help-hidden`): accepted whatever the action,
 * as in llvm-tblgen, and used only by the backends that ods-tblgen implements (--class).
 */
export const LLVM_BACKEND_OPTIONS: readonly KnownOption[] = [
  { name: 'asmparsernum', kind: 'uint', desc: 'Make -gen-asm-parser emit assembly parser #N' },
  { name: 'asmwriternum', kind: 'uint', desc: 'Make -gen-asm-writer emit assembly writer #N' },
  { name: 'class', kind: 'string', desc: 'Print Enum list for this class', valueName: 'class name' },
  { name: 'combiners', kind: 'list', desc: 'Emit the specified combiners' },
  { name: 'gicombiner-debug-cxxpreds', kind: 'bool', desc: 'Add Contextual/Debug comments to all C++ predicates' },
  { name: 'gicombiner-debug-typeinfer', kind: 'bool', desc: 'Print type inference debug logs' },
  { name: 'gicombiner-stop-after-parse', kind: 'bool', desc: 'Stop processing after parsing rules and dump state' },
  { name: 'gisel-coverage-file', kind: 'string', desc: 'Specify file to retrieve coverage information from' },
  { name: 'ignore-fully-defined-operands', kind: 'bool', desc: "Do not automatically decode operands with no '?' in their encoding." },
  { name: 'ignore-non-decodable-operands', kind: 'bool', desc: 'Do not issue an error if an operand cannot be decoded automatically.' },
  { name: 'instr-info-expand-mi-operand-info', kind: 'bool', desc: "Expand operand's MIOperandInfo DAG into suboperands" },
  { name: 'instrument-coverage', kind: 'bool', desc: 'Generates tables to help identify patterns matched' },
  { name: 'instrument-gisel-coverage', kind: 'bool', desc: 'Generate coverage instrumentation for GlobalISel' },
  { name: 'intrinsic-prefix', kind: 'string', desc: 'Generate intrinsics with this target prefix', valueName: 'target prefix' },
  { name: 'match-prefix', kind: 'string', desc: 'Only match instructions with the given prefix' },
  { name: 'omit-comments', kind: 'bool', desc: 'Do not generate comments' },
  { name: 'optimize-match-table', kind: 'bool', desc: 'Generate an optimized version of the match table' },
  { name: 'register-info-debug', kind: 'bool', desc: 'Dump register information to help debugging' },
  { name: 'sdnode-namespace', kind: 'string', desc: 'Specify target SDNode namespace (default=<Target>ISD)' },
  {
    name: 'specialize-decoders-per-bitwidth',
    kind: 'bool',
    desc: 'Specialize the generated `decodeToMCInst` function per bitwidth. Helps reduce the code size.',
  },
  {
    name: 'suppress-per-hwmode-duplicates',
    kind: 'enum',
    desc: 'Suppress duplication of instrs into per-HwMode decoder tables',
    values: [
      ['O0', 'Do not prevent DecoderTable duplications caused by HwModes'],
      ['O1', 'Remove duplicate DecoderTable entries generated due to HwModes'],
      ['O2', 'Extract HwModes-specific instructions into new DecoderTables, significantly reducing Table Duplications'],
    ],
  },
  {
    name: 'use-fn-table-in-decode-to-mcinst',
    kind: 'bool',
    desc: 'Use a table of function pointers instead of a switch case in the generated `decodeToMCInst` function. Helps improve compile time of the generated code.',
  },
  { name: 'warn-on-skipped-nodes', kind: 'bool', desc: 'Explain why a node was skipped (default=true)' },
  { name: 'warn-on-skipped-patterns', kind: 'bool', desc: 'Explain why a pattern was skipped for inclusion in the GlobalISel selector' },
];
