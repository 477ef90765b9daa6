// The runtime libcalls model of llvm/IR/RuntimeLibcalls.td (llvm-tblgen's RuntimeLibcalls):
// typed views over the `RuntimeLibcall` defs (what the compiler may call), the
// `RuntimeLibcallImpl` defs (functions that implement them, numbered from 1 in order of their
// function names), and the predicates that make them available.
import { type Record, type RecordKeeper, fatalAt } from '@ods-ts/tablegen-core';

/** A `RuntimeLibcall` def: an RTLIB::Libcall enumerator. */
export class RuntimeLibcall {
  constructor(
    readonly def: Record,
    readonly enumVal: number,
  ) {}

  get name(): string {
    return this.def.getName();
  }

  /** `RTLIB::<Name>`. */
  enumEntry(): string {
    return `RTLIB::${this.def.getValueAsString('Name')}`;
  }
}

/** A `RuntimeLibcallImpl` def: an RTLIB::LibcallImpl enumerator. */
export class RuntimeLibcallImpl {
  /** The libcall it implements. */
  readonly provides: RuntimeLibcall;
  /** `LibCallFuncName`: the symbol. */
  readonly funcName: string;
  /** `IsDefault`: the libcall's implementation unless a system library says otherwise. */
  readonly isDefault: boolean;

  constructor(
    readonly def: Record,
    byDef: ReadonlyMap<Record, RuntimeLibcall>,
    readonly enumVal: number,
  ) {
    const provides = byDef.get(def.getValueAsDef('Provides'));
    this.funcName = def.getValueAsString('LibCallFuncName');
    this.isDefault = def.getValueAsBit('IsDefault');
    if (!provides) {
      if (this.isDefault) fatalAt(def, 'default implementations must provide a libcall');
      // llvm-tblgen dereferences the missing libcall later (a crash); a located error here.
      fatalAt(def, `${def.getName()} does not provide a RuntimeLibcall`);
    }
    this.provides = provides;
  }

  get name(): string {
    return this.def.getName();
  }


  /** `RTLIB::impl_<def name>`. */
  enumEntry(): string {
    return `RTLIB::impl_${this.name}`;
  }
}

/** A `RuntimeLibcallPredicate` (or none): its `Cond`, empty when always available. */
export class AvailabilityPredicate {
  readonly cond: string;

  constructor(readonly def: Record | undefined) {
    this.cond = def ? def.getValueAsString('Cond') : '';
  }

  isAlwaysAvailable(): boolean {
    return this.cond === '';
  }

  /** The suffix of the table variables under this predicate (`_<def name>`). */
  tableSuffix(): string {
    return this.def ? `_${this.def.getName()}` : '';
  }
}

/** Every libcall and implementation, numbered as llvm numbers them. */
export class RuntimeLibcalls {
  readonly libcalls: RuntimeLibcall[];
  readonly impls: RuntimeLibcallImpl[] = [];
  private readonly implByDef = new Map<Record, RuntimeLibcallImpl>();

  constructor(records: RecordKeeper) {
    this.libcalls = records.getAllDerivedDefinitions('RuntimeLibcall').map((d, i) => new RuntimeLibcall(d, i));
    const byDef = new Map(this.libcalls.map((l) => [l.def, l]));
    // By function name, then by def name (byte order, not numeric).
    const keyed = records.getAllDerivedDefinitions('RuntimeLibcallImpl').map((def) => ({ def, key: [def.getValueAsString('LibCallFuncName'), def.getName()] as const }));
    keyed.sort((a, b) => cmp(a.key[0], b.key[0]) || cmp(a.key[1], b.key[1]));
    for (const { def } of keyed) {
      const impl = new RuntimeLibcallImpl(def, byDef, this.impls.length + 1);
      this.impls.push(impl);
      this.implByDef.set(def, impl);
    }
  }

  implOf(def: Record): RuntimeLibcallImpl | undefined {
    return this.implByDef.get(def);
  }
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
