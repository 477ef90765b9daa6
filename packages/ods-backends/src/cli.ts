// The ods-tblgen command line, a drop-in for llvm-tblgen-22 and mlir-tblgen-22: llvm-tblgen's
// actions (--print-records, --dump-json, --null-backend) and every registered mlir-tblgen
// generator (--gen-*), with llvm::cl option parsing (cli/cl.ts), response files, and the steps
// of llvm's TableGenMain: read the input, parse, run the backend, write the depfile (-d), write
// the output (-o, --write-if-changed), with the same messages and exit codes.
//
// Unlike llvm, files are written atomically (temp file + rename) and only on success: a failed
// run never leaves a truncated output, and an existing output survives any failure.
import { appendFileSync, readFileSync } from 'node:fs';
import { readStdin } from '@ods-ts/ods-engine/service-client';
import { isAbsolute, join } from 'node:path';
import {
  FatalError,
  emitCTags,
  type FileSystem,
  type ParseResult,
  encodeBytes,
  parseTableGen,
  printDetailedRecords,
  printRecords,
  printSets,
  dumpJson,
} from '@ods-ts/tablegen-core';
import { generatorFlag, getGenerator, listGenerators } from './registry.js';
import { BUILTIN_ACTIONS, PROG, parseCommandLine, type CliArgs } from './cli/options.js';
import { errnoMessage, sameContent, writeAtomic } from './cli/output.js';
import { emitAttributes, emitValueTypes, printEnums } from './cli/llvm-actions.js';
import { expandResponseFiles } from './cli/response-files.js';
import * as runMemo from './cli/run-memo.js';
import { persistedParseCache } from './parse-cache-file.js';
import { PhaseTimer } from './cli/timing.js';
import { deprecatedActionOf, warnOfDeprecatedUses } from './ods/deprecated-uses.js';
import { VERSION } from './version.js';
import './generators/index.js';

export { writeAtomic } from './cli/output.js';
export { memoizeRuns, runMemoStats } from './cli/run-memo.js';
export { VERSION } from './version.js';

/**
 * Where the CLI reads and writes. Texts are latin1 "byte strings": each character is one byte,
 * so UTF-8 from the inputs passes through untouched (write them with
 * `Buffer.from(text, 'latin1')`).
 */
export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Working directory for relative paths (default: process.cwd()). */
  cwd?: string;
  /** Standard input, for the input `-` (default: read file descriptor 0). A byte string. */
  stdin?(): string;
  /** Reads the input and its includes (default: the disk); editors pass their unsaved texts. */
  fs?: FileSystem;
}

/**
 * Run ods-tblgen with `argv` (without node and script). Returns the exit code (0 or 1); never
 * throws and never exits the process.
 */
export function runCli(argv: readonly string[], io: CliIO): number {
  try {
    return runCliUnsafe(argv, io);
  } catch (e) {
    // A bug: report it as one line, never as a stack trace.
    const msg = e instanceof Error ? e.message : String(e);
    io.stderr(encodeBytes(`${PROG}: internal error: ${msg}\n`));
    return 1;
  }
}


function runCliUnsafe(argv: readonly string[], io: CliIO): number {
  const cwd = io.cwd ?? process.cwd();
  // Messages made here are Unicode; the streams take UTF-8 bytes.
  const out = (t: string) => io.stdout(encodeBytes(t));
  const err = (t: string) => io.stderr(encodeBytes(t));

  const expanded = expandResponseFiles(argv, cwd);
  let words = expanded.argv;
  if (expanded.error !== undefined) {
    // llvm prints the error and runs with every option at its default.
    err(expanded.error + '\n');
    words = [];
  }
  const parsed = parseCommandLine(words, { stdout: out, stderr: err }, VERSION);
  if (parsed.kind === 'exit') return parsed.code;
  const args = parsed.args;

  const builtin = BUILTIN_ACTIONS.some(([n]) => n === args.action);
  if (!builtin && !args.generator) {
    const available = [...BUILTIN_ACTIONS.map(([n]) => n), ...listGenerators().map((g) => generatorFlag(getGenerator(g)!))];
    err(
      `${PROG}: for the --${args.action} option: not implemented by ${PROG} yet ` +
        `(available: ${available.map((a) => `--${a}`).join(', ')})\n`,
    );
    return 1;
  }

  const timer = new PhaseTimer(args.timePhases);
  try {
    return runTableGen(args, cwd, io, err, timer);
  } finally {
    // llvm prints the phase timing when the RecordKeeper goes away, whatever the outcome, and
    // the debug counters when the process exits.
    if (args.timePhases) writeInfoOutput(args.infoOutputFile, timer.report(), cwd, io, err);
    if (args.printDebugCounter) err('Counters and values:\n');
  }
}

/**
 * llvm's CreateInfoOutputFile: the timer report is appended to --info-output-file, or goes to
 * stdout for `-`, to stderr when unset or when the file cannot be opened.
 */
function writeInfoOutput(file: string, text: string, cwd: string, io: CliIO, err: (t: string) => void): void {
  if (file === '') return err(text);
  if (file === '-') return io.stdout(encodeBytes(text));
  try {
    appendFileSync(isAbsolute(file) ? file : join(cwd, file), text);
  } catch {
    err(`Error opening info-output-file '${file} for appending!\n`);
    err(text);
  }
}

/** llvm::TableGenMain. */
function runTableGen(args: CliArgs, cwd: string, io: CliIO, err: (t: string) => void, timer: PhaseTimer): number {
  const abs = (p: string) => (isAbsolute(p) ? p : join(cwd, p));

  timer.start('Parse, build records');
  // MemoryBuffer::getFileOrSTDIN.
  let text: string;
  try {
    text = args.input !== '-' ? readInputFile(abs(args.input), io.fs) : io.stdin ? io.stdin() : readStdin();
  } catch (e) {
    err(`${PROG}: Could not open input file '${args.input}': ${errnoMessage(e)}\n`);
    return 1;
  }
  // A host that remembers runs (the build service) may hold this parse already. The allocation
  // stats of --print-detailed-records count the values a parse makes: it parses afresh, alone.
  const unshared = args.action === 'print-detailed-records';
  const memoKey = unshared ? undefined : runMemo.parseKey(args, cwd, io.fs !== undefined);
  let result = memoKey !== undefined ? runMemo.lookupParse(memoKey, text) : undefined;
  if (result) {
    result.diagnostics.sink = io.stderr;
  } else {
    // Without the service (the CLI alone), the includes an earlier call on this input parsed.
    const cache = !unshared && args.input !== '-' && !io.fs ? persistedParseCache(args.input, args.includeDirs, cwd) : undefined;
    result = parseTableGen({
      // A path; the buffer is named by its UTF-8 bytes, like the sources' byte strings.
      file: args.input === '-' ? '<stdin>' : args.input,
      text,
      includeDirs: args.includeDirs,
      macros: args.macros,
      cwd,
      ...(io.fs ? { fs: io.fs } : {}),
      noWarnOnUnusedTemplateArgs: args.noWarnOnUnusedTemplateArgs,
      colors: args.colors,
      onDiagnostic: io.stderr,
      unshared,
      modelAllocations: unshared,
      ...(cache ? { cache } : {}),
    });
    if (memoKey !== undefined) runMemo.storeParse(memoKey, result, abs(args.input), text, cwd);
  }
  // llvm: Records.saveInputFilename(InputFilename), `-` for stdin.
  result.records.inputFilename = encodeBytes(args.input);
  if (!result.ok) {
    // Errors the parser went on after (failed asserts...): llvm counts them once the file is parsed.
    if (result.parsed) err(`${PROG}: ${result.diagnostics.errorCount} errors.\n`);
    return 1;
  }

  timer.start('Backend overall');
  const outKey = memoKey !== undefined ? runMemo.outputKey(args) : '';
  const parse = result;
  let output: string | undefined;
  try {
    output = (memoKey !== undefined ? runMemo.lookupOutput(memoKey, parse, outKey) : undefined) ?? runBackend(args, parse);
  } catch (e) {
    // A backend's PrintFatalError: reported already, nothing written.
    if (e instanceof FatalError) return 1;
    throw e;
  } finally {
    if (memoKey !== undefined) runMemo.storeOutput(memoKey, parse, outKey, output);
  }
  timer.stop();
  const errors = result.diagnostics.errorCount;

  // The depfile is written even when --write-if-changed keeps the output (ninja needs it).
  if (args.depfile !== '') {
    if (args.output === '-') {
      err(`${PROG}: the option -d must be used together with -o\n`);
      return 1;
    }
    // std::set<std::string>: sorted by bytes.
    const deps = [...new Set(result.dependencies)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    try {
      writeAtomic(abs(args.depfile), `${encodeBytes(args.output)}:${deps.map((d) => ` ${d}`).join('')}\n`);
    } catch (e) {
      err(`${PROG}: error opening ${args.depfile}:${errnoMessage(e)}\n`);
      return 1;
    }
  }

  timer.start('Write output');
  if (args.output === '-') {
    io.stdout(output);
  } else {
    const target = abs(args.output);
    // With errors, llvm truncates and then removes the output; here it stays as it was, like
    // after any other failure.
    if (errors === 0 && !(args.writeIfChanged && sameContent(target, output))) {
      try {
        writeAtomic(target, output);
      } catch (e) {
        err(`${PROG}: error opening ${args.output}: ${errnoMessage(e)}\n`);
        return 1;
      }
    }
  }
  timer.stop();

  if (errors > 0) {
    err(`${PROG}: ${errors} errors.\n`);
    return 1;
  }
  return 0;
}

/** The selected action's output for a parse (a backend's fatal error throws FatalError). */
function runBackend(args: CliArgs, result: ParseResult): string {
  return result.records.with(() => {
    switch (args.action) {
      case 'dump-json':
        return dumpJson(result.records, result.sources);
      case 'null-backend':
        return '';
      case 'print-records':
        return printRecords(result.records);
      case 'print-sets':
        return printSets(result.records);
      case 'gen-ctags':
        return emitCTags(result.records, result.sources);
      case 'print-enums':
        return printEnums(result.records, args.enumClass);
      case 'gen-attrs':
        return emitAttributes(result.records);
      case 'gen-vt':
        return emitValueTypes(result.records, encodeBytes(args.input));
      case 'print-detailed-records':
        return printDetailedRecords(result.records, result.sources);
      default:
        // mlir-tblgen checks for deprecated defs before running the generator.
        warnOfDeprecatedUses(result.records, deprecatedActionOf(args.generatorOptions));
        return args.generator!.run({
          records: result.records,
          sources: result.sources,
          inputFilename: encodeBytes(args.input),
          options: args.generatorOptions,
        });
    }
  });
}

/** The input as a byte string; a directory fails with EISDIR, like llvm's read(). */
function readInputFile(path: string, fs: FileSystem | undefined): string {
  if (!fs) return readFileSync(path, 'latin1');
  const text = fs.readFile(path);
  if (text === undefined) throw Object.assign(new Error(`no such file: ${path}`), { code: 'ENOENT' });
  return text;
}
