// Unit tests of the attribute/type declarative assembly format (ods/attr-or-type-format.ts and
// attr-or-type-format-gen.ts): its error messages, the --asmformat-error-is-fatal option and
// the note of a conflicting custom builder. The generated parsers and printers themselves are
// checked against mlir-tblgen-22 outputs in attrs-generators.test.ts (fixtures attr-format*.td).
// The expected texts were obtained from mlir-tblgen-22; MLIR's .td library is read in place and
// the tests are skipped when it is not installed.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', '__fixtures__', 'attrs');
const MLIR_INCLUDE = '/usr/lib/llvm-22/include';
const haveMlir = existsSync(join(MLIR_INCLUDE, 'mlir/IR/AttrTypeBase.td'));

const dir = mkdtempSync(join(tmpdir(), 'ods-attr-format-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An attribute with required, optional and self-type parameters and the given format. */
function errTd(format: string): string {
  return `include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
def E_Dialect : Dialect { let name = "e"; let cppNamespace = "::e"; }
def Err : AttrDef<E_Dialect, "Err"> {
  let mnemonic = "err";
  let parameters = (ins "int":$x, "int":$y, OptionalParameter<"int">:$opt,
                        OptionalParameter<"int">:$opt2, AttributeSelfTypeParameter<"", "::mlir::IntegerType">:$self);
  let assemblyFormat = [{${format}}];
}
`;
}

const NOTE = 'err.td:4:5: note: in custom assembly format for this operation\ndef Err : AttrDef<E_Dialect, "Err"> {\n    ^\n';
const FATAL = 'err.td:4:5: error: failed to parse assembly format\ndef Err : AttrDef<E_Dialect, "Err"> {\n    ^\n';

/** A line as llvm::SourceMgr prints it: tabs expanded to the next multiple of 8 columns. */
function expandTabs(line: string): string {
  let out = '';
  for (const c of line) out += c === '\t' ? ' '.repeat(8 - (out.length % 8)) : c;
  return out;
}

/** What mlir-tblgen prints for one format error: message, the format line, a caret, the note. */
function formatError(line: string, message: string, column: number): string {
  return `error: ${message}\n${expandTabs(line)}\n${' '.repeat(column)}^\n${NOTE}`;
}

function run(td: string, args: readonly string[] = []): { code: number; out: string; err: string } {
  writeFileSync(join(dir, 'err.td'), td, 'latin1');
  let out = '';
  let err = '';
  const code = runCli(['--gen-attrdef-defs', ...args, '-I', MLIR_INCLUDE, 'err.td'], {
    stdout: (t) => {
      out += t;
    },
    stderr: (t) => {
      err += t;
    },
    cwd: dir,
  });
  return { code, out, err };
}

/** Format, then each error printed: message and column of the caret. */
const ERRORS: [string, [string, number][]][] = [
  ["`<` $x `,` $z `>`", [["Err has no parameter named 'z'", 11]]],
  ["`<` $x $x `>`", [["duplicate parameter 'x'", 7]]],
  ["`<` $y `>`", [["format is missing reference to parameter: x", 0]]],
  ["`<` $x `>` @", [["unexpected character", 11], ["expected literal, variable, directive, or optional group", 11]]],
  ["`<` $x `abc", [["unexpected end of file in literal", 11], ["expected literal, variable, directive, or optional group", 11]]],
  ["`<` $x `1ab` $y", [["expected valid literal but got '1ab': valid keyword starts with a letter or '_'", 7]]],
  ["`<` $x `%` $y", [["expected valid literal but got '%': single character literal must be a letter or one of '_:,=<>()[]{}?+-*'", 7]]],
  ["\"str\" $x $y", [["strings may only be used as 'custom' directive arguments", 0]]],
  ["$x $y attr-dict", [["unsupported directive kind", 6]]],
  ["custom<Foo> $x $y", [["expected '(' before custom directive parameters", 12]]],
  ["custom<Foo>(custom<Bar>($x)) $y", [["`custom` can only be used at the top-level context or within a `struct` directive", 12]]],
  ["$x ref($y)", [["'ref' is only valid within a `custom` directive", 3]]],
  ["$x custom<Foo>(ref($y)) $y", [["parameter 'y' must be bound before it is referenced", 19]]],
  ["qualified(`x`) $x $y", [["`qualified` argument list expected a variable", 0]]],
  ["struct($x, `a`) $y", [["literals may only be used in the top-level section of the format", 11], ["expected a parameter or `custom` directive in `struct` argument list", 0]]],
  ["params params", [["`params` captures duplicate parameter: x", 7]]],
  ["struct(params) `,` $x", [["duplicate parameter 'x'", 19]]],
  ["($x^)? $y", [["parameters in an optional group must be optional", 0]]],
  ["(`a`)? $x $y", [["optional group has no anchor element", 0]]],
  ["(`a` $opt^ $opt2^)? $x $y", [["only one element can be marked as the anchor of an optional group", 16]]],
  ["(`a` $opt^) $x $y", [["expected '?' after optional group", 12]]],
  ["(`a` custom<Foo>(\"x\")^)? $x $y $opt", [["`custom` directive with no bound parameters cannot be used as optional group anchor", 0]]],
  ["$x $y custom<Foo>($self)", [["unexpected self type parameter in assembly format", 0]]],
  ["$x $y $opt $opt2 $self", [["unexpected self type parameter in assembly format", 0]]],
  ["struct(custom<Foo>($x, $y))", [["`struct` can only contain `custom` directives with a single argument", 0]]],
  ["struct($x, custom<Foo>(ref($x))) $y", [["a `custom` directive nested within a `struct` must be passed a parameter", 0]]],
  ["struct(custom<Foo>($x), `a`) $y", [["literals may only be used in the top-level section of the format", 24], ["expected a parameter or `custom` directive in `struct` argument list", 0]]],
  ["$x `\t` $y", [["expected valid literal but got '\t': single character literal must be a letter or one of '_:,=<>()[]{}?+-*'", 3]]],
  ["$x $y (`a` $opt^", [["expected literal, variable, directive, or optional group", 16]]],
];

describe.skipIf(!haveMlir)('attribute/type format errors match mlir-tblgen-22', () => {
  for (const [format, errors] of ERRORS) {
    it(JSON.stringify(format), () => {
      const r = run(errTd(format));
      expect(r.err).toBe(errors.map(([m, c]) => formatError(format, m, c)).join('') + FATAL);
      expect(r.code).toBe(1);
      expect(r.out).toBe('');
    });
  }

  it('prints the line of a multi-line format holding the error', () => {
    const r = run(errTd('\n    `<` $x `,`\n\t$z `>`\n  '));
    expect(r.err).toBe(formatError('\t$z `>`', "Err has no parameter named 'z'", 8) + FATAL);
    expect(r.code).toBe(1);
  });

  it('stops deep nesting with an error at the element past the limit (the reference overflows its stack)', () => {
    const format = `${'('.repeat(100_000)}$opt^)? $x $y`;
    const r = run(errTd(format));
    expect(r.err).toBe(formatError(format, 'format elements are nested too deeply (more than 1000 levels)', 1000) + FATAL);
    expect(r.code).toBe(1);
  });

  it('leaves the parser and printer empty with --asmformat-error-is-fatal=false', () => {
    const r = run(errTd('`<` $x `,` $z `>`'), ['--asmformat-error-is-fatal=false']);
    expect(r.err).toBe(formatError('`<` $x `,` $z `>`', "Err has no parameter named 'z'", 11));
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      '::mlir::Attribute ErrAttr::parse(::mlir::AsmParser &odsParser, ::mlir::Type odsType) {\n}\n\n' +
        'void ErrAttr::print(::mlir::AsmPrinter &odsPrinter) const {\n}\n',
    );
  });
});

describe.skipIf(!haveMlir)('custom builders', () => {
  it('report a builder shadowed by another with both signatures', () => {
    const r = run(readFileSync(join(FIXTURES, 'attr-builder-conflict.td'), 'latin1'));
    expect(r.err).toBe(
      'err.td:6:7: error: builder `get` conflicts with an existing builder. \n' +
        '  let builders = [\n' +
        '      ^\n' +
        'note: A new builder with signature:\n' +
        'static DupAttr get(::mlir::MLIRContext *context, int y);\n\n' +
        'is shadowed by an existing builder with signature:\n' +
        'static DupAttr get(::mlir::MLIRContext *context, int y, bool z = false);\n\n' +
        'Please remove one of the conflicting definitions.\n',
    );
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
  });
});
