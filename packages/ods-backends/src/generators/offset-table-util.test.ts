// The offset tables shared by llvm-tblgen's table backends: suffix sharing, offsets, emission.
import { describe, expect, it } from 'vitest';
import { SequenceToOffsetTable, StringToOffsetTable } from './offset-table-util.js';

describe('SequenceToOffsetTable', () => {
  it('stores a sequence that is a suffix of another inside it', () => {
    const t = new SequenceToOffsetTable<string>('T', (a, b) => a < b);
    t.add(['b', 'c']);
    t.add(['a', 'b', 'c']);
    t.add(['x']);
    t.add(['c']);
    t.layout();
    expect(t.get(['a', 'b', 'c'])).toBe(0);
    expect(t.get(['b', 'c'])).toBe(1);
    expect(t.get(['c'])).toBe(2);
    expect(t.get(['x'])).toBe(4);
    expect(t.emit((x) => x, '')).toBe('  /* 0 */ a, b, c, T,\n  /* 4 */ x, T,\n');
  });
});

describe('StringToOffsetTable', () => {
  it('numbers strings by their place in the NUL-terminated aggregate', () => {
    const t = new StringToOffsetTable();
    expect(t.getOrAdd('ab')).toBe(1);
    expect(t.getOrAdd('c"d')).toBe(4);
    expect(t.getOrAdd('ab')).toBe(1);
    expect(t.emitStringTableDef('Names')).toContain('static constexpr char NamesStorage[] =\n  "\\0"\n  "ab\\0"\n  "c\\"d\\0"\n  ;\n');
  });
});
