// The options of ods-tblgen: those of llvm-tblgen-22 (lib/TableGen/Main.cpp and its actions) and
// of mlir-tblgen-22 (its generators and their global options), plus the options registered
// generators declare. Parsed with llvm::cl semantics (./cl.ts).
import { type Generator, generatorFlag, getGenerator, listGenerators } from '../registry.js';
import { ClExit, type ClLiteral, type ClOption, ClParser, type ValueExpected } from './cl.js';
import { nearestOrder, type ReferenceTool } from './cl-option-order.js';
import { LLVM_ACTIONS, LLVM_BACKEND_OPTIONS, LLVM_HIDDEN_OPTIONS, MLIR_GENERATORS, MLIR_OPTIONS, type KnownOption, type ValueKind } from './known.js';

export const PROG = 'ods-tblgen';

/** The actions ods-tblgen implements itself (llvm-tblgen's), by flag name. */
export const BUILTIN_ACTIONS: readonly (readonly [string, string])[] = [
  ['print-records', 'Print all records to stdout (default)'],
  ['print-detailed-records', 'Print full details of all records to stdout'],
  ['print-enums', 'Print enum values for a class'],
  ['gen-ctags', 'Generate ctags-compatible index'],
  ['print-sets', 'Print expanded sets for testing DAG exprs'],
  ['gen-attrs', 'Generate attributes'],
  ['gen-vt', 'Generate ValueType'],
  ['null-backend', 'Do nothing after parsing (useful for timing)'],
  ['dump-json', 'Dump all records as machine-readable JSON'],
];

export type GeneratorOptionValue = string | boolean | string[];

/** The parsed command line. */
export interface CliArgs {
  input: string;
  output: string;
  depfile: string;
  includeDirs: string[];
  macros: string[];
  writeIfChanged: boolean;
  timePhases: boolean;
  noWarnOnUnusedTemplateArgs: boolean;
  /** --color: diagnostics in colors (llvm autodetects a terminal; ods-tblgen colors only on request). */
  colors: boolean;
  /** --print-debug-counter: llvm's counter report at exit. */
  printDebugCounter: boolean;
  /** --info-output-file: where the -time-phases report is appended ('' for stderr, '-' for stdout). */
  infoOutputFile: string;
  /** --class, the class of --print-enums. */
  enumClass: string;
  /** The selected action's flag name: `print-records`, `dump-json`, `null-backend`, `gen-<name>`. */
  action: string;
  /** The generator of a `gen-<name>` action, when ods-tblgen implements it. */
  generator: Generator | undefined;
  /** Values of the generator options given on the command line (absent: not given). */
  generatorOptions: Map<string, GeneratorOptionValue>;
}

export type ParsedCommandLine = { kind: 'run'; args: CliArgs } | { kind: 'exit'; code: number };

export interface ParseIO {
  stdout(text: string): void;
  stderr(text: string): void;
}

export const VERSION_TEXT = (version: string) =>
  `ods-ts version ${version}\n  ods-tblgen: llvm-tblgen and mlir-tblgen of LLVM/MLIR 22, in TypeScript.\n`;

/** StringRef::getAsInteger(0, ...) for an unsigned type of `bits` bits. */
export function parseUnsigned(text: string, bits: number): bigint | undefined {
  let s = text;
  let radix = 10;
  if (/^0x/i.test(s)) (radix = 16), (s = s.slice(2));
  else if (/^0b/i.test(s)) (radix = 2), (s = s.slice(2));
  else if (s.startsWith('0o')) (radix = 8), (s = s.slice(2));
  else if (s.length > 1 && s[0] === '0' && /[0-9]/.test(s[1]!)) (radix = 8), (s = s.slice(1));
  if (s === '') return undefined;
  let v = 0n;
  for (const ch of s.toLowerCase()) {
    const d = ch >= '0' && ch <= '9' ? ch.charCodeAt(0) - 48 : ch >= 'a' && ch <= 'z' ? ch.charCodeAt(0) - 87 : 99;
    if (d >= radix) return undefined;
    v = v * BigInt(radix) + BigInt(d);
  }
  return v < 1n << BigInt(bits) ? v : undefined;
}

function parseBool(value: string | undefined): boolean | string {
  const v = value ?? '';
  if (v === '' || v === 'true' || v === 'TRUE' || v === 'True' || v === '1') return true;
  if (v === 'false' || v === 'FALSE' || v === 'False' || v === '0') return false;
  return `'${v}' is invalid value for boolean argument! Try 0 or 1`;
}

/** How one option stores a checked value. */
function valueOption(
  spec: {
    name: string;
    kind: ValueKind;
    desc: string;
    valueName?: string;
    category: string;
    hidden?: 'hidden' | 'really';
    prefix?: boolean;
    commaSeparated?: boolean;
    values?: readonly (readonly [string, string])[];
  },
  store: (v: GeneratorOptionValue) => void,
): ClOption {
  const kind = spec.kind;
  const valueExpected: ValueExpected = kind === 'bool' ? 'optional' : 'required';
  const defaultValueName: Record<ValueKind, string> = { string: 'string', list: 'string', bool: '', uint: 'uint', ulong: 'ulong', enum: 'value' };
  const literals: ClLiteral[] | undefined = spec.values?.map(([name, desc]) => ({ name, desc }));
  return {
    name: spec.name,
    desc: spec.desc,
    category: spec.category,
    hidden: spec.hidden,
    valueExpected,
    prefix: spec.prefix,
    valueName: spec.valueName ?? defaultValueName[kind],
    literals,
    commaSeparated: spec.commaSeparated ?? kind === 'list',
    occur(_argName, value) {
      switch (kind) {
        case 'bool': {
          const b = parseBool(value);
          if (typeof b === 'string') return b;
          store(b);
          return undefined;
        }
        case 'uint':
        case 'ulong': {
          const n = parseUnsigned(value ?? '', kind === 'uint' ? 32 : 64);
          if (n === undefined) return `'${value ?? ''}' value invalid for ${kind} argument!`;
          store(n.toString());
          return undefined;
        }
        case 'enum':
          if (!literals!.some((l) => l.name === value)) return `Cannot find option named '${value ?? ''}'!`;
          store(value!);
          return undefined;
        default:
          store(value ?? '');
          return undefined;
      }
    },
  };
}

/** A flag that prints something and exits 0 as soon as it is seen (--help, --version). */
function exitFlag(name: string, desc: string, hidden: 'hidden' | undefined, act: () => void): { -readonly [K in keyof ClOption]: ClOption[K] } {
  return {
    name,
    desc,
    category: 'Generic Options',
    hidden,
    valueExpected: 'disallowed',
    valueName: '',
    occur() {
      act();
      throw new ClExit(0);
    },
  };
}

/** Build the parser of ods-tblgen's command line, storing into `args`. */
export function buildParser(args: CliArgs, io: ParseIO, version: string): ClParser {
  const p = new ClParser(PROG, '<input file>');
  const general = 'General options';

  p.add(valueOption({ name: 'color', kind: 'bool', desc: 'Use colors in output (default=autodetect)', category: 'Color Options' }, (v) => (args.colors = v as boolean)));
  // -I/-D are cl::list with cl::Prefix, without CommaSeparated: `-I a,b` is one directory.
  const list = { kind: 'list', category: general, prefix: true, commaSeparated: false } as const;
  p.add(valueOption({ ...list, name: 'D', desc: 'Name of the macro to be defined', valueName: 'macro name' }, (v) => args.macros.push(v as string)));
  p.add(valueOption({ ...list, name: 'I', desc: 'Directory of include files', valueName: 'directory' }, (v) => args.includeDirs.push(v as string)));
  p.add(valueOption({ name: 'd', kind: 'string', desc: 'Dependency filename', valueName: 'filename', category: general }, (v) => (args.depfile = v as string)));
  p.add(valueOption({ name: 'o', kind: 'string', desc: 'Output filename', valueName: 'filename', category: general }, (v) => (args.output = v as string)));
  p.add(valueOption({ name: 'no-warn-on-unused-template-args', kind: 'bool', desc: 'Disable unused template argument warnings.', category: general }, (v) => (args.noWarnOnUnusedTemplateArgs = v as boolean)));
  p.add(valueOption({ name: 'time-phases', kind: 'bool', desc: 'Time phases of parser and backend', category: general }, (v) => (args.timePhases = v as boolean)));
  p.add(valueOption({ name: 'write-if-changed', kind: 'bool', desc: 'Only write output if it changed', category: general }, (v) => (args.writeIfChanged = v as boolean)));

  // The actions: llvm-tblgen's "Action to perform:" and mlir-tblgen's "Generator to run".
  const implemented = new Map<string, Generator>();
  for (const name of listGenerators()) implemented.set(generatorFlag(getGenerator(name)!), getGenerator(name)!);
  const select = (name: string) => {
    args.action = name;
    args.generator = implemented.get(name);
    return undefined;
  };
  const group = (desc: string, literals: ClLiteral[], hidden?: 'hidden'): ClOption => ({
    name: '',
    desc,
    category: general,
    hidden,
    valueExpected: 'disallowed',
    valueName: '',
    literals,
    occur: (argName) => select(argName),
  });
  const builtin = new Set(BUILTIN_ACTIONS.map(([n]) => n));
  p.add(group('Action to perform:', BUILTIN_ACTIONS.map(([name, desc]) => ({ name, desc }))));
  if (implemented.size > 0)
    p.add(group('Generator to run', [...implemented].map(([name, g]) => ({ name, desc: g.description }))));
  const notYet = (list: readonly (readonly [string, string])[]) =>
    list.filter(([n]) => !implemented.has(n) && !builtin.has(n)).map(([name, desc]) => ({ name, desc }));
  p.add(group('Action to perform:', notYet(LLVM_ACTIONS), 'hidden'));
  p.add(group('Generator to run', notYet(MLIR_GENERATORS), 'hidden'));

  // Generator options: mlir-tblgen's (global, whatever the generator) and the declared ones.
  const declared = new Map<string, { kind: ValueKind; desc: string; gens: string[]; valueName?: string }>();
  for (const [flag, g] of implemented) {
    for (const o of g.options ?? []) {
      const d = declared.get(o.name);
      if (d) d.gens.push(flag);
      else declared.set(o.name, { kind: o.kind, desc: o.description, gens: [flag], ...(o.valueName ? { valueName: o.valueName } : {}) });
    }
  }
  const storeGen = (name: string, kind: ValueKind) => (v: GeneratorOptionValue) => {
    if (kind === 'list') {
      const prev = args.generatorOptions.get(name);
      args.generatorOptions.set(name, [...(Array.isArray(prev) ? prev : []), v as string]);
    } else args.generatorOptions.set(name, v);
  };
  const known = new Map<string, KnownOption>(MLIR_OPTIONS.map((o) => [o.name, o]));
  for (const k of MLIR_OPTIONS) {
    const d = declared.get(k.name);
    p.add(
      valueOption(
        { ...k, desc: d?.desc ?? k.desc, category: k.category ?? general, hidden: d ? undefined : 'hidden' },
        storeGen(k.name, k.kind),
      ),
    );
  }
  for (const [name, d] of declared) {
    if (known.has(name) || p.map.has(name)) continue;
    const category = `Options for ${d.gens.map((g) => `-${g}`).join(', ')}`;
    p.add(valueOption({ name, kind: d.kind, desc: d.desc, category, ...(d.valueName ? { valueName: d.valueName } : {}) }, storeGen(name, d.kind)));
  }
  const hiddenStore = (name: string) => (v: GeneratorOptionValue) => {
    if (name === 'debug-counter') debugCounter(v as string, io);
    else if (name === 'print-debug-counter') args.printDebugCounter = v as boolean;
    else if (name === 'info-output-file') args.infoOutputFile = v as string;
  };
  for (const k of LLVM_HIDDEN_OPTIONS) p.add(valueOption({ ...k, category: general, hidden: 'hidden' }, hiddenStore(k.name)));
  for (const k of LLVM_BACKEND_OPTIONS) {
    if (p.map.has(k.name)) continue;
    const store = k.name === 'class' ? (v: GeneratorOptionValue) => (args.enumClass = v as string) : () => {};
    p.add(valueOption({ ...k, category: general, hidden: 'hidden' }, store));
  }

  // Generic options, acting as soon as they are seen.
  const helpList = exitFlag('help-list', 'Display list of available options (--help-list-hidden for more)', 'hidden', () =>
    io.stdout(p.helpText({ hidden: false, categorized: false })),
  );
  const help = () => {
    // As in cl: categorized help shows --help-list.
    helpList.hidden = undefined;
    io.stdout(p.helpText({ hidden: false, categorized: true }));
  };
  p.add(exitFlag('help', 'Display available options (--help-hidden for more)', undefined, help));
  p.add(exitFlag('h', 'Alias for --help', 'hidden', help));
  p.add(exitFlag('help-hidden', 'Display all available options', 'hidden', () => io.stdout(p.helpText({ hidden: true, categorized: true }))));
  p.add(helpList);
  p.add(exitFlag('help-list-hidden', 'Display list of all available options', 'hidden', () => io.stdout(p.helpText({ hidden: true, categorized: false }))));
  p.add(valueOption({ name: 'print-all-options', kind: 'bool', desc: 'Print all option values after command line parsing', category: 'Generic Options', hidden: 'hidden' }, () => {}));
  p.add(valueOption({ name: 'print-options', kind: 'bool', desc: 'Print non-default options after command line parsing', category: 'Generic Options', hidden: 'hidden' }, () => {}));
  p.add(exitFlag('version', 'Display the version of this program', undefined, () => io.stdout(VERSION_TEXT(version))));
  return p;
}

/**
 * llvm's DebugCounter, as each -debug-counter value is parsed (before the command line's other
 * errors after it): tblgen registers no counter, so each is reported; one without '=' ends the
 * run there.
 */
function debugCounter(value: string, io: ParseIO): void {
  const eq = value.indexOf('=');
  if (eq < 0) {
    io.stderr(`DebugCounter Error: ${value} does not have an = in it\n`);
    throw new ClExit(1);
  }
  io.stderr(`DebugCounter Error: ${value.slice(0, eq)} is not a registered counter\n`);
}

export function defaultArgs(): CliArgs {
  return {
    input: '-',
    output: '-',
    depfile: '',
    includeDirs: [],
    macros: [],
    writeIfChanged: false,
    timePhases: false,
    noWarnOnUnusedTemplateArgs: false,
    enumClass: '',
    printDebugCounter: false,
    infoOutputFile: '',
    colors: false,
    action: 'print-records',
    generator: undefined,
    generatorOptions: new Map(),
  };
}

/** Parse ods-tblgen's arguments (response files already expanded). */
export function parseCommandLine(argv: readonly string[], io: ParseIO, version: string): ParsedCommandLine {
  const args = defaultArgs();
  const parser = buildParser(args, io, version);
  parser.nearestOrder = nearestOrder(referenceToolFor(argv));
  try {
    const r = parser.parse(argv, io.stderr);
    if (r.errors) return { kind: 'exit', code: 1 };
    if (r.positionals.length === 1) args.input = r.positionals[0]!;
    return { kind: 'run', args };
  } catch (e) {
    if (e instanceof ClExit) return { kind: 'exit', code: e.code };
    throw e;
  }
}

/** llvm-tblgen's actions that mlir-tblgen does not have. */
const LLVM_ONLY_ACTIONS: ReadonlySet<string> = (() => {
  const mlir = new Set(MLIR_GENERATORS.map(([n]) => n));
  return new Set([...LLVM_ACTIONS, ...BUILTIN_ACTIONS].map(([n]) => n).filter((n) => n !== 'print-records' && !mlir.has(n)));
})();

/**
 * The tool a command line is for, whose option order "Did you mean" follows: llvm-tblgen when it
 * names an action only llvm-tblgen has and none of mlir-tblgen's generators, else mlir-tblgen.
 */
export function referenceToolFor(argv: readonly string[]): ReferenceTool {
  const mlir = new Set(MLIR_GENERATORS.map(([n]) => n));
  const isMlirGenerator = (arg: string): boolean => /^--?gen-/.test(arg) && mlir.has(arg.replace(/^--?/, ''));
  if (argv.some(isMlirGenerator)) return 'mlir-tblgen';
  const isLlvmOnlyAction = (arg: string): boolean => /^--?[a-z]/.test(arg) && LLVM_ONLY_ACTIONS.has(arg.replace(/^--?/, ''));
  return argv.some(isLlvmOnlyAction) ? 'llvm-tblgen' : 'mlir-tblgen';
}
