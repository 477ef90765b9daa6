// Shared by llvm-tblgen's table backends (--gen-target-library-info, ...): llvm's
// StringToOffsetTable (strings concatenated, each NUL-terminated, emitted as an llvm::StringTable)
// and SequenceToOffsetTable (sequences laid out in one array, a sequence that is a suffix of
// another sharing its entries).
import { escapeString } from '../text.js';

/** Strings concatenated into one NUL-terminated aggregate; the empty string is at offset 0. */
export class StringToOffsetTable {
  private readonly offsets = new Map<string, number>();
  private readonly strings: string[] = [];
  private size = 0;

  /**
   * `classPrefix`: the class the table is a static member of (`TargetLibraryInfoImpl::`),
   * empty for a file-level table; `prefixStorage`: whether the storage array is a member too.
   */
  constructor(
    private readonly classPrefix = '',
    private readonly prefixStorage = true,
  ) {
    this.getOrAdd('');
  }

  /** The offset of a string, added at the end the first time. */
  getOrAdd(s: string): number {
    const known = this.offsets.get(s);
    if (known !== undefined) return known;
    const at = this.size;
    this.offsets.set(s, at);
    this.strings.push(s);
    this.size += s.length + 1;
    return at;
  }

  get(s: string): number | undefined {
    return this.offsets.get(s);
  }

  /** Only the initial empty string. */
  isEmpty(): boolean {
    return this.strings.length <= 1;
  }

  /** The definition of the llvm::StringTable `name` (llvm's EmitStringTableDef), from a newline on. */
  emitStringTableDef(name: string, indent = ''): string {
    const member = this.classPrefix !== '';
    let out = '\n#ifdef __GNUC__\n#pragma GCC diagnostic push\n#pragma GCC diagnostic ignored "-Woverlength-strings"\n#endif\n';
    out += `${indent}${member ? '' : 'static'} constexpr char ${this.prefixStorage ? this.classPrefix : ''}${name}Storage[] =\n`;
    out += this.strings.map((s) => `${indent}  "${escapeString(s)}\\0"\n`).join('');
    out += `${indent}  ;\n#ifdef __GNUC__\n#pragma GCC diagnostic pop\n#endif\n\n`;
    out += `${indent}${member ? 'const' : 'static constexpr'} llvm::StringTable\n${indent}${this.classPrefix}${name} = ${name}Storage;\n`;
    return out;
  }
}

/** Reverse-lexicographic order: a suffix of a sequence sorts right before it. */
function compareReversed<T>(a: readonly T[], b: readonly T[], less: (x: T, y: T) => boolean): number {
  for (let i = a.length - 1, j = b.length - 1; i >= 0 && j >= 0; i--, j--) {
    if (less(a[i]!, b[j]!)) return -1;
    if (less(b[j]!, a[i]!)) return 1;
  }
  return a.length - b.length;
}

const isSuffix = <T>(a: readonly T[], b: readonly T[]): boolean =>
  a.length <= b.length && a.every((x, i) => x === b[b.length - a.length + i]);

/** Sequences of `T` (each followed by a terminator) in one array, suffixes sharing entries. */
export class SequenceToOffsetTable<T> {
  /** The kept sequences, in reverse-lexicographic order, and their offsets once laid out. */
  private seqs: { seq: readonly T[]; offset: number }[] = [];
  private entries = 0;

  constructor(
    private readonly terminator: T | undefined,
    private readonly less: (x: T, y: T) => boolean,
  ) {}

  /** The first kept sequence not before `seq`. */
  private lowerBound(seq: readonly T[]): number {
    let lo = 0;
    let hi = this.seqs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareReversed(this.seqs[mid]!.seq, seq, this.less) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  add(seq: readonly T[]): void {
    let i = this.lowerBound(seq);
    const at = this.seqs[i];
    if (at && isSuffix(seq, at.seq)) return;
    if (at && compareReversed(at.seq, seq, this.less) === 0) return;
    this.seqs.splice(i, 0, { seq: [...seq], offset: 0 });
    // The sequence before may be a suffix of the new one.
    if (i > 0 && isSuffix(this.seqs[i - 1]!.seq, seq)) {
      this.seqs.splice(i - 1, 1);
      i--;
    }
  }

  isEmpty(): boolean {
    return this.seqs.length === 0;
  }

  /** The number of entries once laid out (terminators included). */
  get size(): number {
    return this.entries;
  }

  layout(): void {
    for (const s of this.seqs) {
      s.offset = this.entries;
      this.entries += s.seq.length + (this.terminator !== undefined ? 1 : 0);
    }
  }

  /** The offset of an added sequence (or of a suffix of one). */
  get(seq: readonly T[]): number {
    const s = this.seqs[this.lowerBound(seq)];
    if (!s || !isSuffix(seq, s.seq)) throw new Error('SequenceToOffsetTable.get of a sequence never added');
    return s.offset + (s.seq.length - seq.length);
  }

  /** The table as the body of an array initializer, one sequence a line. */
  emit(print: (x: T) => string, dummy: T): string {
    let out = '';
    for (const { seq, offset } of this.seqs) {
      out += `  /* ${offset} */ ${seq.map((x) => `${print(x)}, `).join('')}`;
      if (this.terminator !== undefined) out += `${print(this.terminator)},`;
      out += '\n';
    }
    if (this.entries === 0) out += `  /* dummy */ ${print(dummy)}\n`;
    return out;
  }
}
