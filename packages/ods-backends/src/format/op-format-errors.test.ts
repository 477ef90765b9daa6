// Op assembly-format errors, printed as mlir-tblgen-22 prints them: each error shows the line of
// the format with a caret under its offset (the format is a buffer of its own, so the error has
// no file location), then a note at the op; an error with a note of its own prints that note at
// the same offset. op-decls verifies the format too. The expected texts were produced by
// mlir-tblgen-22 on the same fixtures while writing this test.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliRunner, haveMlirFile, MLIR_INCLUDE } from '../testing/fixtures.js';

const HAVE_MLIR = haveMlirFile('mlir/IR/OpBase.td');
const dir = mkdtempSync(join(tmpdir(), 'ods-op-format-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = cliRunner(dir);

/** An op with operands, an optional attribute and a region, whose format is `format`. */
function opWithFormat(format: string): string {
  return `include "mlir/IR/OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
def T_Op : Op<T_Dialect, "op"> {
  let arguments = (ins I32:$x, Variadic<I32>:$vs, OptionalAttr<I32Attr>:$oa, AnyType:$any);
  let results = (outs I32:$y);
  let regions = (region AnyRegion:$r);
  let assemblyFormat = [{
${format}
  }];
}
`;
}

const CASES: [name: string, format: string, generator: string, stderr: string][] = [
  [
    'a lexer error, then the parser error at the same offset',
    '  $x `,` $vs # $r attr-dict',
    '--gen-op-defs',
    'error: unexpected character\n  $x `,` $vs # $r attr-dict\n             ^\nbad.td:3:5: note: in custom assembly format for this operation\ndef T_Op : Op<T_Dialect, "op"> {\n    ^\nerror: expected literal, variable, directive, or optional group\n  $x `,` $vs # $r attr-dict\n             ^\nbad.td:3:5: note: in custom assembly format for this operation\ndef T_Op : Op<T_Dialect, "op"> {\n    ^\n',
  ],
  [
    'an unterminated literal',
    '  $x `, $vs',
    '--gen-op-defs',
    'error: unexpected end of file in literal\n  \n  ^\nbad.td:3:5: note: in custom assembly format for this operation\ndef T_Op : Op<T_Dialect, "op"> {\n    ^\nerror: expected literal, variable, directive, or optional group\n  \n  ^\nbad.td:3:5: note: in custom assembly format for this operation\ndef T_Op : Op<T_Dialect, "op"> {\n    ^\n',
  ],
  [
    'a verifier error with its note, at the first element',
    '  $x $vs $r attr-dict',
    '--gen-op-defs',
    'error: operand #2, named \'any\', not found\n  $x $vs $r attr-dict\n  ^\nbad.td:3:5: note: in custom assembly format for this operation\ndef T_Op : Op<T_Dialect, "op"> {\n    ^\nnote: suggest adding a \'$any\' directive to the custom assembly format\n  $x $vs $r attr-dict\n  ^\n',
  ],
  [
    'an anchor marked twice, at the second caret',
    '  $x ($vs^ $oa^)? $r attr-dict `:` type($any)',
    '--gen-op-defs',
    'error: only one element can be marked as the anchor of an optional group\n  $x ($vs^ $oa^)? $r attr-dict `:` type($any)\n              ^\nbad.td:3:5: note: in custom assembly format for this operation\ndef T_Op : Op<T_Dialect, "op"> {\n    ^\n',
  ],
  [
    'a type directive error, at the directive',
    '  $x $vs $any $r attr-dict type($any) type(operands)',
    '--gen-op-defs',
    'error: \'operands\' \'type\' is already bound\n  $x $vs $any $r attr-dict type($any) type(operands)\n                                      ^\nbad.td:3:5: note: in custom assembly format for this operation\ndef T_Op : Op<T_Dialect, "op"> {\n    ^\n',
  ],
  [
    'a bad literal on the second line of a tab-indented format',
    '  $x $vs\n\t\t`%` $r attr-dict',
    '--gen-op-defs',
    'error: expected valid literal but got \'%\': single character literal must be a letter or one of \'_:,=<>()[]{}?+-*\'\n                `%` $r attr-dict\n                ^\nbad.td:3:5: note: in custom assembly format for this operation\ndef T_Op : Op<T_Dialect, "op"> {\n    ^\n',
  ],
  [
    'a custom directive where none may be',
    '  type(custom<F>($x)) attr-dict',
    '--gen-op-defs',
    'error: `custom` can only be used at the top-level context or within a `struct` directive\n  type(custom<F>($x)) attr-dict\n       ^\nbad.td:3:5: note: in custom assembly format for this operation\ndef T_Op : Op<T_Dialect, "op"> {\n    ^\n',
  ],
  [
    'the same errors from op-decls',
    '  $x $vs $any $r',
    '--gen-op-decls',
    'error: \'attr-dict\' directive not found in custom assembly format\n  $x $vs $any $r\n  ^\nbad.td:3:5: note: in custom assembly format for this operation\ndef T_Op : Op<T_Dialect, "op"> {\n    ^\n',
  ],
];

describe.skipIf(!HAVE_MLIR)('op assembly-format errors', () => {
  it.each(CASES)('reports %s', (_name, format, generator, stderr) => {
    writeFileSync(join(dir, 'bad.td'), opWithFormat(format));
    const r = run(generator, '-I', MLIR_INCLUDE, 'bad.td');
    expect(r.err).toBe(stderr);
    expect(r.out).toBe('');
    expect(r.code).toBe(1);
  });

  it('prints the errors but gives the op no parser or printer with --asmformat-error-is-fatal=false', () => {
    writeFileSync(join(dir, 'bad.td'), opWithFormat('  $x $vs $any $r'));
    for (const generator of ['--gen-op-decls', '--gen-op-defs']) {
      const r = run(generator, '--asmformat-error-is-fatal=false', '-I', MLIR_INCLUDE, 'bad.td');
      expect(r.code).toBe(0);
      expect(r.err).toContain("error: 'attr-dict' directive not found in custom assembly format\n");
      expect(r.out).toContain(generator === '--gen-op-decls' ? 'class Op : public ::mlir::Op<Op' : 'Op::verifyInvariantsImpl()');
      expect(r.out).not.toMatch(/ParseResult (Op::)?parse\(/);
      expect(r.out).not.toMatch(/void (Op::)?print\(/);
    }
  });

  it('stops deep nesting with an error at the element past the limit (the reference overflows its stack)', () => {
    const format = `  ${'qualified('.repeat(100_000)}$oa${')'.repeat(100_000)} $x $vs $any $r attr-dict`;
    writeFileSync(join(dir, 'deep.td'), opWithFormat(format));
    const r = run('--gen-op-defs', '-I', MLIR_INCLUDE, 'deep.td');
    expect(r.code).toBe(1);
    const [message, line, caret] = r.err.split('\n');
    expect(message).toBe('error: format elements are nested too deeply (more than 1000 levels)');
    expect(line).toBe(format);
    expect(caret).toBe(`${' '.repeat(2 + 1000 * 'qualified('.length)}^`);
    expect(r.out).toBe('');
  });

  it('accepts nesting below the limit, as the reference does', () => {
    // qualified(qualified(...($oa))) means qualified($oa): mlir-tblgen-22 gives both the same code.
    const tail = ' $x $vs $any $r attr-dict `:` type($any)';
    writeFileSync(join(dir, 'nested.td'), opWithFormat(`  ${'qualified('.repeat(999)}$oa${')'.repeat(999)}${tail}`));
    const deep = run('--gen-op-defs', '-I', MLIR_INCLUDE, 'nested.td');
    writeFileSync(join(dir, 'nested.td'), opWithFormat(`  qualified($oa)${tail}`));
    const once = run('--gen-op-defs', '-I', MLIR_INCLUDE, 'nested.td');
    expect(deep.err).toBe('');
    expect(deep.code).toBe(0);
    expect(deep.out).toContain('_odsPrinter.printAttributeWithoutType(getOaAttr());');
    expect(deep.out).toBe(once.out);
  });

  it('accepts `-` as a single-character literal', () => {
    writeFileSync(join(dir, 'minus.td'), opWithFormat('  `-` $x $vs $any $r attr-dict `:` type($any)'));
    const r = run('--gen-op-defs', '-I', MLIR_INCLUDE, 'minus.td');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('  if (parser.parseMinus())\n    return ::mlir::failure();\n');
  });
});
