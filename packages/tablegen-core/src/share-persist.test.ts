// Persisted include parses (share-persist.ts): a cache written to bytes and read back must
// restore includes exactly as the cache it was written from, and as a parse without any cache.
import { describe, expect, it } from 'vitest';
import { ParseCache, decodeParseCache, encodeParseCache, printRecords, recordsToJson, writeJson } from './index.js';
import { type TestParseOptions, type TestParseResult, parseSource } from './testing.js';

function observe(r: TestParseResult): string {
  expect(r.stderr).toBe('');
  expect(r.ok).toBe(true);
  return [r.records.with(() => printRecords(r.records)), r.records.with(() => writeJson(recordsToJson(r.records, r.sources))), r.dependencies.join('\n'), r.stderr].join('\n----\n');
}

const BASE = `#ifndef BASE_TD
#define BASE_TD
def ops;
class Base<int n> { int value = n; string where = "base"; bits<4> b = {1, 0, ?, 1}; }
def b0 : Base<0>;
class Holder<Base b> { Base held = b; list<Base> all = [b, b0]; dag d = (ops b0, 1:$x, "s"); }
def anonUser : Holder<Base<7>>;
multiclass M<int n> { def _a : Base<n>; def _b : Base<!add(n, 1)>; }
defm m : M<3>;
defvar limit = 10;
deftype Num = int;
defset list<Base> Bases = { def s0 : Base<100>; def s1 : Base<101>; }
class Big<int x> { int y = !foldl(0, [1, 2, 3, 4, 5, 6, 7], a, b, !add(a, b, x)); string text = "${'long text '.repeat(12)}"; }
def big : Big<1>;
#endif
`;
const EXTRA = `include "base.td"
def e0 : Base<limit>;
`;
const files = { 'base.td': BASE, 'extra.td': EXTRA };
const MAIN = `include "extra.td"
def own : Holder<Base<8>>;
def anon2 : Holder<Base<7>>;
defm n : M<limit>;
def usesNum { Num x = 5; }
def counted { list<Base> every = !instances<Base>(); int count = !size(Bases); }
`;

/** A parse of MAIN with a cache round-tripped through bytes, against a plain parse. */
function roundTrip(opts: TestParseOptions = {}): { cache: ParseCache; restored: ParseCache } {
  const cache = new ParseCache([]);
  parseSource(MAIN, { files, ...opts, cache });
  const bytes = encodeParseCache(cache, 'build-1');
  expect(bytes).toBeDefined();
  const restored = decodeParseCache(bytes!, 'build-1');
  expect(restored).toBeInstanceOf(ParseCache);
  return { cache, restored: restored! };
}

describe('persisted include parses', () => {
  it('restores includes from the bytes: the same records, JSON, dependencies and anonymous names', () => {
    const { restored } = roundTrip();
    const plain = observe(parseSource(MAIN, { files }));
    expect(observe(parseSource(MAIN, { files, cache: restored }))).toBe(plain);
    expect(restored.hits).toBeGreaterThan(0);
    // Again with the same restored cache, and with a main file of other contents.
    expect(observe(parseSource(MAIN, { files, cache: restored }))).toBe(plain);
    const other = 'include "extra.td"\ndef z : Base<42>;\ndef w : Holder<Base<0>>;\n';
    expect(observe(parseSource(other, { files, cache: restored }))).toBe(observe(parseSource(other, { files })));
  });

  it('never restores an include whose file changed after the bytes were written', () => {
    const { restored } = roundTrip();
    const edited = { ...files, 'base.td': BASE.replace('string where = "base"', 'string where = "edited"') };
    const r = parseSource(MAIN, { files: edited, cache: restored });
    expect(observe(r)).toBe(observe(parseSource(MAIN, { files: edited })));
    expect(observe(r)).toContain('"edited"');
  });

  it('gives new values and records ids past those read back (no value is mistaken for another)', () => {
    const { restored } = roundTrip();
    // Values made after the restore must not collide with restored ones in the pools.
    const src = `${MAIN}def extra1 : Base<12345>;\ndef extra2 { list<int> l = [1, 2, 3, 12345]; string s = "fresh"; }\n`;
    expect(observe(parseSource(src, { files, cache: restored }))).toBe(observe(parseSource(src, { files })));
  });

  it('refuses bytes of another build, and bytes that are no cache', () => {
    const cache = new ParseCache([]);
    parseSource(MAIN, { files, cache });
    const bytes = encodeParseCache(cache, 'build-1')!;
    expect(decodeParseCache(bytes, 'build-2')).toBeUndefined();
    expect(decodeParseCache(Buffer.from('not a cache'), 'build-1')).toBeUndefined();
    expect(decodeParseCache(bytes.subarray(0, bytes.length >> 1), 'build-1')).toBeUndefined();
  });

  it('writes nothing for a cache holding what it cannot keep', () => {
    const cache = new ParseCache([]);
    parseSource(MAIN, { files, cache });
    (cache as unknown as { extra: unknown }).extra = () => 0;
    expect(encodeParseCache(cache, 'build-1')).toBeUndefined();
    (cache as unknown as { extra: unknown }).extra = new (class Unknown {})();
    expect(encodeParseCache(cache, 'build-1')).toBeUndefined();
  });
});
