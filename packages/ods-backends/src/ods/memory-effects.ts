// llvm's MemoryEffects (llvm/Support/ModRef.h, LLVM 22): for each memory location, whether a
// function may read it (Ref), write it (Mod), both or neither, packed two bits a location.
// Used by the intrinsics model (IntrNoMem, IntrReadMem, IntrArgMemOnly, ...).

/** ModRefInfo: bit 0 Ref, bit 1 Mod. */
export enum ModRef {
  NoModRef = 0,
  Ref = 1,
  Mod = 2,
  ModRef = 3,
}

/** IRMemLocation, in llvm's order (the bit position is twice the location). */
export enum MemoryLocation {
  ArgMem,
  InaccessibleMem,
  ErrnoMem,
  Other,
  TargetMem0,
  TargetMem1,
}

const LOCATION_NAMES = ['ArgMem', 'InaccessibleMem', 'ErrnoMem', 'Other', 'TargetMem0', 'TargetMem1'] as const;
const MOD_REF_NAMES = ['NoModRef', 'Ref', 'Mod', 'ModRef'] as const;
const LOCATIONS = LOCATION_NAMES.length;

/** Every location with the same ModRef. */
function all(mr: ModRef): number {
  let v = 0;
  for (let loc = 0; loc < LOCATIONS; loc++) v |= mr << (2 * loc);
  return v;
}

export class MemoryEffects {
  private constructor(private readonly data: number) {}

  static unknown(): MemoryEffects {
    return new MemoryEffects(all(ModRef.ModRef));
  }
  static none(): MemoryEffects {
    return new MemoryEffects(0);
  }
  static readOnly(): MemoryEffects {
    return new MemoryEffects(all(ModRef.Ref));
  }
  static writeOnly(): MemoryEffects {
    return new MemoryEffects(all(ModRef.Mod));
  }
  /** Only `loc`, read and written (argMemOnly, inaccessibleMemOnly). */
  static only(loc: MemoryLocation, mr: ModRef = ModRef.ModRef): MemoryEffects {
    return new MemoryEffects(mr << (2 * loc));
  }

  getModRef(loc: MemoryLocation): ModRef {
    return ((this.data >> (2 * loc)) & 3) as ModRef;
  }
  withModRef(loc: MemoryLocation, mr: ModRef): MemoryEffects {
    return new MemoryEffects((this.data & ~(3 << (2 * loc))) | (mr << (2 * loc)));
  }
  intersect(o: MemoryEffects): MemoryEffects {
    return new MemoryEffects(this.data & o.data);
  }
  union(o: MemoryEffects): MemoryEffects {
    return new MemoryEffects(this.data | o.data);
  }
  equals(o: MemoryEffects): boolean {
    return this.data === o.data;
  }
  /** The ModRef of all locations together. */
  private anyModRef(): ModRef {
    let mr = 0;
    for (let loc = 0; loc < LOCATIONS; loc++) mr |= this.getModRef(loc);
    return mr as ModRef;
  }
  doesNotAccessMemory(): boolean {
    return this.data === 0;
  }
  onlyReadsMemory(): boolean {
    return (this.anyModRef() & ModRef.Mod) === 0;
  }
  onlyWritesMemory(): boolean {
    return (this.anyModRef() & ModRef.Ref) === 0;
  }
  toIntValue(): number {
    return this.data;
  }
  /** As llvm prints it: `ArgMem: NoModRef, InaccessibleMem: Ref, ...`. */
  toString(): string {
    return LOCATION_NAMES.map((name, loc) => `${name}: ${MOD_REF_NAMES[this.getModRef(loc)]}`).join(', ');
  }
}
