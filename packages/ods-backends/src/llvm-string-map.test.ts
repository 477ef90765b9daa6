// xxh3_64 against values of the xxHash library (libxxhash's XXH3_64bits), one per length class,
// and the StringMap iteration order built on it.
import { describe, expect, it } from 'vitest';
import { stringMapOrder, xxh3_64 } from './llvm-string-map.js';

describe('xxh3_64', () => {
  it.each([
    ['', 0x2d06800538d394c2n],
    ['abc', 0x78af5f94892f3950n],
    ['Profile', 0x1192bac7a80d0689n],
    ['Extension', 0xbdcc013c9281ef98n],
    ['0123456789abcdef0', 0xc92e2385daf36034n],
    ['x'.repeat(200), 0x50ef124fb1e4de53n],
    ['y'.repeat(1000), 0x6a7df51df515dbabn],
  ])('hashes %j', (key, hash) => {
    expect(xxh3_64(key)).toBe(hash);
  });
});

describe('stringMapOrder', () => {
  it('iterates in bucket order, whatever the insertion order', () => {
    expect(stringMapOrder(['Zeta', 'Profile', 'Alpha', 'Zeta', 'Extension'])).toEqual(['Alpha', 'Extension', 'Profile', 'Zeta']);
  });
  it('keeps every key when the table grows', () => {
    const keys = Array.from({ length: 100 }, (_, i) => `k${i}`);
    const order = stringMapOrder(keys);
    expect(order).toHaveLength(100);
    expect(new Set(order)).toEqual(new Set(keys));
  });
});
