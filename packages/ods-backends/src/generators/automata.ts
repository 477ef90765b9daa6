// --gen-automata (llvm-tblgen's): for each GenericAutomaton of llvm/TableGen/Automaton.td, the
// NFA its transitions make from the empty state (a transition sets resource bits not yet set),
// made deterministic, as tables: the action type, the NFA state pairs of each DFA transition
// (shared in one zero-terminated sequence table) and the DFA transitions by state and action.
import { fatalAt } from '@ods-ts/tablegen-core';
import { type ActionSymbol, AutomatonTransition, GenericAutomaton, actionKey } from '../ods/automaton.js';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { TextWriter } from '../text.js';
import { SequenceToOffsetTable } from './offset-table-util.js';

/** NFA states are bit sets; an NFA transition pair is packed as from * 2^64 + to. */
const PAIR_SHIFT = 64n;
const LOW64 = (1n << 64n) - 1n;
const compareBig = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

/** Sorted, duplicates removed. */
function sortUnique(xs: bigint[]): bigint[] {
  xs.sort(compareBig);
  return xs.filter((x, i) => i === 0 || x !== xs[i - 1]);
}

/** A DFA transition: its target and the NFA transitions it stands for. */
interface DfaTransition {
  readonly from: number;
  readonly action: number;
  readonly to: number;
  readonly info: readonly bigint[];
}

/** The nondeterministic automaton, by (state, action), and the DFA made of it by subset construction. */
class AutomatonTables {
  readonly nfaStates = new Set<bigint>();
  nfaTransitionCount = 0;
  private readonly nfa = new Map<string, bigint[]>();
  private readonly actionIds = new Set<number>();
  dfaStateCount = 0;
  readonly dfaTransitions: DfaTransition[] = [];

  addTransition(from: bigint, to: bigint, action: number): void {
    this.actionIds.add(action);
    this.nfaStates.add(from);
    this.nfaStates.add(to);
    const key = `${from}/${action}`;
    const list = this.nfa.get(key);
    if (list) list.push(to);
    else this.nfa.set(key, [to]);
    this.nfaTransitionCount++;
  }

  /** Subset construction from {0}, DFA states numbered from 1 as first reached. */
  constructDfa(): void {
    const actions = [...this.actionIds].sort((a, b) => a - b);
    const ids = new Map<string, number>();
    const states: bigint[][] = [];
    const idOf = (set: bigint[]) => {
      const key = set.join(',');
      let id = ids.get(key);
      if (id === undefined) {
        states.push(set);
        ids.set(key, (id = states.length));
      }
      return id;
    };
    idOf([0n]);
    for (let id = 1; id <= states.length; id++) {
      const set = states[id - 1]!;
      for (const action of actions) {
        const next: bigint[] = [];
        const info: bigint[] = [];
        for (const from of set) {
          for (const to of this.nfa.get(`${from}/${action}`) ?? []) {
            next.push(to);
            info.push((from << PAIR_SHIFT) | to);
          }
        }
        if (next.length === 0) continue;
        this.dfaTransitions.push({ from: id, action, to: idOf(sortUnique(next)), info: sortUnique(info) });
      }
    }
    this.dfaStateCount = states.length;
    // By (from, action): already so, states are visited in order and actions sorted.
  }
}

const printPair = (p: bigint) => `{${p >> PAIR_SHIFT}, ${p & LOW64}}`;

function printSymbol(a: ActionSymbol): string {
  if (a.kind === 'record') return a.def.getName();
  if (a.kind === 'string') return `"${a.value}"`;
  return String(a.value);
}

const TRANSITION_STRUCT = (name: string) => `// A transition in the generated ${name} DFA.
struct ${name}Transition {
  unsigned FromDfaState; // The transitioned-from DFA state.
  ${name}Action Action;       // The input symbol that causes this transition.
  unsigned ToDfaState;   // The transitioned-to DFA state.
  unsigned InfoIdx;      // Start index into ${name}TransitionInfo.
};

`;

function emitAutomaton(out: TextWriter, ctx: GeneratorContext, automaton: GenericAutomaton): void {
  const name = automaton.name;
  const transitions = ctx.records.getAllDerivedDefinitions(automaton.transitionClass).map((r) => new AutomatonTransition(r, automaton));
  // Action tuples numbered from 1 as first seen.
  const actionIds = new Map<string, number>();
  const actionTuples: (readonly ActionSymbol[])[] = [];
  const actionOf = transitions.map((t) => {
    const key = actionKey(t.actions);
    let id = actionIds.get(key);
    if (id === undefined) {
      actionTuples.push(t.actions);
      actionIds.set(key, (id = actionTuples.length));
    }
    return id;
  });
  // llvm-tblgen reads the action types of the last transition even when there is none (a crash).
  const last = transitions[transitions.length - 1];
  if (!last) fatalAt(automaton.def, `automaton ${name} has no transition of class ${automaton.transitionClass}`);

  // The NFA, breadth first from the empty state.
  const tables = new AutomatonTables();
  const seen = new Set<bigint>([0n]);
  const work: bigint[] = [0n];
  for (let head = 0; head < work.length; head++) {
    const state = work[head]!;
    transitions.forEach((t, i) => {
      if (!t.canTransitionFrom(state)) return;
      const next = state | t.newState;
      if (!seen.has(next)) {
        seen.add(next);
        work.push(next);
      }
      tables.addTransition(state, next, actionOf[i]!);
    });
  }
  tables.constructDfa();

  out.write(`// The type of an action in the ${name} automaton.\n`);
  out.write(last.types.length === 1 ? `using ${name}Action = ${last.types[0]};\n\n` : `using ${name}Action = std::tuple<${last.types.join(', ')}>;\n\n`);
  out.write(`// Input NFA has ${tables.nfaStates.size} states with ${tables.nfaTransitionCount} transitions.\n`);
  out.write(`// Generated DFA has ${tables.dfaStateCount} states with ${tables.dfaTransitions.length} transitions.\n\n`);
  out.write('// A zero-terminated sequence of NFA state transitions. Every DFA\n// transition implies a set of NFA transitions. These are referred\n');
  out.write(`// to by index in ${name}Transitions[].\n`);
  const infos = new SequenceToOffsetTable<bigint>(0n, (a, b) => a < b);
  for (const t of tables.dfaTransitions) infos.add(t.info);
  infos.layout();
  out.write(`const std::array<NfaStatePair, ${infos.size}> ${name}TransitionInfo = {{\n`);
  out.write(infos.emit(printPair, 0n));
  out.write('}};\n\n');
  out.write(TRANSITION_STRUCT(name));
  out.write('// A table of DFA transitions, ordered by {FromDfaState, Action}.\n// The initial state is 1, not zero.\n');
  out.write(`const std::array<${name}Transition, ${tables.dfaTransitions.length}> ${name}Transitions = {{\n`);
  for (const t of tables.dfaTransitions) {
    const tuple = actionTuples[t.action - 1]!;
    const symbols = tuple.map(printSymbol).join(', ');
    const action = tuple.length > 1 ? `{${symbols}}` : symbols;
    out.write(`  {${t.from}, ${action}, ${t.to}, ${infos.get(t.info)}},\n`);
  }
  out.write('\n}};\n\n');
}

function run(ctx: GeneratorContext): string {
  const out = new TextWriter();
  for (const def of ctx.records.getAllDerivedDefinitions('GenericAutomaton')) {
    const automaton = new GenericAutomaton(def);
    out.write(`#ifdef GET_${automaton.name}_DECL\n`);
    emitAutomaton(out, ctx, automaton);
    out.write(`#endif  // GET_${automaton.name}_DECL\n`);
  }
  return out.toString();
}

registerGenerator({ name: 'automata', description: 'Generate generic automata', run });
