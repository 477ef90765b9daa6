// A Map bounded by entry count with least-recently-used eviction: the memos of long-lived
// processes (the build service, watch mode, the Vite dev server, the Nx daemon, the language
// server) keep the entries in use and drop the rest, so that they do not grow with the
// repositories they have seen or with time.

export class LruMap<K, V> {
  private readonly map = new Map<K, V>();

  constructor(readonly max: number) {
    if (!(max >= 1)) throw new RangeError(`LruMap: max must be at least 1 (got ${max})`);
  }

  get size(): number {
    return this.map.size;
  }

  /** The value of `key`, now the most recently used entry. */
  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v === undefined) return undefined;
    // A Map iterates in insertion order: re-inserting moves the key to the end (the newest).
    this.map.delete(key);
    this.map.set(key, v);
    return v;
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  /** Add or replace `key` as the most recently used entry; past `max`, drop the least recently used. */
  set(key: K, value: V): this {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
    return this;
  }

  delete(key: K): boolean {
    return this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }

  keys(): IterableIterator<K> {
    return this.map.keys();
  }

  entries(): IterableIterator<[K, V]> {
    return this.map.entries();
  }

  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.map.entries();
  }
}
