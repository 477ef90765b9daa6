// MemoryEffects as llvm packs and prints them (two bits a location, six locations).
import { describe, expect, it } from 'vitest';
import { MemoryEffects, MemoryLocation, ModRef } from './memory-effects.js';

describe('MemoryEffects', () => {
  it('packs the usual sets as llvm does', () => {
    expect(MemoryEffects.none().toIntValue()).toBe(0);
    expect(MemoryEffects.readOnly().toIntValue()).toBe(1365);
    expect(MemoryEffects.writeOnly().toIntValue()).toBe(2730);
    expect(MemoryEffects.only(MemoryLocation.InaccessibleMem).toIntValue()).toBe(12);
  });

  it('narrows by intersection and reports what is read or written', () => {
    const argRead = MemoryEffects.unknown().intersect(MemoryEffects.readOnly()).intersect(MemoryEffects.only(MemoryLocation.ArgMem));
    expect(argRead.toIntValue()).toBe(1);
    expect(argRead.onlyReadsMemory()).toBe(true);
    expect(argRead.onlyWritesMemory()).toBe(false);
    expect(MemoryEffects.none().onlyReadsMemory() && MemoryEffects.none().onlyWritesMemory()).toBe(true);
  });

  it('prints every location with its ModRef', () => {
    const me = MemoryEffects.writeOnly().withModRef(MemoryLocation.TargetMem0, ModRef.ModRef).intersect(MemoryEffects.only(MemoryLocation.TargetMem0).union(MemoryEffects.only(MemoryLocation.ArgMem, ModRef.Ref)));
    expect(me.toString()).toBe('ArgMem: NoModRef, InaccessibleMem: NoModRef, ErrnoMem: NoModRef, Other: NoModRef, TargetMem0: ModRef, TargetMem1: NoModRef');
  });
});
