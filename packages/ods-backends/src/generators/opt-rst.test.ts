// --gen-opt-rst on small inline inputs that include LLVM 22's OptParser.td in place: the texts
// written out here were produced by llvm-tblgen-22; where it is installed, every case is also run
// through it and compared byte for byte (output, stderr, exit code).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HAVE_LLVM_TBLGEN, MLIR_INCLUDE, haveMlirFile, runBothOn } from '../testing/fixtures.js';

const HEAD = 'include "llvm/Option/OptParser.td"\n';
const ARGS = ['--gen-opt-rst', '-I', MLIR_INCLUDE, 'in.td'];

function run(src: string) {
  const { ref, ours } = runBothOn({ 'in.td': HEAD + src }, ARGS);
  if (HAVE_LLVM_TBLGEN) expect(ours).toEqual(ref);
  return ours;
}

describe.skipIf(!haveMlirFile('llvm/Option/OptParser.td'))('--gen-opt-rst', () => {
  it('writes a section per group (in StringMap order), ungrouped options under OPTIONS', () => {
    const r = run('def G : OptionGroup<"<g>">;\ndef E : OptionGroup<"empty">;\ndef a : Flag<["-"], "a">, Group<G>, HelpText<"An a">;\n');
    expect(r.out).toBe(
      '<G>\n---\n\n.. option:: -a\n\n An a.\n\nEMPTY\n-----\n\nOPTIONS\n-------\n\n.. option:: <input>\n\n.. option:: <unknown>\n\n',
    );
  });

  it('spells out the values, after a default meta variable', () => {
    const r = run('def o : Joined<["-"], "O=">, Values<"0,,1,2">, HelpText<"  Level  ">;\n');
    expect(r.out).toContain(".. option:: -O==<value>\n\n Level. <value> must be '0', '1' or '2'.\n\n");
  });

  it('rejects Values without a value at the option (where llvm-tblgen crashes)', () => {
    const { ours } = runBothOn({ 'in.td': `${HEAD}def a : Joined<["-"], "a=">, Values<",">;\n` }, ARGS);
    expect(ours.code).toBe(1);
    expect(ours.err).toMatch(/^in\.td:2:5: error: option 'a' has no Values to list\n/);
  });

  it('reads the help text, meta variable and values of options that must have those fields', () => {
    // OptParser.td read in place, its Option class without one field (a copy in the run's folder).
    const optParser = readFileSync(join(MLIR_INCLUDE, 'llvm/Option/OptParser.td'), 'latin1');
    for (const field of ['HelpText', 'MetaVarName', 'Values']) {
      const at = optParser.indexOf('\nclass Option<');
      const without = optParser.slice(0, at) + optParser.slice(at).replace(new RegExp(`\\n  string ${field} = \\?;`), '');
      expect(without).not.toBe(optParser);
      for (const gen of ['--gen-opt-rst', '--gen-opt-parser-defs']) {
        const { ref, ours } = runBothOn({ 'OptParser.td': without, 'in.td': 'include "OptParser.td"\ndef foo : Flag<["-"], "foo">;\n' }, [gen, '-I', MLIR_INCLUDE, 'in.td']);
        if (HAVE_LLVM_TBLGEN) expect(ours).toEqual(ref);
        expect(ours.code).toBe(1);
        expect(ours.err).toMatch(new RegExp(`error: Record \`(INPUT|foo)' does not have a field named \`${field}'!\n`));
      }
    }
  });
});
