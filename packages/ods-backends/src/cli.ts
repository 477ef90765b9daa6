// The ods-tblgen command line: llvm-tblgen's actions (--print-records, --dump-json) and every
// registered mlir-tblgen generator (--gen-*), with llvm cl-style option parsing, -o/-d/
// --write-if-changed output handling, and llvm-tblgen's exit codes.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import {
  FatalError,
  parseTableGen,
  printRecords,
  recordsToJson,
  writeJson,
} from '@ods-ts/tablegen-core';
import { type Generator, getGenerator, listGenerators } from './registry.js';
import './generators/index.js';

/**
 * Where the CLI writes. Texts are latin1 "byte strings": each character is one byte of the
 * output, so UTF-8 from the inputs passes through untouched (write them with
 * `Buffer.from(text, 'latin1')`).
 */
export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Working directory for relative paths (default: process.cwd()). */
  cwd?: string;
}

const PROG = 'ods-tblgen';
export const VERSION = '0.1.0';

interface ParsedArgs {
  action: 'print-records' | 'dump-json' | 'generator';
  generator?: Generator;
  input: string;
  output: string;
  depfile: string;
  includeDirs: string[];
  macros: string[];
  writeIfChanged: boolean;
  noWarnUnused: boolean;
  options: Map<string, string | boolean | string[]>;
}

class UsageError extends Error {}

const HELP = `OVERVIEW: ods-tblgen: MLIR's mlir-tblgen and LLVM's llvm-tblgen, in TypeScript

USAGE: ods-tblgen [options] <input file>

OPTIONS:
  -I <directory>          Directory of include files (repeatable)
  -D <macro name>         Name of the macro to be defined (repeatable)
  -o <filename>           Output filename ('-' for stdout, the default)
  -d <filename>           Dependency filename (a Make-style depfile; needs -o)
  --write-if-changed      Only write output if it changed
  --print-records         Print all records to stdout (default)
  --dump-json             Dump all records as machine-readable JSON
  --gen-<name>            Run a generator (see the list below)
  --help                  Display this help
  --version               Display the version

GENERATORS:
`;

function parseArgs(argv: readonly string[]): ParsedArgs {
  const out: ParsedArgs = {
    action: 'print-records',
    input: '-',
    output: '-',
    depfile: '',
    includeDirs: [],
    macros: [],
    writeIfChanged: false,
    noWarnUnused: false,
    options: new Map(),
  };
  const positional: string[] = [];
  let actionSeen: string | undefined;
  const setAction = (a: string) => {
    if (actionSeen && actionSeen !== a)
      throw new UsageError(`${PROG}: for the --${a} option: may only occur zero or one times!`);
    actionSeen = a;
  };
  const genOptionSpecs = new Map<string, { gen: Generator; kind: 'string' | 'bool' | 'list' }>();
  for (const name of listGenerators()) {
    const g = getGenerator(name)!;
    for (const o of g.options ?? []) genOptionSpecs.set(o.name, { gen: g, kind: o.kind });
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positional.push(arg);
      continue;
    }
    const body = arg.replace(/^--?/, '');
    const eq = body.indexOf('=');
    const name = eq >= 0 ? body.slice(0, eq) : body;
    const inlineValue = eq >= 0 ? body.slice(eq + 1) : undefined;
    const takeValue = (): string => {
      if (inlineValue !== undefined) return inlineValue;
      if (i + 1 >= argv.length) throw new UsageError(`${PROG}: for the -${name} option: requires a value!`);
      return argv[++i]!;
    };
    // Prefix options: -Idir, -Dname.
    if (arg.startsWith('-I') && !arg.startsWith('--')) {
      out.includeDirs.push(arg.length > 2 ? arg.slice(2).replace(/^=/, '') : takeValue());
      continue;
    }
    if (arg.startsWith('-D') && !arg.startsWith('--')) {
      out.macros.push(arg.length > 2 ? arg.slice(2).replace(/^=/, '') : takeValue());
      continue;
    }
    switch (name) {
      case 'I':
        out.includeDirs.push(takeValue());
        continue;
      case 'D':
        out.macros.push(takeValue());
        continue;
      case 'o':
        out.output = takeValue();
        continue;
      case 'd':
        out.depfile = takeValue();
        continue;
      case 'write-if-changed':
        out.writeIfChanged = true;
        continue;
      case 'print-records':
        setAction('print-records');
        out.action = 'print-records';
        continue;
      case 'dump-json':
        setAction('dump-json');
        out.action = 'dump-json';
        continue;
      case 'no-warn-on-unused-template-args':
        out.noWarnUnused = true;
        continue;
      case 'time-phases':
      case 'long-string-literals':
        continue;
      default:
        break;
    }
    if (name.startsWith('gen-')) {
      const g = getGenerator(name.slice(4));
      if (!g) {
        throw new UsageError(
          `${PROG}: Unknown command line argument '${arg}'.  Try: '${PROG} --help'\n` +
            `${PROG}: generator '${name}' is not implemented yet (available: ${listGenerators().join(', ') || 'none'})`,
        );
      }
      setAction(name);
      out.action = 'generator';
      out.generator = g;
      continue;
    }
    const spec = genOptionSpecs.get(name);
    if (spec) {
      if (spec.kind === 'bool') {
        out.options.set(name, inlineValue === undefined ? true : inlineValue !== 'false' && inlineValue !== '0');
      } else if (spec.kind === 'list') {
        const prev = out.options.get(name);
        const list = Array.isArray(prev) ? prev : [];
        list.push(...takeValue().split(','));
        out.options.set(name, list);
      } else {
        out.options.set(name, takeValue());
      }
      continue;
    }
    throw new UsageError(`${PROG}: Unknown command line argument '${arg}'.  Try: '${PROG} --help'`);
  }
  if (positional.length > 1)
    throw new UsageError(`${PROG}: Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: ${PROG} --help`);
  if (positional.length === 1) out.input = positional[0]!;
  return out;
}

/**
 * Run ods-tblgen with `argv` (without node and script). Returns the exit code; never throws.
 * Output files are written atomically (temp file + rename) and only after success.
 */
export function runCli(argv: readonly string[], io: CliIO): number {
  try {
    return runCliUnsafe(argv, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(e.message + '\n');
      return 1;
    }
    // An internal error: report it as one line, never as a stack trace.
    const msg = e instanceof Error ? e.message : String(e);
    io.stderr(`${PROG}: internal error: ${msg}\n`);
    return 1;
  }
}

function runCliUnsafe(argv: readonly string[], io: CliIO): number {
  if (argv.includes('--help') || argv.includes('-help') || argv.includes('-h')) {
    let text = HELP;
    for (const name of listGenerators()) {
      const g = getGenerator(name)!;
      text += `  --gen-${name.padEnd(28)} ${g.description}\n`;
      for (const o of g.options ?? []) text += `      --${o.name.padEnd(26)} ${o.description}\n`;
    }
    io.stdout(text);
    return 0;
  }
  if (argv.includes('--version') || argv.includes('-version')) {
    io.stdout(`ods-tblgen ${VERSION} (compatible with LLVM/MLIR 22 mlir-tblgen and llvm-tblgen)\n`);
    return 0;
  }
  const args = parseArgs(argv);
  const cwd = io.cwd ?? process.cwd();
  const abs = (p: string) => (isAbsolute(p) ? p : join(cwd, p));

  let text: string | undefined;
  let file = args.input;
  if (args.input === '-') {
    file = '<stdin>';
    try {
      text = readFileSync(0, 'latin1');
    } catch {
      text = '';
    }
  }
  const result = parseTableGen({
    file,
    text,
    includeDirs: args.includeDirs,
    macros: args.macros,
    cwd,
    noWarnOnUnusedTemplateArgs: args.noWarnUnused,
    onDiagnostic: io.stderr,
  });
  if (!result.ok) {
    const d = result.diagnostics;
    // Errors reported without a location need llvm's "prog: " prefix form.
    if (d.errorCount === 0) io.stderr(`${PROG}: 1 errors.\n`);
    return 1;
  }

  let output: string;
  try {
    output = result.records.with(() => {
      switch (args.action) {
        case 'dump-json':
          return writeJson(recordsToJson(result.records, result.sources));
        case 'generator':
          return args.generator!.run({
            records: result.records,
            sources: result.sources,
            inputFilename: args.input,
            options: args.options,
          });
        default:
          return printRecords(result.records);
      }
    });
  } catch (e) {
    if (e instanceof FatalError) return 1;
    throw e;
  }
  if (result.diagnostics.errorCount > 0) {
    io.stderr(`${PROG}: ${result.diagnostics.errorCount} errors.\n`);
    return 1;
  }

  if (args.depfile) {
    if (args.output === '-') {
      io.stderr(`${PROG}: the option -d must be used together with -o\n`);
      return 1;
    }
    const deps = [...result.dependencies].sort();
    writeAtomic(abs(args.depfile), `${args.output}:${deps.map((d) => ' ' + d).join('')}\n`);
  }

  if (args.output === '-') {
    io.stdout(output);
    return 0;
  }
  const target = abs(args.output);
  if (args.writeIfChanged && existsSync(target)) {
    try {
      if (readFileSync(target, 'latin1') === output) return 0;
    } catch {
      // unreadable: rewrite it
    }
  }
  try {
    writeAtomic(target, output);
  } catch (e) {
    io.stderr(`${PROG}: error opening ${args.output}: ${(e as Error).message}\n`);
    return 1;
  }
  return 0;
}

/** Write a file via a temp file and a rename, so readers never see a partial file. */
export function writeAtomic(path: string, content: string): void {
  const dir = dirname(path);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
  const tmp = `${path}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    writeFileSync(tmp, content, 'latin1');
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
