// Records: the TableGen type system (RecTy), values (Init), records and the RecordKeeper.
//
// Values are immutable and uniqued per RecordKeeper ("interned"), as in LLVM: two structurally
// equal values are the same object, so identity comparisons decide whether resolution changed
// anything and uniqued anonymous instantiations (`Class<args>`) create one record only.
// Strings are latin1 byte strings (see sources.ts). Integers are 64-bit, held in bigint.
import type { DiagnosticNote, Loc } from './diagnostics.js';
import { DiagnosticEngine, FatalError } from './diagnostics.js';
import {
  foldBinOp,
  foldBinOpOperands,
  foldCondOp,
  foldExistsOp,
  foldFoldOp,
  foldInstancesOp,
  foldIsAOp,
  foldTernOp,
  foldUnOp,
} from './evaluate.js';

// ---------------------------------------------------------------------------------------------
// Context: the uniquing pools of one RecordKeeper. Parsing is synchronous, so the keeper being
// built is the "current" context while values are created.

/**
 * Lists longer than this, and more list elements than MAX_LIST_ELEMENTS in all, are refused
 * with an error: all values are kept (uniqued), so unbounded growth would exhaust the heap.
 */
export const MAX_LIST_SIZE = 2_000_000;
const MAX_LIST_ELEMENTS = 30_000_000;

/**
 * Values keyed by a tag and a long sequence of ids (lists, dags, `Class<args>` of more than
 * MAX_TUPLE_IDS ids), in one open-addressing hash table: a lookup hashes the ids once and
 * compares the key arrays (kept as given: callers make a fresh one per lookup), where a trie
 * took a Map per key node.
 */
/** @internal (exported for share-persist.ts) */
export class LongKeyTable {
  private keys: (readonly number[] | undefined)[] = new Array<readonly number[] | undefined>(256).fill(undefined);
  private tags = new Int32Array(256);
  private hashes = new Int32Array(256);
  private vals: (Init | undefined)[] = new Array<Init | undefined>(256).fill(undefined);
  private mask = 255;
  count = 0;
  readonly perTag: number[] = [];

  static hash(tag: number, ids: readonly number[]): number {
    let h = Math.imul(0x2545f491 ^ tag, 0x9e3779b1);
    for (let i = 0; i < ids.length; i++) h = Math.imul(((h << 5) | (h >>> 27)) ^ (ids[i]! | 0), 0x9e3779b1);
    return h ^ (h >>> 15);
  }
  private static same(a: readonly number[], b: readonly number[]): boolean {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  get(h: number, tag: number, ids: readonly number[]): Init | undefined {
    const mask = this.mask;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const v = this.vals[i];
      if (v === undefined) return undefined;
      if (this.hashes[i] === h && this.tags[i] === tag && LongKeyTable.same(this.keys[i]!, ids)) return v;
    }
  }
  /** Add a key that is not in the table. */
  add(h: number, tag: number, ids: readonly number[], v: Init): void {
    this.count++;
    this.perTag[tag] = (this.perTag[tag] ?? 0) + 1;
    if (2 * this.count > this.mask + 1) this.grow();
    this.put(h, tag, ids, v);
  }
  private put(h: number, tag: number, ids: readonly number[], v: Init): void {
    const mask = this.mask;
    let i = h & mask;
    while (this.vals[i] !== undefined) i = (i + 1) & mask;
    this.keys[i] = ids;
    this.tags[i] = tag;
    this.hashes[i] = h;
    this.vals[i] = v;
  }
  private grow(): void {
    const { keys, tags, hashes, vals, mask } = this;
    const n = (mask + 1) * 4;
    this.keys = new Array<readonly number[] | undefined>(n).fill(undefined);
    this.tags = new Int32Array(n);
    this.hashes = new Int32Array(n);
    this.vals = new Array<Init | undefined>(n).fill(undefined);
    this.mask = n - 1;
    for (let i = 0; i <= mask; i++) if (vals[i] !== undefined) this.put(hashes[i]!, tags[i]!, keys[i]!, vals[i]!);
  }
  /** Call `fn` with every value of the table. */
  forEachValue(fn: (v: Init) => void): void {
    for (const v of this.vals) if (v !== undefined) fn(v);
  }
  /** Move every entry of `from` (none of them in this table) here. */
  addAll(from: LongKeyTable): void {
    for (let i = 0; i <= from.mask; i++) {
      const v = from.vals[i];
      if (v !== undefined) this.add(from.hashes[i]!, from.tags[i]!, from.keys[i]!, v);
    }
  }
}

/** Slots per entry of a TupleTable: a tag and up to five ids (unused trailing ids are 0). */
const TUPLE_WIDTH = 6;

/** The largest id a TupleTable keeps in its flat slots (see `big`). */
const MAX_SLOT_ID = 0xffffffff;

/**
 * Values keyed by a fixed-size tuple of numbers (a tag, then up to five ids or small numbers,
 * none negative), in one open-addressing hash table: a lookup hashes the tuple once and compares
 * flat slots, where a trie walk would look up one Map per key. A tuple's tag decides how many ids
 * it has, so padding with 0 is unambiguous (the tags of variable-length keys include the length,
 * see `intern`). Keys are kept as 32-bit integers: V8's interpreter reads them as small integers,
 * where a double read from a Float64Array is a new heap number each time (and most lookups run
 * cold). Ids count on across a process, so a tuple whose numbers add up past 2^32 (a process
 * that has made billions of values) is kept in a Map instead.
 */
/** @internal (exported for share-persist.ts) */
export class TupleTable {
  // 4096 slots at first, four times as many when half full: a cold parse of an MLIR dialect
  // makes some 10,000 tuples, and each growth rehashes every entry.
  private keys = new Uint32Array(TUPLE_WIDTH * 4096);
  /** The hash of each entry (moved as is when the table grows). */
  private hashes = new Int32Array(4096);
  private vals: (Init | undefined)[] = new Array<Init | undefined>(4096).fill(undefined);
  private mask = 4095;
  /** The tuples with large ids, by their numbers joined. */
  private big: Map<string, Init> | undefined;
  /** Entries, in all and per kind (Tag). */
  count = 0;
  readonly perTag: number[] = [];

  /** The slot of a tuple: where it is, or the empty slot where it would go. */
  private slot(h: number, t: number, a: number, b: number, d: number, e: number, f: number): number {
    const keys = this.keys;
    const vals = this.vals;
    const mask = this.mask;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      if (vals[i] === undefined) return i;
      const k = i * TUPLE_WIDTH;
      if (keys[k] === t && keys[k + 1] === a && keys[k + 2] === b && keys[k + 3] === d && keys[k + 4] === e && keys[k + 5] === f) return i;
    }
  }
  get(h: number, t: number, a: number, b: number, d: number, e: number, f: number): Init | undefined {
    if (a + b + d + e + f > MAX_SLOT_ID) return this.big?.get(`${t},${a},${b},${d},${e},${f}`);
    // `slot`'s probe, written out: the lookup is the hottest path of evaluation.
    const keys = this.keys;
    const vals = this.vals;
    const mask = this.mask;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const v = vals[i];
      if (v === undefined) return undefined;
      const k = i * TUPLE_WIDTH;
      if (keys[k] === t && keys[k + 1] === a && keys[k + 2] === b && keys[k + 3] === d && keys[k + 4] === e && keys[k + 5] === f) return v;
    }
  }
  /** Add a tuple that is not in the table. */
  add(h: number, t: number, a: number, b: number, d: number, e: number, f: number, v: Init): void {
    this.count++;
    const tag = t & TAG_MASK;
    this.perTag[tag] = (this.perTag[tag] ?? 0) + 1;
    if (a + b + d + e + f > MAX_SLOT_ID) {
      (this.big ??= new Map()).set(`${t},${a},${b},${d},${e},${f}`, v);
      return;
    }
    if (2 * this.count > this.mask + 1) this.grow();
    const i = this.slot(h, t, a, b, d, e, f);
    const k = i * TUPLE_WIDTH;
    const keys = this.keys;
    keys[k] = t;
    keys[k + 1] = a;
    keys[k + 2] = b;
    keys[k + 3] = d;
    keys[k + 4] = e;
    keys[k + 5] = f;
    this.hashes[i] = h;
    this.vals[i] = v;
  }
  /** Call `fn` with every value of the table. */
  forEachValue(fn: (v: Init) => void): void {
    for (const v of this.vals) if (v !== undefined) fn(v);
    this.big?.forEach(fn);
  }
  /** Move every entry of `from` (none of them in this table) here. */
  addAll(from: TupleTable): void {
    const keys = from.keys;
    for (let i = 0; i <= from.mask; i++) {
      const v = from.vals[i];
      if (v === undefined) continue;
      const k = i * TUPLE_WIDTH;
      this.add(from.hashes[i]!, keys[k]!, keys[k + 1]!, keys[k + 2]!, keys[k + 3]!, keys[k + 4]!, keys[k + 5]!, v);
    }
    from.big?.forEach((v, key) => {
      const [t, a, b, d, e, f] = key.split(',').map(Number) as [number, number, number, number, number, number];
      this.add(tupleHash(t, a, b, d, e, f), t, a, b, d, e, f, v);
    });
  }
  private grow(): void {
    const oldKeys = this.keys;
    const oldHashes = this.hashes;
    const oldVals = this.vals;
    const oldMask = this.mask;
    const n = (this.mask + 1) * 4;
    const keys = (this.keys = new Uint32Array(TUPLE_WIDTH * n));
    const hashes = (this.hashes = new Int32Array(n));
    const vals = (this.vals = new Array<Init | undefined>(n).fill(undefined));
    const mask = (this.mask = n - 1);
    for (let i = 0; i <= oldMask; i++) {
      const v = oldVals[i];
      if (v === undefined) continue;
      // Keys are unique: the first free slot is the entry's.
      const h = oldHashes[i]!;
      let j = h & mask;
      while (vals[j] !== undefined) j = (j + 1) & mask;
      const k = i * TUPLE_WIDTH;
      const m = j * TUPLE_WIDTH;
      keys[m] = oldKeys[k]!;
      keys[m + 1] = oldKeys[k + 1]!;
      keys[m + 2] = oldKeys[k + 2]!;
      keys[m + 3] = oldKeys[k + 3]!;
      keys[m + 4] = oldKeys[k + 4]!;
      keys[m + 5] = oldKeys[k + 5]!;
      hashes[j] = h;
      vals[j] = v;
    }
  }
}

/** The hash of a TupleTable key (each step: rotate, xor a key, multiply; written out, no calls). */
function tupleHash(t: number, a: number, b: number, d: number, e: number, f: number): number {
  let h = Math.imul(((0x2545f491 << 5) | (0x2545f491 >>> 27)) ^ (t | 0), 0x9e3779b1);
  h = Math.imul(((h << 5) | (h >>> 27)) ^ (a | 0), 0x9e3779b1);
  h = Math.imul(((h << 5) | (h >>> 27)) ^ (b | 0), 0x9e3779b1);
  h = Math.imul(((h << 5) | (h >>> 27)) ^ (d | 0), 0x9e3779b1);
  h = Math.imul(((h << 5) | (h >>> 27)) ^ (e | 0), 0x9e3779b1);
  h = Math.imul(((h << 5) | (h >>> 27)) ^ (f | 0), 0x9e3779b1);
  return h ^ (h >>> 15);
}

/**
 * Uniquing pools of values and types. A keeper interns in pools of its own, and may also see
 * pools shared with other keepers (a ParseCache, share.ts): a value is looked up in the shared
 * pools first, and created in the keeper's own. `RecordKeeper.shareValues` moves the keeper's
 * values to the shared pools when they become part of a shared snapshot. Values are immutable;
 * the one value with per-keeper state (the def a `Class<args>` value instantiates, and where
 * it was first referenced) keeps that state in the keeper.
 */
export class ValuePools {
  long = new LongKeyTable();
  /** Values keyed by a tag and at most five ids (most of them). */
  tuples = new TupleTable();
  strings = new Map<string, StringInit>();
  codes = new Map<string, StringInit>();
  ints = new Map<bigint, IntInit>();
  readonly typePool = new Map<string, RecTy>();
  unset: UnsetInit | undefined;
  bits: [BitInit | undefined, BitInit | undefined] = [undefined, undefined];
  /** Values created in (or moved to) these pools. */
  size = 0;
}

/** Ids of values and types: unique in the process, so pools can be shared between keepers. */
let nextInitId = 1;

/** Numbers the contexts of the process (see RecTy.getListTy). */
let nextContextSerial = 1;

class Context {
  readonly serial = nextContextSerial++;
  /** The keeper's own pools. */
  readonly own = new ValuePools();
  readonly typePool: Map<string, RecTy>;
  /**
   * The record types this keeper asked for (its RecordTypePool in the detailed-records report,
   * whether or not the types live in a shared pool).
   */
  readonly recordTypeKeys = new Set<string>();
  /**
   * Types asked for often, as found in typePool (they never change there): the singletons, bits
   * types by width, and the record type of each single class, without a key string to build.
   */
  bitTy: BitRecTy | undefined;
  intTy: IntRecTy | undefined;
  stringTy: StringRecTy | undefined;
  dagTy: DagRecTy | undefined;
  readonly bitsTys: (BitsRecTy | undefined)[] = [];
  readonly classTys = new Map<Record, RecordRecTy>();
  anonCounter = 0;
  /** See `modelAllocations`. */
  modelAllocations = false;
  /**
   * Objects llvm allocates outside its uniquing pools (list types, anonymous names, record
   * references), kept for the allocator stats of --print-detailed-records.
   */
  readonly unpooled: [order: number, object: ListRecTy | AnonymousNameInit | DefInit][] = [];
  readonly listTypesAsked = new Set<ListRecTy>();
  /** Elements of every list created so far (they are all kept, uniqued). */
  listElements = 0;
  /** Where errors of evaluations outside any record are reported (the parser's position). */
  fallbackLoc: (() => Loc | undefined) | undefined;
  constructor(
    readonly keeper: RecordKeeper,
    readonly diags: DiagnosticEngine | undefined,
    /** Pools shared with other keepers, looked up first. */
    readonly shared: ValuePools | undefined,
  ) {
    // Types are few: they go straight to the shared pool.
    this.typePool = (shared ?? this.own).typePool;
  }
  id(): number {
    return nextInitId++;
  }
  /** An interned type: in the shared pool, or (record types not shared yet) the keeper's own. */
  typeOf(key: string): RecTy | undefined {
    return this.typePool.get(key) ?? (this.shared ? this.own.typePool.get(key) : undefined);
  }
  /** The pools singletons (`?`, `0`, `1`) live in. */
  get singletons(): ValuePools {
    return this.shared ?? this.own;
  }
}

let current: Context | undefined;

/**
 * Whether the active keeper models llvm's allocations (--print-detailed-records): evaluation
 * then also interns the intermediate values llvm's pools keep (an operator with resolved
 * operands before it folds, a field read before it folds...), which normal runs skip. The
 * results are the same either way; only the pools' sizes differ. A plain variable, mirrored
 * from the active keeper, so the hot paths test it cheaply.
 */
export let modelAllocations = false;

function ctx(): Context {
  if (!current) throw new Error('no active RecordKeeper: call keeper.activate() first');
  return current;
}

/** The keeper whose values are being built. */
export function activeKeeper(): RecordKeeper {
  return ctx().keeper;
}

/** The diagnostics of the active keeper (fold errors are reported through it). */
export function activeDiagnostics(): DiagnosticEngine | undefined {
  return current?.diags;
}

/** A TupleTable tag holds the kind in its low bits (and the length of variable keys above). */
const TAG_BITS = 8;
const TAG_MASK = (1 << TAG_BITS) - 1;

/** Kinds of uniqued values (the first key of the trie). */
const enum Tag {
  Arg = 1,
  ArgNamed,
  Bits,
  List,
  Var,
  VarBit,
  VarDef,
  Field,
  Dag,
  UnOp,
  BinOp,
  TernOp,
  FoldOp,
  IsA,
  Exists,
  Instances,
  Cond,
}

/** Keys of variable length up to this many ids go to the TupleTable, longer ones to the LongKeyTable. */
const MAX_TUPLE_IDS = 5;

/**
 * The unique value for (tag, ...ids), created by `make` the first time. A short key goes to
 * the TupleTable, its length in its tag (the padding 0s cannot be mistaken for ids); a long
 * one to the LongKeyTable.
 */
function intern<T extends Init>(tag: Tag, ids: readonly number[], make: () => T): T {
  const n = ids.length;
  if (n <= MAX_TUPLE_IDS) {
    return internTuple(tag | (n << TAG_BITS), n > 0 ? ids[0]! : 0, n > 1 ? ids[1]! : 0, n > 2 ? ids[2]! : 0, n > 3 ? ids[3]! : 0, n > 4 ? ids[4]! : 0, make);
  }
  const c = ctx();
  const h = LongKeyTable.hash(tag, ids);
  const v = (c.shared && c.shared.long.get(h, tag, ids)) || c.own.long.get(h, tag, ids);
  if (v) return v as T;
  const made = make();
  // `make` may have interned other values (the table may have grown): `add` finds the slot anew.
  c.own.size++;
  c.own.long.add(h, tag, ids, made);
  return made;
}

/**
 * `intern` for two to five ids (the hot cases), in the TupleTable: no key array, one hash. The
 * fixed-size kinds are always interned here.
 */
function internTuple<T extends Init>(tag: number, a: number, b: number, d: number, e: number, f: number, make: () => T): T {
  const c = ctx();
  const h = tupleHash(tag, a, b, d, e, f);
  const v = (c.shared && c.shared.tuples.get(h, tag, a, b, d, e, f)) || c.own.tuples.get(h, tag, a, b, d, e, f);
  if (v) return v as T;
  const n = make();
  c.own.size++;
  c.own.tuples.add(h, tag, a, b, d, e, f, n);
  return n;
}
/**
 * The value interned under a tuple key (a tag and up to five ids, unused ones 0), or undefined:
 * then the caller makes it and adds it with `addTuple` under the same key. The hot kinds are
 * interned this way, without a closure per lookup (most lookups find the value).
 */
function findTuple(tag: number, a: number, b: number, d: number, e: number, f: number): Init | undefined {
  const c = ctx();
  const h = tupleHash(tag, a, b, d, e, f);
  return (c.shared && c.shared.tuples.get(h, tag, a, b, d, e, f)) || c.own.tuples.get(h, tag, a, b, d, e, f);
}
function addTuple<T extends Init>(tag: number, a: number, b: number, d: number, e: number, f: number, v: T): T {
  const own = ctx().own;
  own.size++;
  own.tuples.add(tupleHash(tag, a, b, d, e, f), tag, a, b, d, e, f, v);
  return v;
}

/**
 * Where an evaluation error about `rec` is reported: the record's location or, for values
 * evaluated outside any record (where llvm-tblgen would dereference a null record and crash),
 * the parser's current position.
 */
function errorLoc(rec: Record | undefined): Loc | undefined {
  return rec?.locs[0] ?? current?.fallbackLoc?.();
}

/** Report a fatal error located at a record (or the parse position) and unwind. */
export function fatalAt(rec: Record | undefined, message: string): never {
  const d = current?.diags;
  const loc = errorLoc(rec);
  const notes = instantiationNotes(rec);
  if (d) d.exit(loc, message, notes);
  throw new FatalError({ severity: 'error', loc, message, notes }, true);
}

/**
 * llvm prints a message about a record at its first location and one "instantiated from
 * multiclass" note per further location (the `defm`s that produced it).
 */
export function instantiationNotes(rec: Record | undefined): DiagnosticNote[] {
  if (!rec || rec.locs.length < 2) return [];
  return rec.locs.slice(1).map((loc) => ({ loc, message: 'instantiated from multiclass' }));
}

/** Report a fatal error without a location (as llvm-tblgen does for some) and unwind. */
export function fatalNoLoc(message: string): never {
  const d = current?.diags;
  if (d) d.exit(undefined, message);
  throw new FatalError({ severity: 'error', loc: undefined, message, notes: [] }, true);
}

/** Report a warning located at a record (llvm's PrintWarning(Rec->getLoc(), ...)). */
export function warnAt(rec: Record | undefined, message: string): void {
  current?.diags?.report('warning', errorLoc(rec), message, instantiationNotes(rec));
}

/** Report a non-fatal error located at a record (or the parse position). */
export function errorAt(rec: Record | undefined, message: string): void {
  current?.diags?.error(errorLoc(rec), message, instantiationNotes(rec));
}

// ---------------------------------------------------------------------------------------------
// Types

export enum RecTyKind {
  Bit,
  Bits,
  Int,
  String,
  List,
  Dag,
  Record,
}

export abstract class RecTy {
  readonly id: number;
  private listTy: ListRecTy | undefined;
  /**
   * The serial of the keeper that last asked for listTy (see getListTy): a number, not the
   * keeper, since a shared type outlives the parses that use it.
   */
  private listTyAskedBy = 0;
  constructor(readonly kind: RecTyKind) {
    this.id = ctx().id();
  }
  abstract getAsString(): string;
  toString(): string {
    return this.getAsString();
  }
  /** Can a value of this type be converted to RHS? */
  typeIsConvertibleTo(rhs: RecTy): boolean {
    return this.kind === rhs.kind;
  }
  /** Is this type a subtype of RHS (no conversion needed)? */
  typeIsA(rhs: RecTy): boolean {
    return this === rhs;
  }
  getListTy(): ListRecTy {
    if (!this.listTy) this.listTy = new ListRecTy(this);
    // Types may be shared between keepers: each keeper notes the list types it asked for.
    if (this.listTyAskedBy !== current?.serial) {
      const c = ctx();
      this.listTyAskedBy = c.serial;
      if (!c.listTypesAsked.has(this.listTy)) {
        c.listTypesAsked.add(this.listTy);
        c.unpooled.push([c.id(), this.listTy]);
      }
    }
    return this.listTy;
  }
}

function internType<T extends RecTy>(key: string, make: () => T): T {
  const c = ctx();
  let t = c.typeOf(key) as T | undefined;
  if (!t) {
    t = make();
    // A record type holds its classes: in the keeper's own pool until they are shared
    // (shareValues). In the shared pool, the record types of every parse's own classes (keyed
    // by record id: new ones each parse) would keep those parses alive, in a build service
    // for ever. The other types hold no record: shared at once.
    (t instanceof RecordRecTy ? c.own.typePool : c.typePool).set(key, t);
  }
  if (t instanceof RecordRecTy) c.recordTypeKeys.add(key);
  return t;
}

export class BitRecTy extends RecTy {
  private constructor() {
    super(RecTyKind.Bit);
  }
  static get(): BitRecTy {
    const c = ctx();
    return (c.bitTy ??= internType('bit', () => new BitRecTy()));
  }
  getAsString(): string {
    return 'bit';
  }
  override typeIsConvertibleTo(rhs: RecTy): boolean {
    if (rhs.kind === RecTyKind.Bit || rhs.kind === RecTyKind.Int) return true;
    return rhs instanceof BitsRecTy && rhs.numBits === 1;
  }
}

export class BitsRecTy extends RecTy {
  private constructor(readonly numBits: number) {
    super(RecTyKind.Bits);
  }
  static get(n: number): BitsRecTy {
    const c = ctx();
    return (c.bitsTys[n] ??= internType(`bits${n}`, () => new BitsRecTy(n)));
  }
  getAsString(): string {
    return `bits<${this.numBits}>`;
  }
  override typeIsConvertibleTo(rhs: RecTy): boolean {
    if (rhs instanceof BitsRecTy) return rhs.numBits === this.numBits;
    return (rhs.kind === RecTyKind.Bit && this.numBits === 1) || rhs.kind === RecTyKind.Int;
  }
}

export class IntRecTy extends RecTy {
  private constructor() {
    super(RecTyKind.Int);
  }
  static get(): IntRecTy {
    const c = ctx();
    return (c.intTy ??= internType('int', () => new IntRecTy()));
  }
  getAsString(): string {
    return 'int';
  }
  override typeIsConvertibleTo(rhs: RecTy): boolean {
    return rhs.kind === RecTyKind.Bit || rhs.kind === RecTyKind.Bits || rhs.kind === RecTyKind.Int;
  }
}

export class StringRecTy extends RecTy {
  private constructor() {
    super(RecTyKind.String);
  }
  static get(): StringRecTy {
    const c = ctx();
    return (c.stringTy ??= internType('string', () => new StringRecTy()));
  }
  getAsString(): string {
    return 'string';
  }
}

export class ListRecTy extends RecTy {
  constructor(readonly elementType: RecTy) {
    super(RecTyKind.List);
  }
  static get(elt: RecTy): ListRecTy {
    return elt.getListTy();
  }
  getAsString(): string {
    return `list<${this.elementType.getAsString()}>`;
  }
  override typeIsConvertibleTo(rhs: RecTy): boolean {
    return rhs instanceof ListRecTy && this.elementType.typeIsConvertibleTo(rhs.elementType);
  }
  override typeIsA(rhs: RecTy): boolean {
    return rhs instanceof ListRecTy && this.elementType.typeIsA(rhs.elementType);
  }
}

export class DagRecTy extends RecTy {
  private constructor() {
    super(RecTyKind.Dag);
  }
  static get(): DagRecTy {
    const c = ctx();
    return (c.dagTy ??= internType('dag', () => new DagRecTy()));
  }
  getAsString(): string {
    return 'dag';
  }
}

/** The type of records deriving from all of `classes` (sorted by name; empty = any record). */
export class RecordRecTy extends RecTy {
  private constructor(readonly classes: readonly Record[]) {
    super(RecTyKind.Record);
  }
  static get(classes: readonly Record[]): RecordRecTy {
    if (classes.length === 1) {
      const c = ctx();
      const cls = classes[0]!;
      let t = c.classTys.get(cls);
      if (!t) c.classTys.set(cls, (t = internType(`rec:${cls.id}`, () => new RecordRecTy([cls]))));
      return t;
    }
    const sorted = [...classes].sort((a, b) => cmp(a.getNameInitAsString(), b.getNameInitAsString()));
    return internType(`rec:${sorted.map((r) => r.id).join(',')}`, () => new RecordRecTy(sorted));
  }
  getAsString(): string {
    if (this.classes.length === 1) return this.classes[0]!.getNameInitAsString();
    return `{${this.classes.map((c) => c.getNameInitAsString()).join(', ')}}`;
  }
  isSubClassOf(cls: Record): boolean {
    // Loops, not some/every: a closure per call when cold.
    const classes = this.classes;
    for (let i = 0; i < classes.length; i++) if (classes[i] === cls || classes[i]!.isSubClassOf(cls)) return true;
    return false;
  }
  override typeIsConvertibleTo(rhs: RecTy): boolean {
    if (this === rhs) return true;
    if (!(rhs instanceof RecordRecTy)) return false;
    const classes = rhs.classes;
    for (let i = 0; i < classes.length; i++) if (!this.isSubClassOf(classes[i]!)) return false;
    return true;
  }
  override typeIsA(rhs: RecTy): boolean {
    return this.typeIsConvertibleTo(rhs);
  }
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const isDigitCode = (c: number) => c >= 48 && c <= 57;

/** llvm::StringRef::compare_numeric: like byte order, but runs of digits compare as numbers. */
export function compareNumeric(a: string, b: string): number {
  const e = Math.min(a.length, b.length);
  for (let i = 0; i < e; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (isDigitCode(ca) && isDigitCode(cb)) {
      let j = i + 1;
      for (; j !== e + 1; j++) {
        const ld = j < a.length && isDigitCode(a.charCodeAt(j));
        const rd = j < b.length && isDigitCode(b.charCodeAt(j));
        if (ld !== rd) return rd ? -1 : 1;
        if (!rd) break;
      }
      const sa = a.slice(i, j);
      const sb = b.slice(i, j);
      if (sa !== sb) return sa < sb ? -1 : 1;
      i = j - 1;
      continue;
    }
    if (ca !== cb) return ca < cb ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

function resolveRecordTypes(t1: RecordRecTy, t2: RecordRecTy): RecordRecTy {
  const common: Record[] = [];
  const stack = [...t1.classes];
  while (stack.length) {
    const r = stack.pop()!;
    if (t2.isSubClassOf(r)) common.push(r);
    else r.getDirectSuperClasses(stack);
  }
  return RecordRecTy.get(common);
}

/** The most specific common type of T1 and T2, or undefined. */
export function resolveTypes(t1: RecTy, t2: RecTy): RecTy | undefined {
  if (t1 === t2) return t1;
  if (t1 instanceof RecordRecTy && t2 instanceof RecordRecTy) return resolveRecordTypes(t1, t2);
  if (t1.typeIsConvertibleTo(t2)) return t2;
  if (t2.typeIsConvertibleTo(t1)) return t1;
  if (t1 instanceof ListRecTy && t2 instanceof ListRecTy) {
    const e = resolveTypes(t1.elementType, t2.elementType);
    if (e) return e.getListTy();
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Values

export abstract class Init {
  readonly id: number;
  constructor() {
    this.id = ctx().id();
  }
  abstract getAsString(): string;
  getAsUnquotedString(): string {
    return this.getAsString();
  }
  toString(): string {
    return this.getAsString();
  }
  /** False when the value is `?` or contains one where it matters. */
  isComplete(): boolean {
    return true;
  }
  /** True when the value has no unresolved references. */
  isConcrete(): boolean {
    return false;
  }
  resolveReferences(_r: Resolver): Init {
    return this;
  }
  /** The value as bit `i` (an implicit conversion of int and bits<1>). */
  getBit(_i: number): Init {
    return this;
  }
  convertInitializerTo(_ty: RecTy): Init | undefined {
    return undefined;
  }
  getCastTo(ty: RecTy): Init | undefined {
    return this.convertInitializerTo(ty);
  }
  convertInitializerBitRange(_bits: readonly number[]): Init | undefined {
    return undefined;
  }
  getFieldType(_name: StringInit): RecTy | undefined {
    return undefined;
  }
}

/** `?` */
export class UnsetInit extends Init {
  static get(): UnsetInit {
    const c = ctx();
    return (c.singletons.unset ??= new UnsetInit());
  }
  getAsString(): string {
    return '?';
  }
  override isComplete(): boolean {
    return false;
  }
  override isConcrete(): boolean {
    return true;
  }
  override getCastTo(_ty: RecTy): Init {
    return this;
  }
  override convertInitializerTo(_ty: RecTy): Init {
    return this;
  }
}

/** A template argument value: positional (index) or named (qualified name). */
export class ArgumentInit extends Init {
  private constructor(
    readonly value: Init,
    readonly index: number | undefined,
    readonly name: Init | undefined,
  ) {
    super();
  }
  static positional(value: Init, index: number): ArgumentInit {
    return (findTuple(Tag.Arg, value.id, index, 0, 0, 0) as ArgumentInit | undefined) ?? addTuple(Tag.Arg, value.id, index, 0, 0, 0, new ArgumentInit(value, index, undefined));
  }
  static named(value: Init, name: Init): ArgumentInit {
    return (findTuple(Tag.ArgNamed, value.id, name.id, 0, 0, 0) as ArgumentInit | undefined) ?? addTuple(Tag.ArgNamed, value.id, name.id, 0, 0, 0, new ArgumentInit(value, undefined, name));
  }
  isPositional(): boolean {
    return this.index !== undefined;
  }
  isNamed(): boolean {
    return this.name !== undefined;
  }
  cloneWithValue(v: Init): ArgumentInit {
    return this.index !== undefined ? ArgumentInit.positional(v, this.index) : ArgumentInit.named(v, this.name!);
  }
  getAsString(): string {
    if (this.index !== undefined) return `${this.index}: ${this.value.getAsString()}`;
    return `${this.name!.getAsString()}: ${this.value.getAsString()}`;
  }
  override isComplete(): boolean {
    return this.value.isComplete();
  }
  override isConcrete(): boolean {
    return this.value.isConcrete();
  }
  override resolveReferences(r: Resolver): Init {
    const v = this.value.resolveReferences(r);
    return v !== this.value ? this.cloneWithValue(v) : this;
  }
}

export abstract class TypedInit extends Init {
  constructor(readonly type: RecTy) {
    super();
  }
  override convertInitializerTo(ty: RecTy): Init | undefined {
    if (this.type === ty || this.type.typeIsA(ty)) return this;
    if (this.type instanceof BitRecTy && ty instanceof BitsRecTy && ty.numBits === 1) return BitsInit.get([this]);
    return undefined;
  }
  override getCastTo(ty: RecTy): Init | undefined {
    if (this.type === ty || this.type.typeIsA(ty)) return this;
    const converted = this.convertInitializerTo(ty);
    if (converted) return converted;
    if (!this.type.typeIsConvertibleTo(ty)) return undefined;
    return UnOpInit.get(UnOp.CAST, this, ty).fold(undefined, false);
  }
  override convertInitializerBitRange(bits: readonly number[]): Init | undefined {
    const t = this.type;
    if (!(t instanceof BitsRecTy)) return undefined;
    const out: Init[] = [];
    for (const b of bits) {
      if (b >= t.numBits) return undefined;
      out.push(VarBitInit.get(this, b));
    }
    return BitsInit.get(out);
  }
  override getFieldType(name: StringInit): RecTy | undefined {
    if (this.type instanceof RecordRecTy) {
      for (const r of this.type.classes) {
        const f = r.getValue(name.value);
        if (f) return f.type;
      }
    }
    return undefined;
  }
  override getBit(i: number): Init {
    if (this.type === BitRecTy.get()) return this;
    return VarBitInit.get(this, i);
  }
}

export class BitInit extends TypedInit {
  private constructor(readonly value: boolean) {
    super(BitRecTy.get());
  }
  static get(v: boolean): BitInit {
    const c = ctx();
    const i = v ? 1 : 0;
    return (c.singletons.bits[i] ??= new BitInit(v));
  }
  getAsString(): string {
    return this.value ? '1' : '0';
  }
  override isConcrete(): boolean {
    return true;
  }
  override getBit(_i: number): Init {
    return this;
  }
  override convertInitializerTo(ty: RecTy): Init | undefined {
    if (ty instanceof BitRecTy) return this;
    if (ty instanceof IntRecTy) return IntInit.get(this.value ? 1n : 0n);
    if (ty instanceof BitsRecTy && ty.numBits === 1) return BitsInit.get([this]);
    return undefined;
  }
}

/** `{ a, b, c }`: bits[0] is the least significant bit. */
export class BitsInit extends TypedInit {
  private constructor(readonly bits: readonly Init[]) {
    super(BitsRecTy.get(bits.length));
  }
  static get(bits: readonly Init[]): BitsInit {
    return intern(Tag.Bits, bits.map((b) => b.id), () => new BitsInit(bits));
  }
  get numBits(): number {
    return this.bits.length;
  }
  override getBit(i: number): Init {
    return this.bits[i]!;
  }
  getAsString(): string {
    const parts: string[] = [];
    for (let i = this.bits.length - 1; i >= 0; i--) parts.push(this.bits[i]!.getAsString());
    return `{ ${parts.join(', ')} }`;
  }
  override isComplete(): boolean {
    return this.bits.every((b) => b.isComplete());
  }
  override isConcrete(): boolean {
    return this.bits.every((b) => b.isConcrete());
  }
  allInComplete(): boolean {
    return this.bits.every((b) => !b.isComplete());
  }
  override convertInitializerTo(ty: RecTy): Init | undefined {
    if (ty instanceof BitRecTy) return this.bits.length === 1 ? this.bits[0] : undefined;
    if (ty instanceof BitsRecTy) return ty.numBits === this.bits.length ? this : undefined;
    if (ty instanceof IntRecTy) {
      const v = this.toBigInt();
      return v === undefined ? undefined : IntInit.get(v);
    }
    return undefined;
  }
  toBigInt(): bigint | undefined {
    let result = 0n;
    for (let i = 0; i < this.bits.length; i++) {
      const b = this.bits[i];
      if (!(b instanceof BitInit)) return undefined;
      if (b.value && i < 64) result |= 1n << BigInt(i);
    }
    return BigInt.asIntN(64, result);
  }
  override convertInitializerBitRange(bits: readonly number[]): Init | undefined {
    const out: Init[] = [];
    for (const b of bits) {
      if (b >= this.bits.length) return undefined;
      out.push(this.bits[b]!);
    }
    return BitsInit.get(out);
  }
  /** See isClosed (0: not known yet, 1: closed, 2: not). */
  private closedState = 0;
  closed(): boolean {
    if (this.closedState === 0) this.closedState = this.bits.every(isClosed) ? 1 : 2;
    return this.closedState === 1;
  }
  override resolveReferences(r: Resolver): Init {
    if (this.closed()) return this;
    let changed = false;
    const out: Init[] = new Array(this.bits.length);
    let cachedRef: Init | undefined;
    let cachedResolved: Init | undefined;
    for (let i = 0; i < this.bits.length; i++) {
      const cur = this.bits[i]!;
      let nb: Init;
      if (cur instanceof VarBitInit) {
        if (cur.bitVar !== cachedRef) {
          cachedRef = cur.bitVar;
          cachedResolved = cachedRef.resolveReferences(r);
        }
        nb = cachedResolved!.getBit(cur.bitNum);
      } else {
        nb = cur.resolveReferences(r).getBit(0);
      }
      if (nb instanceof UnsetInit && r.keepUnsetBits()) nb = cur;
      out[i] = nb;
      if (nb !== cur) changed = true;
    }
    return changed ? BitsInit.get(out) : this;
  }
}

export class IntInit extends TypedInit {
  private constructor(readonly value: bigint) {
    super(IntRecTy.get());
  }
  static get(v: bigint | number): IntInit {
    const b = BigInt.asIntN(64, typeof v === 'number' ? BigInt(v) : v);
    const c = ctx();
    let i = c.shared?.ints.get(b) ?? c.own.ints.get(b);
    if (!i) {
      c.own.ints.set(b, (i = new IntInit(b)));
      c.own.size++;
    }
    return i;
  }
  getAsString(): string {
    return this.value.toString();
  }
  override isConcrete(): boolean {
    return true;
  }
  override getBit(i: number): Init {
    return BitInit.get(i < 64 && ((this.value >> BigInt(i)) & 1n) === 1n);
  }
  override convertInitializerTo(ty: RecTy): Init | undefined {
    if (ty instanceof IntRecTy) return this;
    if (ty instanceof BitRecTy) {
      if (this.value !== 0n && this.value !== 1n) return undefined;
      return BitInit.get(this.value !== 0n);
    }
    if (ty instanceof BitsRecTy) {
      const n = ty.numBits;
      if (!canFitInBitfield(this.value, n)) return undefined;
      const out: Init[] = [];
      for (let i = 0; i < n; i++) out.push(BitInit.get(i < 64 && ((this.value >> BigInt(i)) & 1n) === 1n));
      return BitsInit.get(out);
    }
    return undefined;
  }
  override convertInitializerBitRange(bits: readonly number[]): Init | undefined {
    const out: Init[] = [];
    for (const b of bits) {
      if (b >= 64) return undefined;
      out.push(BitInit.get(((this.value >> BigInt(b)) & 1n) === 1n));
    }
    return BitsInit.get(out);
  }
}

function canFitInBitfield(v: bigint, n: number): boolean {
  if (n >= 64) return true;
  const sh = v >> BigInt(n);
  return sh === 0n || v >> BigInt(n - 1) === -1n;
}

/** The provisional name of an anonymous record (`anonymous_N`). */
export class AnonymousNameInit extends TypedInit {
  private constructor(readonly value: number) {
    super(StringRecTy.get());
  }
  static create(v: number): AnonymousNameInit {
    // Not uniqued: each anonymous name is distinct (as in LLVM).
    const n = new AnonymousNameInit(v);
    ctx().unpooled.push([n.id, n]);
    return n;
  }
  getNameInit(): StringInit {
    return StringInit.get(this.getAsString());
  }
  getAsString(): string {
    return `anonymous_${this.value}`;
  }
  override getAsUnquotedString(): string {
    return this.getAsString();
  }
  override isConcrete(): boolean {
    return true;
  }
  override resolveReferences(r: Resolver): Init {
    const resolved = r.resolve(this) ?? this;
    if (r.isFinal && resolved instanceof AnonymousNameInit) return resolved.getNameInit();
    return resolved;
  }
  override getBit(_i: number): Init {
    return this;
  }
}

export class StringInit extends TypedInit {
  private constructor(
    readonly value: string,
    readonly isCode: boolean,
  ) {
    super(StringRecTy.get());
  }
  static get(v: string, isCode = false): StringInit {
    const c = ctx();
    let s = isCode ? (c.shared?.codes.get(v) ?? c.own.codes.get(v)) : (c.shared?.strings.get(v) ?? c.own.strings.get(v));
    if (!s) {
      (isCode ? c.own.codes : c.own.strings).set(v, (s = new StringInit(v, isCode)));
      c.own.size++;
    }
    return s;
  }
  static determineFormat(a: boolean, b: boolean): boolean {
    return a || b;
  }
  getAsString(): string {
    return this.isCode ? `[{${this.value}}]` : `"${this.value}"`;
  }
  override getAsUnquotedString(): string {
    return this.value;
  }
  override isConcrete(): boolean {
    return true;
  }
  override convertInitializerTo(ty: RecTy): Init | undefined {
    return ty instanceof StringRecTy ? this : undefined;
  }
  override getBit(_i: number): Init {
    return this;
  }
}

export class ListInit extends TypedInit {
  private constructor(
    readonly elements: readonly Init[],
    readonly elementType: RecTy,
  ) {
    super(elementType.getListTy());
  }
  static get(elements: readonly Init[], eltTy: RecTy): ListInit {
    checkListSize(elements.length);
    const ids = new Array<number>(elements.length + 1);
    ids[0] = eltTy.id;
    for (let i = 0; i < elements.length; i++) ids[i + 1] = elements[i]!.id;
    return intern(Tag.List, ids, () => {
      const c = ctx();
      c.listElements += elements.length;
      if (c.listElements > MAX_LIST_ELEMENTS) fatalAt(undefined, 'input is too large to evaluate: too many list elements');
      return new ListInit(elements, eltTy);
    });
  }
  get size(): number {
    return this.elements.length;
  }
  getAsString(): string {
    return `[${this.elements.map((e) => e.getAsString()).join(', ')}]`;
  }
  override isComplete(): boolean {
    return this.elements.every((e) => e.isComplete());
  }
  override isConcrete(): boolean {
    return this.elements.every((e) => e.isConcrete());
  }
  override convertInitializerTo(ty: RecTy): Init | undefined {
    if (this.type === ty) return this;
    if (!(ty instanceof ListRecTy)) return undefined;
    const out: Init[] = [];
    let changed = false;
    for (const e of this.elements) {
      const c = e.convertInitializerTo(ty.elementType);
      if (!c) return undefined;
      if (c !== e) changed = true;
      out.push(c);
    }
    if (!changed) return this;
    return ListInit.get(out, ty.elementType);
  }
  /** See isClosed (0: not known yet, 1: closed, 2: not). */
  private closedState = 0;
  closed(): boolean {
    if (this.closedState === 0) this.closedState = this.elements.every(isClosed) ? 1 : 2;
    return this.closedState === 1;
  }
  override resolveReferences(r: Resolver): Init {
    if (this.closed()) return this;
    const els = this.elements;
    let out: Init[] | undefined;
    for (let i = 0; i < els.length; i++) {
      const e = els[i]!;
      const n = e.resolveReferences(r);
      // A copy at its size on the first change (growing one by push reserves more).
      if (n !== e) (out ??= els.slice())[i] = n;
    }
    return out ? ListInit.get(out, this.elementType) : this;
  }
  override getBit(_i: number): Init {
    return this;
  }
}

/** A reference to a variable (field, template argument, loop iterator). */
export class VarInit extends TypedInit {
  private constructor(
    readonly nameInit: Init,
    type: RecTy,
  ) {
    super(type);
  }
  static get(name: Init | string, type: RecTy): VarInit {
    const n = typeof name === 'string' ? StringInit.get(name) : name;
    return (findTuple(Tag.Var, type.id, n.id, 0, 0, 0) as VarInit | undefined) ?? addTuple(Tag.Var, type.id, n.id, 0, 0, 0, new VarInit(n, type));
  }
  get name(): string {
    return (this.nameInit as StringInit).value;
  }
  getAsString(): string {
    return this.nameInit.getAsUnquotedString();
  }
  override resolveReferences(r: Resolver): Init {
    return r.resolve(this.nameInit) ?? this;
  }
}

/** Bit `bitNum` of a bits-typed expression. */
export class VarBitInit extends TypedInit {
  private constructor(
    readonly bitVar: TypedInit,
    readonly bitNum: number,
  ) {
    super(BitRecTy.get());
  }
  static get(t: TypedInit, b: number): VarBitInit {
    return (findTuple(Tag.VarBit, t.id, b, 0, 0, 0) as VarBitInit | undefined) ?? addTuple(Tag.VarBit, t.id, b, 0, 0, 0, new VarBitInit(t, b));
  }
  getAsString(): string {
    return `${this.bitVar.getAsString()}{${this.bitNum}}`;
  }
  override resolveReferences(r: Resolver): Init {
    const i = this.bitVar.resolveReferences(r);
    if (i !== this.bitVar) return i.getBit(this.bitNum);
    return this;
  }
  override getBit(_i: number): Init {
    return this;
  }
}

/** A reference to a defined record. */
export class DefInit extends TypedInit {
  constructor(readonly def: Record) {
    super(def.getType());
  }
  static get(r: Record): DefInit {
    return r.getDefInit();
  }
  getAsString(): string {
    return this.def.getName();
  }
  override isConcrete(): boolean {
    return true;
  }
  override convertInitializerTo(ty: RecTy): Init | undefined {
    if (ty instanceof RecordRecTy && this.type.typeIsConvertibleTo(ty)) return this;
    return undefined;
  }
  override getFieldType(name: StringInit): RecTy | undefined {
    return this.def.getValue(name.value)?.type;
  }
  override getBit(_i: number): Init {
    return this;
  }
}

/** `Class<args>` used as a value: an anonymous record instantiated once its args resolve. */
export class VarDefInit extends TypedInit {
  private constructor(
    readonly cls: Record,
    readonly args: readonly ArgumentInit[],
    readonly loc: Loc | undefined,
  ) {
    super(RecordRecTy.get([cls]));
  }
  /**
   * The value is shared (uniqued without its location); where a keeper first referenced it,
   * which names its instantiation, is kept in the keeper.
   */
  static get(cls: Record, args: readonly ArgumentInit[], loc?: Loc): VarDefInit {
    // Arrays made at their size: growing one from empty reserves 17 slots.
    const ids = new Array<number>(args.length + 1);
    ids[0] = cls.id;
    for (let i = 0; i < args.length; i++) ids[i + 1] = args[i]!.id;
    const v = intern(Tag.VarDef, ids, () => new VarDefInit(cls, args, loc));
    const k = ctx().keeper;
    if (!k.varDefLocs.has(v)) k.noteVarDefLoc(v, loc);
    return v;
  }
  getAsString(): string {
    return `${this.cls.getNameInitAsString()}<${this.args.map((a) => a.getAsString()).join(', ')}>`;
  }
  private locIn(keeper: RecordKeeper): Loc | undefined {
    return keeper.varDefLocs.has(this) ? keeper.varDefLocs.get(this) : this.loc;
  }
  /** The anonymous def this instantiates in the active keeper (kept there: values are shared). */
  instantiate(): DefInit {
    const keeper = ctx().keeper;
    const done = keeper.instantiations.get(this);
    if (done) return done;
    const cls = this.cls;
    const loc = this.locIn(keeper);
    const rec = new Record(keeper.newAnonymousName(), loc ? [loc] : [...cls.locs], RecordKind.AnonymousDef);
    const clsValues = cls.values;
    for (let i = 0; i < clsValues.length; i++) rec.addValue(clsValues[i]!.clone());
    rec.appendAssertions(cls);
    rec.appendDumps(cls);
    const targs = cls.templateArgs;
    const r = new MapResolver(rec);
    for (let i = 0; i < targs.length; i++) {
      const ta = targs[i]!;
      r.set(ta, rec.getValueByInit(ta)!.value);
      rec.removeValue(ta);
    }
    const args = this.args;
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a.index !== undefined) r.set(targs[a.index]!, a.value);
      else r.set(a.name!, a.value);
    }
    rec.resolveReferences(r);
    rec.addDirectSuperClass(cls, cls.locs[cls.locs.length - 1]);
    rec.resolveReferencesFinal();
    keeper.addDef(rec);
    rec.checkRecordAssertions();
    rec.checkRecordDumps();
    const def = DefInit.get(rec);
    keeper.noteInstantiation(this, def);
    return def;
  }
  override resolveReferences(r: Resolver): Init {
    const ur = new TrackUnresolvedResolver(r);
    const args = this.args;
    let newArgs: ArgumentInit[] | undefined;
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      const n = a.resolveReferences(ur) as ArgumentInit;
      if (n !== a) (newArgs ??= args.slice())[i] = n;
    }
    if (newArgs) {
      const n = VarDefInit.get(this.cls, newArgs, this.locIn(ctx().keeper));
      if (!ur.foundUnresolved) return n.instantiate();
      return n;
    }
    return this;
  }
  fold(): Init {
    const done = ctx().keeper.instantiations.get(this);
    if (done) return done;
    const r = new TrackUnresolvedResolver(undefined);
    for (const a of this.args) a.resolveReferences(r);
    if (!r.foundUnresolved) return this.instantiate();
    return this;
  }
}

/** `value.field` */
export class FieldInit extends TypedInit {
  private constructor(
    readonly rec: Init,
    readonly fieldName: StringInit,
    type: RecTy,
  ) {
    super(type);
  }
  static get(rec: Init, fieldName: StringInit): FieldInit {
    return (findTuple(Tag.Field, rec.id, fieldName.id, 0, 0, 0) as FieldInit | undefined) ?? addTuple(Tag.Field, rec.id, fieldName.id, 0, 0, 0, new FieldInit(rec, fieldName, rec.getFieldType(fieldName)!));
  }
  getAsString(): string {
    return `${this.rec.getAsString()}.${this.fieldName.value}`;
  }
  override resolveReferences(r: Resolver): Init {
    const n = this.rec.resolveReferences(r);
    if (n === this.rec) return this;
    // A concrete field of a def: what `fold` gives, without interning the FieldInit first.
    if (n instanceof DefInit && n.def !== r.currentRecord && !modelAllocations) {
      const v = n.def.getValue(this.fieldName.value)?.value;
      if (v && v.isConcrete()) return v;
    }
    return FieldInit.get(n, this.fieldName).fold(r.currentRecord);
  }
  fold(curRec: Record | undefined): Init {
    if (this.rec instanceof DefInit) {
      const def = this.rec.def;
      if (def === curRec) {
        fatalAt(
          curRec,
          `Attempting to access field '${this.fieldName.value}' of '${this.rec.getAsString()}' is a forbidden self-reference`,
        );
      }
      const v = def.getValue(this.fieldName.value)?.value;
      if (v && v.isConcrete()) return v;
    }
    return this;
  }
  override isConcrete(): boolean {
    if (this.rec instanceof DefInit) {
      const v = this.rec.def.getValue(this.fieldName.value)?.value;
      return v ? v.isConcrete() : false;
    }
    return false;
  }
}

/** `(op:$name arg:$n, ...)` */
export class DagInit extends TypedInit {
  private constructor(
    readonly operator: Init,
    readonly opName: StringInit | undefined,
    readonly args: readonly Init[],
    readonly argNames: readonly (StringInit | undefined)[],
  ) {
    super(DagRecTy.get());
  }
  static get(
    op: Init,
    opName: StringInit | undefined,
    args: readonly Init[],
    names: readonly (StringInit | undefined)[],
  ): DagInit {
    const ids = new Array<number>(2 + 2 * args.length);
    ids[0] = op.id;
    ids[1] = opName ? opName.id : 0;
    for (let i = 0; i < args.length; i++) {
      ids[2 + 2 * i] = args[i]!.id;
      ids[3 + 2 * i] = names[i] ? names[i]!.id : 0;
    }
    return intern(Tag.Dag, ids, () => new DagInit(op, opName, args, names));
  }
  get numArgs(): number {
    return this.args.length;
  }
  getArgNo(name: string): number | undefined {
    for (let i = 0; i < this.argNames.length; i++) if (this.argNames[i]?.value === name) return i;
    return undefined;
  }
  getAsString(): string {
    let s = `(${this.operator.getAsString()}`;
    if (this.opName) s += `:$${this.opName.getAsUnquotedString()}`;
    for (let i = 0; i < this.args.length; i++) {
      s += i === 0 ? ' ' : ', ';
      s += this.args[i]!.getAsString();
      const n = this.argNames[i];
      if (n) s += `:$${n.getAsUnquotedString()}`;
    }
    return s + ')';
  }
  override isConcrete(): boolean {
    return this.operator.isConcrete() && this.args.every((a) => a.isConcrete());
  }
  /** See isClosed (0: not known yet, 1: closed, 2: not). */
  private closedState = 0;
  closed(): boolean {
    if (this.closedState === 0) this.closedState = isClosed(this.operator) && this.args.every(isClosed) ? 1 : 2;
    return this.closedState === 1;
  }
  override resolveReferences(r: Resolver): Init {
    if (this.closed()) return this;
    const as = this.args;
    let out: Init[] | undefined;
    for (let i = 0; i < as.length; i++) {
      const a = as[i]!;
      const n = a.resolveReferences(r);
      if (n !== a) (out ??= as.slice())[i] = n;
    }
    const op = this.operator.resolveReferences(r);
    if (op !== this.operator || out) return DagInit.get(op, this.opName, out ?? as, this.argNames);
    return this;
  }
  override getBit(_i: number): Init {
    return this;
  }
}

// ---------------------------------------------------------------------------------------------
// Operators (folded in evaluate.ts)

export abstract class OpInit extends TypedInit {
  override getBit(i: number): Init {
    if (this.type === BitRecTy.get()) return this;
    return VarBitInit.get(this, i);
  }
}

export enum UnOp {
  TOLOWER,
  TOUPPER,
  CAST,
  NOT,
  HEAD,
  TAIL,
  SIZE,
  EMPTY,
  GETDAGOP,
  LOG2,
  REPR,
  LISTFLATTEN,
  INITIALIZED,
  GETDAGOPNAME,
}

export class UnOpInit extends OpInit {
  private constructor(
    readonly opc: UnOp,
    readonly lhs: Init,
    type: RecTy,
  ) {
    super(type);
  }
  static get(opc: UnOp, lhs: Init, type: RecTy): UnOpInit {
    return (findTuple(Tag.UnOp, opc, lhs.id, type.id, 0, 0) as UnOpInit | undefined) ?? addTuple(Tag.UnOp, opc, lhs.id, type.id, 0, 0, new UnOpInit(opc, lhs, type));
  }
  private folded: Init | undefined;
  fold(curRec: Record | undefined, isFinal: boolean): Init {
    if (this.folded) return this.folded;
    const r = foldUnOp(this, curRec, isFinal);
    // A cast to a record type looks records up by name (and may be a self-reference): not pure.
    if (r !== this && !(this.opc === UnOp.CAST && this.type instanceof RecordRecTy)) this.folded = r;
    return r;
  }
  override resolveReferences(r: Resolver): Init {
    const lhs = this.lhs.resolveReferences(r);
    if (lhs !== this.lhs || (r.isFinal && this.opc === UnOp.CAST))
      return UnOpInit.get(this.opc, lhs, this.type).fold(r.currentRecord, r.isFinal);
    return this;
  }
  getAsString(): string {
    const names: { [k in UnOp]: string } = {
      [UnOp.CAST]: `!cast<${this.type.getAsString()}>`,
      [UnOp.NOT]: '!not',
      [UnOp.HEAD]: '!head',
      [UnOp.TAIL]: '!tail',
      [UnOp.SIZE]: '!size',
      [UnOp.EMPTY]: '!empty',
      [UnOp.GETDAGOP]: '!getdagop',
      [UnOp.GETDAGOPNAME]: '!getdagopname',
      [UnOp.LOG2]: '!logtwo',
      [UnOp.REPR]: '!repr',
      [UnOp.TOLOWER]: '!tolower',
      [UnOp.TOUPPER]: '!toupper',
      [UnOp.LISTFLATTEN]: '!listflatten',
      [UnOp.INITIALIZED]: '!initialized',
    };
    return `${names[this.opc]}(${this.lhs.getAsString()})`;
  }
}

export enum BinOp {
  ADD,
  SUB,
  MUL,
  DIV,
  AND,
  OR,
  XOR,
  SHL,
  SRA,
  SRL,
  LISTCONCAT,
  LISTSPLAT,
  LISTREMOVE,
  LISTELEM,
  LISTSLICE,
  RANGEC,
  STRCONCAT,
  INTERLEAVE,
  CONCAT,
  EQ,
  NE,
  LE,
  LT,
  GE,
  GT,
  GETDAGARG,
  GETDAGNAME,
  SETDAGOP,
  SETDAGOPNAME,
  MATCH,
}

const BINOP_NAMES: { [k in BinOp]?: string } = {
  [BinOp.CONCAT]: '!con',
  [BinOp.ADD]: '!add',
  [BinOp.SUB]: '!sub',
  [BinOp.MUL]: '!mul',
  [BinOp.DIV]: '!div',
  [BinOp.AND]: '!and',
  [BinOp.OR]: '!or',
  [BinOp.XOR]: '!xor',
  [BinOp.SHL]: '!shl',
  [BinOp.SRA]: '!sra',
  [BinOp.SRL]: '!srl',
  [BinOp.EQ]: '!eq',
  [BinOp.NE]: '!ne',
  [BinOp.LE]: '!le',
  [BinOp.LT]: '!lt',
  [BinOp.GE]: '!ge',
  [BinOp.GT]: '!gt',
  [BinOp.LISTCONCAT]: '!listconcat',
  [BinOp.LISTSPLAT]: '!listsplat',
  [BinOp.LISTREMOVE]: '!listremove',
  [BinOp.STRCONCAT]: '!strconcat',
  [BinOp.INTERLEAVE]: '!interleave',
  [BinOp.SETDAGOP]: '!setdagop',
  [BinOp.SETDAGOPNAME]: '!setdagopname',
  [BinOp.GETDAGNAME]: '!getdagname',
  [BinOp.MATCH]: '!match',
};

export class BinOpInit extends OpInit {
  private constructor(
    readonly opc: BinOp,
    readonly lhs: Init,
    readonly rhs: Init,
    type: RecTy,
  ) {
    super(type);
  }
  static get(opc: BinOp, lhs: Init, rhs: Init, type: RecTy): BinOpInit {
    return (findTuple(Tag.BinOp, opc, lhs.id, rhs.id, type.id, 0) as BinOpInit | undefined) ?? addTuple(Tag.BinOp, opc, lhs.id, rhs.id, type.id, 0, new BinOpInit(opc, lhs, rhs, type));
  }
  /** `a # b` on strings, folded when both are literal. */
  static getStrConcat(a: Init, b: Init): Init {
    if (a instanceof StringInit && b instanceof StringInit)
      return StringInit.get(a.value + b.value, StringInit.determineFormat(a.isCode, b.isCode));
    return BinOpInit.get(BinOp.STRCONCAT, a, b, StringRecTy.get());
  }
  static getListConcat(a: TypedInit, b: Init): Init {
    if (a instanceof ListInit && b instanceof ListInit) return ListInit.get(a.elements.concat(b.elements), a.elementType);
    return BinOpInit.get(BinOp.LISTCONCAT, a, b, a.type);
  }
  /** The folded value, memoized: every binary operator is a pure function of its operands. */
  private folded: Init | undefined;
  fold(curRec: Record | undefined): Init {
    if (this.folded) return this.folded;
    const r = foldBinOp(this, curRec);
    if (r !== this) this.folded = r;
    return r;
  }
  override resolveReferences(r: Resolver): Init {
    const lhs = this.lhs.resolveReferences(r);
    // Like llvm-tblgen 22, `!and(0, x)` and `!or(-1, x)` are decided without resolving x.
    if (this.opc === BinOp.AND || this.opc === BinOp.OR) {
      const l = lhs.convertInitializerTo(IntRecTy.get());
      if (l instanceof IntInit && l.value === (this.opc === BinOp.AND ? 0n : -1n)) return l;
    }
    const rhs = this.rhs.resolveReferences(r);
    if (lhs !== this.lhs || rhs !== this.rhs)
      return (modelAllocations ? undefined : foldBinOpOperands(this.opc, lhs, rhs)) ?? BinOpInit.get(this.opc, lhs, rhs, this.type).fold(r.currentRecord);
    return this;
  }
  getAsString(): string {
    switch (this.opc) {
      case BinOp.LISTELEM:
      case BinOp.LISTSLICE:
        return `${this.lhs.getAsString()}[${this.rhs.getAsString()}]`;
      case BinOp.RANGEC:
        return `${this.lhs.getAsString()}...${this.rhs.getAsString()}`;
      case BinOp.GETDAGARG:
        return `!getdagarg<${this.type.getAsString()}>(${this.lhs.getAsString()}, ${this.rhs.getAsString()})`;
      default:
        return `${BINOP_NAMES[this.opc]}(${this.lhs.getAsString()}, ${this.rhs.getAsString()})`;
    }
  }
}

export enum TernOp {
  SUBST,
  FOREACH,
  FILTER,
  IF,
  DAG,
  RANGE,
  SUBSTR,
  FIND,
  SETDAGARG,
  SETDAGNAME,
}

export class TernOpInit extends OpInit {
  private constructor(
    readonly opc: TernOp,
    readonly lhs: Init,
    readonly mhs: Init,
    readonly rhs: Init,
    type: RecTy,
  ) {
    super(type);
  }
  static get(opc: TernOp, lhs: Init, mhs: Init, rhs: Init, type: RecTy): TernOpInit {
    return (findTuple(Tag.TernOp, opc, lhs.id, mhs.id, rhs.id, type.id) as TernOpInit | undefined) ?? addTuple(Tag.TernOp, opc, lhs.id, mhs.id, rhs.id, type.id, new TernOpInit(opc, lhs, mhs, rhs, type));
  }
  private folded: Init | undefined;
  fold(curRec: Record | undefined): Init {
    if (this.folded) return this.folded;
    const r = foldTernOp(this, curRec);
    // !foreach/!filter bodies resolve against the current record: only memoize pure operators.
    if (r !== this && this.opc !== TernOp.FOREACH && this.opc !== TernOp.FILTER) this.folded = r;
    return r;
  }
  override resolveReferences(r: Resolver): Init {
    const lhs = this.lhs.resolveReferences(r);
    if (this.opc === TernOp.IF && lhs !== this.lhs) {
      const v = lhs.convertInitializerTo(IntRecTy.get());
      if (v instanceof IntInit) return v.value !== 0n ? this.mhs.resolveReferences(r) : this.rhs.resolveReferences(r);
    }
    const mhs = this.mhs.resolveReferences(r);
    let rhs: Init;
    if (this.opc === TernOp.FOREACH || this.opc === TernOp.FILTER) {
      const sr = new ShadowResolver(r);
      sr.addShadow(lhs);
      rhs = this.rhs.resolveReferences(sr);
    } else {
      rhs = this.rhs.resolveReferences(r);
    }
    if (lhs !== this.lhs || mhs !== this.mhs || rhs !== this.rhs)
      return TernOpInit.get(this.opc, lhs, mhs, rhs, this.type).fold(r.currentRecord);
    return this;
  }
  getAsString(): string {
    const names: { [k in TernOp]: string } = {
      [TernOp.DAG]: '!dag',
      [TernOp.FILTER]: '!filter',
      [TernOp.FOREACH]: '!foreach',
      [TernOp.IF]: '!if',
      [TernOp.RANGE]: '!range',
      [TernOp.SUBST]: '!subst',
      [TernOp.SUBSTR]: '!substr',
      [TernOp.FIND]: '!find',
      [TernOp.SETDAGARG]: '!setdagarg',
      [TernOp.SETDAGNAME]: '!setdagname',
    };
    const unquoted = this.opc === TernOp.FILTER || this.opc === TernOp.FOREACH;
    return `${names[this.opc]}(${unquoted ? this.lhs.getAsUnquotedString() : this.lhs.getAsString()}, ${this.mhs.getAsString()}, ${this.rhs.getAsString()})`;
  }
}

/** `!foldl(start, list, a, b, expr)` */
export class FoldOpInit extends TypedInit {
  private constructor(
    readonly start: Init,
    readonly list: Init,
    readonly a: Init,
    readonly b: Init,
    readonly expr: Init,
    type: RecTy,
  ) {
    super(type);
  }
  static get(start: Init, list: Init, a: Init, b: Init, expr: Init, type: RecTy): FoldOpInit {
    return intern(Tag.FoldOp, [start.id, list.id, a.id, b.id, expr.id, type.id], () => new FoldOpInit(start, list, a, b, expr, type));
  }
  fold(curRec: Record | undefined): Init {
    return foldFoldOp(this, curRec);
  }
  override resolveReferences(r: Resolver): Init {
    const start = this.start.resolveReferences(r);
    const list = this.list.resolveReferences(r);
    const sr = new ShadowResolver(r);
    sr.addShadow(this.a);
    sr.addShadow(this.b);
    const expr = this.expr.resolveReferences(sr);
    if (start === this.start && list === this.list && expr === this.expr) return this;
    return FoldOpInit.get(start, list, this.a, this.b, expr, this.type).fold(r.currentRecord);
  }
  override getBit(i: number): Init {
    return VarBitInit.get(this, i);
  }
  getAsString(): string {
    return `!foldl(${this.start.getAsString()}, ${this.list.getAsString()}, ${this.a.getAsUnquotedString()}, ${this.b.getAsUnquotedString()}, ${this.expr.getAsString()})`;
  }
}

/** `!isa<Type>(expr)` */
export class IsAOpInit extends TypedInit {
  private constructor(
    readonly checkType: RecTy,
    readonly expr: Init,
  ) {
    super(IntRecTy.get());
  }
  static get(checkType: RecTy, expr: Init): IsAOpInit {
    return (findTuple(Tag.IsA, checkType.id, expr.id, 0, 0, 0) as IsAOpInit | undefined) ?? addTuple(Tag.IsA, checkType.id, expr.id, 0, 0, 0, new IsAOpInit(checkType, expr));
  }
  fold(): Init {
    return foldIsAOp(this);
  }
  override resolveReferences(r: Resolver): Init {
    const e = this.expr.resolveReferences(r);
    if (e !== this.expr) return IsAOpInit.get(this.checkType, e).fold();
    return this;
  }
  override isComplete(): boolean {
    return false;
  }
  override getBit(i: number): Init {
    return VarBitInit.get(this, i);
  }
  getAsString(): string {
    return `!isa<${this.checkType.getAsString()}>(${this.expr.getAsString()})`;
  }
}

/** `!exists<Type>(name)` */
export class ExistsOpInit extends TypedInit {
  private constructor(
    readonly checkType: RecTy,
    readonly expr: Init,
  ) {
    super(IntRecTy.get());
  }
  static get(checkType: RecTy, expr: Init): ExistsOpInit {
    return (findTuple(Tag.Exists, checkType.id, expr.id, 0, 0, 0) as ExistsOpInit | undefined) ?? addTuple(Tag.Exists, checkType.id, expr.id, 0, 0, 0, new ExistsOpInit(checkType, expr));
  }
  fold(curRec: Record | undefined, isFinal: boolean): Init {
    return foldExistsOp(this, curRec, isFinal);
  }
  override resolveReferences(r: Resolver): Init {
    const e = this.expr.resolveReferences(r);
    if (e !== this.expr || r.isFinal) return ExistsOpInit.get(this.checkType, e).fold(r.currentRecord, r.isFinal);
    return this;
  }
  override isComplete(): boolean {
    return false;
  }
  override getBit(i: number): Init {
    return VarBitInit.get(this, i);
  }
  getAsString(): string {
    return `!exists<${this.checkType.getAsString()}>(${this.expr.getAsString()})`;
  }
}

/** `!instances<Type>(regex)` */
export class InstancesOpInit extends TypedInit {
  private constructor(
    readonly checkType: RecTy,
    readonly regex: Init,
  ) {
    super(checkType.getListTy());
  }
  static get(checkType: RecTy, regex: Init): InstancesOpInit {
    return (findTuple(Tag.Instances, checkType.id, regex.id, 0, 0, 0) as InstancesOpInit | undefined) ?? addTuple(Tag.Instances, checkType.id, regex.id, 0, 0, 0, new InstancesOpInit(checkType, regex));
  }
  fold(curRec: Record | undefined, isFinal: boolean): Init {
    return foldInstancesOp(this, curRec, isFinal);
  }
  override resolveReferences(r: Resolver): Init {
    const e = this.regex.resolveReferences(r);
    if (e !== this.regex || r.isFinal) return InstancesOpInit.get(this.checkType, e).fold(r.currentRecord, r.isFinal);
    return this;
  }
  getAsString(): string {
    return `!instances<${this.checkType.getAsString()}>(${this.regex.getAsString()})`;
  }
}

/** `!cond(c1: v1, ...)` */
export class CondOpInit extends TypedInit {
  private constructor(
    readonly conds: readonly Init[],
    readonly vals: readonly Init[],
    readonly valType: RecTy,
  ) {
    super(valType);
  }
  static get(conds: readonly Init[], vals: readonly Init[], type: RecTy): CondOpInit {
    const ids = [type.id];
    for (let i = 0; i < conds.length; i++) ids.push(conds[i]!.id, vals[i]!.id);
    return intern(Tag.Cond, ids, () => new CondOpInit(conds, vals, type));
  }
  fold(curRec: Record | undefined): Init {
    return foldCondOp(this, curRec);
  }
  override resolveReferences(r: Resolver): Init {
    let changed = false;
    const conds = this.conds.map((c) => {
      const n = c.resolveReferences(r);
      if (n !== c) changed = true;
      return n;
    });
    const vals = this.vals.map((v) => {
      const n = v.resolveReferences(r);
      if (n !== v) changed = true;
      return n;
    });
    if (changed) return CondOpInit.get(conds, vals, this.valType).fold(r.currentRecord);
    return this;
  }
  override isConcrete(): boolean {
    return this.conds.every((c) => c.isConcrete()) && this.vals.every((v) => v.isConcrete());
  }
  override isComplete(): boolean {
    return this.conds.every((c) => c.isComplete()) && this.vals.every((v) => v.isConcrete());
  }
  override getBit(i: number): Init {
    return VarBitInit.get(this, i);
  }
  getAsString(): string {
    const parts = this.conds.map((c, i) => `${c.getAsString()}: ${this.vals[i]!.getAsString()}`);
    return `!cond(${parts.join(', ')})`;
  }
}

// ---------------------------------------------------------------------------------------------
// Resolvers

/**
 * Whether resolving `v` gives `v` back whatever the resolver: it holds no variable, operator,
 * field access or `Class<args>` anywhere (only strings, numbers, bits, `?`, defs, and lists and
 * dags of those). Lists, dags and bits remember the answer: resolution then skips them at once
 * (a def's fields are resolved once per superclass and again at the end).
 */
function isClosed(v: Init): boolean {
  if (v instanceof StringInit || v instanceof IntInit || v instanceof BitInit || v instanceof DefInit || v instanceof UnsetInit) return true;
  if (v instanceof ListInit || v instanceof DagInit || v instanceof BitsInit) return v.closed();
  return false;
}

export abstract class Resolver {
  isFinal = false;
  constructor(readonly currentRecord: Record | undefined) {}
  /** The value of a variable, or undefined to leave it unresolved. */
  abstract resolve(varName: Init): Init | undefined;
  keepUnsetBits(): boolean {
    return false;
  }
}

/**
 * Resolves variables from an explicit map, resolving mutual references among the values. The
 * maps are small (template arguments, loop variables): parallel arrays searched linearly cost
 * less to build and to search than a Map.
 */
export class MapResolver extends Resolver {
  // The first entry in a field, the others in an array made for the second: most resolvers map
  // one variable (`!foreach` items), and the first push onto an empty array reserves 17 slots.
  private first: MapEntry | undefined;
  private rest: MapEntry[] | undefined;
  /** Entries present (an entry being resolved is taken out while it is). */
  private size = 0;
  constructor(rec?: Record) {
    super(rec);
  }
  private find(key: Init): MapEntry | undefined {
    const f = this.first;
    if (f === undefined) return undefined;
    if (f.key === key) return f;
    const rest = this.rest;
    if (rest) for (let i = 0; i < rest.length; i++) if (rest[i]!.key === key) return rest[i];
    return undefined;
  }
  set(key: Init, value: Init): void {
    const e = this.find(key);
    if (e) {
      e.value = value;
      e.resolved = false;
      return;
    }
    const n: MapEntry = { key, value, resolved: false };
    if (this.first === undefined) this.first = n;
    else if (this.rest === undefined) this.rest = [n];
    else this.rest.push(n);
    this.size++;
  }
  isMapped(key: Init): boolean {
    return this.find(key) !== undefined;
  }
  resolve(varName: Init): Init | undefined {
    const e = this.find(varName);
    if (!e) return undefined;
    let v = e.value;
    if (!e.resolved && this.size > 1) {
      // Resolved against the other entries only (a value cannot refer to itself).
      e.key = undefined;
      this.size--;
      try {
        v = v.resolveReferences(this);
      } finally {
        e.key = varName;
        this.size++;
      }
      e.value = v;
      e.resolved = true;
    }
    return v;
  }
}

/** A MapResolver entry (`key` undefined while its value is being resolved). */
interface MapEntry {
  key: Init | undefined;
  value: Init;
  resolved: boolean;
}

/** Resolves every field of a record to its (recursively resolved) value. */
export class RecordResolver extends Resolver {
  /** Made on the first variable (many records resolved finally refer to none). */
  private cache: Map<Init, Init | undefined> | undefined;
  /** The variables being resolved (made on the first: a first push onto [] reserves 17 slots). */
  private stack: Init[] | undefined;
  name: Init | undefined;
  constructor(rec: Record) {
    super(rec);
  }
  override keepUnsetBits(): boolean {
    return true;
  }
  private push(varName: Init): void {
    if (this.stack === undefined) this.stack = [varName];
    else this.stack.push(varName);
  }
  resolve(varName: Init): Init | undefined {
    const cache = (this.cache ??= new Map());
    const c = cache.get(varName);
    if (c) return c;
    if (this.stack?.includes(varName)) return undefined;
    const rec = this.currentRecord!;
    let val: Init | undefined;
    const rv = varName instanceof StringInit ? rec.getValue(varName.value) : undefined;
    if (rv) {
      if (!(rv.value instanceof UnsetInit)) {
        this.push(varName);
        val = rv.value.resolveReferences(this);
        this.stack!.pop();
      }
    } else if (this.name && varName === rec.name) {
      this.push(varName);
      val = this.name.resolveReferences(this);
      this.stack!.pop();
    }
    cache.set(varName, val);
    return val;
  }
}

/** Delegates to another resolver except for shadowed names (e.g. `!foreach` variables). */
export class ShadowResolver extends Resolver {
  /** A few names (the variables of one `!foreach`, `!foldl`...): an array searched in order. */
  private shadowed: Init[] | undefined;
  constructor(private readonly inner: Resolver) {
    super(inner.currentRecord);
    this.isFinal = inner.isFinal;
  }
  addShadow(k: Init): void {
    if (this.shadowed === undefined) this.shadowed = [k];
    else if (!this.shadowed.includes(k)) this.shadowed.push(k);
  }
  resolve(varName: Init): Init | undefined {
    if (this.shadowed?.includes(varName)) return undefined;
    return this.inner.resolve(varName);
  }
}

/** Records whether any variable stayed unresolved. */
export class TrackUnresolvedResolver extends Resolver {
  foundUnresolved = false;
  private scratch: TrackUnresolvedResolver | undefined;
  constructor(private readonly inner: Resolver | undefined) {
    super(inner?.currentRecord);
    this.isFinal = inner?.isFinal ?? false;
  }
  resolve(varName: Init): Init | undefined {
    let i: Init | undefined;
    if (this.inner) {
      i = this.inner.resolve(varName);
      if (i && !this.foundUnresolved) {
        // One scratch resolver serves every check (it resolves nothing, so never re-enters).
        const sub = (this.scratch ??= new TrackUnresolvedResolver(undefined));
        sub.foundUnresolved = false;
        i.resolveReferences(sub);
        this.foundUnresolved ||= sub.foundUnresolved;
      }
    }
    if (!i) this.foundUnresolved = true;
    return i;
  }
}

/** A list of `n` elements past MAX_LIST_SIZE is a fatal error (ListInit.get, and folds that build lists). */
export function checkListSize(n: number): void {
  if (n > MAX_LIST_SIZE) fatalAt(undefined, `list of ${n} elements is too large`);
}

/** Whether `value` refers to the variable `name` anywhere. */
export function mentions(value: Init, name: Init): boolean {
  const r = new HasReferenceResolver(name);
  value.resolveReferences(r);
  return r.found;
}

/** Finds whether a variable is referenced at all. */
export class HasReferenceResolver extends Resolver {
  found = false;
  constructor(private readonly target: Init) {
    super(undefined);
  }
  resolve(varName: Init): Init | undefined {
    if (varName === this.target) this.found = true;
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Records

export enum FieldKind {
  Normal,
  NonconcreteOK,
  TemplateArg,
}

/** A field (or template argument) of a record. */
export class RecordVal {
  value: Init;
  isUsed = false;
  constructor(
    readonly nameInit: StringInit,
    public loc: Loc | undefined,
    readonly type: RecTy,
    readonly fieldKind: FieldKind,
    /** The initial value (already of the field's type); `?` converted to the type by default. */
    initial?: Init,
  ) {
    if (initial) this.value = initial;
    else {
      this.value = UnsetInit.get();
      this.setValue(UnsetInit.get());
    }
  }
  get name(): string {
    return this.nameInit.value;
  }
  clone(): RecordVal {
    const c = new RecordVal(this.nameInit, this.loc, this.type, this.fieldKind, this.value);
    c.isUsed = this.isUsed;
    return c;
  }
  isTemplateArg(): boolean {
    return this.fieldKind === FieldKind.TemplateArg;
  }
  isNonconcreteOK(): boolean {
    return this.fieldKind === FieldKind.NonconcreteOK;
  }
  /** Set the value, converting it to the field type. Returns true on a type error. */
  setValue(v: Init, newLoc?: Loc): boolean {
    if (newLoc) this.loc = newLoc;
    const cast = v.getCastTo(this.type);
    if (!cast) return true;
    let value = cast;
    const t = this.type;
    if (t instanceof BitsRecTy && !(value instanceof BitsInit)) {
      const bits: Init[] = [];
      for (let i = 0; i < t.numBits; i++) bits.push(value.getBit(i));
      value = BitsInit.get(bits);
    }
    this.value = value;
    return false;
  }
  /** The type as print-records shows it (`code` for code-fragment strings). */
  getPrintType(): string {
    if (this.type instanceof StringRecTy) {
      return this.value instanceof StringInit && this.value.isCode ? 'code' : 'string';
    }
    return this.type.getAsString();
  }
  print(withSemi: boolean): string {
    let s = this.isNonconcreteOK() ? 'field ' : '';
    s += `${this.getPrintType()} ${this.name}`;
    s += ` = ${this.value.getAsString()}`;
    if (withSemi) s += ';\n';
    return s;
  }
}

export enum RecordKind {
  Def,
  AnonymousDef,
  Class,
  MultiClass,
}

export interface AssertionInfo {
  loc: Loc;
  condition: Init;
  message: Init;
}
export interface DumpInfo {
  loc: Loc;
  message: Init;
}

let nextRecordId = 1;

/**
 * Move the process's id counters past ids read back from a persisted cache (share-persist.ts):
 * values, types and records made from now on never take one of them.
 */
export function reserveIds(maxValueId: number, maxRecordId: number): void {
  if (nextInitId <= maxValueId) nextInitId = maxValueId + 1;
  if (nextRecordId <= maxRecordId) nextRecordId = maxRecordId + 1;
}

/**
 * Bumped when a record that is already some record's superclass gains a superclass (a class
 * declared with `class A;`, inherited, then defined): the cached ancestor sets are then stale.
 */
let hierarchyEpoch = 0;

/** Ancestor sets up to this size are cached (deep chains would make the caches quadratic). */
const MAX_CACHED_ANCESTORS = 1024;

/** Flattened superclass lists longer than this are refused (diamond hierarchies explode). */
const MAX_SUPERCLASS_LIST = 1_000_000;

/** A class, def or multiclass prototype. */
export class Record {
  readonly id = nextRecordId++;
  name: Init;
  readonly values: RecordVal[] = [];
  private byName = new Map<string, RecordVal>();
  readonly templateArgs: Init[] = [];
  /**
   * The direct superclasses in declaration order, with where each is referenced. As in
   * llvm-tblgen 22, only these are stored; `superClasses` flattens them on demand.
   */
  readonly directSuperClasses: [Record, Loc | undefined][] = [];
  private usedAsSuperClass = false;
  /**
   * Set once the record is part of a snapshot shared between parses (share.ts): from then on
   * it must not change. The parser's only way to change a finished record, redefining an empty
   * class, checks it.
   */
  frozen = false;
  private ancestorCache: { epoch: number; set: ReadonlySet<Record>; names?: ReadonlySet<string> } | undefined;
  assertions: AssertionInfo[] = [];
  dumps: DumpInfo[] = [];
  /** Where a class was declared (`class A;`) before its definition, in order. */
  forwardDeclarationLocs: Loc[] = [];
  private defInit: DefInit | undefined;

  constructor(
    name: Init | string,
    public locs: Loc[],
    readonly kind: RecordKind,
  ) {
    this.name = typeof name === 'string' ? StringInit.get(name) : name;
  }

  /** A copy (used when multiclass and loop entries are instantiated). */
  clone(): Record {
    const r = new Record(this.name, [...this.locs], this.kind);
    for (const v of this.values) r.addValue(v.clone());
    r.templateArgs.push(...this.templateArgs);
    r.directSuperClasses.push(...this.directSuperClasses);
    r.assertions = this.assertions.map((a) => ({ ...a }));
    r.dumps = this.dumps.map((d) => ({ ...d }));
    return r;
  }

  isClass(): boolean {
    return this.kind === RecordKind.Class;
  }
  isMultiClass(): boolean {
    return this.kind === RecordKind.MultiClass;
  }
  isAnonymous(): boolean {
    return this.kind === RecordKind.AnonymousDef;
  }
  getName(): string {
    return (this.name as StringInit).value ?? this.name.getAsUnquotedString();
  }
  getNameInitAsString(): string {
    return this.name.getAsUnquotedString();
  }
  get loc(): Loc | undefined {
    return this.locs[0];
  }
  appendLoc(l: Loc): void {
    this.locs.push(l);
  }

  getType(): RecordRecTy {
    const direct: Record[] = [];
    this.getDirectSuperClasses(direct);
    return RecordRecTy.get(direct);
  }
  getDefInit(): DefInit {
    if (!this.defInit) {
      this.defInit = new DefInit(this);
      ctx().unpooled.push([this.defInit.id, this.defInit]);
    }
    return this.defInit;
  }

  setName(n: Init): void {
    this.name = n;
  }

  getValue(name: string): RecordVal | undefined {
    return this.byName.get(name);
  }
  getValueByInit(name: Init): RecordVal | undefined {
    return name instanceof StringInit ? this.byName.get(name.value) : undefined;
  }
  addValue(v: RecordVal): void {
    this.values.push(v);
    this.byName.set(v.name, v);
  }
  removeValue(name: Init): void {
    const key = name instanceof StringInit ? name.value : name.getAsUnquotedString();
    const i = this.values.findIndex((v) => v.name === key);
    if (i >= 0) this.values.splice(i, 1);
    this.byName.delete(key);
  }
  isTemplateArg(name: Init): boolean {
    return this.templateArgs.includes(name);
  }
  addTemplateArg(name: Init): void {
    this.templateArgs.push(name);
  }

  /**
   * Every superclass in post-order (each class after its own superclasses), repeating classes
   * inherited along several paths, as llvm-tblgen 22 prints them. Computed without recursion.
   */
  get superClasses(): readonly (readonly [Record, Loc | undefined])[] {
    const list: (readonly [Record, Loc | undefined])[] = [];
    this.forEachSuperClass((rec, loc) => list.push([rec, loc]));
    return list;
  }

  /** The names of `superClasses`, as print-records and the JSON backend list them. */
  superClassNames(): string[] {
    const names: string[] = [];
    this.forEachSuperClass((rec) => names.push(rec.getNameInitAsString()));
    return names;
  }

  /** Visit every superclass in post-order (see `superClasses`), without recursion. */
  forEachSuperClass(fn: (rec: Record, loc: Loc | undefined) => void): void {
    // The stack as parallel arrays (an object per visit otherwise): each entry is a record, the
    // superclass entry it came from, and how many of its direct superclasses were visited.
    const recs: Record[] = [this];
    const from: ([Record, Loc | undefined] | undefined)[] = [undefined];
    const next: number[] = [0];
    let count = 0;
    while (recs.length > 0) {
      const top = recs.length - 1;
      const direct = recs[top]!.directSuperClasses;
      const k = next[top]!;
      if (k < direct.length) {
        next[top] = k + 1;
        const e = direct[k]!;
        recs.push(e[0]);
        from.push(e);
        next.push(0);
        continue;
      }
      recs.pop();
      next.pop();
      const e = from.pop();
      if (recs.length === 0) break;
      if (++count > MAX_SUPERCLASS_LIST) fatalAt(this, `too many superclasses (more than ${MAX_SUPERCLASS_LIST})`);
      fn(e![0], e![1]);
    }
  }

  /** Every class this record derives from, directly or not. */
  private ancestors(): ReadonlySet<Record> {
    const c = this.ancestorCache;
    if (c && c.epoch === hierarchyEpoch) return c.set;
    const set = new Set<Record>();
    const stack = this.directSuperClasses.map((e) => e[0]);
    while (stack.length > 0) {
      const r = stack.pop()!;
      if (set.has(r)) continue;
      set.add(r);
      const direct = r.directSuperClasses;
      for (let i = 0; i < direct.length; i++) stack.push(direct[i]![0]);
    }
    this.ancestorCache = set.size <= MAX_CACHED_ANCESTORS ? { epoch: hierarchyEpoch, set } : undefined;
    return set;
  }

  isSubClassOf(r: Record): boolean {
    const direct = this.directSuperClasses;
    for (let i = 0; i < direct.length; i++) if (direct[i]![0] === r) return true;
    return this.directSuperClasses.length > 0 && this.ancestors().has(r);
  }
  isSubClassOfName(name: string): boolean {
    const set = this.ancestors();
    const c = this.ancestorCache;
    if (c?.set !== set) {
      for (const sc of set) if (sc.getNameInitAsString() === name) return true;
      return false;
    }
    // The names too are kept with the cached ancestors: generators ask a def about several
    // class names, many times (a class's name never changes once it is a superclass).
    let names = c.names;
    if (!names) {
      const all = new Set<string>();
      set.forEach((sc) => all.add(sc.getNameInitAsString()));
      c.names = names = all;
    }
    return names.has(name);
  }
  /** Add a direct superclass (its own superclasses come with it). */
  addDirectSuperClass(r: Record, loc: Loc | undefined): void {
    if (this.usedAsSuperClass) hierarchyEpoch++;
    r.usedAsSuperClass = true;
    this.directSuperClasses.push([r, loc]);
    this.ancestorCache = undefined;
  }
  /** Whether some record derives from this one (directly). */
  isUsedAsSuperClass(): boolean {
    return this.usedAsSuperClass;
  }
  /** Direct superclasses, last first. */
  getDirectSuperClasses(out: Record[]): void {
    for (let i = this.directSuperClasses.length - 1; i >= 0; i--) out.push(this.directSuperClasses[i]![0]);
  }
  hasDirectSuperClass(r: Record): boolean {
    return this.directSuperClasses.some(([sc]) => sc === r);
  }

  appendAssertions(r: Record): void {
    const from = r.assertions;
    for (let i = 0; i < from.length; i++) this.assertions.push({ ...from[i]! });
  }
  appendDumps(r: Record): void {
    const from = r.dumps;
    for (let i = 0; i < from.length; i++) this.dumps.push({ ...from[i]! });
  }

  /** Resolve the name, every field value and every assertion with R. */
  resolveReferences(r: Resolver, skip?: RecordVal): void {
    const oldName = this.name;
    const newName = this.name.resolveReferences(r);
    if (newName !== oldName) this.setName(newName);
    // Indexed loops: a cold for-of allocates an iterator result per element.
    const values = this.values;
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (v === skip) continue;
      const vr = v.value.resolveReferences(r);
      // An unchanged value is already of the field's type (setValue converted it).
      if (vr !== v.value && v.setValue(vr)) {
        const type = vr instanceof TypedInit ? `of type '${vr.type.getAsString()}' ` : '';
        fatalAt(
          this,
          `Invalid value ${type}found when setting field '${v.name}' of type '${v.type.getAsString()}' after resolving references: ${vr.getAsUnquotedString()}\n`,
        );
      }
    }
    const assertions = this.assertions;
    for (let i = 0; i < assertions.length; i++) {
      const a = assertions[i]!;
      a.condition = a.condition.resolveReferences(r);
      a.message = a.message.resolveReferences(r);
    }
    const dumps = this.dumps;
    for (let i = 0; i < dumps.length; i++) dumps[i]!.message = dumps[i]!.message.resolveReferences(r);
  }

  /** Final resolution against the record itself, optionally renaming it. */
  resolveReferencesFinal(newName?: Init): void {
    const r = new RecordResolver(this);
    r.name = newName;
    r.isFinal = true;
    this.resolveReferences(r);
  }

  /** Check the record's assertions; after a failure, an error at the record (as llvm does). */
  checkRecordAssertions(): void {
    if (this.assertions.length === 0) return;
    const r = new RecordResolver(this);
    r.isFinal = true;
    const d = activeDiagnostics();
    const before = d?.errorCount ?? 0;
    for (const a of this.assertions) {
      checkAssert(a.loc, a.condition.resolveReferences(r), a.message.resolveReferences(r));
    }
    if (d && d.errorCount > before) d.error(this.loc, 'assertion failed in this record', instantiationNotes(this));
  }

  checkRecordDumps(): void {
    if (this.dumps.length === 0) return;
    const r = new RecordResolver(this);
    r.isFinal = true;
    for (const d of this.dumps) checkDump(d.loc, d.message.resolveReferences(r));
  }

  // Typed accessors used by backends.

  getValueInit(field: string): Init {
    const v = this.getValue(field);
    if (!v) fatalAt(this, `Record \`${this.getName()}' does not have a field named \`${field}'!\n`);
    return v.value;
  }
  getValueAsString(field: string): string {
    const v = this.getValueInit(field);
    if (v instanceof StringInit) return v.value;
    // LLVM 22's message for an unset value as for any other non-string value.
    fatalAt(this, `Record \`${this.getName()}', field \`${field}' exists but does not have a string value`);
  }
  getValueAsOptionalString(field: string): string | undefined {
    const v = this.getValue(field)?.value;
    if (!v || v instanceof UnsetInit) return undefined;
    if (v instanceof StringInit) return v.value;
    fatalAt(this, `Record \`${this.getName()}', \` field \`${field}' exists but does not have a string initializer!`);
  }
  getValueAsBit(field: string): boolean {
    const v = this.getValueInit(field);
    if (v instanceof BitInit) return v.value;
    fatalAt(this, `Record \`${this.getName()}', field \`${field}' does not have a bit initializer!`);
  }
  getValueAsBitOrUnset(field: string): boolean | undefined {
    const v = this.getValueInit(field);
    if (v instanceof UnsetInit) return undefined;
    if (v instanceof BitInit) return v.value;
    fatalAt(this, `Record \`${this.getName()}', field \`${field}' does not have a bit initializer!`);
  }
  getValueAsInt(field: string): bigint {
    const v = this.getValueInit(field);
    if (v instanceof IntInit) return v.value;
    fatalAt(this, `Record \`${this.getName()}', field \`${field}' exists but does not have an int value: ${v.getAsString()}`);
  }
  getValueAsDef(field: string): Record {
    const v = this.getValueInit(field);
    if (v instanceof DefInit) return v.def;
    fatalAt(this, `Record \`${this.getName()}', field \`${field}' does not have a def initializer!`);
  }
  getValueAsOptionalDef(field: string): Record | undefined {
    const v = this.getValueInit(field);
    if (v instanceof DefInit) return v.def;
    if (v instanceof UnsetInit) return undefined;
    fatalAt(this, `Record \`${this.getName()}', field \`${field}' does not have either a def initializer or '?'!`);
  }
  getValueAsListInit(field: string): ListInit {
    const v = this.getValueInit(field);
    if (v instanceof ListInit) return v;
    fatalAt(this, `Record \`${this.getName()}', field \`${field}' exists but does not have a list value`);
  }
  getValueAsListOfDefs(field: string): Record[] {
    return this.getValueAsListInit(field).elements.map((e) => {
      if (e instanceof DefInit) return e.def;
      fatalAt(this, `Record \`${this.getName()}', field \`${field}' list is not entirely DefInit!`);
    });
  }
  getValueAsListOfStrings(field: string): string[] {
    return this.getValueAsListInit(field).elements.map((e) => {
      if (e instanceof StringInit) return e.value;
      fatalAt(
        this,
        `Record \`${this.getName()}', field \`${field}' exists but does not have a list of strings value: ${e.getAsString()}`,
      );
    });
  }
  getValueAsListOfInts(field: string): bigint[] {
    return this.getValueAsListInit(field).elements.map((e) => {
      if (e instanceof IntInit) return e.value;
      fatalAt(
        this,
        `Record \`${this.getName()}', field \`${field}' exists but does not have a list of ints value: ${e.getAsString()}`,
      );
    });
  }
  getValueAsDag(field: string): DagInit {
    const v = this.getValueInit(field);
    if (v instanceof DagInit) return v;
    fatalAt(this, `Record \`${this.getName()}', field \`${field}' does not have a dag initializer!`);
  }
  getValueAsBitsInit(field: string): BitsInit {
    const v = this.getValueInit(field);
    if (v instanceof BitsInit) return v;
    fatalAt(this, `Record \`${this.getName()}', field \`${field}' exists but does not have a bits value`);
  }
  isValueUnset(field: string): boolean {
    return this.getValueInit(field) instanceof UnsetInit;
  }
}

/** Check an assertion; report failures (not fatal). */
export function checkAssert(loc: Loc, condition: Init, message: Init): void {
  const d = activeDiagnostics();
  const c = condition.convertInitializerTo(IntRecTy.get());
  if (c instanceof IntInit) {
    if (c.value === 0n) {
      const msg = message instanceof StringInit ? message.value : '(assert message is not a string)';
      d?.error(loc, `assertion failed: ${msg}`);
    }
  } else {
    d?.error(loc, 'assert condition must of type bit, bits, or int.' + (process.env.TG_DEBUG ? condition.getAsString() : ''));
  }
}

/** Print a `dump` message as a note. */
export function checkDump(loc: Loc, message: Init): void {
  const d = activeDiagnostics();
  if (message instanceof StringInit) {
    d?.report('note', loc, message.value);
    return;
  }
  d?.error(loc, 'dump value is not of type string');
}

/**
 * Thrown when a parse would change a record shared with other parses (share.ts); the parse is
 * then run again without sharing.
 */
export class SharedStateConflict extends Error {}

/**
 * The state of a keeper at one point of a parse, restored by `RecordKeeper.restore`: what was
 * added since the `parent` state (or everything, when there is none). Entries are in the order
 * they were added, so a restored keeper iterates its maps like the one the state was taken from.
 */
export interface KeeperState {
  readonly parent: KeeperState | undefined;
  /** Layers below this one. */
  readonly depth: number;
  readonly classes: readonly (readonly [string, Record])[];
  readonly defs: readonly (readonly [string, Record])[];
  readonly globals: readonly (readonly [string, Init])[];
  readonly instantiations: readonly (readonly [VarDefInit, DefInit])[];
  readonly varDefLocs: readonly (readonly [VarDefInit, Loc | undefined])[];
  readonly anonCounter: number;
}

/** States deeper than this are taken whole, which bounds the work of a restore. */
const MAX_STATE_LAYERS = 12;

/** The additions to a keeper since its last snapshot or restore. */
class Journal {
  classes: [string, Record][] = [];
  defs: [string, Record][] = [];
  globals: [string, Init][] = [];
  instantiations: [VarDefInit, DefInit][] = [];
  varDefLocs: [VarDefInit, Loc | undefined][] = [];
}

/** All classes, defs and global variables of a parse (llvm::RecordKeeper). */
export class RecordKeeper {
  classes = new Map<string, Record>();
  defs = new Map<string, Record>();
  globals = new Map<string, Init>();
  /** The anonymous def each instantiated `Class<args>` value made in this keeper. */
  instantiations = new Map<VarDefInit, DefInit>();
  /** Where this keeper first referenced each `Class<args>` value. */
  varDefLocs = new Map<VarDefInit, Loc | undefined>();
  inputFilename = '';
  /** Counts the changes to the state a snapshot holds: equal counts, equal states. */
  version = 0;
  private readonly context: Context;
  private derivedCache = new Map<string, Record[]>();
  /**
   * The defs by each of their direct superclasses, built by the first getAllDerivedDefinitions
   * after a change (generators ask for several classes: one pass over the defs serves them all).
   */
  private defsByDirectSuperClass: Map<Record, Record[]> | undefined;

  /** The state this keeper was last restored to or snapshotted at (see snapshot). */
  private base: KeeperState | undefined;
  /** What was added since `base`; kept only by keepers that share their state. */
  private journal: Journal | undefined;

  /** `shared`: uniquing pools shared with other keepers (see ValuePools). */
  constructor(diags?: DiagnosticEngine, shared?: ValuePools) {
    this.context = new Context(this, diags, shared);
    if (shared) this.journal = new Journal();
  }

  /** The first record id of this keeper's parse (ids count on across a process). */
  private readonly firstRecordId = nextRecordId;

  /**
   * Sizes of the keeper's own uniquing pools, named like llvm's RecordKeeper pools (for the
   * detailed-records report), then the records and anonymous records made so far.
   */
  allocationStats(): { pools: [string, number][]; records: number; anonymous: number } {
    const own = this.context.own;
    const byTag = (tag: number): number => {
      return (own.tuples.perTag[tag] ?? 0) + (own.long.perTag[tag] ?? 0);
    };
    // The type of no class (`rec:`) is llvm's AnyRecord, not in its pool.
    const recordTypes = this.context.recordTypeKeys.size - (this.context.recordTypeKeys.has('rec:') ? 1 : 0);
    const pools: [string, number][] = [
      ['TheArgumentInitPool', byTag(Tag.Arg) + byTag(Tag.ArgNamed)],
      ['TheBitsInitPool', byTag(Tag.Bits)],
      ['TheIntInitPool', own.ints.size],
      ['StringInitStringPool', own.strings.size],
      ['StringInitCodePool', own.codes.size],
      ['TheListInitPool', byTag(Tag.List)],
      ['TheUnOpInitPool', byTag(Tag.UnOp)],
      ['TheBinOpInitPool', byTag(Tag.BinOp)],
      ['TheTernOpInitPool', byTag(Tag.TernOp)],
      ['TheFoldOpInitPool', byTag(Tag.FoldOp)],
      ['TheIsAOpInitPool', byTag(Tag.IsA)],
      ['TheExistsOpInitPool', byTag(Tag.Exists)],
      ['TheCondOpInitPool', byTag(Tag.Cond)],
      ['TheDagInitPool', byTag(Tag.Dag)],
      ['RecordTypePool', recordTypes],
      ['TheVarInitPool', byTag(Tag.Var)],
      ['TheVarBitInitPool', byTag(Tag.VarBit)],
      ['TheVarDefInitPool', byTag(Tag.VarDef)],
      ['TheFieldInitPool', byTag(Tag.Field)],
    ];
    return { pools, records: nextRecordId - this.firstRecordId, anonymous: this.context.anonCounter };
  }

  /**
   * Every object llvm's RecordKeeper would have allocated for this keeper's parse: the values
   * of its own pools, the types it asked for, and the unpooled objects (see Context.unpooled).
   */
  allocatedObjects(): { values: Init[]; strings: StringInit[]; types: RecTy[]; unpooled: readonly [number, ListRecTy | AnonymousNameInit | DefInit][] } {
    const c = this.context;
    const own = c.own;
    const values: Init[] = [...own.ints.values()];
    own.tuples.forEachValue((v) => values.push(v));
    own.long.forEachValue((v) => values.push(v));
    const types: RecTy[] = c.bitsTys.filter((t): t is BitsRecTy => t !== undefined);
    for (const key of c.recordTypeKeys) types.push(c.typeOf(key)!);
    return { values, strings: [...own.strings.values(), ...own.codes.values()], types, unpooled: c.unpooled };
  }

  /** Record a new `Class<args>` instantiation (VarDefInit) or first reference location. */
  noteInstantiation(v: VarDefInit, def: DefInit): void {
    this.instantiations.set(v, def);
    this.journal?.instantiations.push([v, def]);
    this.version++;
  }
  noteVarDefLoc(v: VarDefInit, loc: Loc | undefined): void {
    this.varDefLocs.set(v, loc);
    this.journal?.varDefLocs.push([v, loc]);
    this.version++;
  }

  /**
   * Move the values this keeper created to the shared pools (before its state is shared: every
   * value a shared record holds must be the one all keepers find).
   */
  shareValues(): void {
    const { own, shared } = this.context;
    if (!shared) return;
    shared.long.addAll(own.long);
    shared.tuples.addAll(own.tuples);
    for (const [k, v] of own.strings) shared.strings.set(k, v);
    for (const [k, v] of own.codes) shared.codes.set(k, v);
    for (const [k, v] of own.ints) shared.ints.set(k, v);
    for (const [k, v] of own.typePool) shared.typePool.set(k, v);
    own.typePool.clear();
    shared.size += own.size;
    own.long = new LongKeyTable();
    own.tuples = new TupleTable();
    own.strings = new Map();
    own.codes = new Map();
    own.ints = new Map();
    own.size = 0;
  }

  /**
   * The current state, to restore in another keeper sharing these pools. Every record in it is
   * marked frozen: shared from now on, it must never change again (see Record.frozen).
   */
  snapshot(): KeeperState {
    const j = this.journal;
    if (!j) throw new Error('snapshot() needs a keeper with shared pools');
    const parent = this.base && this.base.depth < MAX_STATE_LAYERS ? this.base : undefined;
    const state: KeeperState = parent
      ? { parent, depth: parent.depth + 1, ...j, anonCounter: this.context.anonCounter }
      : {
          parent: undefined,
          depth: 0,
          classes: [...this.classes],
          defs: [...this.defs],
          globals: [...this.globals],
          instantiations: [...this.instantiations],
          varDefLocs: [...this.varDefLocs],
          anonCounter: this.context.anonCounter,
        };
    for (const [, r] of state.classes) r.frozen = true;
    for (const [, r] of state.defs) r.frozen = true;
    this.base = state;
    this.journal = new Journal();
    return state;
  }

  /** Replace the whole state with a snapshot taken from a keeper sharing these pools. */
  restore(state: KeeperState): void {
    // The layers to add: only those above the current state when it is below `state`.
    const layers: KeeperState[] = [];
    let s: KeeperState | undefined = state;
    const base = this.base;
    const j = this.journal;
    const clean = j && !j.classes.length && !j.defs.length && !j.globals.length && !j.instantiations.length && !j.varDefLocs.length;
    while (s && !(clean && s === base)) {
      layers.push(s);
      s = s.parent;
    }
    if (!s || s !== base) {
      this.classes = new Map();
      this.defs = new Map();
      this.globals = new Map();
      this.instantiations = new Map();
      this.varDefLocs = new Map();
    }
    for (let i = layers.length - 1; i >= 0; i--) {
      const l = layers[i]!;
      for (const [k, v] of l.classes) this.classes.set(k, v);
      for (const [k, v] of l.defs) this.defs.set(k, v);
      for (const [k, v] of l.globals) this.globals.set(k, v);
      for (const [k, v] of l.instantiations) this.instantiations.set(k, v);
      for (const [k, v] of l.varDefLocs) this.varDefLocs.set(k, v);
    }
    this.context.anonCounter = state.anonCounter;
    this.base = state;
    this.journal = new Journal();
    this.derivedCache.clear();
    this.defsByDirectSuperClass = undefined;
    this.version++;
  }

  /** Set (or clear) where errors of evaluations outside any record are located. */
  setFallbackLocation(fn: (() => Loc | undefined) | undefined): void {
    this.context.fallbackLoc = fn;
  }

  /** Make this keeper the one new values are interned in. */
  activate(): void {
    current = this.context;
    modelAllocations = this.context.modelAllocations;
  }

  /** Run `fn` with this keeper active, restoring the previous one afterwards. */
  with<T>(fn: () => T): T {
    const prev = current;
    current = this.context;
    modelAllocations = this.context.modelAllocations;
    try {
      return fn();
    } finally {
      current = prev;
      modelAllocations = prev?.modelAllocations ?? false;
    }
  }

  /**
   * Intern the intermediate values llvm's pools keep too (see `modelAllocations`): for the
   * allocation stats of --print-detailed-records. Call before the parse.
   */
  modelLlvmAllocations(): void {
    this.context.modelAllocations = true;
    if (current === this.context) modelAllocations = true;
  }

  getClass(name: string): Record | undefined {
    return this.classes.get(name);
  }
  getDef(name: string): Record | undefined {
    return this.defs.get(name);
  }
  addClass(r: Record): void {
    this.version++;
    const name = r.getNameInitAsString();
    this.classes.set(name, r);
    this.journal?.classes.push([name, r]);
  }
  /**
   * Add a def. Like llvm::RecordKeeper (a map's try_emplace), an existing def of the same name
   * is kept: this happens when an anonymous defm instantiates two defs whose names only become
   * equal once the anonymous name is resolved, which llvm-tblgen does not report either.
   */
  addDef(r: Record): void {
    const name = r.getNameInitAsString();
    if (this.defs.has(name)) return;
    this.defs.set(name, r);
    this.journal?.defs.push([name, r]);
    this.version++;
    this.derivedCache.clear();
    this.defsByDirectSuperClass = undefined;
  }
  addExtraGlobal(name: string, v: Init): void {
    this.globals.set(name, v);
    this.journal?.globals.push([name, v]);
    this.version++;
  }
  /** A def by name (as a DefInit), or a global variable (defvar/defset). */
  getGlobal(name: string): Init | undefined {
    const d = this.defs.get(name);
    if (d) return d.getDefInit();
    return this.globals.get(name);
  }
  newAnonymousName(): AnonymousNameInit {
    this.version++;
    return AnonymousNameInit.create(this.context.anonCounter++);
  }

  /** Classes sorted by name, as print-records lists them. */
  sortedClasses(): Record[] {
    return [...this.classes.keys()].sort(cmp).map((k) => this.classes.get(k)!);
  }
  /** Defs sorted by name, as print-records lists them. */
  sortedDefs(): Record[] {
    return [...this.defs.keys()].sort(cmp).map((k) => this.defs.get(k)!);
  }

  /**
   * Every def deriving from the class, sorted like llvm's getAllDerivedDefinitions (LessRecord:
   * names compared with runs of digits as numbers, so `a_9` comes before `a_10`).
   */
  getAllDerivedDefinitions(className: string): Record[] {
    const hit = this.derivedCache.get(className);
    if (hit) return hit;
    const cls = this.getClass(className);
    if (!cls) fatalNoLoc(`The class '${className}' is not defined\n`);
    // A def derives from `cls` when one of its direct superclasses is `cls` or derives from it:
    // the classes are checked once, and no def needs its own set of ancestors; the defs of each
    // such class come from the index of defs by direct superclass.
    let index = this.defsByDirectSuperClass;
    if (!index) {
      index = this.defsByDirectSuperClass = new Map();
      const byClass = index;
      // forEach and indexed loops: a cold for-of allocates an iterator result per element.
      this.defs.forEach((d) => {
        const direct = d.directSuperClasses;
        for (let i = 0; i < direct.length; i++) {
          const sc = direct[i]![0];
          const list = byClass.get(sc);
          if (list) list.push(d);
          else byClass.set(sc, [d]);
        }
      });
    }
    const found = new Set<Record>();
    const take = (c: Record) => {
      const list = index.get(c);
      if (list) for (let i = 0; i < list.length; i++) found.add(list[i]!);
    };
    take(cls);
    this.classes.forEach((c) => {
      if (c !== cls && c.isSubClassOf(cls)) take(c);
    });
    const out = [...found];
    // By name with digit runs as numbers; names equal that way (`a01`, `a1`) by plain order.
    out.sort((a, b) => {
      const x = a.getName();
      const y = b.getName();
      return compareNumeric(x, y) || cmp(x, y);
    });
    this.derivedCache.set(className, out);
    return out;
  }
  getAllDerivedDefinitionsIfDefined(className: string): Record[] {
    return this.getClass(className) ? this.getAllDerivedDefinitions(className) : [];
  }
}
