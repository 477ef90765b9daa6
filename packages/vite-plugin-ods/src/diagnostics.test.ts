import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeFrame, decodeLatin1, toErrorInfo, warningLines } from './diagnostics.js';

describe('diagnostics', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ods-diag-'));
  writeFileSync(join(dir, 'a.td'), 'include "b.td"\ndef X : Base<1> {\n  let v = ;\n}\n// é\n');

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes the first error, its location and a code frame', () => {
    const text =
      'Included from main.td:1:\n' +
      'a.td:3:11: error: Unknown or reserved token when parsing a value\n' +
      '  let v = ;\n' +
      '          ^\n' +
      'a.td:2:9: note: instantiated from here\n' +
      'a.td:4:1: error: second\n';
    const info = toErrorInfo(text, dir, '/fallback.td');
    expect(info.loc).toEqual({ file: join(dir, 'a.td'), line: 3, column: 11 });
    expect(info.id).toBe(join(dir, 'a.td'));
    expect(info.message).toBe(
      `Unknown or reserved token when parsing a value\n${join(dir, 'a.td')}:2:9: note: instantiated from here\n(and 1 more error)`,
    );
    expect(info.frame).toBe(['1 | include "b.td"', '2 | def X : Base<1> {', '3 |   let v = ;', '  |           ^', '4 | }', '5 | // é'].join('\n'));
  });

  it('keeps errors without a location', () => {
    expect(toErrorInfo('error: --gen-x: Unknown command line argument\n', dir, '/f.td')).toEqual({
      message: '--gen-x: Unknown command line argument',
      id: '/f.td',
    });
    expect(toErrorInfo('', dir, '/f.td').message).toBe('ods-tblgen failed');
  });

  it('shows an op assembly-format error (no location of its own) at the op, with the format line', () => {
    const text =
      'error: unexpected character\n' +
      '  $x # attr-dict\n' +
      '     ^\n' +
      'a.td:2:5: note: in custom assembly format for this operation\n' +
      'def X : Base<1> {\n' +
      '    ^\n';
    const info = toErrorInfo(text, dir, '/fallback.td');
    expect(info.loc).toEqual({ file: join(dir, 'a.td'), line: 2, column: 5 });
    expect(info.id).toBe(join(dir, 'a.td'));
    expect(info.message).toBe(`unexpected character\n  $x # attr-dict\n     ^\n${join(dir, 'a.td')}:2:5: note: in custom assembly format for this operation`);
    expect(info.frame).toContain('2 | def X : Base<1> {');
  });

  it('keeps absolute paths and decodes UTF-8 read as latin1', () => {
    const latin1 = Buffer.from('/abs/x.td:1:2: error: bad “quote”\n', 'utf8').toString('latin1');
    const info = toErrorInfo(latin1, dir, '/f.td');
    expect(info.message).toBe('bad “quote”');
    expect(info.loc).toEqual({ file: '/abs/x.td', line: 1, column: 2 });
    expect(info.frame).toBeUndefined();
    expect(decodeLatin1('plain')).toBe('plain');
  });

  it('lines the caret up under tabs', () => {
    expect(codeFrame('\tdef x;\n', 1, 3)).toBe('1 | \tdef x;\n  | \t ^\n2 | ');
  });

  it('lists warnings', () => {
    expect(warningLines('a.td:1:1: warning: unused\nx\na.td:2:1: error: e\n')).toEqual(['a.td:1:1: warning: unused']);
  });
});
