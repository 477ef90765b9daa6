// The declarative rewrite rules (mlir/TableGen/Pattern.h): `Pattern` defs, the DAG nodes and
// leaves of their source and result patterns, and the map of symbols they bind.
//
// The symbol map reproduces the iteration order of mlir-tblgen 22's `std::unordered_multimap`
// (libstdc++): the generated code declares one local variable per bound symbol in that order.
import {
  DagInit,
  DefInit,
  FatalError,
  type Init,
  IntInit,
  type Record,
  StringInit,
  UnsetInit,
  activeDiagnostics,
} from '@ods-ts/tablegen-core';
import type { Argument } from './operator.js';
import { Operator } from './operator.js';

/**
 * llvm::PrintFatalError on a record: the error at the record's location, then an "instantiated
 * from multiclass" note for each further location (the defm chain of a multiclass instance).
 */
export function fatalAtRecord(rec: Record, message: string): never {
  const notes = rec.locs.slice(1).map((loc) => ({ loc, message: 'instantiated from multiclass' }));
  const d = activeDiagnostics();
  if (d) d.fatal(rec.locs[0], message, notes);
  throw new FatalError({ severity: 'error', loc: rec.locs[0], message, notes });
}

// ---------------------------------------------------------------------------------------------
// DagLeaf / DagNode

/** An argument of a pattern DAG that is not itself a DAG (mlir::tblgen::DagLeaf). */
export class DagLeaf {
  constructor(readonly init: Init) {}

  private defRecord(): Record | undefined {
    return this.init instanceof DefInit ? this.init.def : undefined;
  }
  private isSubClassOf(cls: string): boolean {
    return this.defRecord()?.isSubClassOfName(cls) ?? false;
  }
  /** `$x` alone: no constraint, the matched value is carried over. */
  isUnspecified(): boolean {
    return this.init instanceof UnsetInit;
  }
  isOperandMatcher(): boolean {
    return this.isSubClassOf('TypeConstraint');
  }
  isAttrMatcher(): boolean {
    return this.isSubClassOf('AttrConstraint');
  }
  isPropMatcher(): boolean {
    return this.isSubClassOf('PropConstraint');
  }
  isNativeCodeCall(): boolean {
    return this.isSubClassOf('NativeCodeCall');
  }
  isConstantAttr(): boolean {
    return this.isSubClassOf('ConstantAttr');
  }
  isConstantProp(): boolean {
    return this.isSubClassOf('ConstantProp');
  }
  isEnumCase(): boolean {
    return this.isSubClassOf('EnumCase');
  }
  isStringAttr(): boolean {
    return this.init instanceof StringInit;
  }
  /** The constraint def of an operand/attribute matcher. */
  getConstraintDef(): Record {
    const d = this.defRecord();
    if (!d) throw new Error('DagLeaf: not a constraint');
    return d;
  }
  getNativeCodeTemplate(): string {
    return this.getConstraintDef().getValueAsString('expression');
  }
  getNumReturnsOfNativeCode(): number {
    return Number(this.getConstraintDef().getValueAsInt('numReturns'));
  }
  getStringAttr(): string {
    return this.init instanceof StringInit ? this.init.value : '';
  }
}

/** A (sub-)DAG of a pattern (mlir::tblgen::DagNode). */
export class DagNode {
  constructor(readonly dag: DagInit) {}

  private operatorDef(): Record | undefined {
    return this.dag.operator instanceof DefInit ? this.dag.operator.def : undefined;
  }
  private operatorIs(name: string): boolean {
    return this.operatorDef()?.getName() === name;
  }
  isNativeCodeCall(): boolean {
    return this.operatorDef()?.isSubClassOfName('NativeCodeCall') ?? false;
  }
  isReplaceWithValue(): boolean {
    return this.operatorIs('replaceWithValue');
  }
  isLocationDirective(): boolean {
    return this.operatorIs('location');
  }
  isReturnTypeDirective(): boolean {
    return this.operatorIs('returnType');
  }
  isEither(): boolean {
    return this.operatorIs('either');
  }
  isVariadic(): boolean {
    return this.operatorIs('variadic');
  }
  isOperation(): boolean {
    return (
      !this.isNativeCodeCall() &&
      !this.isReplaceWithValue() &&
      !this.isLocationDirective() &&
      !this.isReturnTypeDirective() &&
      !this.isEither() &&
      !this.isVariadic()
    );
  }
  getNativeCodeTemplate(): string {
    return this.operatorDef()!.getValueAsString('expression');
  }
  getNumReturnsOfNativeCode(): number {
    return Number(this.operatorDef()!.getValueAsInt('numReturns'));
  }
  /** The symbol bound to the whole DAG (`(Op:$name ...)`), '' when none. */
  getSymbol(): string {
    return this.dag.opName?.value ?? '';
  }
  /** The op def this DAG creates or matches. */
  getOperatorDef(): Record | undefined {
    return this.operatorDef();
  }
  getNumArgs(): number {
    return this.dag.args.length;
  }
  isNestedDagArg(i: number): boolean {
    return this.dag.args[i] instanceof DagInit;
  }
  getArgAsNestedDag(i: number): DagNode | undefined {
    const a = this.dag.args[i];
    return a instanceof DagInit ? new DagNode(a) : undefined;
  }
  getArgAsLeaf(i: number): DagLeaf {
    return new DagLeaf(this.dag.args[i]!);
  }
  getArgName(i: number): string {
    return this.dag.argNames[i]?.value ?? '';
  }
  /** The number of operations in the tree (directives excluded). */
  getNumOps(): number {
    let count = this.isOperation() ? 1 : 0;
    for (let i = 0; i < this.getNumArgs(); i++) {
      const child = this.getArgAsNestedDag(i);
      if (child) count += child.getNumOps();
    }
    return count;
  }
}

// ---------------------------------------------------------------------------------------------
// Operators of patterns

/** The Operator wrappers of the op defs used by patterns, built once per def. */
export class RecordOperatorMap {
  private readonly ops = new Map<Record, Operator>();
  constructor(private readonly onBadOp: (def: Record | undefined) => never) {}
  get(node: DagNode): Operator {
    const def = node.getOperatorDef();
    if (!def) this.onBadOp(def);
    let op = this.ops.get(def);
    if (!op) this.ops.set(def, (op = new Operator(def)));
    return op;
  }
}

// ---------------------------------------------------------------------------------------------
// libstdc++ unordered_multimap<std::string, T> iteration order

const MASK64 = (1n << 64n) - 1n;
const MUL = (0xc6a4a793n << 32n) + 0x5bd1e995n;

function shiftMix(v: bigint): bigint {
  return v ^ (v >> 47n);
}

/** std::hash<std::string> of libstdc++ on 64-bit targets (std::_Hash_bytes, seed 0xc70f6907). */
export function stdStringHash(s: string): bigint {
  const len = s.length;
  const byte = (i: number): bigint => BigInt(s.charCodeAt(i) & 0xff);
  const aligned = len & ~7;
  let hash = (0xc70f6907n ^ ((BigInt(len) * MUL) & MASK64)) & MASK64;
  for (let p = 0; p < aligned; p += 8) {
    let word = 0n;
    for (let k = 7; k >= 0; k--) word = (word << 8n) | byte(p + k);
    const data = (shiftMix((word * MUL) & MASK64) * MUL) & MASK64;
    hash = ((hash ^ data) * MUL) & MASK64;
  }
  if ((len & 7) !== 0) {
    let data = 0n;
    for (let k = len - 1; k >= aligned; k--) data = (data << 8n) | byte(k);
    hash = ((hash ^ data) * MUL) & MASK64;
  }
  hash = (shiftMix(hash) * MUL) & MASK64;
  return shiftMix(hash);
}

// std::__detail::_Prime_rehash_policy (max load factor 1).
const FAST_BUCKETS = [2, 2, 2, 3, 5, 5, 7, 7, 11, 11, 11, 11, 13, 13];
const PRIMES = [
  2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 103, 109, 113, 127, 137,
  139, 149, 157, 167, 179, 193, 199, 211, 227, 241, 257, 277, 293, 313, 337, 359, 383, 409, 439, 467, 503, 541, 577, 619,
  661, 709, 761, 823, 887, 953, 1031, 1109, 1187, 1277, 1361, 1459, 1567, 1693, 1823, 1931, 2053, 2179, 2357, 2521, 2699,
  2903, 3089, 3301, 3527, 3761, 4003, 4271, 4561, 4871, 5201, 5557, 5939, 6343, 6779, 7243, 7739, 8263, 8807, 9391,
  10007,
];
/** Elements at or below this count use linear scans (libstdc++ 12+, non-"fast" hashes). */
const SMALL_SIZE_THRESHOLD = 20;

interface HashNode<T> {
  readonly key: string;
  readonly hash: bigint;
  value: T;
  next: HashNode<T> | undefined;
}
/** A "before" position: a node or the list head. */
interface Before<T> {
  next: HashNode<T> | undefined;
}

/**
 * An insertion-only model of libstdc++'s `std::unordered_multimap<std::string, T>`: the same
 * buckets, rehashes and node links, so iteration yields elements in the same order.
 */
export class StdUnorderedMultimap<T> {
  private readonly head: Before<T> = { next: undefined };
  private buckets: (Before<T> | undefined)[] = [undefined];
  private nextResize = 0;
  private count = 0;

  get size(): number {
    return this.count;
  }

  private bucketOf(hash: bigint, n = this.buckets.length): number {
    return Number(hash % BigInt(n));
  }

  private nextBucketCount(n: number): number {
    if (n < FAST_BUCKETS.length) {
      if (n === 0) return 1;
      this.nextResize = FAST_BUCKETS[n]!;
      return FAST_BUCKETS[n]!;
    }
    const p = PRIMES.find((x, i) => i >= 6 && x >= n) ?? n;
    this.nextResize = p;
    return p;
  }

  /** _Prime_rehash_policy::_M_need_rehash for one insertion; the new bucket count or 0. */
  private needRehash(): number {
    const nBkt = this.buckets.length;
    if (this.count + 1 <= this.nextResize) return 0;
    const minBkts = Math.max(this.count + 1, this.nextResize === 0 ? 11 : 0);
    if (minBkts >= nBkt) return this.nextBucketCount(Math.max(Math.floor(minBkts) + 1, nBkt * 2));
    this.nextResize = nBkt;
    return 0;
  }

  /** _M_rehash_aux for non-unique keys: keeps runs of equal keys in order. */
  private rehash(n: number): void {
    const nb: (Before<T> | undefined)[] = new Array<Before<T> | undefined>(n).fill(undefined);
    let p = this.head.next;
    this.head.next = undefined;
    let bbeginBkt = 0;
    let prevBkt = 0;
    let prevP: HashNode<T> | undefined;
    let checkBucket = false;
    while (p) {
      const next = p.next;
      const bkt = this.bucketOf(p.hash, n);
      if (prevP && prevBkt === bkt) {
        p.next = prevP.next;
        prevP.next = p;
        checkBucket = true;
      } else {
        if (checkBucket && prevP) {
          if (prevP.next) {
            const nextBkt = this.bucketOf(prevP.next.hash, n);
            if (nextBkt !== prevBkt) nb[nextBkt] = prevP;
          }
          checkBucket = false;
        }
        const b = nb[bkt];
        if (!b) {
          p.next = this.head.next;
          this.head.next = p;
          nb[bkt] = this.head;
          if (p.next) nb[bbeginBkt] = p;
          bbeginBkt = bkt;
        } else {
          p.next = b.next;
          b.next = p;
        }
      }
      prevP = p;
      prevBkt = bkt;
      p = next;
    }
    if (checkBucket && prevP && prevP.next) {
      const nextBkt = this.bucketOf(prevP.next.hash, n);
      if (nextBkt !== prevBkt) nb[nextBkt] = prevP;
    }
    this.buckets = nb;
  }

  private findBeforeNode(bkt: number, key: string): Before<T> | undefined {
    let prev = this.buckets[bkt];
    if (!prev) return undefined;
    for (let p = prev.next; p; p = p.next) {
      if (p.key === key) return prev;
      if (!p.next || this.bucketOf(p.next.hash) !== bkt) break;
      prev = p;
    }
    return undefined;
  }

  private insertBucketBegin(bkt: number, node: HashNode<T>): void {
    const b = this.buckets[bkt];
    if (b) {
      node.next = b.next;
      b.next = node;
      return;
    }
    node.next = this.head.next;
    this.head.next = node;
    if (node.next) this.buckets[this.bucketOf(node.next.hash)] = node;
    this.buckets[bkt] = this.head;
  }

  /** `emplace(key, value)`. */
  insert(key: string, value: T): void {
    const hash = stdStringHash(key);
    // _M_compute_hash_code: small tables use the first equal element as the insertion hint.
    let hint: HashNode<T> | undefined;
    if (this.count <= SMALL_SIZE_THRESHOLD) {
      for (let p = this.head.next; p; p = p.next) {
        if (p.key === key) {
          hint = p;
          break;
        }
      }
    }
    const n = this.needRehash();
    if (n) this.rehash(n);
    const node: HashNode<T> = { key, hash, value, next: undefined };
    const bkt = this.bucketOf(hash);
    const prev: Before<T> | undefined = hint ?? this.findBeforeNode(bkt, key);
    if (prev) {
      node.next = prev.next;
      prev.next = node;
      if (prev === hint && node.next && node.next.key !== key) {
        const nextBkt = this.bucketOf(node.next.hash);
        if (nextBkt !== bkt) this.buckets[nextBkt] = node;
      }
    } else {
      this.insertBucketBegin(bkt, node);
    }
    this.count++;
  }

  /** Every element in iteration order. */
  *entries(): IterableIterator<[string, T]> {
    for (let p = this.head.next; p; p = p.next) yield [p.key, p.value];
  }

  /** The elements with this key (contiguous in iteration order). */
  equalRange(key: string): T[] {
    const out: T[] = [];
    for (let p = this.head.next; p; p = p.next) {
      if (p.key === key) out.push(p.value);
      else if (out.length > 0) break;
    }
    return out;
  }

  countOf(key: string): number {
    return this.equalRange(key).length;
  }

  /** The first element with this key. */
  find(key: string): T | undefined {
    for (let p = this.head.next; p; p = p.next) if (p.key === key) return p.value;
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// SymbolInfoMap

export type SymbolKind = 'attr' | 'prop' | 'operand' | 'result' | 'value' | 'multipleValues';

/** Where an op-argument symbol was bound: the DAG, the argument index and the variadic slot. */
interface DagAndConstant {
  readonly dag: DagInit | undefined;
  readonly operandIndexOrNumValues: number;
  readonly variadicSubIndex: number | undefined;
}

function sameDagAndConstant(a: DagAndConstant | undefined, b: DagAndConstant | undefined): boolean {
  if (!a || !b) return a === b;
  return a.dag === b.dag && a.operandIndexOrNumValues === b.operandIndexOrNumValues && a.variadicSubIndex === b.variadicSubIndex;
}

/** What a bound symbol stands for (mlir::tblgen::SymbolInfoMap::SymbolInfo). */
export class SymbolInfo {
  alternativeName: string | undefined;
  constructor(
    readonly op: Operator | undefined,
    readonly kind: SymbolKind,
    readonly dagAndConstant: DagAndConstant | undefined,
    /** The interface type of a property matched by a native code call. */
    readonly propInterfaceType?: string,
  ) {}

  static attr(op?: Operator, index?: number): SymbolInfo {
    return new SymbolInfo(op, 'attr', op ? { dag: undefined, operandIndexOrNumValues: index!, variadicSubIndex: undefined } : undefined);
  }
  static prop(op: Operator | undefined, index: number, interfaceType?: string): SymbolInfo {
    return new SymbolInfo(
      op,
      'prop',
      op ? { dag: undefined, operandIndexOrNumValues: index, variadicSubIndex: undefined } : undefined,
      interfaceType,
    );
  }
  static operand(node: DagNode, op: Operator, index: number, variadicSubIndex: number | undefined): SymbolInfo {
    return new SymbolInfo(op, 'operand', { dag: node.dag, operandIndexOrNumValues: index, variadicSubIndex });
  }
  static result(op: Operator): SymbolInfo {
    return new SymbolInfo(op, 'result', undefined);
  }
  static value(): SymbolInfo {
    return new SymbolInfo(undefined, 'value', undefined);
  }
  static multipleValues(n: number): SymbolInfo {
    return new SymbolInfo(undefined, 'multipleValues', { dag: undefined, operandIndexOrNumValues: n, variadicSubIndex: undefined });
  }

  private argIndex(): number {
    return this.dagAndConstant?.operandIndexOrNumValues ?? 0;
  }
  private size(): number {
    return this.dagAndConstant?.operandIndexOrNumValues ?? 0;
  }
  private operandArg(): Argument {
    return this.op!.arguments[this.argIndex()]!;
  }

  getStaticValueCount(): number {
    switch (this.kind) {
      case 'result':
        return this.op!.getNumResults();
      case 'multipleValues':
        return this.size();
      default:
        return 1;
    }
  }
  getVarName(name: string): string {
    return this.alternativeName ?? name;
  }
  getVarTypeStr(): string {
    switch (this.kind) {
      case 'attr': {
        const a = this.op ? this.operandArg() : undefined;
        return a && a.kind === 'attribute' ? a.value.attr.getStorageType() : '::mlir::Attribute';
      }
      case 'prop': {
        const a = this.op ? this.operandArg() : undefined;
        if (a && a.kind === 'property') return a.value.prop.getInterfaceType();
        return this.propInterfaceType ?? '';
      }
      case 'operand':
        return '::mlir::Operation::operand_range';
      case 'value':
        return '::mlir::Value';
      case 'multipleValues':
        return '::mlir::ValueRange';
      case 'result':
        return this.op!.getQualCppClassName();
    }
  }
  /** The local variable declaration of the symbol in matchAndRewrite. */
  getVarDecl(name: string): string {
    const init = this.kind === 'operand' ? '(op0->getOperands())' : '';
    return `${this.getVarTypeStr()} ${this.getVarName(name)}${init};\n`;
  }
  /** The reference parameter of the symbol in a static matcher. */
  getArgDecl(name: string): string {
    return `${this.getVarTypeStr()} &${this.getVarName(name)}`;
  }

  getValueAndRangeUse(name: string, index: number, fmt: string, separator: string): string {
    const f = (v: string): string => fmt.split('{0}').join(v);
    switch (this.kind) {
      case 'attr':
      case 'prop':
      case 'value':
        return f(name);
      case 'operand': {
        const a = this.operandArg();
        const operand = a.kind === 'operand' ? a.value : undefined;
        if (operand?.isOptional()) return f(`(${name}.empty() ? ::mlir::Value() : *${name}.begin())`);
        if (operand?.isVariableLength() && this.dagAndConstant?.variadicSubIndex === undefined) return f(name);
        return f(`(*${name}.begin())`);
      }
      case 'result': {
        const op = this.op!;
        if (index >= 0) {
          let v = `${name}.getODSResults(${index})`;
          if (!op.results[index]?.isVariadic()) v = `(*${v}.begin())`;
          return f(v);
        }
        if (op.getNumResults() === 0) return f(name);
        const values: string[] = [];
        for (let i = 0; i < op.getNumResults(); i++) {
          let v = `${name}.getODSResults(${i})`;
          if (!op.results[i]!.isVariadic()) v = `(*${v}.begin())`;
          values.push(f(v));
        }
        return values.join(separator);
      }
      case 'multipleValues':
        if (index >= 0) return f(`${name}[${index}]`);
        return f(`${name}.begin(), ${name}.end()`);
    }
  }

  getAllRangeUse(name: string, index: number, fmt: string, separator: string): string {
    const f = (v: string): string => fmt.split('{0}').join(v);
    switch (this.kind) {
      case 'attr':
      case 'prop':
      case 'operand':
        return f(name);
      case 'result': {
        if (index >= 0) return f(`${name}.getODSResults(${index})`);
        const values: string[] = [];
        for (let i = 0; i < this.op!.getNumResults(); i++) values.push(f(`${name}.getODSResults(${i})`));
        return values.join(separator);
      }
      case 'value':
        return f(`{${name}}`);
      case 'multipleValues':
        if (index >= 0) return f(`${name}[${index}]`);
        return f(`${name}.begin(), ${name}.end()`);
    }
  }
}

/** Split `name__N` into the value pack name and the index (mlir's getValuePackName). */
export function splitValuePackName(symbol: string): { name: string; index: number } {
  const at = symbol.lastIndexOf('__');
  if (at < 0) return { name: symbol, index: -1 };
  const digits = symbol.slice(at + 2);
  const m = /^[0-9]+/.exec(digits);
  // llvm's consumeInteger only needs a numeric prefix (radix 10).
  if (!m) return { name: symbol, index: -1 };
  return { name: symbol.slice(0, at), index: Number(m[0]) };
}

export function getValuePackName(symbol: string): string {
  return splitValuePackName(symbol).name;
}

/** The symbols bound by a pattern (mlir::tblgen::SymbolInfoMap). */
export class SymbolInfoMap {
  private readonly map = new StdUnorderedMultimap<SymbolInfo>();
  constructor(private readonly errorAt: (message: string) => never) {}

  entries(): [string, SymbolInfo][] {
    return [...this.map.entries()];
  }

  /** Bind an op argument; false when the symbol cannot be bound again. */
  bindOpArgument(node: DagNode, symbol: string, op: Operator, argIndex: number, variadicSubIndex?: number): boolean {
    const name = getValuePackName(symbol);
    if (name !== symbol) this.errorAt(`symbol '${symbol}' with trailing index cannot bind to op argument`);
    const arg = op.arguments[argIndex];
    const info =
      arg?.kind === 'attribute'
        ? SymbolInfo.attr(op, argIndex)
        : arg?.kind === 'property'
          ? SymbolInfo.prop(op, argIndex)
          : SymbolInfo.operand(node, op, argIndex, variadicSubIndex);
    const existing = this.map.find(symbol);
    if (existing) {
      if (info.kind !== 'operand') return false;
      if (existing.kind !== 'operand') return false;
    }
    this.map.insert(symbol, info);
    return true;
  }
  bindOpResult(symbol: string, op: Operator): boolean {
    const name = getValuePackName(symbol);
    this.map.insert(name, SymbolInfo.result(op));
    return this.map.countOf(name) === 1;
  }
  bindValues(symbol: string, numValues: number): boolean {
    const name = getValuePackName(symbol);
    if (numValues > 1) return this.bindMultipleValues(name, numValues);
    return this.bindValue(name);
  }
  bindValue(symbol: string): boolean {
    this.map.insert(symbol, SymbolInfo.value());
    return this.map.countOf(symbol) === 1;
  }
  bindMultipleValues(symbol: string, numValues: number): boolean {
    const name = getValuePackName(symbol);
    this.map.insert(name, SymbolInfo.multipleValues(numValues));
    return this.map.countOf(name) === 1;
  }
  bindAttr(symbol: string): boolean {
    this.map.insert(symbol, SymbolInfo.attr());
    return this.map.countOf(symbol) === 1;
  }
  bindProp(symbol: string, interfaceType: string): boolean {
    this.map.insert(symbol, SymbolInfo.prop(undefined, 0, interfaceType));
    return this.map.countOf(symbol) === 1;
  }
  contains(symbol: string): boolean {
    return this.map.find(getValuePackName(symbol)) !== undefined;
  }
  find(symbol: string): SymbolInfo | undefined {
    return this.map.find(getValuePackName(symbol));
  }
  /** The entry bound for the same op argument as `info` (e.g. one of several `$x`). */
  findBoundSymbol(key: string, info: SymbolInfo): SymbolInfo | undefined {
    return this.map.equalRange(getValuePackName(key)).find((i) => sameDagAndConstant(i.dagAndConstant, info.dagAndConstant));
  }
  findBoundOperand(key: string, node: DagNode, op: Operator, argIndex: number, variadicSubIndex?: number): SymbolInfo | undefined {
    return this.findBoundSymbol(key, SymbolInfo.operand(node, op, argIndex, variadicSubIndex));
  }
  getRangeOfEqualElements(key: string): SymbolInfo[] {
    return this.map.equalRange(getValuePackName(key));
  }
  count(key: string): number {
    return this.map.countOf(getValuePackName(key));
  }
  getStaticValueCount(symbol: string): number {
    const name = getValuePackName(symbol);
    if (name !== symbol) return 1;
    return this.find(name)?.getStaticValueCount() ?? 0;
  }
  getValueAndRangeUse(symbol: string, fmt = '{0}', separator = ', '): string {
    const { name, index } = splitValuePackName(symbol);
    const info = this.map.find(name);
    if (!info) this.errorAt(`referencing unbound symbol '${symbol}'`);
    return info.getValueAndRangeUse(name, index, fmt, separator);
  }
  getAllRangeUse(symbol: string, fmt = '{0}', separator = ', '): string {
    const { name, index } = splitValuePackName(symbol);
    const info = this.map.find(name);
    if (!info) this.errorAt(`referencing unbound symbol '${symbol}'`);
    return info.getAllRangeUse(name, index, fmt, separator);
  }
  /** Give every repeated operand symbol but the first a fresh `<name><N>` variable name. */
  assignUniqueAlternativeNames(): void {
    const used = new Set<string>();
    const seen = new Set<string>();
    for (const [key] of this.map.entries()) {
      if (seen.has(key)) continue;
      seen.add(key);
      const range = this.map.equalRange(key);
      let start = 0;
      for (const info of range.slice(1)) {
        for (let i = start; ; i++) {
          const alt = key + String(i);
          if (!used.has(alt) && this.map.countOf(alt) === 0) {
            used.add(alt);
            info.alternativeName = alt;
            start = i + 1;
            break;
          }
        }
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Pattern

/** A constraint applied to several bound entities (`[(IsFoo $a, $b)]`). */
export interface AppliedConstraint {
  readonly def: Record;
  readonly self: string;
  readonly entities: readonly string[];
}

/** A `Pattern` def (mlir::tblgen::Pattern). */
export class Pattern {
  constructor(
    readonly def: Record,
    readonly opMap: RecordOperatorMap,
  ) {}

  getSourcePattern(): DagNode {
    return new DagNode(this.def.getValueAsDag('sourcePattern'));
  }
  private dagList(field: string): DagNode[] {
    return this.def.getValueAsListInit(field).elements.map((e) => {
      if (!(e instanceof DagInit)) fatalAtRecord(this.def, `expected a dag in '${field}'`);
      return new DagNode(e);
    });
  }
  getResultPatterns(): DagNode[] {
    return this.dagList('resultPatterns');
  }
  getSupplementalPatterns(): DagNode[] {
    return this.dagList('supplementalPatterns');
  }
  getSourceRootOp(): Operator {
    return this.opMap.get(this.getSourcePattern());
  }
  getDialectOp(node: DagNode): Operator {
    return this.opMap.get(node);
  }
  getConstraints(): AppliedConstraint[] {
    return this.def.getValueAsListInit('constraints').elements.map((e) => {
      if (!(e instanceof DagInit))
        fatalAtRecord(this.def, 'all elements in Pattern multi-entity constraints should be DAG nodes');
      const entities = e.argNames.map((n) => {
        if (!n) fatalAtRecord(this.def, 'operands to additional constraints can only be symbol references');
        return n.value;
      });
      if (!(e.operator instanceof DefInit)) fatalAtRecord(this.def, 'all elements in Pattern multi-entity constraints should be DAG nodes');
      return { def: e.operator.def, self: e.opName?.value ?? '', entities };
    });
  }
  getBenefit(): number {
    const init = this.getSourcePattern().getNumOps();
    const delta = this.def.getValueAsDag('benefitDelta');
    const arg = delta.args[0];
    if (delta.args.length !== 1 || !(arg instanceof IntInit))
      fatalAtRecord(this.def, "The 'addBenefit' takes and only takes one integer value");
    return init + Number(arg.value);
  }

  private verifyBind(ok: boolean, symbol: string): void {
    if (!ok) fatalAtRecord(this.def, `symbol '${symbol}' bound more than once`);
  }

  collectSourcePatternBoundSymbols(map: SymbolInfoMap): void {
    this.collectBoundSymbols(this.getSourcePattern(), map, true);
    map.assignUniqueAlternativeNames();
  }
  collectResultPatternBoundSymbols(map: SymbolInfoMap): void {
    for (const p of this.getResultPatterns()) this.collectBoundSymbols(p, map, false);
  }

  collectBoundSymbols(tree: DagNode, map: SymbolInfoMap, isSrcPattern: boolean): void {
    const treeName = tree.getSymbol();
    const numTreeArgs = tree.getNumArgs();
    if (tree.isNativeCodeCall()) {
      if (treeName !== '') {
        if (!isSrcPattern) this.verifyBind(map.bindValues(treeName, tree.getNumReturnsOfNativeCode()), treeName);
        else fatalAtRecord(this.def, `binding symbol '${treeName}' to NativecodeCall in MatchPattern is not supported`);
      }
      for (let i = 0; i < numTreeArgs; i++) {
        const child = tree.getArgAsNestedDag(i);
        if (child) {
          this.collectBoundSymbols(child, map, isSrcPattern);
          continue;
        }
        if (!isSrcPattern) continue;
        const argName = tree.getArgName(i);
        if (argName === '' || argName === '_') continue;
        const leaf = tree.getArgAsLeaf(i);
        if (leaf.isUnspecified()) {
          this.verifyBind(map.bindValue(argName), argName);
          continue;
        }
        if (leaf.isPropMatcher()) {
          const it = leaf.getConstraintDef().getValueAsOptionalString('interfaceType') ?? '';
          this.verifyBind(map.bindProp(argName, it.trim()), argName);
          continue;
        }
        const cdef = leaf.init instanceof DefInit ? leaf.init.def : undefined;
        const isAttr =
          leaf.isAttrMatcher() || leaf.isEnumCase() || leaf.isConstantAttr() || (cdef?.isSubClassOfName('AttrConstraint') ?? false);
        if (isAttr) {
          this.verifyBind(map.bindAttr(argName), argName);
          continue;
        }
        this.verifyBind(map.bindValue(argName), argName);
      }
      return;
    }

    if (tree.isOperation()) {
      const op = this.getDialectOp(tree);
      const numOpArgs = op.getNumArgs();
      let numEither = 0;
      let numDirectives = 0;
      for (let i = numTreeArgs - 1; i >= 0; i--) {
        const d = tree.getArgAsNestedDag(i);
        if (!d) continue;
        if (d.isLocationDirective() || d.isReturnTypeDirective()) numDirectives++;
        else if (d.isEither()) numEither++;
      }
      if (numOpArgs !== numTreeArgs - numDirectives + numEither) {
        fatalAtRecord(
          this.def,
          `op '${op.getOperationName()}' argument number mismatch: ${numTreeArgs + numEither} in pattern vs. ${numOpArgs} in definition`,
        );
      }
      if (treeName !== '') this.verifyBind(map.bindOpResult(treeName, op), treeName);

      const inEither = (sub: DagNode, start: number): void => {
        let opArgIdx = start;
        for (let i = 0; i < sub.getNumArgs(); i++, opArgIdx++) {
          const st = sub.getArgAsNestedDag(i);
          if (st) {
            this.collectBoundSymbols(st, map, isSrcPattern);
            continue;
          }
          const argName = sub.getArgName(i);
          if (argName !== '' && argName !== '_') this.verifyBind(map.bindOpArgument(tree, argName, op, opArgIdx), argName);
        }
      };
      const inVariadic = (sub: DagNode, opArgIdx: number): void => {
        const name = sub.getSymbol();
        if (name !== '') this.verifyBind(map.bindOpArgument(tree, name, op, opArgIdx, undefined), name);
        for (let i = 0; i < sub.getNumArgs(); i++) {
          const st = sub.getArgAsNestedDag(i);
          if (st) {
            this.collectBoundSymbols(st, map, isSrcPattern);
            continue;
          }
          const argName = sub.getArgName(i);
          if (argName !== '' && argName !== '_') this.verifyBind(map.bindOpArgument(tree, argName, op, opArgIdx, i), argName);
        }
      };

      for (let i = 0, opArgIdx = 0; i !== numTreeArgs; i++, opArgIdx++) {
        const child = tree.getArgAsNestedDag(i);
        if (child) {
          if (child.isEither()) {
            inEither(child, opArgIdx);
            opArgIdx++;
          } else if (child.isVariadic()) {
            inVariadic(child, opArgIdx);
          } else {
            this.collectBoundSymbols(child, map, isSrcPattern);
          }
          continue;
        }
        if (isSrcPattern) {
          const argName = tree.getArgName(i);
          if (argName !== '' && argName !== '_') this.verifyBind(map.bindOpArgument(tree, argName, op, opArgIdx), argName);
        }
      }
      return;
    }

    if (treeName !== '')
      fatalAtRecord(this.def, `binding symbol '${treeName}' to non-operation/native code call unsupported right now`);
  }
}
