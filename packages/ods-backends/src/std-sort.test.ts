// stdSort: libstdc++'s std::sort — sorts like any sort under a strict weak order, and calls the
// comparator as libstdc++ does (median of three, then the partition), which decides the result
// under a comparator that is not one.
import { describe, expect, it } from 'vitest';
import { stdSort } from './std-sort.js';

describe('stdSort', () => {
  it('sorts arrays short and long, with repeats', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % 50;
    for (const n of [0, 1, 2, 3, 16, 17, 40, 300]) {
      const v = Array.from({ length: n }, rand);
      expect(stdSort([...v], (a, b) => a < b)).toEqual([...v].sort((a, b) => a - b));
    }
  });

  it('compares as libstdc++ does: insertion sort up to 16 elements', () => {
    const calls: string[] = [];
    stdSort([3, 1, 2], (a, b) => {
      calls.push(`${a}<${b}`);
      return a < b;
    });
    expect(calls).toEqual(['1<3', '2<1', '2<3', '2<1']);
  });
});
