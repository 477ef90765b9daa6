// The intrinsics model of llvm/IR/Intrinsics.td (llvm's CodeGenIntrinsics): typed views over the
// `Intrinsic` defs — LLVM name, enum name, target prefix, overloading, builtin names, type
// signature, function and argument attributes, memory effects — and the table of them all sorted
// as LLVM numbers them (target-independent first, then by name), split into target sets, with the
// checks llvm-tblgen makes on names and properties.
import {
  type Record,
  type RecordKeeper,
  DefInit,
  IntInit,
  activeDiagnostics,
  FatalError,
  fatalAt,
  fatalNoLoc,
  instantiationNotes,
} from '@ods-ts/tablegen-core';
import { MemoryEffects, MemoryLocation, ModRef } from './memory-effects.js';

/** The kinds of argument attributes, in llvm's order (CodeGenIntrinsic::ArgAttrKind). */
export enum ArgAttrKind {
  NoCapture,
  NoAlias,
  NoUndef,
  NonNull,
  Returned,
  ReadOnly,
  WriteOnly,
  ReadNone,
  ImmArg,
  Alignment,
  Dereferenceable,
  Range,
}

/** One attribute of an argument (or of the result, index 0): its kind and up to two values (uint64). */
export interface ArgAttribute {
  readonly kind: ArgAttrKind;
  readonly value: bigint;
  readonly value2: bigint;
}

/** An `ArgInfo` property: how the IR printer shows an immediate argument. */
export interface PrettyPrintFunction {
  readonly argIdx: number;
  readonly argName: string;
  readonly funcName: string;
}

const U64 = (v: bigint) => BigInt.asUintN(64, v);

function compareAttr(a: ArgAttribute, b: ArgAttribute): number {
  if (a.kind !== b.kind) return a.kind - b.kind;
  if (a.value !== b.value) return a.value < b.value ? -1 : 1;
  if (a.value2 !== b.value2) return a.value2 < b.value2 ? -1 : 1;
  return 0;
}

/** The argument-attribute list of an intrinsic as a comparable key (llvm compares them as vectors). */
export function argAttributesKey(attrs: readonly ArgAttribute[]): string {
  return attrs.map((a) => `${a.kind}:${a.value}:${a.value2}`).join(',');
}

/** The SelectionDAG node properties an `SDPatternOperator` may list. */
const SD_NODE_PROPERTIES = new Set([
  'SDNPCommutative',
  'SDNPAssociative',
  'SDNPHasChain',
  'SDNPOutGlue',
  'SDNPInGlue',
  'SDNPOptInGlue',
  'SDNPMayStore',
  'SDNPMayLoad',
  'SDNPSideEffect',
  'SDNPMemOperand',
  'SDNPVariadic',
]);

/** An intrinsic may return up to 257 values (IIT_STRUCT counts them from 2 in one byte). */
const MAX_NUM_RETURN = 257;

/** The boolean function properties set by name. */
const FLAG_PROPERTIES: { readonly [name: string]: keyof IntrinsicFlags } = {
  Commutative: 'isCommutative',
  Throws: 'canThrow',
  IntrNoDuplicate: 'isNoDuplicate',
  IntrNoMerge: 'isNoMerge',
  IntrConvergent: 'isConvergent',
  IntrNoReturn: 'isNoReturn',
  IntrNoCallback: 'isNoCallback',
  IntrNoSync: 'isNoSync',
  IntrNoFree: 'isNoFree',
  IntrCold: 'isCold',
  IntrSpeculatable: 'isSpeculatable',
  IntrHasSideEffects: 'hasSideEffects',
  IntrStrictFP: 'isStrictFP',
  IntrNoCreateUndefOrPoison: 'isNoCreateUndefOrPoison',
};

/** The argument attributes set by class, with the value fields they carry. */
const ARG_PROPERTIES: readonly (readonly [string, ArgAttrKind, ...string[]])[] = [
  ['NoCapture', ArgAttrKind.NoCapture],
  ['NoAlias', ArgAttrKind.NoAlias],
  ['NoUndef', ArgAttrKind.NoUndef],
  ['NonNull', ArgAttrKind.NonNull],
  ['Returned', ArgAttrKind.Returned],
  ['ReadOnly', ArgAttrKind.ReadOnly],
  ['WriteOnly', ArgAttrKind.WriteOnly],
  ['ReadNone', ArgAttrKind.ReadNone],
  ['ImmArg', ArgAttrKind.ImmArg],
  ['Align', ArgAttrKind.Alignment, 'Align'],
  ['Dereferenceable', ArgAttrKind.Dereferenceable, 'Bytes'],
  ['Range', ArgAttrKind.Range, 'Lower', 'Upper'],
];

interface IntrinsicFlags {
  isCommutative: boolean;
  canThrow: boolean;
  isNoDuplicate: boolean;
  isNoMerge: boolean;
  isConvergent: boolean;
  isNoReturn: boolean;
  isNoCallback: boolean;
  isNoSync: boolean;
  isNoFree: boolean;
  isWillReturn: boolean;
  isCold: boolean;
  isSpeculatable: boolean;
  hasSideEffects: boolean;
  isStrictFP: boolean;
  isNoCreateUndefOrPoison: boolean;
}

/** An `Intrinsic` def. */
export class Intrinsic implements IntrinsicFlags {
  /** The enum name: the def's name without `int_`. */
  readonly enumName: string;
  /** `llvm.` and the name with dots, or `LLVMName`. */
  readonly name: string;
  readonly targetPrefix: string;
  readonly isOverloaded: boolean;
  /** `ClangBuiltinName` and `MSBuiltinName`, '' when absent. */
  readonly clangBuiltinName: string;
  readonly msBuiltinName: string;
  /** What the intrinsic may read and write (IntrNoMem, IntrReadMem, ...). */
  memoryEffects: MemoryEffects = MemoryEffects.unknown();
  isCommutative = false;
  canThrow = false;
  isNoDuplicate = false;
  isNoMerge = false;
  isConvergent = false;
  isNoReturn = false;
  isNoCallback = false;
  isNoSync = false;
  isNoFree = false;
  isWillReturn = false;
  isCold = false;
  isSpeculatable = false;
  hasSideEffects = false;
  isStrictFP = false;
  isNoCreateUndefOrPoison = false;
  /** Attributes by index (0: the result, i + 1: argument i), each list sorted. */
  readonly argumentAttributes: ArgAttribute[][] = [];
  readonly prettyPrintFunctions: PrettyPrintFunction[] = [];

  constructor(
    readonly def: Record,
    defaultProperties: readonly Record[] = [],
  ) {
    const defName = def.getName();
    if (!defName.startsWith('int_')) fatalAt(def, `Intrinsic '${defName}' does not start with 'int_'!`);
    this.enumName = defName.slice(4);
    this.clangBuiltinName = def.getValueAsOptionalString('ClangBuiltinName') ?? '';
    this.msBuiltinName = def.getValueAsOptionalString('MSBuiltinName') ?? '';
    this.targetPrefix = def.getValueAsString('TargetPrefix');
    const explicit = def.getValueAsString('LLVMName');
    const defaultName = `llvm.${this.enumName}`.replaceAll('_', '.');
    if (explicit === '') this.name = defaultName;
    else {
      if (!explicit.startsWith('llvm.')) fatalAt(def, `Intrinsic '${defName}'s name does not start with 'llvm.'!`);
      // llvm-tblgen notes a redundant explicit name (and goes on).
      if (explicit === defaultName) {
        activeDiagnostics()?.report('note', def.locs[0], 'Explicitly specified name matches default name, consider dropping it', instantiationNotes(def));
      }
      this.name = explicit;
    }
    if (this.targetPrefix !== '' && !this.name.slice(5).startsWith(`${this.targetPrefix}.`)) {
      fatalAt(def, `Intrinsic '${defName}' does not start with 'llvm.${this.targetPrefix}.'!`);
    }
    const numRet = def.getValueAsListInit('RetTypes').size;
    if (numRet > MAX_NUM_RETURN) {
      fatalAt(def, `intrinsics can only return upto ${MAX_NUM_RETURN} values, '${defName}' returns ${numRet} values`);
    }
    const typeInfo = def.getValueAsDef('TypeInfo');
    if (!typeInfo.isSubClassOfName('TypeInfoGen')) fatalAt(def, `TypeInfo field in ${defName} should be of subclass of TypeInfoGen!`);
    this.isOverloaded = typeInfo.getValueAsBit('isOverloaded');
    for (const t of typeInfo.getValueAsListInit('Types').elements) {
      if (!(t instanceof DefInit)) fatalNoLoc('Expected record in list!');
    }
    const props = def.getValueAsListInit('IntrProperties').elements;
    for (const p of props) {
      if (!(p instanceof DefInit)) fatalNoLoc('Expected record in list!');
      this.setProperty(p.def);
    }
    if (!def.getValueAsBit('DisableDefaultAttributes')) for (const p of defaultProperties) this.setProperty(p);
    for (const p of def.getValueAsListOfDefs('Properties')) {
      if (!SD_NODE_PROPERTIES.has(p.getName())) fatalAt(def, `Unknown SD Node property '${p.getName()}' on node '${defName}'!`);
    }
    for (const attrs of this.argumentAttributes) attrs.sort(compareAttr);
  }

  /** The type signature: TypeInfo's `TypeSig`, IIT codes (bytes). */
  typeSignature(): number[] {
    const list = this.def.getValueAsDef('TypeInfo').getValueAsListInit('TypeSig').elements;
    return list.map((e) => {
      if (!(e instanceof IntInit)) fatalAt(this.def, `TypeSig of ${this.def.getName()} is not a list of integers`);
      return Number(BigInt.asUintN(8, e.value));
    });
  }

  /** The memory effects that count: a readnone intrinsic with side effects may touch anything. */
  effectiveMemoryEffects(): MemoryEffects {
    return this.memoryEffects.doesNotAccessMemory() && this.hasSideEffects ? MemoryEffects.unknown() : this.memoryEffects;
  }

  /** Whether the intrinsic has any function attribute (nounwind is `!canThrow`). */
  hasFnAttributes(): boolean {
    return (
      !this.canThrow ||
      this.isNoReturn ||
      this.isNoCallback ||
      this.isNoSync ||
      this.isNoFree ||
      this.isWillReturn ||
      this.isCold ||
      this.isNoDuplicate ||
      this.isNoMerge ||
      this.isConvergent ||
      this.isSpeculatable ||
      this.isStrictFP ||
      this.isNoCreateUndefOrPoison ||
      !this.effectiveMemoryEffects().equals(MemoryEffects.unknown())
    );
  }

  /** The key under which intrinsics share one set of function attributes (llvm's FnAttributeComparator). */
  fnAttributesKey(): string {
    const flags = [
      this.canThrow,
      this.isNoDuplicate,
      this.isNoMerge,
      this.isNoReturn,
      this.isNoCallback,
      this.isNoSync,
      this.isNoFree,
      this.isWillReturn,
      this.isCold,
      this.isConvergent,
      this.isSpeculatable,
      this.hasSideEffects,
      this.isStrictFP,
      this.isNoCreateUndefOrPoison,
    ];
    return `${flags.map((f) => (f ? 1 : 0)).join('')}:${this.effectiveMemoryEffects().toIntValue()}`;
  }

  private setProperty(r: Record): void {
    const name = r.getName();
    const me = this.memoryEffects;
    if (name === 'IntrNoMem') this.memoryEffects = MemoryEffects.none();
    else if (name === 'IntrReadMem') {
      if (me.onlyWritesMemory()) fatalAt(this.def, 'IntrReadMem cannot be used after IntrNoMem or IntrWriteMem. Default is ReadWrite');
      this.memoryEffects = me.intersect(MemoryEffects.readOnly());
    } else if (name === 'IntrWriteMem') {
      if (me.onlyReadsMemory()) fatalAt(this.def, 'IntrWriteMem cannot be used after IntrNoMem or IntrReadMem. Default is ReadWrite');
      this.memoryEffects = me.intersect(MemoryEffects.writeOnly());
    } else if (name === 'IntrArgMemOnly') this.memoryEffects = me.intersect(MemoryEffects.only(MemoryLocation.ArgMem));
    else if (name === 'IntrInaccessibleMemOnly') this.memoryEffects = me.intersect(MemoryEffects.only(MemoryLocation.InaccessibleMem));
    else if (r.isSubClassOfName('IntrRead') || r.isSubClassOfName('IntrWrite')) {
      let mask = r.isSubClassOfName('IntrRead') ? MemoryEffects.writeOnly() : MemoryEffects.readOnly();
      for (const loc of r.getValueAsListOfDefs('MemLoc')) mask = mask.withModRef(memoryLocationOf(loc), ModRef.ModRef);
      this.memoryEffects = me.intersect(mask);
    } else if (name === 'IntrInaccessibleMemOrArgMemOnly') {
      this.memoryEffects = me.intersect(MemoryEffects.only(MemoryLocation.ArgMem).union(MemoryEffects.only(MemoryLocation.InaccessibleMem)));
    } else if (name === 'IntrWillReturn') this.isWillReturn = !this.isNoReturn;
    else if (Object.hasOwn(FLAG_PROPERTIES, name)) this[FLAG_PROPERTIES[name]!] = true;
    else {
      const arg = ARG_PROPERTIES.find(([cls]) => r.isSubClassOfName(cls));
      if (arg) {
        const [, kind, ...fields] = arg;
        const argNo = argumentIndex(r);
        const values = fields.map((f) => U64(r.getValueAsInt(f)));
        this.addArgAttribute(argNo, { kind, value: values[0] ?? 0n, value2: values[1] ?? 0n });
      } else if (r.isSubClassOfName('ArgInfo')) this.addArgInfo(r);
      else {
        // llvm-tblgen's release build falls through to reading the property's `ArgNo` (its
        // llvm_unreachable is undefined behaviour): the same error when the field is missing,
        // else a located error here.
        r.getValueAsInt('ArgNo');
        fatalAt(this.def, `unknown intrinsic property '${name}' of ${this.def.getName()}`);
      }
    }
  }

  private addArgAttribute(index: number, attr: ArgAttribute): void {
    // llvm-tblgen grows a vector to the index (up to 2^32 entries); past a million, a located error.
    if (index > 1_000_000) fatalAt(this.def, `argument index ${index} of ${this.def.getName()} is out of range`);
    while (this.argumentAttributes.length <= index) this.argumentAttributes.push([]);
    this.argumentAttributes[index]!.push(attr);
  }

  private addArgInfo(r: Record): void {
    const argNo = argumentIndex(r);
    if (argNo < 1) fatalAt(r, 'ArgInfo requires ArgNo >= 1 (0 is return value)');
    let argName = '';
    let funcName = '';
    for (const p of r.getValueAsListInit('Properties').elements) {
      if (!(p instanceof DefInit)) continue;
      if (p.def.isSubClassOfName('ArgName')) argName = p.def.getValueAsString('Name');
      else if (p.def.isSubClassOfName('ImmArgPrinter')) funcName = p.def.getValueAsString('FuncName');
      else fatalAt(p.def, `Unknown ArgProperty type: ${p.def.getName()}`);
    }
    const argIdx = argNo - 1;
    const known = this.prettyPrintFunctions.find((f) => f.argIdx === argIdx);
    if (known) fatalAt(this.def, `ArgInfo for argument ${argIdx} is already defined as '${known.funcName}'`);
    this.prettyPrintFunctions.push({ argIdx, argName, funcName });
  }
}

/**
 * A property's `ArgNo`, an unsigned in llvm: a negative one, where llvm-tblgen-22 crashes (it
 * sizes a vector by it), is a located error at the property.
 */
function argumentIndex(r: Record): number {
  const n = r.getValueAsInt('ArgNo');
  if (n < 0n) fatalAt(r, `invalid argument index ${n} in an intrinsic property`);
  return Number(U64(n) & 0xffffffffn);
}

/** The memory location an `IntrRead`/`IntrWrite` names. */
function memoryLocationOf(r: Record): MemoryLocation {
  switch (r.getName()) {
    case 'TargetMem0':
      return MemoryLocation.TargetMem0;
    case 'TargetMem1':
      return MemoryLocation.TargetMem1;
    case 'InaccessibleMem':
      return MemoryLocation.InaccessibleMem;
    default:
      return fatalAt(r, `unknown IRMemLocation: ${r.getName()}`);
  }
}

/** The intrinsics of one target prefix: a slice of the table (`""`: target independent). */
export interface TargetSet {
  readonly name: string;
  readonly offset: number;
  count: number;
}

/** Whether a name suffix could be a mangled type (`.i32`, `.v4f32`, `.p0`, ...). */
function looksLikeMangledType(suffix: string): boolean {
  if (suffix.includes('_')) return true;
  const digit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
  if (suffix.length >= 2 && (suffix[0] === 'a' || suffix[0] === 'v') && digit(suffix[1])) return true;
  if (suffix.length >= 4 && suffix.startsWith('nxv') && digit(suffix[3])) return true;
  if (suffix.length > 1 && suffix.startsWith('t')) return false;
  if (suffix.length > 1 && (suffix[0] === 'p' || suffix[0] === 'i') && [...suffix.slice(1)].every(digit)) return true;
  return ['isVoid', 'Metadata', 'f16', 'f32', 'f64', 'f80', 'f128', 'bf16', 'ppcf128', 'x86amx'].includes(suffix);
}

/** An error at a record followed by a note at another, then the end of the run. */
function fatalWithNote(rec: Record, message: string, noteAt: Record, note: string): never {
  const d = activeDiagnostics();
  d?.error(rec.locs[0], message, instantiationNotes(rec));
  const notes = [{ loc: noteAt.locs[0], message: note }, ...instantiationNotes(noteAt)];
  d?.report('note', notes[0]!.loc, note, notes.slice(1));
  throw new FatalError({ severity: 'error', loc: rec.locs[0], message, notes: [] }, true);
}

/** Every intrinsic, numbered from 1 in this order, and the target sets. */
export class IntrinsicTable {
  readonly intrinsics: Intrinsic[];
  readonly targets: TargetSet[] = [];

  constructor(records: RecordKeeper) {
    // The default properties first (the class must exist).
    const defaults = records.getAllDerivedDefinitions('IntrinsicProperty').filter((p) => p.getValueAsBit('IsDefault'));
    const ints = records.getAllDerivedDefinitions('Intrinsic').map((d) => new Intrinsic(d, defaults));
    ints.sort((a, b) => {
      const ta = a.targetPrefix !== '' ? 1 : 0;
      const tb = b.targetPrefix !== '' ? 1 : 0;
      if (ta !== tb) return ta - tb;
      if (a.name !== b.name) return a.name < b.name ? -1 : 1;
      return a.def.id - b.def.id;
    });
    this.intrinsics = ints;
    this.targets.push({ name: '', offset: 0, count: 0 });
    ints.forEach((int, i) => {
      const last = this.targets[this.targets.length - 1]!;
      if (int.targetPrefix !== last.name) {
        last.count = i - last.offset;
        this.targets.push({ name: int.targetPrefix, offset: i, count: 0 });
      }
    });
    const last = this.targets[this.targets.length - 1]!;
    last.count = ints.length - last.offset;
    this.checkDuplicates();
    this.checkTargetIndependent();
    this.checkOverloadSuffixes();
  }

  /** The intrinsics of a target set. */
  of(set: TargetSet): Intrinsic[] {
    return this.intrinsics.slice(set.offset, set.offset + set.count);
  }

  private checkDuplicates(): void {
    const ints = this.intrinsics;
    for (let i = 0; i + 1 < ints.length; i++) {
      if (ints[i]!.name === ints[i + 1]!.name) {
        fatalWithNote(ints[i + 1]!.def, `Intrinsic \`${ints[i]!.name}\` is already defined`, ints[i]!.def, 'Previous definition here');
      }
    }
  }

  /** A target-independent intrinsic may not be named like a target's (`llvm.x86.foo`). */
  private checkTargetIndependent(): void {
    const targets = new Set(this.targets.slice(1).map((t) => t.name));
    for (const int of this.of(this.targets[0]!)) {
      const prefix = int.name.slice(5).split('.')[0]!;
      if (!targets.has(prefix)) continue;
      fatalAt(int.def, `target independent intrinsic \`${int.name}' has prefix \`llvm.${prefix}\` that conflicts with intrinsics for target \`${prefix}\``);
    }
  }

  /** No intrinsic may look like a mangled overload of another (`llvm.foo.i32` beside overloaded `llvm.foo`). */
  private checkOverloadSuffixes(): void {
    const d = activeDiagnostics();
    for (const set of this.targets) {
      let overloaded: Intrinsic | undefined;
      for (const int of this.of(set)) {
        if (!overloaded) {
          if (int.isOverloaded) overloaded = int;
          continue;
        }
        const base = overloaded.name;
        if (int.name.startsWith(base) && int.name[base.length] === '.') {
          const suffix0 = int.name.slice(base.length + 1).split('.')[0]!;
          if (!looksLikeMangledType(suffix0)) continue;
          const shared = int.name.slice(0, base.length + 1 + suffix0.length);
          d?.error(int.def.locs[0], `intrinsic \`${int.name}\` cannot share prefix \`${shared}\` with another overloaded intrinsic \`${base}\``, instantiationNotes(int.def));
          d?.report('note', overloaded.def.locs[0], `Overloaded intrinsic \`${base}\` defined here`, instantiationNotes(overloaded.def));
          continue;
        }
        overloaded = undefined;
      }
    }
  }
}
