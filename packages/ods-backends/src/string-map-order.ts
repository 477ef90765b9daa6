// The iteration order of an llvm::StringMap (LLVM 22), for generators whose output follows it:
// keys hashed with XXH3-64 (seed 0, the default secret; llvm::xxh3_64bits) into a power-of-two
// table of buckets probed quadratically, iterated in bucket order. Keys are latin1 byte strings.
// XXH3 is written here because generators run synchronously and the npm packages offering
// XXH3-64 are WebAssembly with an asynchronous start (hash-wasm) or native addons.

const M64 = (1n << 64n) - 1n;
const M32 = 0xffffffffn;

const P32_1 = 0x9e3779b1n;
const P32_2 = 0x85ebca77n;
const P32_3 = 0xc2b2ae3dn;
const P64_1 = 0x9e3779b185ebca87n;
const P64_2 = 0xc2b2ae3d27d4eb4fn;
const P64_3 = 0x165667b19e3779f9n;
const P64_4 = 0x85ebca77c2b2ae63n;
const P64_5 = 0x27d4eb2f165667c5n;
const PRIME_MX1 = 0x165667919e3779f9n;
const PRIME_MX2 = 0x9fb21c651e98df25n;

/** XXH3's default 192-byte secret. */
const SECRET = Uint8Array.from(
  (
    'b8fe6c3923a44bbe7c01812cf721ad1cded46de9839097db7240a4a4b7b3671f' +
    'cb79e64eccc0e578825ad07dccff7221b8084674f743248ee03590e6813a264c' +
    '3c2852bb91c300cb88d0658b1b532ea371644897a20df94e3819ef46a9deacd8' +
    'a8fa763fe39c343ff9dcbbc7c70b4f1d8a51e04bcdb45931c89f7ec9d9787364' +
    'eac5ac8334d3ebc3c581a0fffa1363eb170ddd51b7f0da49d316552629d4689e' +
    '2b16be587d47a1fc8ff8b8d17ad031ce45cb3a8f95160428afd7fbcabb4b407e'
  )
    .match(/../g)!
    .map((h) => parseInt(h, 16)),
);
const SECRET_SIZE = SECRET.length;

function read32(b: Uint8Array, i: number): bigint {
  return BigInt((b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0);
}
function read64(b: Uint8Array, i: number): bigint {
  return read32(b, i) | (read32(b, i + 4) << 32n);
}
function rotl64(x: bigint, r: bigint): bigint {
  return ((x << r) | (x >> (64n - r))) & M64;
}
function swap64(x: bigint): bigint {
  let r = 0n;
  for (let i = 0; i < 8; i++) {
    r = (r << 8n) | (x & 0xffn);
    x >>= 8n;
  }
  return r;
}
/** The 128-bit product of two 64-bit values, its halves xor-ed. */
function mul128Fold64(a: bigint, b: bigint): bigint {
  const p = a * b;
  return (p & M64) ^ (p >> 64n);
}
function xxh64Avalanche(h: bigint): bigint {
  h ^= h >> 33n;
  h = (h * P64_2) & M64;
  h ^= h >> 29n;
  h = (h * P64_3) & M64;
  return h ^ (h >> 32n);
}
function xxh3Avalanche(h: bigint): bigint {
  h ^= h >> 37n;
  h = (h * PRIME_MX1) & M64;
  return h ^ (h >> 32n);
}
function rrmxmx(h: bigint, len: number): bigint {
  h ^= rotl64(h, 49n) ^ rotl64(h, 24n);
  h = (h * PRIME_MX2) & M64;
  h ^= (h >> 35n) + BigInt(len);
  h = (h * PRIME_MX2) & M64;
  return h ^ (h >> 28n);
}
function mix16B(p: Uint8Array, off: number, soff: number): bigint {
  return mul128Fold64(read64(p, off) ^ read64(SECRET, soff), read64(p, off + 8) ^ read64(SECRET, soff + 8));
}

function hashUpTo16(p: Uint8Array): bigint {
  const len = p.length;
  if (len > 8) {
    const lo = read64(p, 0) ^ read64(SECRET, 24) ^ read64(SECRET, 32);
    const hi = read64(p, len - 8) ^ read64(SECRET, 40) ^ read64(SECRET, 48);
    return xxh3Avalanche((BigInt(len) + swap64(lo) + hi + mul128Fold64(lo, hi)) & M64);
  }
  if (len >= 4) {
    const input64 = read32(p, len - 4) + (read32(p, 0) << 32n);
    return rrmxmx(input64 ^ read64(SECRET, 8) ^ read64(SECRET, 16), len);
  }
  if (len > 0) {
    const combined = BigInt(((p[0]! << 16) | (p[len >> 1]! << 24) | p[len - 1]! | (len << 8)) >>> 0);
    return xxh64Avalanche(combined ^ (read32(SECRET, 0) ^ read32(SECRET, 4)));
  }
  return xxh64Avalanche(read64(SECRET, 56) ^ read64(SECRET, 64));
}

function hash17To240(p: Uint8Array): bigint {
  const len = p.length;
  let acc = (BigInt(len) * P64_1) & M64;
  if (len <= 128) {
    const pairs = len > 96 ? 4 : len > 64 ? 3 : len > 32 ? 2 : 1;
    for (let i = pairs - 1; i >= 0; i--) {
      acc += mix16B(p, 16 * i, 32 * i);
      acc += mix16B(p, len - 16 * (i + 1), 32 * i + 16);
    }
    return xxh3Avalanche(acc & M64);
  }
  for (let i = 0; i < 8; i++) acc += mix16B(p, 16 * i, 16 * i);
  acc = xxh3Avalanche(acc & M64);
  const rounds = Math.floor(len / 16);
  for (let i = 8; i < rounds; i++) acc += mix16B(p, 16 * i, 16 * (i - 8) + 3);
  acc += mix16B(p, len - 16, 136 - 17);
  return xxh3Avalanche(acc & M64);
}

function accumulate512(acc: bigint[], p: Uint8Array, off: number, soff: number): void {
  for (let i = 0; i < 8; i++) {
    const data = read64(p, off + 8 * i);
    const key = data ^ read64(SECRET, soff + 8 * i);
    acc[i ^ 1] = (acc[i ^ 1]! + data) & M64;
    acc[i] = (acc[i]! + (key & M32) * (key >> 32n)) & M64;
  }
}

function hashLong(p: Uint8Array): bigint {
  const len = p.length;
  const acc = [P32_3, P64_1, P64_2, P64_3, P64_4, P32_2, P64_5, P32_1];
  const stripesPerBlock = (SECRET_SIZE - 64) / 8;
  const blockLen = 64 * stripesPerBlock;
  const blocks = Math.floor((len - 1) / blockLen);
  for (let n = 0; n < blocks; n++) {
    for (let s = 0; s < stripesPerBlock; s++) accumulate512(acc, p, n * blockLen + s * 64, s * 8);
    for (let i = 0; i < 8; i++) {
      let a = acc[i]!;
      a ^= a >> 47n;
      a ^= read64(SECRET, SECRET_SIZE - 64 + 8 * i);
      acc[i] = (a * P32_1) & M64;
    }
  }
  const stripes = Math.floor((len - 1 - blockLen * blocks) / 64);
  for (let s = 0; s < stripes; s++) accumulate512(acc, p, blocks * blockLen + s * 64, s * 8);
  accumulate512(acc, p, len - 64, SECRET_SIZE - 64 - 7);
  let result = (BigInt(len) * P64_1) & M64;
  for (let i = 0; i < 4; i++) {
    result += mul128Fold64(acc[2 * i]! ^ read64(SECRET, 11 + 16 * i), acc[2 * i + 1]! ^ read64(SECRET, 11 + 16 * i + 8));
  }
  return xxh3Avalanche(result & M64);
}

/** llvm::xxh3_64bits of a latin1 byte string. */
export function xxh3_64(key: string): bigint {
  const p = new Uint8Array(key.length);
  for (let i = 0; i < key.length; i++) p[i] = key.charCodeAt(i) & 0xff;
  if (p.length <= 16) return hashUpTo16(p);
  if (p.length <= 240) return hash17To240(p);
  return hashLong(p);
}

/**
 * An insertion-only llvm::StringMap: `get`/`set` by key, iterated (`entries`, `values`) in the
 * order the C++ map's buckets hold the keys.
 */
export class LlvmStringMap<V> {
  private buckets: ({ key: string; hash: number; value: V } | undefined)[] = [];
  private items = 0;

  get(key: string): V | undefined {
    if (this.buckets.length === 0) return undefined;
    return this.buckets[this.find(key, hashOf(key))]?.value;
  }
  has(key: string): boolean {
    return this.get(key) !== undefined;
  }
  /** try_emplace: inserts when the key is new; returns the value in the map. */
  tryEmplace(key: string, value: V): V {
    if (this.buckets.length === 0) this.buckets = new Array(16).fill(undefined);
    const hash = hashOf(key);
    const b = this.find(key, hash);
    const existing = this.buckets[b];
    if (existing) return existing.value;
    this.buckets[b] = { key, hash, value };
    this.items++;
    if (this.items * 4 > this.buckets.length * 3) this.rehash(this.buckets.length * 2);
    return value;
  }
  *entries(): IterableIterator<[string, V]> {
    for (const b of this.buckets) if (b) yield [b.key, b.value];
  }
  *values(): IterableIterator<V> {
    for (const b of this.buckets) if (b) yield b.value;
  }

  /** The bucket holding `key`, or the empty bucket where it would go. */
  private find(key: string, hash: number): number {
    const mask = this.buckets.length - 1;
    let b = hash & mask;
    for (let probe = 1; ; probe++) {
      const e = this.buckets[b];
      if (!e || (e.hash === hash && e.key === key)) return b;
      b = (b + probe) & mask;
    }
  }
  private rehash(size: number): void {
    const old = this.buckets;
    this.buckets = new Array(size).fill(undefined);
    const mask = size - 1;
    for (const e of old) {
      if (!e) continue;
      let b = e.hash & mask;
      for (let probe = 1; this.buckets[b]; probe++) b = (b + probe) & mask;
      this.buckets[b] = e;
    }
  }
}

/**
 * The keys in the order an llvm::StringMap iterates them after they were inserted in the given
 * order (a repeated key keeps its first insertion, like try_emplace).
 */
export function stringMapOrder(keys: Iterable<string>): string[] {
  const map = new LlvmStringMap<true>();
  for (const k of keys) map.tryEmplace(k, true);
  return [...map.entries()].map(([k]) => k);
}

/** The hashes of the keys seen so far (generators look up the same few keys many times). */
const hashCache = new Map<string, number>();

/** The 32 bits of the hash a StringMap keeps per bucket. */
function hashOf(key: string): number {
  let h = hashCache.get(key);
  if (h === undefined) {
    h = Number(xxh3_64(key) & M32);
    if (hashCache.size > 4096) hashCache.clear();
    hashCache.set(key, h);
  }
  return h;
}
