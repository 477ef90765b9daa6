// The iteration order of llvm::StringMap, which some mlir-tblgen generators walk to emit code:
// keys hash with XXH3-64 (seed 0, the default secret; llvm::xxh3_64bits), live in a power-of-two
// table of buckets probed quadratically, and iterate in bucket order.

const M64 = (1n << 64n) - 1n;
const PRIME32_1 = 0x9e3779b1n;
const PRIME32_2 = 0x85ebca77n;
const PRIME32_3 = 0xc2b2ae3dn;
const PRIME64_1 = 0x9e3779b185ebca87n;
const PRIME64_2 = 0xc2b2ae3d27d4eb4fn;
const PRIME64_3 = 0x165667b19e3779f9n;
const PRIME64_4 = 0x85ebca77c2b2ae63n;
const PRIME64_5 = 0x27d4eb2f165667c5n;
const PRIME_MX1 = 0x165667919e3779f9n;
const PRIME_MX2 = 0x9fb21c651e98df25n;

/** XXH3's default 192-byte secret (the published constant of the xxHash specification). */
const SECRET = Uint8Array.from(
  (
    'b8fe6c3923a44bbe7c01812cf721ad1cded46de9839097db7240a4a4b7b3671fcb79e64eccc0e578825ad07dccff7221' +
    'b8084674f743248ee03590e6813a264c3c2852bb91c300cb88d0658b1b532ea371644897a20df94e3819ef46a9deacd8' +
    'a8fa763fe39c343ff9dcbbc7c70b4f1d8a51e04bcdb45931c89f7ec9d9787364eac5ac8334d3ebc3c581a0fffa1363eb' +
    '170ddd51b7f0da49d3165526' +
    '29d4689e2b16be587d47a1fc8ff8b8d17ad031ce45cb3a8f95160428afd7fbcabb4b407e'
  )
    .match(/../g)!
    .map((h) => parseInt(h, 16)),
);

function read32(b: Uint8Array, i: number): bigint {
  return BigInt((b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0);
}
function read64(b: Uint8Array, i: number): bigint {
  return read32(b, i) | (read32(b, i + 4) << 32n);
}
function rotl(x: bigint, r: bigint): bigint {
  return ((x << r) | (x >> (64n - r))) & M64;
}
function mul(a: bigint, b: bigint): bigint {
  return (a * b) & M64;
}
function swap64(x: bigint): bigint {
  let out = 0n;
  for (let i = 0n; i < 64n; i += 8n) out = (out << 8n) | ((x >> i) & 0xffn);
  return out;
}
/** The 128-bit product of two 64-bit numbers, its halves xor-ed. */
function mulFold(a: bigint, b: bigint): bigint {
  const p = a * b;
  return (p & M64) ^ (p >> 64n);
}
function xxh64Avalanche(h: bigint): bigint {
  h = mul(h ^ (h >> 33n), PRIME64_2);
  h = mul(h ^ (h >> 29n), PRIME64_3);
  return h ^ (h >> 32n);
}
function xxh3Avalanche(h: bigint): bigint {
  h = mul(h ^ (h >> 37n), PRIME_MX1);
  return h ^ (h >> 32n);
}
function mix16(input: Uint8Array, i: number, s: number): bigint {
  return mulFold(read64(input, i) ^ read64(SECRET, s), read64(input, i + 8) ^ read64(SECRET, s + 8));
}

function short(input: Uint8Array): bigint {
  const len = input.length;
  const n = BigInt(len);
  if (len > 8) {
    const lo = (read64(SECRET, 24) ^ read64(SECRET, 32)) ^ read64(input, 0);
    const hi = (read64(SECRET, 40) ^ read64(SECRET, 48)) ^ read64(input, len - 8);
    return xxh3Avalanche((n + swap64(lo) + hi + mulFold(lo, hi)) & M64);
  }
  if (len >= 4) {
    const combined = read32(input, len - 4) | (read32(input, 0) << 32n);
    let acc = read64(SECRET, 8) ^ read64(SECRET, 16) ^ combined;
    acc ^= rotl(acc, 49n) ^ rotl(acc, 24n);
    acc = mul(acc, PRIME_MX2);
    acc ^= ((acc >> 35n) + n) & M64;
    acc = mul(acc, PRIME_MX2);
    return acc ^ (acc >> 28n);
  }
  if (len > 0) {
    const combined =
      (BigInt(input[0]!) << 16n) | (BigInt(input[len >> 1]!) << 24n) | BigInt(input[len - 1]!) | (n << 8n);
    return xxh64Avalanche(combined ^ (read32(SECRET, 0) ^ read32(SECRET, 4)));
  }
  return xxh64Avalanche(read64(SECRET, 56) ^ read64(SECRET, 64));
}

function medium(input: Uint8Array): bigint {
  const len = input.length;
  let acc = mul(BigInt(len), PRIME64_1);
  if (len <= 128) {
    let end = 0n;
    const rounds = len > 96 ? 4 : len > 64 ? 3 : len > 32 ? 2 : 1;
    for (let r = 0; r < rounds; r++) {
      acc += mix16(input, 16 * r, 32 * r);
      end += mix16(input, len - 16 * (r + 1), 32 * r + 16);
    }
    return xxh3Avalanche((acc + end) & M64);
  }
  for (let i = 0; i < 8; i++) acc += mix16(input, 16 * i, 16 * i);
  acc = xxh3Avalanche(acc & M64);
  const rounds = Math.floor(len / 16);
  for (let i = 8; i < rounds; i++) acc += mix16(input, 16 * i, 16 * (i - 8) + 3);
  acc += mix16(input, len - 16, 136 - 17);
  return xxh3Avalanche(acc & M64);
}

function long(input: Uint8Array): bigint {
  const len = input.length;
  const acc = [PRIME32_3, PRIME64_1, PRIME64_2, PRIME64_3, PRIME64_4, PRIME32_2, PRIME64_5, PRIME32_1];
  const stripe = (at: number, s: number) => {
    for (let i = 0; i < 8; i++) {
      const data = read64(input, at + 8 * i);
      const key = data ^ read64(SECRET, s + 8 * i);
      acc[i ^ 1] = (acc[i ^ 1]! + data) & M64;
      acc[i] = (acc[i]! + (key & 0xffffffffn) * (key >> 32n)) & M64;
    }
  };
  const stripesPerBlock = (SECRET.length - 64) / 8;
  const blockLen = 64 * stripesPerBlock;
  const blocks = Math.floor((len - 1) / blockLen);
  for (let b = 0; b < blocks; b++) {
    for (let s = 0; s < stripesPerBlock; s++) stripe(b * blockLen + 64 * s, 8 * s);
    for (let i = 0; i < 8; i++) {
      let a = acc[i]!;
      a ^= a >> 47n;
      a ^= read64(SECRET, SECRET.length - 64 + 8 * i);
      acc[i] = mul(a, PRIME32_1);
    }
  }
  const stripes = Math.floor((len - 1 - blockLen * blocks) / 64);
  for (let s = 0; s < stripes; s++) stripe(blocks * blockLen + 64 * s, 8 * s);
  stripe(len - 64, SECRET.length - 64 - 7);
  let result = mul(BigInt(len), PRIME64_1);
  for (let i = 0; i < 4; i++)
    result += mulFold(acc[2 * i]! ^ read64(SECRET, 11 + 16 * i), acc[2 * i + 1]! ^ read64(SECRET, 11 + 16 * i + 8));
  return xxh3Avalanche(result & M64);
}

/** llvm::xxh3_64bits of a byte string (each char code is one byte). */
export function xxh3_64(key: string): bigint {
  const bytes = Uint8Array.from(key, (c) => c.charCodeAt(0) & 0xff);
  if (bytes.length <= 16) return short(bytes);
  if (bytes.length <= 240) return medium(bytes);
  return long(bytes);
}

/**
 * The keys in the order an llvm::StringMap iterates them after they were inserted in the given
 * order (a repeated key keeps its first insertion, like try_emplace).
 */
export function stringMapOrder(keys: Iterable<string>): string[] {
  let buckets: (string | undefined)[] = [];
  const hashes = new Map<string, number>();
  const place = (table: (string | undefined)[], key: string): number => {
    const mask = table.length - 1;
    let no = hashes.get(key)! & mask;
    for (let probe = 1; table[no] !== undefined; probe++) no = (no + probe) & mask;
    return no;
  };
  let items = 0;
  for (const key of keys) {
    if (hashes.has(key)) continue;
    hashes.set(key, Number(xxh3_64(key) & 0xffffffffn));
    if (buckets.length === 0) buckets = new Array<string | undefined>(16).fill(undefined);
    buckets[place(buckets, key)] = key;
    items++;
    if (items * 4 > buckets.length * 3) {
      const grown = new Array<string | undefined>(buckets.length * 2).fill(undefined);
      for (const k of buckets) if (k !== undefined) grown[place(grown, k)] = k;
      buckets = grown;
    }
  }
  return buckets.filter((k): k is string => k !== undefined);
}
