// Evaluation: folding of bang operators (`!add`, `!foreach`, `!cast`, ...) once their operands
// are known, with llvm-tblgen 22's semantics and error messages.
import {
  BinOp,
  BinOpInit,
  modelAllocations,
  BitInit,
  CondOpInit,
  DagInit,
  DefInit,
  ExistsOpInit,
  FoldOpInit,
  Init,
  InstancesOpInit,
  IntInit,
  IntRecTy,
  IsAOpInit,
  ListInit,
  ListRecTy,
  MapResolver,
  checkListSize,
  mentions,
  Record,
  RecordRecTy,
  StringInit,
  StringRecTy,
  TernOp,
  TernOpInit,
  TypedInit,
  UnOp,
  UnOpInit,
  UnsetInit,
  VarInit,
  errorAt,
  fatalAt,
  fatalNoLoc,
  AnonymousNameInit,
  activeKeeper,
  MAX_LIST_SIZE,
} from './records.js';
import { printRecord } from './printer.js';
import { compilePosixRegex } from './regex.js';


function asInt(v: Init): IntInit | undefined {
  const c = v.convertInitializerTo(IntRecTy.get());
  return c instanceof IntInit ? c : undefined;
}

/** ASCII-only case mapping, like StringRef::lower/upper. */
function asciiLower(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}
function asciiUpper(s: string): string {
  return s.replace(/[a-z]+/g, (m) => m.toUpperCase());
}

export function foldUnOp(op: UnOpInit, curRec: Record | undefined, isFinal: boolean): Init {
  const lhs = op.lhs;
  switch (op.opc) {
    case UnOp.REPR:
      if (lhs.isConcrete()) {
        if (lhs instanceof DefInit) return StringInit.get(printRecord(lhs.def));
        return StringInit.get(lhs.getAsString());
      }
      break;
    case UnOp.TOLOWER:
      if (lhs instanceof StringInit) return StringInit.get(asciiLower(lhs.value));
      break;
    case UnOp.TOUPPER:
      if (lhs instanceof StringInit) return StringInit.get(asciiUpper(lhs.value));
      break;
    case UnOp.CAST: {
      const ty = op.type;
      if (ty === StringRecTy.get()) {
        if (lhs instanceof StringInit) return lhs;
        if (lhs instanceof DefInit) return StringInit.get(lhs.getAsString());
        const i = asInt(lhs);
        if (i) return StringInit.get(i.getAsString());
      } else if (ty instanceof RecordRecTy) {
        if (lhs instanceof StringInit) {
          const keeper = activeKeeper();
          let d = keeper.getDef(lhs.value);
          if (!d && curRec) {
            const anon = curRec.name instanceof AnonymousNameInit ? curRec.name : undefined;
            if (lhs === curRec.name || (anon && lhs === anon.getNameInit())) {
              if (!isFinal) break;
              d = curRec;
            }
          }
          if (!d) {
            if (isFinal) fatalAt(curRec, `Undefined reference to record: '${lhs.value}'\n`);
            break;
          }
          const di = DefInit.get(d);
          if (!di.type.typeIsA(ty)) {
            fatalAt(
              curRec,
              `Expected type '${ty.getAsString()}', got '${di.type.getAsString()}' in: ${op.getAsString()}\n`,
            );
          }
          return di;
        }
      }
      const n = lhs.convertInitializerTo(ty);
      if (n) return n;
      break;
    }
    case UnOp.NOT: {
      const i = asInt(lhs);
      if (i) return IntInit.get(i.value !== 0n ? 0n : 1n);
      break;
    }
    case UnOp.HEAD:
      if (lhs instanceof ListInit) {
        if (lhs.size === 0) fatalAt(curRec, 'empty list in !head');
        return lhs.elements[0]!;
      }
      break;
    case UnOp.TAIL:
      if (lhs instanceof ListInit) {
        if (lhs.size === 0) fatalAt(curRec, 'empty list in !tail');
        return ListInit.get(lhs.elements.slice(1), lhs.elementType);
      }
      break;
    case UnOp.SIZE:
      if (lhs instanceof ListInit) return IntInit.get(lhs.size);
      if (lhs instanceof DagInit) return IntInit.get(lhs.numArgs);
      if (lhs instanceof StringInit) return IntInit.get(lhs.value.length);
      break;
    case UnOp.EMPTY:
      if (lhs instanceof ListInit) return IntInit.get(lhs.size === 0 ? 1n : 0n);
      if (lhs instanceof DagInit) return IntInit.get(lhs.numArgs === 0 ? 1n : 0n);
      if (lhs instanceof StringInit) return IntInit.get(lhs.value.length === 0 ? 1n : 0n);
      break;
    case UnOp.GETDAGOP:
      if (lhs instanceof DagInit) {
        if (!(lhs.operator instanceof DefInit)) fatalAt(curRec, 'Expected record as operator');
        const di = lhs.operator;
        if (!di.type.typeIsA(op.type)) {
          fatalAt(
            curRec,
            `Expected type '${op.type.getAsString()}', got '${di.type.getAsString()}' in: ${op.getAsString()}\n`,
          );
        }
        return di;
      }
      break;
    case UnOp.GETDAGOPNAME:
      if (lhs instanceof DagInit) return lhs.opName ?? UnsetInit.get();
      break;
    case UnOp.LOG2: {
      const i = asInt(lhs);
      if (i) {
        if (i.value <= 0n) fatalAt(curRec, 'Illegal operation: logtwo is undefined on arguments less than or equal to 0');
        return IntInit.get(BigInt(i.value.toString(2).length - 1));
      }
      break;
    }
    case UnOp.LISTFLATTEN:
      if (lhs instanceof ListInit) {
        if (!(lhs.elementType instanceof ListRecTy)) return lhs;
        const out: Init[] = [];
        for (const e of lhs.elements) {
          if (!(e instanceof ListInit)) return op;
          out.push(...e.elements);
        }
        return ListInit.get(out, lhs.elementType.elementType);
      }
      break;
    case UnOp.INITIALIZED:
      if (lhs instanceof UnsetInit) return IntInit.get(0n);
      if (lhs.isConcrete()) return IntInit.get(1n);
      break;
  }
  return op;
}

/** `a <opc> b` for the ordered comparisons; undefined for other operators. */
function compareOrdered<T extends bigint | string>(opc: BinOp, a: T, b: T): boolean | undefined {
  switch (opc) {
    case BinOp.EQ: return a === b;
    case BinOp.NE: return a !== b;
    case BinOp.LE: return a <= b;
    case BinOp.LT: return a < b;
    case BinOp.GE: return a >= b;
    case BinOp.GT: return a > b;
    default: return undefined;
  }
}

/** Compare two values for !eq/!ne/!lt/...; undefined when they are not comparable yet. */
function compareInit(opc: BinOp, lhs: Init, rhs: Init): boolean | undefined {
  const li = asInt(lhs);
  const ri = asInt(rhs);
  if (li && ri) return compareOrdered(opc, li.value, ri.value);
  if (lhs instanceof StringInit && rhs instanceof StringInit) return compareOrdered(opc, lhs.value, rhs.value);
  if (opc === BinOp.EQ || opc === BinOp.NE) {
    if (lhs instanceof DefInit && rhs instanceof DefInit) return opc === BinOp.EQ ? lhs === rhs : lhs !== rhs;
  }
  return undefined;
}

function dagArgNo(dag: DagInit, key: Init): { no?: number; error?: string } {
  if (key instanceof IntInit) {
    const pos = key.value;
    if (pos < 0n) return { error: `index ${pos} is negative` };
    if (pos >= BigInt(dag.numArgs)) return { error: `index ${pos} is out of range (dag has ${dag.numArgs} arguments)` };
    return { no: Number(pos) };
  }
  const name = (key as StringInit).value;
  const no = dag.getArgNo(name);
  if (no === undefined) return { error: `key '${name}' is not found` };
  return { no };
}

function interleaveStrings(list: ListInit, delim: StringInit): Init | undefined {
  if (list.size === 0) return StringInit.get('');
  let out = '';
  let isCode = false;
  for (let i = 0; i < list.size; i++) {
    const e = list.elements[i];
    if (!(e instanceof StringInit)) return undefined;
    if (i > 0) out += delim.value;
    out += e.value;
    if (i > 0) isCode ||= e.isCode;
  }
  return StringInit.get(out, isCode);
}

function interleaveInts(list: ListInit, delim: StringInit): Init | undefined {
  if (list.size === 0) return StringInit.get('');
  const parts: string[] = [];
  for (const e of list.elements) {
    const i = asInt(e);
    if (!i) return undefined;
    parts.push(i.getAsString());
  }
  return StringInit.get(parts.join(delim.value));
}

/**
 * The most frequent folds, on operands alone (no BinOpInit needed): string and list
 * concatenation, list indexing and comparisons of strings or ints. Resolving an operator whose
 * operands became values folds through here without interning the operator first (a cold build
 * over MLIR's dialects folds ~200,000 such operators). Undefined when `foldBinOp` must decide.
 */
export function foldBinOpOperands(opc: BinOp, lhs: Init, rhs: Init): Init | undefined {
  switch (opc) {
    case BinOp.STRCONCAT:
      if (lhs instanceof StringInit && rhs instanceof StringInit)
        return StringInit.get(lhs.value + rhs.value, StringInit.determineFormat(lhs.isCode, rhs.isCode));
      return undefined;
    case BinOp.LISTCONCAT:
      if (lhs instanceof ListInit && rhs instanceof ListInit) return ListInit.get(lhs.elements.concat(rhs.elements), lhs.elementType);
      return undefined;
    case BinOp.LISTELEM: {
      if (!(lhs instanceof ListInit) || !(rhs instanceof IntInit)) return undefined;
      const i = rhs.value;
      if (i < 0n || i >= BigInt(lhs.size)) return undefined;
      return lhs.elements[Number(i)]!;
    }
    case BinOp.EQ:
    case BinOp.NE:
    case BinOp.LE:
    case BinOp.LT:
    case BinOp.GE:
    case BinOp.GT: {
      const r = compareInit(opc, lhs, rhs);
      return r === undefined ? undefined : BitInit.get(r);
    }
    default:
      return undefined;
  }
}

export function foldBinOp(op: BinOpInit, curRec: Record | undefined): Init {
  const { lhs, rhs } = op;
  const quick = foldBinOpOperands(op.opc, lhs, rhs);
  if (quick) return quick;
  switch (op.opc) {
    case BinOp.CONCAT: {
      if (lhs instanceof DagInit && rhs instanceof DagInit) {
        const lop = lhs.operator instanceof DefInit ? lhs.operator : undefined;
        const rop = rhs.operator instanceof DefInit ? rhs.operator : undefined;
        if ((!lop && !(lhs.operator instanceof UnsetInit)) || (!rop && !(rhs.operator instanceof UnsetInit))) break;
        if (lop && rop && lop.def !== rop.def) {
          fatalNoLoc(`Concatenated Dag operators do not match: '${lhs.getAsString()}' vs. '${rhs.getAsString()}'`);
        }
        const opr: Init = lop ?? rop ?? UnsetInit.get();
        return DagInit.get(opr, lhs.opName ?? rhs.opName, lhs.args.concat(rhs.args), lhs.argNames.concat(rhs.argNames));
      }
      break;
    }
    case BinOp.LISTSPLAT:
      if (lhs instanceof TypedInit && rhs instanceof IntInit) {
        if (rhs.value < 0n) fatalNoLoc(`!listsplat count ${rhs.value} is negative`);
        if (rhs.value > BigInt(MAX_LIST_SIZE)) fatalAt(curRec, `!listsplat count ${rhs.value} is too large`);
        const n = Number(rhs.value);
        return ListInit.get(new Array<Init>(n).fill(lhs), lhs.type);
      }
      break;
    case BinOp.LISTREMOVE:
      if (lhs instanceof ListInit && rhs instanceof ListInit) {
        const out = lhs.elements.filter((l) => !rhs.elements.some((r) => compareInit(BinOp.EQ, l, r) === true));
        return ListInit.get(out, lhs.elementType);
      }
      break;
    case BinOp.LISTSLICE: {
      if (!(lhs instanceof ListInit) || !(rhs instanceof ListInit)) break;
      const out: Init[] = [];
      for (const e of rhs.elements) {
        if (!(e instanceof IntInit)) return op;
        if (e.value < 0n || e.value >= BigInt(lhs.size)) return op;
        out.push(lhs.elements[Number(e.value)]!);
      }
      return ListInit.get(out, lhs.elementType);
    }
    case BinOp.RANGEC: {
      if (!(lhs instanceof IntInit) || !(rhs instanceof IntInit)) break;
      const start = lhs.value;
      const end = rhs.value;
      const out: Init[] = [];
      checkRangeSize(start > end ? start - end : end - start, curRec);
      if (start <= end) for (let i = start; i <= end; i++) out.push(IntInit.get(i));
      else for (let i = start; i >= end; i--) out.push(IntInit.get(i));
      return ListInit.get(out, IntRecTy.get());
    }
    case BinOp.INTERLEAVE:
      if (lhs instanceof ListInit && rhs instanceof StringInit) {
        const r = lhs.elementType instanceof StringRecTy ? interleaveStrings(lhs, rhs) : interleaveInts(lhs, rhs);
        if (r) return r;
      }
      break;
    case BinOp.GETDAGARG:
      if (lhs instanceof DagInit && (rhs instanceof IntInit || rhs instanceof StringInit)) {
        const { no, error } = dagArgNo(lhs, rhs);
        if (no === undefined) fatalAt(curRec, `!getdagarg ${error}`);
        const arg = lhs.args[no]!;
        if (arg instanceof TypedInit && !arg.type.typeIsConvertibleTo(op.type)) return UnsetInit.get();
        return arg;
      }
      break;
    case BinOp.GETDAGNAME:
      if (lhs instanceof DagInit && rhs instanceof IntInit) {
        const pos = rhs.value;
        if (pos < 0n || pos >= BigInt(lhs.numArgs)) {
          fatalAt(curRec, `!getdagname index is out of range 0...${(lhs.numArgs - 1) >>> 0}: ${pos}`);
        }
        return lhs.argNames[Number(pos)] ?? UnsetInit.get();
      }
      break;
    case BinOp.SETDAGOP:
      if (lhs instanceof DagInit && rhs instanceof DefInit)
        return DagInit.get(rhs, undefined, lhs.args, lhs.argNames);
      break;
    case BinOp.SETDAGOPNAME:
      if (lhs instanceof DagInit && (rhs instanceof StringInit || rhs instanceof UnsetInit))
        return DagInit.get(lhs.operator, rhs instanceof StringInit ? rhs : undefined, lhs.args, lhs.argNames);
      break;
    case BinOp.MATCH:
      if (lhs instanceof StringInit && rhs instanceof StringInit) {
        const re = compilePosixRegex(rhs.value);
        if (!re) fatalNoLoc(`invalid regex '${rhs.value}'`);
        return BitInit.get(re.test(lhs.value));
      }
      break;
    case BinOp.ADD:
    case BinOp.SUB:
    case BinOp.MUL:
    case BinOp.DIV:
    case BinOp.AND:
    case BinOp.OR:
    case BinOp.XOR:
    case BinOp.SHL:
    case BinOp.SRA:
    case BinOp.SRL: {
      const li = asInt(lhs);
      const ri = asInt(rhs);
      if (li && ri) {
        const a = li.value;
        const b = ri.value;
        let r: bigint;
        switch (op.opc) {
          case BinOp.ADD: r = a + b; break;
          case BinOp.SUB: r = a - b; break;
          case BinOp.MUL: r = a * b; break;
          case BinOp.DIV:
            if (b === 0n) fatalAt(curRec, 'Illegal operation: division by zero');
            if (a === -(1n << 63n) && b === -1n) fatalAt(curRec, 'Illegal operation: INT64_MIN / -1');
            r = a / b;
            break;
          case BinOp.AND: r = a & b; break;
          case BinOp.OR: r = a | b; break;
          case BinOp.XOR: r = a ^ b; break;
          case BinOp.SHL:
          case BinOp.SRA:
          case BinOp.SRL: {
            if (b < 0n || b >= 64n) fatalAt(curRec, 'Illegal operation: out of bounds shift');
            if (op.opc === BinOp.SHL) r = a << b;
            else if (op.opc === BinOp.SRA) r = a >> b;
            else r = BigInt.asUintN(64, a) >> b;
            break;
          }
          default:
            r = 0n;
            break;
        }
        return IntInit.get(BigInt.asIntN(64, r));
      }
      break;
    }
  }
  return op;
}

/** Guard against ranges that would exhaust memory (llvm-tblgen would crash). */
function checkRangeSize(n: bigint, curRec: Record | undefined): void {
  if (n > BigInt(MAX_LIST_SIZE)) fatalAt(curRec, `range of ${n} elements is too large`);
}

function itemApply(lhs: Init, item: Init, rhs: Init, curRec: Record | undefined): Init {
  const r = new MapResolver(curRec);
  r.set(lhs, item);
  return rhs.resolveReferences(r);
}

function foreachDagApply(lhs: Init, dag: DagInit, rhs: Init, curRec: Record | undefined): Init {
  let changed = false;
  const val = itemApply(lhs, dag.operator, rhs, curRec);
  if (val !== dag.operator) changed = true;
  const args: Init[] = [];
  for (const arg of dag.args) {
    const n = arg instanceof DagInit ? foreachDagApply(lhs, arg, rhs, curRec) : itemApply(lhs, arg, rhs, curRec);
    args.push(n);
    if (n !== arg) changed = true;
  }
  return changed ? DagInit.get(val, undefined, args, dag.argNames) : dag;
}

export function foldTernOp(op: TernOpInit, curRec: Record | undefined): Init {
  const { lhs, mhs, rhs } = op;
  switch (op.opc) {
    case TernOp.SUBST: {
      if (lhs instanceof DefInit && mhs instanceof DefInit && rhs instanceof DefInit) {
        return lhs.getAsString() === rhs.getAsString() ? mhs : rhs;
      }
      if (lhs instanceof VarInit && mhs instanceof VarInit && rhs instanceof VarInit) {
        const name = lhs.getAsString() === rhs.getAsString() ? mhs.name : rhs.name;
        return VarInit.get(name, op.type);
      }
      if (lhs instanceof StringInit && mhs instanceof StringInit && rhs instanceof StringInit) {
        const from = lhs.value;
        const to = mhs.value;
        // llvm-tblgen loops forever on an empty pattern; report it instead.
        if (from.length === 0) fatalAt(curRec, '!subst pattern must not be an empty string');
        return StringInit.get(rhs.value.split(from).join(to));
      }
      break;
    }
    case TernOp.FOREACH:
      if (mhs instanceof DagInit) return foreachDagApply(lhs, mhs, rhs, curRec);
      if (mhs instanceof ListInit) {
        const out = mhs.elements.map((item) => itemApply(lhs, item, rhs, curRec));
        return ListInit.get(out, (op.type as ListRecTy).elementType);
      }
      break;
    case TernOp.FILTER:
      if (mhs instanceof ListInit) {
        const out: Init[] = [];
        for (const item of mhs.elements) {
          const inc = itemApply(lhs, item, rhs, curRec);
          const i = asInt(inc);
          if (!i) return op;
          if (i.value !== 0n) out.push(item);
        }
        return ListInit.get(out, (op.type as ListRecTy).elementType);
      }
      break;
    case TernOp.IF: {
      const i = asInt(lhs);
      if (i) return i.value !== 0n ? mhs : rhs;
      break;
    }
    case TernOp.DAG: {
      const ml = mhs instanceof ListInit ? mhs : undefined;
      const rl = rhs instanceof ListInit ? rhs : undefined;
      const mok = ml || mhs instanceof UnsetInit;
      const rok = rl || rhs instanceof UnsetInit;
      if (mhs instanceof UnsetInit && rhs instanceof UnsetInit) break;
      if (mok && rok && (!ml || !rl || ml.size === rl.size)) {
        const size = ml ? ml.size : rl!.size;
        const args: Init[] = [];
        const names: (StringInit | undefined)[] = [];
        for (let i = 0; i < size; i++) {
          const node = ml ? ml.elements[i]! : UnsetInit.get();
          const name = rl ? rl.elements[i]! : UnsetInit.get();
          if (!(name instanceof StringInit) && !(name instanceof UnsetInit)) return op;
          args.push(node);
          names.push(name instanceof StringInit ? name : undefined);
        }
        return DagInit.get(lhs, undefined, args, names);
      }
      break;
    }
    case TernOp.RANGE: {
      if (!(lhs instanceof IntInit) || !(mhs instanceof IntInit) || !(rhs instanceof IntInit)) break;
      const start = lhs.value;
      const end = mhs.value;
      const step = rhs.value;
      if (step === 0n) errorAt(curRec, "Step of !range can't be 0");
      const out: Init[] = [];
      if (start < end && step > 0n) {
        checkRangeSize((end - start) / step, curRec);
        for (let i = start; i < end; i += step) out.push(IntInit.get(i));
      } else if (start > end && step < 0n) {
        checkRangeSize((start - end) / -step, curRec);
        for (let i = start; i > end; i += step) out.push(IntInit.get(i));
      }
      return ListInit.get(out, IntRecTy.get());
    }
    case TernOp.SUBSTR:
      if (lhs instanceof StringInit && mhs instanceof IntInit && rhs instanceof IntInit) {
        const size = BigInt(lhs.value.length);
        const start = mhs.value;
        const length = rhs.value;
        if (start < 0n || start > size) {
          errorAt(curRec, `!substr start position is out of range 0...${size}: ${start}`);
          return StringInit.get('', lhs.isCode);
        }
        if (length < 0n) {
          errorAt(curRec, '!substr length must be nonnegative');
          return StringInit.get('', lhs.isCode);
        }
        const s = Number(start);
        const len = length > size ? lhs.value.length : Number(length);
        return StringInit.get(lhs.value.substr(s, len), lhs.isCode);
      }
      break;
    case TernOp.FIND:
      if (lhs instanceof StringInit && mhs instanceof StringInit && rhs instanceof IntInit) {
        const size = BigInt(lhs.value.length);
        const start = rhs.value;
        if (start < 0n || start > size) {
          errorAt(curRec, `!find start position is out of range 0...${size}: ${start}`);
          return IntInit.get(-1n);
        }
        return IntInit.get(lhs.value.indexOf(mhs.value, Number(start)));
      }
      break;
    case TernOp.SETDAGARG:
      if (lhs instanceof DagInit && (mhs instanceof IntInit || mhs instanceof StringInit)) {
        const { no, error } = dagArgNo(lhs, mhs);
        if (no === undefined) fatalAt(curRec, `!setdagarg ${error}`);
        const args = [...lhs.args];
        args[no] = rhs;
        return DagInit.get(lhs.operator, lhs.opName, args, lhs.argNames);
      }
      break;
    case TernOp.SETDAGNAME:
      if (lhs instanceof DagInit && (mhs instanceof IntInit || mhs instanceof StringInit)) {
        const { no, error } = dagArgNo(lhs, mhs);
        if (no === undefined) fatalAt(curRec, `!setdagname ${error}`);
        const names = [...lhs.argNames];
        names[no] = rhs instanceof StringInit ? rhs : undefined;
        return DagInit.get(lhs.operator, lhs.opName, lhs.args, names);
      }
      break;
  }
  return op;
}

export function foldFoldOp(op: FoldOpInit, curRec: Record | undefined): Init {
  if (op.list instanceof ListInit) {
    const elements = op.list.elements;
    let acc = op.start;
    let i = 0;
    // llvm interns every intermediate accumulator: so does a run modelling its pools.
    const appending = modelAllocations ? undefined : appendingFold(op);
    if (appending) ({ acc, next: i } = foldAppending(op, appending, elements, curRec));
    for (; i < elements.length; i++) {
      const r = new MapResolver(curRec);
      r.set(op.a, acc);
      r.set(op.b, elements[i]!);
      acc = op.expr.resolveReferences(r);
    }
    return acc;
  }
  return op;
}

/**
 * The pieces a `!foldl` appends to its accumulator, when its expression only appends to it:
 * `acc # a # b` / `!strconcat(acc, a, b)` on strings, `!listconcat(acc, a)` / `acc # a` on lists
 * (a left spine of one concatenation whose leftmost operand is the accumulator, which no piece
 * mentions). Such folds are evaluated by appending to one JS string or array and interning only
 * the result: interning every intermediate value costs quadratic time and memory (NVVMOps.td
 * builds 64 KB strings this way, one line at a time).
 */
function appendingFold(op: FoldOpInit): { opc: BinOp.STRCONCAT | BinOp.LISTCONCAT; pieces: Init[] } | undefined {
  let e = op.expr;
  const pieces: Init[] = [];
  let opc: BinOp.STRCONCAT | BinOp.LISTCONCAT | undefined;
  while (e instanceof BinOpInit && (e.opc === BinOp.STRCONCAT || e.opc === BinOp.LISTCONCAT) && (opc === undefined || e.opc === opc)) {
    opc = e.opc;
    pieces.push(e.rhs);
    e = e.lhs;
  }
  if (opc === undefined || !(e instanceof VarInit) || e.nameInit !== op.a) return undefined;
  if (opc === BinOp.STRCONCAT ? !(op.start instanceof StringInit) : !(op.start instanceof ListInit)) return undefined;
  if (pieces.some((p) => mentions(p, op.a))) return undefined;
  return { opc, pieces: pieces.reverse() };
}

/**
 * Runs an appending fold (appendingFold) over `elements` while every piece resolves to a value
 * that concatenation folds (a string, a list); the accumulator, interned, and the index of the
 * first element left to the generic evaluation (when a piece does not fold, or mentions the
 * accumulator after substitution). Each step's result equals the generic one: a string's
 * `isCode` is that of any piece, a list keeps the start's element type, and a list past
 * MAX_LIST_SIZE fails at the same step with the same size.
 */
function foldAppending(
  op: FoldOpInit,
  { opc, pieces }: { opc: BinOp.STRCONCAT | BinOp.LISTCONCAT; pieces: Init[] },
  elements: readonly Init[],
  curRec: Record | undefined,
): { acc: Init; next: number } {
  const start = op.start;
  let str = start instanceof StringInit ? start.value : '';
  let isCode = start instanceof StringInit && start.isCode;
  const list: Init[] = start instanceof ListInit ? [...start.elements] : [];
  const accumulated = (): Init => (opc === BinOp.STRCONCAT ? StringInit.get(str, isCode) : ListInit.get(list, (start as ListInit).elementType));
  let i = 0;
  for (; i < elements.length; i++) {
    const e = elements[i]!;
    if (mentions(e, op.a)) break;
    const r = new MapResolver(curRec);
    r.set(op.b, e);
    const values: Init[] = [];
    for (const p of pieces) {
      const v = p.resolveReferences(r);
      if (opc === BinOp.STRCONCAT ? !(v instanceof StringInit) : !(v instanceof ListInit)) break;
      values.push(v);
    }
    if (values.length < pieces.length) break;
    for (const v of values) {
      if (v instanceof StringInit) {
        str += v.value;
        isCode ||= v.isCode;
      } else {
        for (const x of (v as ListInit).elements) list.push(x);
        checkListSize(list.length);
      }
    }
  }
  return { acc: accumulated(), next: i };
}

export function foldIsAOp(op: IsAOpInit): Init {
  const e = op.expr;
  if (e instanceof TypedInit) {
    if (e.type.typeIsConvertibleTo(op.checkType)) return IntInit.get(1n);
    if (op.checkType instanceof RecordRecTy) {
      // A record may derive from unrelated classes too, so only a concrete value (or a def)
      // whose type excludes the target proves the answer is 0.
      if ((!op.checkType.typeIsConvertibleTo(e.type) && e.isConcrete()) || e instanceof DefInit) return IntInit.get(0n);
    } else {
      return IntInit.get(0n);
    }
  }
  return op;
}

export function foldExistsOp(op: ExistsOpInit, curRec: Record | undefined, isFinal: boolean): Init {
  const name = op.expr;
  if (name instanceof StringInit) {
    const d = activeKeeper().getDef(name.value);
    if (d) return IntInit.get(DefInit.get(d).type.typeIsA(op.checkType) ? 1n : 0n);
    if (curRec) {
      const anon = curRec.name instanceof AnonymousNameInit ? curRec.name : undefined;
      if (name === curRec.name || (anon && name === anon.getNameInit())) {
        if (!isFinal) return op;
        return IntInit.get(curRec.getType().typeIsA(op.checkType) ? 1n : 0n);
      }
    }
    if (isFinal) return IntInit.get(0n);
  }
  return op;
}

export function foldInstancesOp(op: InstancesOpInit, curRec: Record | undefined, isFinal: boolean): Init {
  // Outside a record (a global defvar) it folds at once, over the defs so far.
  if (curRec && !isFinal) return op;
  const regex = op.regex;
  if (!(regex instanceof StringInit)) return op;
  const re = compilePosixRegex(regex.value);
  if (!re) fatalNoLoc(`invalid regex '${regex.value}'`);
  const keeper = activeKeeper();
  const out: Init[] = [];
  for (const d of keeper.sortedDefs()) {
    if (d === curRec) continue;
    const di = DefInit.get(d);
    if (di.type.typeIsA(op.checkType) && re.test(d.getName())) out.push(di);
  }
  return ListInit.get(out, op.checkType);
}

export function foldCondOp(op: CondOpInit, curRec: Record | undefined): Init {
  for (let i = 0; i < op.conds.length; i++) {
    const c = asInt(op.conds[i]!);
    if (!c) return op;
    if (c.value !== 0n) {
      // llvm-tblgen returns a null value when the chosen value does not convert to the type
      // of the !cond (e.g. 63 for bits<3>): a field set to it stays `?`, and later uses crash.
      // We return `?`, which prints the same.
      return op.vals[i]!.convertInitializerTo(op.valType) ?? UnsetInit.get();
    }
  }
  fatalAt(curRec, `${curRec ? curRec.getNameInitAsString() : ''} does not have any true condition in:${op.getAsString()}`);
}

