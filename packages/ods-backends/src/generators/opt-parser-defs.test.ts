// --gen-opt-parser-defs on small inline inputs that include LLVM 22's OptParser.td in place: the
// texts written out here were produced by llvm-tblgen-22; where it is installed, every case is
// also run through it and compared byte for byte (output, stderr, exit code).
import { describe, expect, it } from 'vitest';
import { HAVE_LLVM_TBLGEN, MLIR_INCLUDE, haveMlirFile, runBothOn } from '../testing/fixtures.js';

const HEAD = 'include "llvm/Option/OptParser.td"\n';
const ARGS = ['--gen-opt-parser-defs', '-I', MLIR_INCLUDE, 'in.td'];

function run(src: string) {
  const { ref, ours } = runBothOn({ 'in.td': HEAD + src }, ARGS);
  if (HAVE_LLVM_TBLGEN) expect(ours).toEqual(ref);
  return ours;
}

const NO_VARIANTS = '(std::array<std::pair<std::array<unsigned, 2>, const char*>, 1>{{ {std::array<unsigned, 2>{{0, 0}}, nullptr} }})';

describe.skipIf(!haveMlirFile('llvm/Option/OptParser.td'))('--gen-opt-parser-defs', () => {
  it('sorts options after the sentinels, a name after the longer names it begins', () => {
    const r = run('def h : Flag<["-"], "h">;\ndef help : Flag<["-", "--"], "help">, HelpText<"Help">;\n');
    expect(r.out).toContain('  0 /* prefixes */,\n  1 /* prefixes */, 1 /* \'-\' */,\n  2 /* prefixes */, 1 /* \'-\' */, 3 /* \'--\' */\n};\n');
    expect(r.out).toContain(
      `OPTION(3, 24 /* -help */, help, Flag, INVALID, INVALID, nullptr, 0, DefaultVis, 0,\n       "Help", ${NO_VARIANTS}, nullptr, nullptr, 0)\n` +
        `OPTION(1, 30 /* -h */, h, Flag, INVALID, INVALID, nullptr, 0, DefaultVis, 0, nullptr, ${NO_VARIANTS}, nullptr, nullptr, 0)\n`,
    );
  });

  it("adds a group's flags and visibilities to its options'", () => {
    const r = run('def V : OptionVisibility;\ndef G : OptionGroup<"g">, Flags<[HelpHidden]>, Visibility<[V]>;\ndef a : Flag<["-"], "a">, Group<G>, Flags<[RenderJoined]>;\n');
    expect(r.out).toContain('OPTION(1, 23 /* -a */, a, Flag, G, INVALID, nullptr, RenderJoined | HelpHidden, DefaultVis | V, 0, nullptr');
  });

  it('writes the marshalling rows in definition order, with value tables', () => {
    const r = run(
      'def z : Flag<["-"], "z">, MarshallingInfoFlag<KeyPathAndMacro<"O.", "Z">>;\n' +
        'def m : Joined<["-"], "m=">, Values<"a,,b">, NormalizedValuesScope<"K">, NormalizedValues<["A", "B"]>,\n' +
        '  MarshallingInfoEnum<KeyPathAndMacro<"O.", "M", "P_">, "A">;\n',
    );
    expect(r.out).toMatch(/#ifdef OPTION_WITH_MARSHALLING\nOPTION_WITH_MARSHALLING\(1, \d+ \/\* -z \*\/.*, 0, true, 0, O\.Z, false, false, false, normalizeSimpleFlag, denormalizeSimpleFlag, mergeForwardValue, extractForwardValue, -1\)\n#endif \/\/ OPTION_WITH_MARSHALLING\n#ifdef P_OPTION_WITH_MARSHALLING\n/);
    expect(r.out).toContain('static const SimpleEnumValue mValueTable[] = {\n{"a",static_cast<unsigned>(K::A)},{"b",static_cast<unsigned>(K::B)},};\n');
  });

  it('reports equivalent options at both', () => {
    const r = run('def a : Flag<["-"], "s">;\ndef b : Separate<["-"], "s">;\n');
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      'in.td:3:5: error: Option is equivalent to\ndef b : Separate<["-"], "s">;\n    ^\n' +
        'in.td:2:5: error: Other defined here\ndef a : Flag<["-"], "s">;\n    ^\nerror: Equivalent Options found.\n',
    );
  });

  it('rejects fewer Values than NormalizedValues at the option (where llvm-tblgen crashes)', () => {
    const { ours } = runBothOn(
      { 'in.td': `${HEAD}def a : Joined<["-"], "a=">, Values<"x">, NormalizedValues<["X", "Y"]>, MarshallingInfoEnum<KeyPathAndMacro<"O.", "A">, "X">;\n` },
      ARGS,
    );
    expect(ours.code).toBe(1);
    expect(ours.err).toMatch(/^in\.td:2:5: error: the 1 Values of option 'a' do not match its 2 NormalizedValues\n/);
  });
});
