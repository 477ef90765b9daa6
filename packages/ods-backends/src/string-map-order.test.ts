// XXH3-64 against vectors of the reference implementation (python-xxhash), and the bucket order
// of LlvmStringMap.
import { describe, expect, it } from 'vitest';
import { LlvmStringMap, stringMapOrder, xxh3_64 } from './string-map-order.js';

/** Length of the input (bytes (7i+3) mod 256) and its XXH3-64, from python-xxhash 3.2. */
const VECTORS: [number, bigint][] = [
  [0, 3244421341483603138n],
  [1, 1433843135270481901n],
  [2, 2058273368586827884n],
  [3, 12180141160879835164n],
  [4, 7895465118229274323n],
  [5, 11062565685660633911n],
  [8, 6941064856527638883n],
  [9, 18374517719163151272n],
  [16, 13314990914799711621n],
  [17, 8163341949877205007n],
  [32, 1873302701886544469n],
  [33, 4486878507168070088n],
  [64, 2917965298538373825n],
  [65, 9408609914592003654n],
  [96, 17331232145433315139n],
  [97, 2137665177113230204n],
  [128, 7440608504995537343n],
  [129, 14295761343243267012n],
  [200, 8389308914288017243n],
  [240, 7229805477010515663n],
  [241, 10082113959289486871n],
  [500, 13311583139899777642n],
  [1024, 11205349619999208113n],
  [1025, 9253807012321506678n],
  [3000, 14452465426031733565n],
];

describe('xxh3_64', () => {
  for (const [n, expected] of VECTORS) {
    it(`hashes ${n} bytes`, () => {
      let s = '';
      for (let i = 0; i < n; i++) s += String.fromCharCode((i * 7 + 3) % 256);
      expect(xxh3_64(s)).toBe(expected);
    });
  }
});

describe('LlvmStringMap', () => {
  it('iterates in bucket order, not insertion order', () => {
    const m = new LlvmStringMap<number>();
    for (const [i, k] of ['MaxVersion', 'MinVersion', 'Extension', 'Capability'].entries()) m.tryEmplace(k, i);
    expect([...m.entries()].map(([k]) => k)).toEqual(['Capability', 'Extension', 'MinVersion', 'MaxVersion']);
  });
  it('keeps the first value and survives growth', () => {
    const m = new LlvmStringMap<number>();
    for (let i = 0; i < 100; i++) m.tryEmplace(`k${i}`, i);
    expect(m.tryEmplace('k5', 99)).toBe(5);
    expect([...m.values()].sort((a, b) => a - b)).toEqual([...Array(100).keys()]);
  });
});

describe('xxh3_64, more lengths (libxxhash)', () => {
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
