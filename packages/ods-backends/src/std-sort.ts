// libstdc++'s std::sort (introsort: median-of-three quicksort above 16 elements, heapsort past the
// depth limit, a final insertion sort), for generators whose output follows llvm::sort with a
// comparator that is not a strict weak order (or that reports an error when it meets two equal
// elements): the same comparisons in the same order give the same result and the same error.

const THRESHOLD = 16;

type Less<T> = (a: T, b: T) => boolean;

function swap<T>(v: T[], i: number, j: number): void {
  const t = v[i]!;
  v[i] = v[j]!;
  v[j] = t;
}

function moveMedianToFirst<T>(v: T[], result: number, a: number, b: number, c: number, less: Less<T>): void {
  if (less(v[a]!, v[b]!)) {
    if (less(v[b]!, v[c]!)) swap(v, result, b);
    else if (less(v[a]!, v[c]!)) swap(v, result, c);
    else swap(v, result, a);
  } else if (less(v[a]!, v[c]!)) swap(v, result, a);
  else if (less(v[b]!, v[c]!)) swap(v, result, c);
  else swap(v, result, b);
}

/** Partitions [first, last) around v[pivot]; no bounds checks, as in libstdc++ (kept in range here). */
function unguardedPartition<T>(v: T[], first: number, last: number, pivot: number, less: Less<T>): number {
  for (;;) {
    while (first < v.length && less(v[first]!, v[pivot]!)) first++;
    last--;
    while (last > 0 && less(v[pivot]!, v[last]!)) last--;
    if (!(first < last)) return first;
    swap(v, first, last);
    first++;
  }
}

function pushHeap<T>(v: T[], base: number, hole: number, top: number, value: T, less: Less<T>): void {
  let parent = Math.floor((hole - 1) / 2);
  while (hole > top && less(v[base + parent]!, value)) {
    v[base + hole] = v[base + parent]!;
    hole = parent;
    parent = Math.floor((hole - 1) / 2);
  }
  v[base + hole] = value;
}

function adjustHeap<T>(v: T[], base: number, hole: number, len: number, value: T, less: Less<T>): void {
  const top = hole;
  let child = hole;
  while (child < Math.floor((len - 1) / 2)) {
    child = 2 * (child + 1);
    if (less(v[base + child]!, v[base + child - 1]!)) child--;
    v[base + hole] = v[base + child]!;
    hole = child;
  }
  if ((len & 1) === 0 && child === Math.floor((len - 2) / 2)) {
    child = 2 * (child + 1);
    v[base + hole] = v[base + child - 1]!;
    hole = child - 1;
  }
  pushHeap(v, base, hole, top, value, less);
}

function heapSort<T>(v: T[], first: number, last: number, less: Less<T>): void {
  const len = last - first;
  if (len >= 2) {
    for (let parent = Math.floor((len - 2) / 2); ; parent--) {
      adjustHeap(v, first, parent, len, v[first + parent]!, less);
      if (parent === 0) break;
    }
  }
  for (let end = last - 1; end - first >= 1; end--) {
    const value = v[end]!;
    v[end] = v[first]!;
    adjustHeap(v, first, 0, end - first, value, less);
  }
}

function introsortLoop<T>(v: T[], first: number, last: number, depth: number, less: Less<T>): void {
  while (last - first > THRESHOLD) {
    if (depth === 0) {
      heapSort(v, first, last, less);
      return;
    }
    depth--;
    const mid = first + Math.floor((last - first) / 2);
    moveMedianToFirst(v, first, first + 1, mid, last - 1, less);
    const cut = unguardedPartition(v, first + 1, last, first, less);
    introsortLoop(v, cut, last, depth, less);
    last = cut;
  }
}

/** Moves v[i] back past the elements it is less than (stopping at `floor`). */
function linearInsert<T>(v: T[], i: number, floor: number, less: Less<T>): void {
  const value = v[i]!;
  let j = i - 1;
  while (j >= floor && less(value, v[j]!)) {
    v[j + 1] = v[j]!;
    j--;
  }
  v[j + 1] = value;
}

function insertionSort<T>(v: T[], first: number, last: number, less: Less<T>): void {
  for (let i = first + 1; i < last; i++) {
    if (less(v[i]!, v[first]!)) {
      const value = v[i]!;
      v.copyWithin(first + 1, first, i);
      v[first] = value;
    } else linearInsert(v, i, first, less);
  }
}

/** Sorts `v` in place as libstdc++'s std::sort(begin, end, less) does. */
export function stdSort<T>(v: T[], less: Less<T>): T[] {
  const n = v.length;
  if (n < 2) return v;
  introsortLoop(v, 0, n, 2 * (31 - Math.clz32(n)), less);
  if (n > THRESHOLD) {
    insertionSort(v, 0, THRESHOLD, less);
    for (let i = THRESHOLD; i < n; i++) linearInsert(v, i, 0, less);
  } else insertionSort(v, 0, n, less);
  return v;
}
