// Persisted include parses: a ParseCache (share.ts) written to bytes and read back in another
// process, so that a short process (one CLI call per output, as CMake and Bazel run the tool)
// restores the includes an earlier call parsed instead of parsing them again.
//
// The bytes hold the cache's object graph as it is: every object reachable from the cache (its
// snapshots, their records and values, the uniquing pools with their hash tables, the source
// buffers and the reads each snapshot was made from), each with its class and its fields in
// order. Reading it back makes the same graph: objects of the same classes (their prototypes),
// the same ids (the pools hash values by id), the same strings. The process's id counters are
// then moved past every id read, so that new values and records never reuse one. Caches of
// derived facts that depend on process-wide state (a record's ancestor set, a type's list-type
// memo, a buffer's line starts) are not kept: they are computed again when needed.
//
// A restored snapshot is used exactly as one kept in memory: only after every file it read was
// read again and gave the same bytes (share.ts `holds`). So stale bytes never change a result;
// bytes of another tool build are refused by their header (the caller's `build` string).
import { deserialize, serialize } from 'node:v8';
import { BufferIds, SourceBuffer } from './diagnostics.js';
import * as records from './records.js';
import { ParseCache } from './share.js';

const MAGIC = 'ods-ts parse cache 1';

/** How an object is made again. */
const enum Kind {
  Instance,
  Plain,
  Array,
  Map,
  Set,
  Int32Array,
  Uint32Array,
}

/**
 * How a value is written: a reference to an object made before it (its index), a 32-bit
 * integer, or an entry of the table of other values (strings, booleans, `undefined`, bigints,
 * other numbers), each kept once.
 */
const enum Tag {
  Ref,
  Int,
  Other,
}

/** The classes whose instances a cache may hold, by name. */
function persistableClasses(): Map<string, { prototype: object }> {
  const classes = new Map<string, { prototype: object }>();
  const add = (c: { prototype: object; name: string }) => classes.set(c.name, c);
  for (const v of Object.values(records)) {
    if (typeof v === 'function' && v.prototype && (v.prototype instanceof records.Init || v.prototype instanceof records.RecTy)) add(v as { prototype: object; name: string });
  }
  for (const c of [records.Record, records.RecordVal, records.ValuePools, records.LongKeyTable, records.TupleTable, SourceBuffer, BufferIds, ParseCache]) add(c);
  return classes;
}

/**
 * Fields not kept: caches of derived facts tied to process-wide counters. Each is restored as
 * undefined (or 0), which its owner reads as "not computed".
 */
const TRANSIENT = {
  Record: new Map([['ancestorCache', undefined]]),
  SourceBuffer: new Map([['lineStarts', undefined]]),
};
const RECTY_TRANSIENT = new Map<string, unknown>([
  ['listTy', undefined],
  ['listTyAskedBy', 0],
]);

/** Values of fields and elements, as written (see Tag). */
class ValueStream {
  tags: number[] = [];
  nums: number[] = [];
  constructor(private readonly other: (v: unknown) => number) {}
  ref(i: number): void {
    this.tags.push(Tag.Ref);
    this.nums.push(i);
  }
  plain(v: unknown): void {
    if (typeof v === 'number' && (v | 0) === v && !Object.is(v, -0)) {
      this.tags.push(Tag.Int);
      this.nums.push(v);
    } else {
      this.tags.push(Tag.Other);
      this.nums.push(this.other(v));
    }
  }
  get length(): number {
    return this.tags.length;
  }
}

/**
 * The bytes of `cache`, or undefined when it holds something that cannot be kept (an object of
 * a class not listed, a function).
 *
 * Objects are written children first (a depth-first walk, each object after the objects it
 * refers to), so that reading makes each object once with all its fields. A reference back to
 * an object still being walked (the graph has a few cycles: a record and its `DefInit`) is
 * written as `undefined` and patched afterwards. Maps and sets are filled last, once every
 * object exists.
 */
export function encodeParseCache(cache: ParseCache, build: string): Buffer | undefined {
  try {
    return new Encoder().encode(cache, build);
  } catch (e) {
    if (e instanceof Unkeepable) return undefined;
    throw e;
  }
}

/** Thrown by the encoder at a value it cannot keep. */
class Unkeepable extends Error {}

/** An object being walked: its fields' values (or elements, or entries) and how far the walk is. */
interface Frame {
  readonly o: object;
  readonly slots: readonly unknown[];
  /** Instances and plain objects: their shape. */
  readonly shape: number;
  next: number;
}

interface Shape {
  readonly index: number;
  readonly keys: readonly string[];
}

class Encoder {
  private readonly classes = persistableClasses();
  private readonly classIndex = new Map<object, number>();
  private readonly classNames: string[] = [];
  /** The shapes met, by prototype (null: plain objects). */
  private readonly shapesByProto = new Map<object | null, Shape[]>();
  private readonly shapes: [number, readonly string[]][] = [];
  private readonly others: unknown[] = [];
  private readonly otherIndex = new Map<unknown, number>();
  private readonly values: ValueStream;
  private readonly entries: ValueStream;
  private readonly kinds: number[] = [];
  /** Per object: its shape (instances, plain objects), its length (arrays, maps, sets) or its index in `typed`. */
  private readonly heads: number[] = [];
  private readonly typed: (Int32Array | Uint32Array)[] = [];
  /** (object, field or element position, target) of each reference back to an object being walked. */
  private readonly patches: number[] = [];
  private readonly patchTargets: object[] = [];
  /** Maps and sets, with their entries: written last. */
  private readonly deferred: (readonly unknown[])[] = [];
  /** Each object met: its index once written, -1 while it is walked. */
  private readonly state = new Map<object, number>();
  private maxValue = 0;
  private maxRecord = 0;

  constructor() {
    const other = (v: unknown): number => {
      let i = this.otherIndex.get(v);
      if (i === undefined) {
        i = this.others.length;
        this.otherIndex.set(v, i);
        this.others.push(v);
      }
      return i;
    };
    this.values = new ValueStream(other);
    this.entries = new ValueStream(other);
  }

  encode(cache: ParseCache, build: string): Buffer {
    // Depth-first, children before their object.
    const stack: Frame[] = [this.frame(cache)];
    this.state.set(cache, -1);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (top.next < top.slots.length) {
        const v = top.slots[top.next++];
        if (v !== null && typeof v === 'object' && this.state.get(v) === undefined) {
          this.state.set(v, -1);
          stack.push(this.frame(v));
        }
        continue;
      }
      stack.pop();
      this.finish(top);
    }
    for (let p = 0; p < this.patchTargets.length; p++) this.patches[3 * p + 2] = this.state.get(this.patchTargets[p]!)!;
    for (const slots of this.deferred) {
      for (const v of slots) {
        if (v !== null && typeof v === 'object') this.entries.ref(this.state.get(v)!);
        else this.entries.plain(keepable(v));
      }
    }
    return serialize([
      MAGIC,
      build,
      this.classNames,
      this.shapes,
      Uint8Array.from(this.kinds),
      Int32Array.from(this.heads),
      Uint8Array.from(this.values.tags),
      Int32Array.from(this.values.nums),
      Uint8Array.from(this.entries.tags),
      Int32Array.from(this.entries.nums),
      this.others,
      this.typed,
      Int32Array.from(this.patches),
      [this.maxValue, this.maxRecord],
    ]);
  }

  private frame(o: object): Frame {
    if (Array.isArray(o)) return { o, slots: o, shape: -1, next: 0 };
    if (o instanceof Map) {
      const slots: unknown[] = [];
      for (const [k, v] of o) slots.push(k, v);
      return { o, slots, shape: -1, next: 0 };
    }
    if (o instanceof Set) return { o, slots: [...o], shape: -1, next: 0 };
    if (o instanceof Int32Array || o instanceof Uint32Array) return { o, slots: [], shape: -1, next: 0 };
    const proto = Object.getPrototypeOf(o) as object | null;
    const keys = Object.keys(o);
    const shape = this.shapeOf(o, proto, keys);
    const fields = o as { [k: string]: unknown };
    const slots: unknown[] = new Array<unknown>(keys.length);
    for (let k = 0; k < keys.length; k++) slots[k] = fields[keys[k]!];
    // Caches tied to this process's counters: computed again when needed.
    const transient = o instanceof records.RecTy ? RECTY_TRANSIENT : o instanceof records.Record ? TRANSIENT.Record : o instanceof SourceBuffer ? TRANSIENT.SourceBuffer : undefined;
    if (transient) for (let k = 0; k < keys.length; k++) if (transient.has(keys[k]!)) slots[k] = transient.get(keys[k]!);
    return { o, slots, shape, next: 0 };
  }

  /** The shape of an instance or plain object (its class and field names, in order). */
  private shapeOf(o: object, proto: object | null, keys: readonly string[]): number {
    const plain = proto === Object.prototype;
    const byProto = plain ? null : proto;
    let known = this.shapesByProto.get(byProto);
    if (known) {
      for (const s of known) if (sameKeys(s.keys, keys)) return s.index;
    } else {
      known = [];
      this.shapesByProto.set(byProto, known);
    }
    let cls = -1;
    if (!plain) {
      const name = (proto as { constructor?: { name?: string } } | null)?.constructor?.name ?? '';
      if (this.classes.get(name)?.prototype !== proto) throw new Unkeepable(`an object of class ${name}`);
      let c = this.classIndex.get(proto!);
      if (c === undefined) {
        c = this.classNames.length;
        this.classIndex.set(proto!, c);
        this.classNames.push(name);
      }
      cls = c;
    }
    if (!keys.every((k) => IDENTIFIER.test(k))) throw new Unkeepable('a field name that is no identifier');
    const shape = { index: this.shapes.length, keys };
    this.shapes.push([cls, keys]);
    known.push(shape);
    return shape.index;
  }

  private put(index: number, v: unknown, pos: number): void {
    if (v !== null && typeof v === 'object') {
      const i = this.state.get(v)!;
      if (i >= 0) return this.values.ref(i);
      // An object still being walked: written as undefined, patched when read.
      this.patches.push(index, pos, -1);
      this.patchTargets.push(v);
      return this.values.plain(undefined);
    }
    this.values.plain(keepable(v));
  }

  private finish(f: Frame): void {
    const { o, slots } = f;
    const index = this.kinds.length;
    if (Array.isArray(o)) {
      this.kinds.push(Kind.Array);
      this.heads.push(o.length);
      for (let k = 0; k < slots.length; k++) this.put(index, slots[k], k);
    } else if (o instanceof Map || o instanceof Set) {
      this.kinds.push(o instanceof Map ? Kind.Map : Kind.Set);
      this.heads.push(o.size);
      // Filled last: every object exists by then (no patches needed).
      this.deferred.push(slots);
    } else if (o instanceof Int32Array || o instanceof Uint32Array) {
      this.kinds.push(o instanceof Int32Array ? Kind.Int32Array : Kind.Uint32Array);
      this.heads.push(this.typed.length);
      this.typed.push(o);
    } else {
      this.kinds.push(this.shapes[f.shape]![0] < 0 ? Kind.Plain : Kind.Instance);
      this.heads.push(f.shape);
      for (let k = 0; k < slots.length; k++) this.put(index, slots[k], k);
      const id = (o as { id?: unknown }).id;
      if (typeof id === 'number') {
        if (o instanceof records.Record) this.maxRecord = Math.max(this.maxRecord, id);
        else if (o instanceof records.Init || o instanceof records.RecTy) this.maxValue = Math.max(this.maxValue, id);
      }
    }
    this.state.set(o, index);
  }
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A primitive the bytes can hold (not a function or symbol). */
function keepable(v: unknown): unknown {
  if (typeof v === 'function' || typeof v === 'symbol') throw new Unkeepable(`a ${typeof v}`);
  return v;
}

/** Field names a shape may have (they are written into the code that restores it). */
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Makes an object of one shape from the values at `at`. */
type ShapeMaker = new (tags: Uint8Array, nums: Int32Array, others: readonly unknown[], objs: readonly unknown[], at: number) => object;

/**
 * A constructor for the objects of one shape: their prototype, every field in order (so that
 * they share one hidden class), each read from the value streams.
 */
function shapeMaker(proto: object, keys: readonly string[]): ShapeMaker {
  // Names are checked identifiers: nothing but field names goes into the code.
  if (!keys.every((k) => IDENTIFIER.test(k))) throw new Error('bad field name');
  const body = keys.map((k) => `t = tags[at]; this.${k} = t === 0 ? objs[nums[at]] : t === 1 ? nums[at] : others[nums[at]]; at++;`).join('\n');
  const make = new Function('tags', 'nums', 'others', 'objs', 'at', `let t;\n${body}`) as unknown as ShapeMaker & { prototype: object };
  make.prototype = proto;
  return make;
}

/** The cache `bytes` hold, or undefined when they are not a cache of this build. */
export function decodeParseCache(bytes: Uint8Array, build: string): ParseCache | undefined {
  let parts: unknown[];
  try {
    parts = deserialize(bytes) as unknown[];
  } catch {
    return undefined;
  }
  if (!Array.isArray(parts) || parts[0] !== MAGIC || parts[1] !== build) return undefined;
  const [, , classNames, shapes, kinds, heads, tags, nums, entryTags, entryNums, others, typed, patches, maxIds] = parts as [
    string,
    string,
    string[],
    [number, string[]][],
    Uint8Array,
    Int32Array,
    Uint8Array,
    Int32Array,
    Uint8Array,
    Int32Array,
    unknown[],
    (Int32Array | Uint32Array)[],
    Int32Array,
    [number, number],
  ];
  const classes = persistableClasses();
  const protos: object[] = [];
  for (const name of classNames) {
    const c = classes.get(name);
    if (!c) return undefined;
    protos.push(c.prototype);
  }
  let makers: ShapeMaker[];
  try {
    makers = shapes.map(([cls, keys]) => shapeMaker(cls < 0 ? Object.prototype : protos[cls]!, keys));
  } catch {
    return undefined;
  }
  const sizes = shapes.map(([, keys]) => keys.length);
  const n = kinds.length;
  const objs: unknown[] = new Array(n);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const kind = kinds[i];
    if (kind === Kind.Instance || kind === Kind.Plain) {
      const shape = heads[i]!;
      objs[i] = new makers[shape]!(tags, nums, others, objs, at);
      at += sizes[shape]!;
    } else if (kind === Kind.Array) {
      const a: unknown[] = [];
      for (let k = heads[i]!; k > 0; k--, at++) {
        const t = tags[at];
        a.push(t === Tag.Ref ? objs[nums[at]!] : t === Tag.Int ? nums[at] : others[nums[at]!]);
      }
      objs[i] = a;
    } else if (kind === Kind.Map) objs[i] = new Map();
    else if (kind === Kind.Set) objs[i] = new Set();
    else objs[i] = typed[heads[i]!];
  }
  for (let p = 0; p < patches.length; p += 3) {
    const o = objs[patches[p]!];
    const target = objs[patches[p + 2]!];
    if (Array.isArray(o)) o[patches[p + 1]!] = target;
    else (o as { [k: string]: unknown })[shapes[heads[patches[p]!]!]![1][patches[p + 1]!]!] = target;
  }
  at = 0;
  for (let i = 0; i < n; i++) {
    const kind = kinds[i];
    if (kind !== Kind.Map && kind !== Kind.Set) continue;
    const map = kind === Kind.Map ? (objs[i] as Map<unknown, unknown>) : undefined;
    const set = map ? undefined : (objs[i] as Set<unknown>);
    for (let k = heads[i]!; k > 0; k--) {
      let t = entryTags[at];
      const v = t === Tag.Ref ? objs[entryNums[at]!] : t === Tag.Int ? entryNums[at] : others[entryNums[at]!];
      at++;
      if (set) {
        set.add(v);
        continue;
      }
      t = entryTags[at];
      map!.set(v, t === Tag.Ref ? objs[entryNums[at]!] : t === Tag.Int ? entryNums[at] : others[entryNums[at]!]);
      at++;
    }
  }
  records.reserveIds(maxIds[0], maxIds[1]);
  const root = objs[n - 1];
  return root instanceof ParseCache ? root : undefined;
}
