// llvm::StringRef-compatible trimming and the doc description/summary helpers.
import { describe, expect, it } from 'vitest';
import { capitalizeAscii, cppTypeWithSpace, emitDescription, emitSummary, trim } from './docs-util.js';
import { TextWriter } from '../text.js';

describe('docs-util', () => {
  it('trims only ASCII whitespace (a latin1 0xA0 byte is data)', () => {
    expect(trim(' \t\n\v\f\rx\xa0 ')).toBe('x\xa0');
  });
  it('capitalizes ASCII letters only', () => {
    expect(capitalizeAscii('\xe9t\xe9')).toBe('\xe9t\xe9');
    expect(capitalizeAscii('abc')).toBe('Abc');
  });
  it('adds a space after a C++ type unless it ends in & or *', () => {
    expect(cppTypeWithSpace(' int ')).toBe('int ');
    expect(cppTypeWithSpace('Foo * ')).toBe('Foo *');
    expect(cppTypeWithSpace('Foo &')).toBe('Foo &');
  });
  it('re-indents descriptions and keeps their trailing newline', () => {
    const out = new TextWriter();
    emitDescription(out, '\n    a\n      b\n  ');
    expect(out.toString()).toBe('\na\n  b\n');
    const none = new TextWriter();
    emitDescription(none, '');
    expect(none.toString()).toBe('');
  });
  it('emits summaries in italics, trimmed and capitalized', () => {
    const out = new TextWriter();
    emitSummary(out, '  lead and trail  ');
    expect(out.toString()).toBe('\n_Lead and trail_\n');
  });
});
