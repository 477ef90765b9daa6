// --gen-automata on small automata over LLVM 22's Automaton.td read in place; where
// llvm-tblgen-22 is installed, each case is also run through it and compared byte for byte.
import { describe, expect, it } from 'vitest';
import { HAVE_LLVM_TBLGEN, MLIR_INCLUDE, haveMlirFile, runBothOn } from '../testing/fixtures.js';

const HEAD = 'include "llvm/TableGen/Automaton.td"\nclass T : Transition { string S; }\n';

function run(src: string, compare = true) {
  const { ref, ours } = runBothOn({ 'in.td': HEAD + src }, ['--gen-automata', '-I', MLIR_INCLUDE, 'in.td']);
  if (HAVE_LLVM_TBLGEN && compare) expect(ours).toEqual(ref);
  return ours;
}

const AUTOMATON = 'def A : GenericAutomaton { let TransitionClass = "T"; let SymbolFields = ["S"]; }\n';

describe.skipIf(!haveMlirFile('llvm/TableGen/Automaton.td'))('--gen-automata', () => {
  it('makes the NFA of resource bits deterministic', () => {
    const r = run('def a : T { let S = "x"; let NewState = 1; }\ndef b : T { let S = "x"; let NewState = 2; }\n' + AUTOMATON);
    expect(r.code).toBe(0);
    expect(r.out).toContain('// Input NFA has 4 states with 4 transitions.\n// Generated DFA has 3 states with 2 transitions.\n');
    expect(r.out).toContain('  /* 0 */ {0, 1}, {0, 2}, {0, 0},\n');
    expect(r.out).toContain('  {1, "x", 2, 0},\n  {2, "x", 3, 3},\n');
  });

  it('reports an automaton without transitions, where llvm-tblgen crashes', () => {
    const r = run(AUTOMATON, false);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^in\.td:3:5: error: automaton A has no transition of class T\n/);
  });

  it('reports a symbol of an unhandled type at the transition, where llvm-tblgen aborts', () => {
    const r = run('class B : Transition { bit F; }\ndef b : B { let F = 1; let NewState = 1; }\ndef A : GenericAutomaton { let TransitionClass = "B"; let SymbolFields = ["F"]; }\n', false);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^in\.td:4:5: error: symbol field 'F' of b is of type bit; a symbol is a record, an int or a string\n/);
  });
});
