import { describe, expect, it } from 'vitest';
import { OdsQueryError, hasOdsQuery, parseOdsQuery, splitQuery } from './query.js';

describe('?ods= queries', () => {
  it('splits ids', () => {
    expect(splitQuery('/a/b.td?ods=records&x')).toEqual(['/a/b.td', 'ods=records&x']);
    expect(splitQuery('/a/b.td')).toEqual(['/a/b.td', '']);
  });

  it('recognizes ods queries only', () => {
    expect(hasOdsQuery('/a.td?ods=records')).toBe(true);
    expect(hasOdsQuery('/a.td?import&ods=op-decls&t=1')).toBe(true);
    expect(hasOdsQuery('/a.td?raw')).toBe(false);
    expect(hasOdsQuery('/a.td')).toBe(false);
    expect(hasOdsQuery('/a.td?odsx=1')).toBe(false);
    expect(parseOdsQuery('/a.td?raw')).toBeUndefined();
  });

  it('maps parameters to generator options', () => {
    expect(parseOdsQuery('/a.td?ods=dialect-doc&dialect=toy')).toEqual({ generator: 'dialect-doc', args: ['--dialect=toy'], optional: false });
    expect(parseOdsQuery('/a.td?ods=records')).toEqual({ generator: 'records', args: [], optional: false });
    expect(parseOdsQuery('/a.td?ods=gen-op-decls&op-include-regex=a%7Cb&asmformat-error-is-fatal')?.args).toEqual([
      '--op-include-regex=a|b',
      '--asmformat-error-is-fatal',
    ]);
    expect(parseOdsQuery('/a.td?ods=x&l=1&l=2')?.args).toEqual(['--l=1', '--l=2']);
  });

  it("ignores Vite's own parameters and reads optional", () => {
    expect(parseOdsQuery('/a.td?import&ods=op-doc&t=1700000000&v=abc&dialect=x&optional')).toEqual({
      generator: 'op-doc',
      args: ['--dialect=x'],
      optional: true,
    });
  });

  it('rejects malformed queries', () => {
    expect(() => parseOdsQuery('/a.td?ods=')).toThrow(OdsQueryError);
    expect(() => parseOdsQuery('/a.td?ods=a&ods=b')).toThrow(/exactly one/);
    expect(() => parseOdsQuery('/a.td?ods=Op%20Decls')).toThrow(/does not name a generator/);
    expect(() => parseOdsQuery('/a.td?ods=op-decls&-x=1')).toThrow(/option name/);
  });
});
