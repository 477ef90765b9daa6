// The generic automata of llvm/TableGen/Automaton.td: typed views over a `GenericAutomaton`
// (its transition class and symbol fields, with C++ type overrides `TypeOf_<field>`) and over
// the `Transition` records of its class (the resource bits each sets and its action tuple).
import { BitInit, IntRecTy, type Record, RecordRecTy, StringRecTy, fatalAt } from '@ods-ts/tablegen-core';

/** One symbol of an action: a record, an unsigned or a string. */
export type ActionSymbol = { readonly kind: 'record'; readonly def: Record } | { readonly kind: 'unsigned'; readonly value: number } | { readonly kind: 'string'; readonly value: string };

/** A `GenericAutomaton` def. */
export class GenericAutomaton {
  /** `SymbolFields`: the fields of a transition that make its action. */
  readonly symbolFields: readonly string[];

  constructor(readonly def: Record) {
    this.symbolFields = def.getValueAsListOfStrings('SymbolFields');
  }

  get name(): string {
    return this.def.getName();
  }

  /** `TransitionClass`: the class of the transitions. */
  get transitionClass(): string {
    return this.def.getValueAsString('TransitionClass');
  }

  /** `TypeOf_<field>` when the automaton overrides the C++ type of a symbol, else ''. */
  typeOverride(field: string): string {
    const name = `TypeOf_${field}`;
    return this.def.getValue(name) ? this.def.getValueAsString(name) : '';
  }
}

/** A record of an automaton's transition class. */
export class AutomatonTransition {
  /** `NewState`: the resource bits the transition takes. */
  readonly newState: bigint;
  readonly actions: ActionSymbol[] = [];
  /** The C++ type of each symbol. */
  readonly types: string[] = [];

  constructor(
    readonly def: Record,
    automaton: GenericAutomaton,
  ) {
    const bits = def.getValueAsBitsInit('NewState');
    // llvm-tblgen shifts past 64 bits (undefined behaviour); a located error here.
    if (bits.numBits > 64) fatalAt(def, `NewState of ${def.getName()} has ${bits.numBits} bits; at most 64 fit a state`);
    let state = 0n;
    for (let i = 0; i < bits.numBits; i++) {
      const b = bits.getBit(i);
      if (b instanceof BitInit && b.value) state |= 1n << BigInt(i);
    }
    this.newState = state;
    for (const field of automaton.symbolFields) {
      const v = def.getValue(field);
      // Where llvm-tblgen crashes (a missing field, a symbol of another type): located errors.
      if (!v) fatalAt(def, `transition ${def.getName()} of automaton ${automaton.name} has no symbol field '${field}'`);
      if (v.type instanceof RecordRecTy) {
        this.actions.push({ kind: 'record', def: def.getValueAsDef(field) });
        this.types.push(v.type.getAsString());
      } else if (v.type instanceof IntRecTy) {
        this.actions.push({ kind: 'unsigned', value: Number(BigInt.asUintN(32, def.getValueAsInt(field))) });
        this.types.push('unsigned');
      } else if (v.type instanceof StringRecTy) {
        this.actions.push({ kind: 'string', value: def.getValueAsString(field) });
        this.types.push('std::string');
      } else {
        fatalAt(def, `symbol field '${field}' of ${def.getName()} is of type ${v.type.getAsString()}; a symbol is a record, an int or a string`);
      }
      const override = automaton.typeOverride(field);
      if (override !== '') this.types[this.types.length - 1] = override;
    }
  }

  /** A transition applies where none of its bits is taken yet. */
  canTransitionFrom(state: bigint): boolean {
    return (state & this.newState) === 0n;
  }
}

/** The identity of an action tuple (records by identity, values by value). */
export function actionKey(actions: readonly ActionSymbol[]): string {
  return actions.map((a) => (a.kind === 'record' ? `r${a.def.id}` : a.kind === 'unsigned' ? `u${a.value}` : `s${a.value}`)).join('\0');
}
