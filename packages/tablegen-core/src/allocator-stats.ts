// The "Bytes allocated" and "Total allocator memory" lines of --print-detailed-records: a model
// of llvm-tblgen's RecordKeeper BumpPtrAllocator on x86-64 Linux. Every value, type and string
// pool entry llvm would have allocated for the parse is given its C++ size (sizeof of its class
// plus trailing arrays), and the allocations are replayed in creation order over slabs of
// 4096 bytes (doubling every 128 slabs; requests too big for a slab get a slab of their own).
import {
  AnonymousNameInit,
  ArgumentInit,
  BinOpInit,
  BitsInit,
  BitsRecTy,
  CondOpInit,
  DagInit,
  DefInit,
  ExistsOpInit,
  FieldInit,
  FoldOpInit,
  InstancesOpInit,
  IntInit,
  IsAOpInit,
  ListInit,
  ListRecTy,
  RecordRecTy,
  StringInit,
  TernOpInit,
  UnOpInit,
  VarBitInit,
  VarDefInit,
  VarInit,
  type Init,
  type RecTy,
  type RecordKeeper,
  type TypedInit,
} from './records.js';

/** A pointer, and the alignment of every allocation the keeper makes. */
const PTR = 8;
/** sizeof(StringMapEntry<StringInit *>): the key length and the value, before the key bytes. */
const STRING_ENTRY_HEADER = 16;
const SLAB_SIZE = 4096;
const GROWTH_DELAY = 128;

/**
 * Objects made with llvm's placement `new (Allocator) T` are aligned to
 * min(NextPowerOf2(sizeof T), 16): 16 for every such class. Those with trailing arrays are
 * allocated with alignof(T), 8 (as are the string map's entries).
 */
const NEW_ALIGN = 16;

/** The bytes and alignment llvm allocates for a value or type (undefined: not allocated). */
function request(o: Init | RecTy): [size: number, align: number] | undefined {
  if (o instanceof IntInit) return [32, NEW_ALIGN];
  if (o instanceof StringInit) return [48, NEW_ALIGN];
  if (o instanceof BitsInit) return [40 + PTR * o.bits.length, PTR];
  if (o instanceof ListInit) return [40 + PTR * o.elements.length, PTR];
  if (o instanceof DagInit) return [56 + 2 * PTR * o.args.length, PTR];
  if (o instanceof CondOpInit) return [48 + 2 * PTR * o.conds.length, PTR];
  if (o instanceof VarDefInit) return [64 + PTR * o.args.length, PTR];
  // The record type of no class is a member of the keeper, not allocated.
  if (o instanceof RecordRecTy) return o.classes.length === 0 ? undefined : [48 + PTR * o.classes.length, PTR];
  if (o instanceof ArgumentInit) return [48, NEW_ALIGN];
  if (o instanceof VarInit || o instanceof DefInit || o instanceof AnonymousNameInit) return [32, NEW_ALIGN];
  if (o instanceof VarBitInit || o instanceof FieldInit || o instanceof UnOpInit) return [40, NEW_ALIGN];
  if (o instanceof BinOpInit || o instanceof IsAOpInit || o instanceof ExistsOpInit || o instanceof InstancesOpInit) return [48, NEW_ALIGN];
  if (o instanceof TernOpInit) return [56, NEW_ALIGN];
  if (o instanceof FoldOpInit) return [72, NEW_ALIGN];
  if (o instanceof BitsRecTy || o instanceof ListRecTy) return [40, NEW_ALIGN];
  return undefined;
}

export interface AllocatorStats {
  /** BumpPtrAllocator::getBytesAllocated: the sum of the sizes requested. */
  bytesAllocated: number;
  /** BumpPtrAllocator::getTotalMemory: the size of every slab. */
  totalMemory: number;
}

/**
 * The allocation requests of a parse as [creation id, size, alignment], in creation order.
 *
 * A list, a def reference and a `Class<args>` value ask for their type in their constructor,
 * after llvm has allocated them: a type made for one of them (our ids number it just before
 * the value, as the type is made before the value's constructor runs) is ordered just after it.
 */
function requests(keeper: RecordKeeper): [number, number, number][] {
  const { values, strings, types, unpooled } = keeper.allocatedObjects();
  const out: [number, number, number][] = [];
  const typeEntries = new Map<RecTy, [number, number, number]>();
  const add = (o: Init | RecTy, order = o.id): void => {
    const r = request(o);
    if (!r) return;
    const e: [number, number, number] = [order, r[0], r[1]];
    out.push(e);
    if (o instanceof RecordRecTy || o instanceof ListRecTy) typeEntries.set(o, e);
  };
  values.forEach((v) => add(v));
  types.forEach((t) => add(t));
  for (const [order, o] of unpooled) add(o, order);
  for (const s of strings) {
    // The string map's entry (with the key and its NUL; values are latin1 byte strings) is
    // allocated just before the value.
    out.push([s.id - 0.5, STRING_ENTRY_HEADER + s.value.length + 1, PTR], [s.id, 48, NEW_ALIGN]);
  }
  const typeAfter = (v: TypedInit, order: number): void => {
    const t = typeEntries.get(v.type);
    if (t && t[0] === order - 1) t[0] = order + 0.25;
  };
  for (const v of values) if (v instanceof VarDefInit || v instanceof ListInit) typeAfter(v, v.id);
  for (const [order, o] of unpooled) if (o instanceof DefInit) typeAfter(o, order);
  return out.sort((a, b) => a[0] - b[0]);
}

/** Replay the parse's allocations through a model of llvm's BumpPtrAllocator. */
export function allocatorStats(keeper: RecordKeeper): AllocatorStats {
  let bytesAllocated = 0;
  let slabs = 0;
  let customSlabs = 0;
  let cur = 0;
  let end = 0;
  for (const [, size, align] of requests(keeper)) {
    bytesAllocated += size;
    const aligned = Math.ceil(cur / align) * align;
    if (slabs > 0 && aligned + size <= end) {
      cur = aligned + size;
      continue;
    }
    const padded = size + align - 1;
    if (padded > SLAB_SIZE) {
      customSlabs += padded;
      continue;
    }
    // A new slab (malloc'd, so aligned) takes the request at its start.
    const slabSize = SLAB_SIZE * 2 ** Math.min(30, Math.floor(slabs / GROWTH_DELAY));
    slabs++;
    cur = size;
    end = slabSize;
  }
  let totalMemory = customSlabs;
  for (let i = 0; i < slabs; i++) totalMemory += SLAB_SIZE * 2 ** Math.min(30, Math.floor(i / GROWTH_DELAY));
  return { bytesAllocated, totalMemory };
}
