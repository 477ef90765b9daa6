// The intrinsics model of llvm/IR/Intrinsics.td (llvm's CodeGenIntrinsics): typed views over the
// `Intrinsic` defs — LLVM name, enum name, target prefix, overloading — and the table of them all
// sorted as LLVM numbers them (target-independent first, then by name), split into target sets,
// with the checks llvm-tblgen makes on names.
import { DefInit, type Record, type RecordKeeper, activeDiagnostics, FatalError, fatalAt, fatalNoLoc, instantiationNotes } from '@ods-ts/tablegen-core';

/** An `Intrinsic` def. */
export class Intrinsic {
  /** The enum name: the def's name without `int_`. */
  readonly enumName: string;
  /** `llvm.` and the name with dots, or `LLVMName`. */
  readonly name: string;
  readonly targetPrefix: string;
  readonly isOverloaded: boolean;

  constructor(
    readonly def: Record,
    defaultProperties: readonly Record[],
  ) {
    const defName = def.getName();
    if (!defName.startsWith('int_')) fatalAt(def, `Intrinsic '${defName}' does not start with 'int_'!`);
    this.enumName = defName.slice(4);
    this.targetPrefix = def.getValueAsString('TargetPrefix');
    const explicit = def.getValueAsString('LLVMName');
    if (explicit === '') this.name = `llvm.${this.enumName}`.replaceAll('_', '.');
    else {
      if (!explicit.startsWith('llvm.')) fatalAt(def, `Intrinsic '${defName}'s name does not start with 'llvm.'!`);
      this.name = explicit;
    }
    if (this.targetPrefix !== '' && !this.name.slice(5).startsWith(`${this.targetPrefix}.`)) {
      fatalAt(def, `Intrinsic '${defName}' does not start with 'llvm.${this.targetPrefix}.'!`);
    }
    def.getValueAsListInit('RetTypes');
    const typeInfo = def.getValueAsDef('TypeInfo');
    if (!typeInfo.isSubClassOfName('TypeInfoGen')) fatalAt(def, `TypeInfo field in ${defName} should be of subclass of TypeInfoGen!`);
    this.isOverloaded = typeInfo.getValueAsBit('isOverloaded');
    // The return and parameter types, records all (a bad LLVMMatchType index leaves a value).
    for (const t of typeInfo.getValueAsListInit('Types').elements) if (!(t instanceof DefInit)) fatalNoLoc('Expected record in list!');
    checkProperties(def, defaultProperties);
  }
}

/**
 * The memory locations llvm-tblgen-22 models for an intrinsic's memory properties: whether each
 * may be read and written (all of them, before any property).
 */
const MEMORY_LOCATIONS = ['ArgMem', 'InaccessibleMem', 'ErrnoMem', 'Other', 'TargetMem0', 'TargetMem1'] as const;
type MemoryLocation = (typeof MEMORY_LOCATIONS)[number];

/** The properties that only set a flag (no field is read). */
const FLAG_PROPERTIES = new Set([
  'Commutative', 'Throws', 'IntrNoDuplicate', 'IntrNoMerge', 'IntrConvergent', 'IntrNoReturn', 'IntrNoCallback', 'IntrNoSync',
  'IntrNoFree', 'IntrWillReturn', 'IntrCold', 'IntrSpeculatable', 'IntrHasSideEffects', 'IntrStrictFP', 'IntrNoCreateUndefOrPoison',
]);

/** Argument properties and the int fields llvm-tblgen-22 reads from them, in its order. */
const ARGUMENT_PROPERTIES: readonly [string, readonly string[]][] = [
  ['NoCapture', ['ArgNo']], ['NoAlias', ['ArgNo']], ['NoUndef', ['ArgNo']], ['NonNull', ['ArgNo']], ['Returned', ['ArgNo']],
  ['ReadOnly', ['ArgNo']], ['WriteOnly', ['ArgNo']], ['ReadNone', ['ArgNo']], ['ImmArg', ['ArgNo']],
  ['Align', ['ArgNo', 'Align']], ['Dereferenceable', ['ArgNo', 'Bytes']], ['Range', ['ArgNo', 'Lower', 'Upper']],
];

/** The SelectionDAG node properties an intrinsic's `Properties` may list. */
const SD_NODE_PROPERTIES = new Set([
  'SDNPCommutative', 'SDNPAssociative', 'SDNPHasChain', 'SDNPOutGlue', 'SDNPInGlue', 'SDNPOptInGlue', 'SDNPMayStore', 'SDNPMayLoad',
  'SDNPSideEffect', 'SDNPMemOperand', 'SDNPVariadic',
]);

/**
 * The checks llvm-tblgen-22 makes while reading an intrinsic's properties (whatever the backend):
 * the fields each property must have, memory properties that contradict earlier ones, argument
 * properties and their ArgInfo lists, then the default properties unless disabled, then the
 * SelectionDAG properties. A negative argument index, where llvm-tblgen-22 crashes, is reported.
 */
function checkProperties(def: Record, defaultProperties: readonly Record[]): void {
  const memory = new Map<MemoryLocation, { ref: boolean; mod: boolean }>(MEMORY_LOCATIONS.map((l) => [l, { ref: true, mod: true }]));
  const keepOnly = (kept: readonly MemoryLocation[]) => {
    for (const [l, m] of memory) if (!kept.includes(l)) memory.set(l, { ref: false, mod: false });
  };
  const argNo = (prop: Record) => {
    const n = prop.getValueAsInt('ArgNo');
    if (n < 0n) fatalAt(prop, `invalid argument index ${n} in an intrinsic property`);
  };
  const set = (prop: Record) => {
    const name = prop.getName();
    if (name === 'IntrNoMem') keepOnly([]);
    else if (name === 'IntrReadMem') {
      if (![...memory.values()].some((m) => m.ref)) fatalAt(def, 'IntrReadMem cannot be used after IntrNoMem or IntrWriteMem. Default is ReadWrite');
      for (const m of memory.values()) m.mod = false;
    } else if (name === 'IntrWriteMem') {
      if (![...memory.values()].some((m) => m.mod)) fatalAt(def, 'IntrWriteMem cannot be used after IntrNoMem or IntrReadMem. Default is ReadWrite');
      for (const m of memory.values()) m.ref = false;
    } else if (name === 'IntrArgMemOnly') keepOnly(['ArgMem']);
    else if (name === 'IntrInaccessibleMemOnly') keepOnly(['InaccessibleMem']);
    else if (name === 'IntrInaccessibleMemOrArgMemOnly') keepOnly(['ArgMem', 'InaccessibleMem']);
    else if (FLAG_PROPERTIES.has(name)) return;
    else if (prop.isSubClassOfName('IntrRead') || prop.isSubClassOfName('IntrWrite')) {
      const read = prop.isSubClassOfName('IntrRead');
      for (const loc of prop.getValueAsListOfDefs('MemLoc')) {
        const l = memory.get(loc.getName() as MemoryLocation);
        if (!l || !['InaccessibleMem', 'TargetMem0', 'TargetMem1'].includes(loc.getName())) fatalAt(loc, `unknown IRMemLocation: ${loc.getName()}`);
        if (read) l.ref = true;
        else l.mod = true;
      }
    } else {
      const fields = ARGUMENT_PROPERTIES.find(([cls]) => prop.isSubClassOfName(cls))?.[1];
      if (fields) {
        argNo(prop);
        for (const f of fields.slice(1)) prop.getValueAsInt(f);
        return;
      }
      // Anything else is read as an ArgInfo: an argument and its printing properties.
      argNo(prop);
      for (const p of prop.getValueAsListOfDefs('Properties')) {
        if (p.isSubClassOfName('ArgName')) p.getValueAsString('Name');
        else if (p.isSubClassOfName('ImmArgPrinter')) p.getValueAsString('FuncName');
        else fatalAt(p, `Unknown ArgProperty type: ${p.getName()}`);
      }
    }
  };
  for (const prop of def.getValueAsListOfDefs('IntrProperties')) set(prop);
  if (!def.getValueAsBit('DisableDefaultAttributes')) for (const prop of defaultProperties) set(prop);
  for (const p of def.getValueAsListOfDefs('Properties')) {
    if (!SD_NODE_PROPERTIES.has(p.getName())) fatalAt(def, `Unknown SD Node property '${p.getName()}' on node '${def.getName()}'!`);
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
    // The properties are looked up first (and must exist); the default ones apply to intrinsics
    // that do not disable them.
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
