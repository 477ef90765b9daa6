// LruMap: bounded by count, least recently used out first.
import { describe, expect, it } from 'vitest';
import { LruMap } from './lru.js';
import { MAX_HASHED_TEXTS, hashOf, hashedTextCount } from './run-group.js';

describe('LruMap', () => {
  it('stays at its cap after many inserts, keeping the newest', () => {
    const m = new LruMap<number, number>(100);
    for (let i = 0; i < 10_000; i++) m.set(i, i);
    expect(m.size).toBe(100);
    expect(m.get(9_999)).toBe(9_999);
    expect(m.get(9_899)).toBeUndefined();
  });

  it('evicts the least recently used entry, not the oldest inserted', () => {
    const m = new LruMap<string, number>(2);
    m.set('a', 1).set('b', 2);
    expect(m.get('a')).toBe(1);
    m.set('c', 3);
    expect([...m.keys()]).toEqual(['a', 'c']);
    m.set('a', 4);
    expect(m.size).toBe(2);
    expect(m.get('a')).toBe(4);
  });

  it('rejects a cap below 1', () => {
    expect(() => new LruMap(0)).toThrow(RangeError);
  });
});

describe("the engine's text hashes", () => {
  it('keep at most MAX_HASHED_TEXTS texts, and hash the same', () => {
    const first = hashOf('/nowhere/a.td', 'def A;');
    for (let i = 0; i < MAX_HASHED_TEXTS + 10; i++) hashOf(`/nowhere/f${i}.td`, `def F${i};`);
    expect(hashedTextCount()).toBe(MAX_HASHED_TEXTS);
    expect(hashOf('/nowhere/a.td', 'def A;')).toBe(first);
  });
});
