// The ods-tblgen command line against the behaviour of llvm-tblgen-22 / mlir-tblgen-22. Every
// expected text below was taken from the reference tools (with their program name replaced by
// ods-tblgen); the tests do not need them at run time.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { activeDiagnostics } from '@ods-ts/tablegen-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CliIO, VERSION, runCli } from './cli.js';
import { editDistance } from './cli/cl.js';
import { parseUnsigned } from './cli/options.js';
import { tokenizeGnu } from './cli/response-files.js';
import { registerGenerator } from './registry.js';

// --- fixtures -------------------------------------------------------------------------------

const FILES: Record<string, string> = {
  'a.td': 'include "b.td"\ninclude "sub/c.td"\n#ifdef FOO\ndef foo : B;\n#endif\ndef bar : B, C;\n',
  'inc/b.td': 'class B { int x = 1; }\n',
  'inc/g.td': '#ifndef G_TD\n#define G_TD\nclass G;\n#endif\n',
  'sub/c.td': 'class C;\n',
  'a-dir/y.td': 'class Y;\n',
  'deps.td': 'include "sub/c.td"\ninclude "g.td"\ninclude "y.td"\ninclude "g.td"\ndef d : C, Y, G;\n',
  'bad.td': 'def x : Nope;\n',
  'asserts.td': 'assert 0, "boom";\ndef y;\n',
};

/** llvm-tblgen-22 -I inc a.td */
const RECORDS_A =
  '------------- Classes -----------------\nclass B {\n  int x = 1;\n}\nclass C {\n}\n' +
  '------------- Defs -----------------\ndef bar {\t// B C\n  int x = 1;\n}\n';
/** llvm-tblgen-22 -I inc -DFOO a.td */
const RECORDS_A_FOO = RECORDS_A + 'def foo {\t// B\n  int x = 1;\n}\n';
/** llvm-tblgen-22 --dump-json -I inc a.td */
const JSON_A =
  '{"!instanceof":{"B":["bar"],"C":["bar"]},"!tablegen_json_version":1,"bar":{"!anonymous":false,' +
  '"!fields":[],"!locs":["a.td:6"],"!name":"bar","!superclasses":["B","C"],"x":1}}\n';
/** The records of an empty input. */
const RECORDS_EMPTY = '------------- Classes -----------------\n------------- Defs -----------------\n';
const BAD_TD_ERROR = "bad.td:1:9: error: Couldn't find class 'Nope'\ndef x : Nope;\n        ^\n";

let root: string;
let dir: string;
let caseNo = 0;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'ods-cli-test-'));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  dir = join(root, `case${caseNo++}`);
  for (const [name, text] of Object.entries(FILES)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** runCli in the case directory; stdout/stderr decoded from their UTF-8 bytes. */
function run(argv: string[], opts: { stdin?: string } = {}): Run {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = {
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    cwd: dir,
    stdin: () => Buffer.from(opts.stdin ?? '', 'utf8').toString('latin1'),
  };
  const code = runCli(argv, io);
  const decode = (parts: string[]) => Buffer.from(parts.join(''), 'latin1').toString('utf8');
  return { code, stdout: decode(out), stderr: decode(err) };
}

const file = (name: string) => readFileSync(join(dir, name), 'utf8');
const exists = (name: string) => existsSync(join(dir, name));
const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
/** Files of the case directory (top level), to check that no temp file is left behind. */
const listing = () => readdirSync(dir).sort();

const UNKNOWN = (arg: string) => `ods-tblgen: Unknown command line argument '${arg}'.  Try: 'ods-tblgen --help'\n`;
const TOO_MANY =
  'ods-tblgen: Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: ods-tblgen --help\n';

// --- tests ----------------------------------------------------------------------------------

describe('include directories (-I) and macros (-D)', () => {
  it.each([
    [['-I', 'inc']],
    [['-Iinc']],
    [['-I=inc']],
    [['--I', 'inc']],
    [['--I=inc']],
    [['--Iinc']],
  ])('%j', (flags) => {
    expect(run([...flags, 'a.td'])).toEqual({ code: 0, stdout: RECORDS_A, stderr: '' });
  });

  it('searches -I directories in order, after the working directory', () => {
    mkdirSync(join(dir, 'first'));
    writeFileSync(join(dir, 'first/b.td'), 'class B { int x = 2; }\n');
    expect(run(['-I', 'first', '-I', 'inc', 'a.td']).stdout).toContain('int x = 2;');
    expect(run(['-I', 'inc', '-I', 'first', 'a.td']).stdout).toBe(RECORDS_A);
  });

  it('does not split -I values at commas', () => {
    const r = run(['-I', 'inc,sub', 'a.td']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^a\.td:1:9: error: could not find include file 'b\.td'\n/);
  });

  it.each([[['-DFOO']], [['-D', 'FOO']], [['-D=FOO']], [['--D=FOO']], [['--DFOO']], [['-D', 'FOO', '-D', 'FOO']]])(
    '%j',
    (flags) => {
      expect(run(['-I', 'inc', ...flags, 'a.td'])).toEqual({ code: 0, stdout: RECORDS_A_FOO, stderr: '' });
    },
  );

  it('rejects an invalid macro name', () => {
    expect(run(['-I', 'inc', '-Dz=w', 'a.td'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: invalid macro name `z=w` specified on command line\n',
    });
  });
});

describe('input', () => {
  it('reads standard input for `-` and without a positional argument', () => {
    for (const argv of [['-'], [], ['--', '-']]) {
      expect(run(['-I', 'inc', ...argv], { stdin: FILES['a.td'] })).toEqual({ code: 0, stdout: RECORDS_A, stderr: '' });
    }
  });

  it('names standard input <stdin> in diagnostics', () => {
    expect(run(['-'], { stdin: FILES['bad.td'] })).toEqual({
      code: 1,
      stdout: '',
      stderr: BAD_TD_ERROR.replace('bad.td', '<stdin>'),
    });
  });

  it('reports a missing input file like llvm-tblgen', () => {
    expect(run(['nope.td'])).toEqual({
      code: 1,
      stdout: '',
      stderr: "ods-tblgen: Could not open input file 'nope.td': No such file or directory\n",
    });
  });

  it('reports a directory as input', () => {
    expect(run(['inc']).stderr).toBe("ods-tblgen: Could not open input file 'inc': Is a directory\n");
  });

  it('takes arguments after -- as positional', () => {
    expect(run(['-I', 'inc', '--', '-weird']).stderr).toBe(
      "ods-tblgen: Could not open input file '-weird': No such file or directory\n",
    );
    expect(run(['-I', 'inc', 'a.td', '--'])).toMatchObject({ code: 0, stdout: RECORDS_A });
  });

  it('accepts at most one input', () => {
    expect(run(['-I', 'inc', 'a.td', 'b.td'])).toEqual({ code: 1, stdout: '', stderr: TOO_MANY });
  });

  it('prints non-ASCII names in messages as UTF-8', () => {
    expect(run(['ñandú.td']).stderr).toBe("ods-tblgen: Could not open input file 'ñandú.td': No such file or directory\n");
  });

  it('reports parse errors with exit code 1 and no output', () => {
    expect(run(['bad.td'])).toEqual({ code: 1, stdout: '', stderr: BAD_TD_ERROR });
  });
});

describe('option syntax (llvm::cl)', () => {
  it('reports unknown options with a suggestion', () => {
    expect(run(['-I', 'inc', '--dump', 'a.td'])).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'ods-tblgen: for the -d option: may not occur within a group!\n' +
        UNKNOWN('--dump') +
        "ods-tblgen: Did you mean '-d'?\n",
    });
    // The suggestion is for what the group walk left of the name (`o`), not the whole argument.
    expect(run(['--omxit-comments=1', 'a.td']).stderr).toBe(
      'ods-tblgen: for the -o option: may not occur within a group!\n' +
        UNKNOWN('--omxit-comments=1') +
        "ods-tblgen: Did you mean '-o'?\n",
    );
    const r = run(['--bogus=3', 'a.td']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^ods-tblgen: Unknown command line argument '--bogus=3'\.  Try: 'ods-tblgen --help'\nods-tblgen: Did you mean '--[a-z-]+=3'\?\n$/);
  });

  it('suggests like mlir-tblgen-22 unless the command line runs an action only llvm-tblgen has', () => {
    // mlir-tblgen-22 has no --sdnode-namespace (llvm-tblgen-22's suggestion with --gen-ctags).
    expect(run(['--gen-enum-decls', '--enum-namespace=x', 'a.td']).stderr).toBe(UNKNOWN('--enum-namespace=x') + "ods-tblgen: Did you mean '--name=x'?\n");
    expect(run(['--enum-namespace=x', 'a.td']).stderr).toBe(UNKNOWN('--enum-namespace=x') + "ods-tblgen: Did you mean '--name=x'?\n");
    expect(run(['-gen-ctags', '--enum-namespace=x', 'a.td']).stderr).toBe(UNKNOWN('--enum-namespace=x') + "ods-tblgen: Did you mean '--sdnode-namespace=x'?\n");
    // llvm-tblgen-22 has no --name.
    expect(run(['-gen-ctags', '--enable', 'a.td']).stderr).toBe(UNKNOWN('--enable') + "ods-tblgen: Did you mean '--gen-vt'?\n");
    expect(run(['--enable', 'a.td']).stderr).toBe(UNKNOWN('--enable') + "ods-tblgen: Did you mean '--name'?\n");
  });

  it('breaks ties between names at the same distance as the reference tools do (their cl option map order)', () => {
    // [argument, mlir-tblgen-22's suggestion, llvm-tblgen-22's (with --gen-ctags)], as observed.
    const ties: [string, string, string][] = [
      ['--ab', '-h', '-h'], // h, d, D, o and I are all 2 away
      ['--bar=3', '--d=3', '--d=3'], // D, I, d and o are 3 away (-h compares `bar=3`)
      ['--gen-pass-dcs', '--gen-pass-doc', '--gen-instr-docs'], // gen-pass-decls as near for mlir
      ['--gen-typedef', '--gen-op-defs', '--gen-emitter'], // gen-typedef-doc as near for mlir
      ['--gen-intrinsic', '--gen-enum-doc', '--gen-intrinsic-impl'], // gen-rewriters / gen-instr-info
      ['--gen-isel', '--gen-op-decls', '--gen-vt'], // gen-op-defs, gen-op-doc... / gen-dag-isel
      ['--gen-tosa', '--gen-bytecode', '--gen-attrs'],
      ['--gen-op-interface', '--gen-op-interface-defs', '--gen-emitter'], // gen-op-interface-docs
      ['-gen-type-defs=1', '--gen-typedef-defs', '--gen-exegesis'], // a literal compares `name=value`
    ];
    for (const [arg, mlir, llvm] of ties) {
      expect(run([arg, 'a.td']).stderr).toBe(UNKNOWN(arg) + `ods-tblgen: Did you mean '${mlir}'?\n`);
      expect(run(['--gen-ctags', arg, 'a.td']).stderr).toBe(UNKNOWN(arg) + `ods-tblgen: Did you mean '${llvm}'?\n`);
    }
  });

  it('reports every error, then exits 1', () => {
    expect(run(['--nope1', '-I', 'inc', 'a.td', 'b.td']).stderr).toMatch(
      new RegExp(`^${escape(UNKNOWN('--nope1'))}ods-tblgen: Did you mean .*\n${escape(TOO_MANY)}$`),
    );
  });

  it.each([
    [['-o', 'out.inc']],
    [['-o=out.inc']],
    [['--o=out.inc']],
    [['--o', 'out.inc']],
  ])('-o: %j', (flags) => {
    expect(run(['-I', 'inc', ...flags, 'a.td'])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(file('out.inc')).toBe(RECORDS_A);
  });

  it('rejects -oFILE: one-letter options group, and -o needs a value', () => {
    expect(run(['-I', 'inc', '-oout.inc', 'a.td'])).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'ods-tblgen: for the -o option: may not occur within a group!\n' +
        UNKNOWN('-oout.inc') +
        "ods-tblgen: Did you mean '-o'?\n",
    });
    expect(exists('out.inc')).toBe(false);
  });

  it('writes to stdout for -o -, and the last -o wins', () => {
    expect(run(['-I', 'inc', '-o', '-', 'a.td'])).toEqual({ code: 0, stdout: RECORDS_A, stderr: '' });
    expect(run(['-I', 'inc', '-o', 'x.inc', '-o', '-', 'a.td'])).toEqual({ code: 0, stdout: RECORDS_A, stderr: '' });
    expect(exists('x.inc')).toBe(false);
  });

  it('requires values', () => {
    expect(run(['-I', 'inc', 'a.td', '-I'])).toEqual({ code: 1, stdout: '', stderr: 'ods-tblgen: for the -I option: requires a value!\n' });
    expect(run(['-o']).stderr).toBe('ods-tblgen: for the -o option: requires a value!\n');
    expect(run(['--dialect']).stderr).toBe('ods-tblgen: for the --dialect option: requires a value!\n');
  });

  it('parses boolean flags like cl::opt<bool>', () => {
    for (const v of ['', '=1', '=true', '=TRUE', '=True', '=0', '=false', '=FALSE', '=False'])
      expect(run([`--write-if-changed${v}`, '-I', 'inc', 'a.td'])).toMatchObject({ code: 0, stdout: RECORDS_A });
    expect(run(['--write-if-changed=foo', '-I', 'inc', 'a.td'])).toEqual({
      code: 1,
      stdout: '',
      stderr: "ods-tblgen: for the --write-if-changed option: 'foo' is invalid value for boolean argument! Try 0 or 1\n",
    });
  });

  it('takes the last action when several are given', () => {
    expect(run(['--print-records', '--dump-json', '-I', 'inc', 'a.td'])).toEqual({ code: 0, stdout: JSON_A, stderr: '' });
    expect(run(['--dump-json', '--print-records', '-I', 'inc', 'a.td'])).toEqual({ code: 0, stdout: RECORDS_A, stderr: '' });
    expect(run(['--print-records', '--print-records', '-I', 'inc', 'a.td'])).toMatchObject({ code: 0, stdout: RECORDS_A });
    expect(run(['-gen-dialect-decls', '-print-records', '-I', 'inc', 'a.td'])).toMatchObject({ code: 0, stdout: RECORDS_A });
  });

  it('rejects a value for an action', () => {
    expect(run(['--print-records=1', 'a.td'])).toEqual({
      code: 1,
      stdout: '',
      stderr: "Action to perform: option: does not allow a value! '1' specified.\n",
    });
    expect(run(['--gen-dialect-decls=foo', 'a.td']).stderr).toBe(
      "Generator to run option: does not allow a value! 'foo' specified.\n",
    );
  });

  it('runs --null-backend: an empty output', () => {
    expect(run(['--null-backend', '-I', 'inc', 'a.td', '-o', 'n.out'])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(file('n.out')).toBe('');
  });

  it('accepts the hidden options of LLVM tools and checks their values', () => {
    expect(run(['--stats', '--rng-seed=0x10', '--color', '-I', 'inc', 'a.td'])).toMatchObject({ code: 0, stdout: RECORDS_A });
    expect(run(['--rng-seed=abc', 'a.td']).stderr).toBe("ods-tblgen: for the --rng-seed option: 'abc' value invalid for ulong argument!\n");
  });
});

describe('generators and their options', () => {
  it('reports an unknown generator as an unknown option, without throwing', () => {
    const r = run(['--gen-unknown', '-I', 'inc', 'a.td']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^ods-tblgen: Unknown command line argument '--gen-unknown'\.  Try: 'ods-tblgen --help'\nods-tblgen: Did you mean '--gen-[a-z0-9-]+'\?\n$/);
  });

  it('reports a generator of mlir-tblgen/llvm-tblgen that ods-tblgen lacks', () => {
    for (const flag of ['--gen-x86-fold-tables', '--gen-dfa-packetizer']) {
      const r = run([flag, '-I', 'inc', 'a.td', '-o', 'x.inc']);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`^ods-tblgen: for the ${flag} option: not implemented by ods-tblgen yet \\(available: --print-records, .*\\)\n$`));
      expect(exists('x.inc')).toBe(false);
    }
  });

  it("accepts mlir-tblgen's generator options with any action, like mlir-tblgen", () => {
    for (const flags of [['--dialect=x'], ['--dialect', 'x'], ['-dialect=x', '--dialect=y'], ['--op-shard-count=0x10'], ['--on-deprecated=warn']])
      expect(run([...flags, '-I', 'inc', 'a.td'])).toEqual({ code: 0, stdout: RECORDS_A, stderr: '' });
  });

  it('checks generator option values like cl::opt', () => {
    expect(run(['--op-shard-count=-1', 'a.td']).stderr).toBe("ods-tblgen: for the --op-shard-count option: '-1' value invalid for uint argument!\n");
    expect(run(['--op-shard-count=4294967296', 'a.td']).stderr).toBe(
      "ods-tblgen: for the --op-shard-count option: '4294967296' value invalid for uint argument!\n",
    );
    expect(run(['--on-deprecated=bogus', 'a.td']).stderr).toBe("ods-tblgen: for the --on-deprecated option: Cannot find option named 'bogus'!\n");
    // `--dialect -I inc a.td`: -I is the dialect, so two positionals remain.
    expect(run(['--dialect', '-I', 'inc', 'a.td']).stderr).toBe(TOO_MANY);
  });

  it('passes the declared options that were given to the generator', () => {
    registerGenerator({
      name: 'cli-test-echo',
      description: 'Echo the options (test)',
      options: [
        { name: 'dialect', kind: 'string', description: 'The dialect' },
        { name: 'cli-test-flag', kind: 'bool', description: 'A flag' },
        { name: 'cli-test-list', kind: 'list', description: 'A list' },
      ],
      run: (ctx) => `${ctx.inputFilename} ${JSON.stringify([...ctx.options].sort())}\n`,
    });
    expect(run(['--gen-cli-test-echo', '-I', 'inc', 'a.td']).stdout).toBe('a.td []\n');
    const r = run([
      '--gen-cli-test-echo',
      '--dialect',
      'x',
      '--cli-test-flag',
      '--cli-test-list=a,b',
      '-cli-test-list',
      'c',
      '-I',
      'inc',
      'a.td',
    ]);
    expect(r).toEqual({
      code: 0,
      stdout: 'a.td [["cli-test-flag",true],["cli-test-list",["a","b","c"]],["dialect","x"]]\n',
      stderr: '',
    });
    expect(run(['--gen-cli-test-echo', '--cli-test-flag=false', '-I', 'inc', '-'], { stdin: FILES['a.td'] }).stdout).toBe(
      '- [["cli-test-flag",false]]\n',
    );
    const help = run(['--help']).stdout;
    expect(help).toContain('      --gen-cli-test-echo');
    expect(help).toMatch(/\n {2}--cli-test-list=<string> +- A list\n/);
  });

  it('leaves the output alone when a generator fails', () => {
    registerGenerator({
      name: 'cli-test-fatal',
      description: 'Fail (test)',
      run: () => activeDiagnostics()!.fatal(undefined, 'generator failed'),
    });
    write('keep.inc', 'old\n');
    expect(run(['--gen-cli-test-fatal', '-I', 'inc', 'a.td', '-o', 'keep.inc', '-d', 'keep.d'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: generator failed\n',
    });
    expect(file('keep.inc')).toBe('old\n');
    expect(exists('keep.d')).toBe(false);
  });

  it('handles errors a generator reports without failing like llvm: depfile, "N errors.", output kept', () => {
    registerGenerator({
      name: 'cli-test-errors',
      description: 'Report errors (test)',
      run: () => {
        activeDiagnostics()!.error(undefined, 'first');
        activeDiagnostics()!.error(undefined, 'second');
        return 'text\n';
      },
    });
    expect(run(['--gen-cli-test-errors', '-I', 'inc', 'a.td'])).toEqual({
      code: 1,
      stdout: 'text\n',
      stderr: 'error: first\nerror: second\nods-tblgen: 2 errors.\n',
    });
    write('out.inc', 'old\n');
    expect(run(['--gen-cli-test-errors', '-I', 'inc', 'a.td', '-o', 'out.inc', '-d', 'out.d']).code).toBe(1);
    // llvm-tblgen removes the output here; ods-tblgen leaves it as after any failure.
    expect(file('out.inc')).toBe('old\n');
    expect(file('out.d')).toBe('out.inc: inc/b.td sub/c.td\n');
  });

  it('names non-ASCII inputs, include files and -I folders by their UTF-8 bytes (depfile, diagnostics)', () => {
    // As llvm-tblgen-22 writes them.
    mkdirSync(join(dir, 'incé'), { recursive: true });
    write('incé/bé.td', 'def B { int x = 1; }\n');
    write('ü.td', 'include "bé.td"\ndef A { int y = !add(1, "s"); }\n');
    const r = run(['--print-records', '-I', 'incé', 'ü.td', '-o', 'ü.out', '-d', 'ü.d']);
    expect(r.stderr).toMatch(/^ü\.td:2:25: error: expected value of type 'int', got 'string'\n/);
    write('ü.td', 'include "bé.td"\ndef A;\n');
    expect(run(['--print-records', '-I', 'incé', 'ü.td', '-o', 'ü.out', '-d', 'ü.d']).code).toBe(0);
    expect(file('ü.d')).toBe('ü.out: incé/bé.td\n');
  });

  it('counts errors the parser goes on after ("N errors."), but not after a parse that stops', () => {
    // As llvm-tblgen-22 prints them: failed asserts leave a parsed file with errors; a syntax
    // error after them stops the parse, and then no count is printed.
    write('asserts.td', 'assert 0, "first";\nassert 0, "second";\ndef A;\n');
    const asserts = run(['--print-records', 'asserts.td', '-o', 'asserts.out']);
    expect(asserts.code).toBe(1);
    expect(asserts.stderr).toMatch(/^asserts\.td:1:8: error: assertion failed: first\n/);
    expect(asserts.stderr.endsWith('\nods-tblgen: 2 errors.\n')).toBe(true);
    expect(exists('asserts.out')).toBe(false);
    write('stops.td', 'assert 0, "first";\ndef X {\n');
    const stops = run(['--print-records', 'stops.td']);
    expect(stops.code).toBe(1);
    expect(stops.stderr).toContain('stops.td:3:1: error: ');
    expect(stops.stderr).not.toContain('errors.');
  });

  it('counts an #ifndef open at the end of the file as one error (the EOF report is not counted)', () => {
    write('open.td', 'def A;\n#ifndef X\n');
    const r = run(['--print-records', 'open.td']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'open.td:3:1: error: reached EOF without matching #endif\n\n^\n' +
        'open.td:2:9: error: the latest preprocessor control is here\n#ifndef X\n        ^\nods-tblgen: 1 errors.\n',
    );
  });

  it('turns an exception of a generator into a one-line internal error', () => {
    registerGenerator({
      name: 'cli-test-throws',
      description: 'Throw (test)',
      run: () => {
        throw new Error('kaboom');
      },
    });
    write('keep.inc', 'old\n');
    expect(run(['--gen-cli-test-throws', '-I', 'inc', 'a.td', '-o', 'keep.inc'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'ods-tblgen: internal error: kaboom\n',
    });
    expect(file('keep.inc')).toBe('old\n');
  });
});

describe('output files (-o, -d, --write-if-changed)', () => {
  it('writes the depfile: output as given, then the included files as found, sorted, once each', () => {
    expect(run(['-I', 'inc', '-I', './a-dir', 'deps.td', '-o', 'sub/../deps.inc', '-d', 'deps.d'])).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect(file('deps.d')).toBe('sub/../deps.inc: ./a-dir/y.td inc/g.td sub/c.td\n');
    expect(file('deps.inc')).toBe(
      '------------- Classes -----------------\nclass C {\n}\nclass G {\n}\nclass Y {\n}\n' +
        '------------- Defs -----------------\ndef d {\t// C Y G\n}\n',
    );
  });

  it('writes a depfile with no dependencies', () => {
    expect(run(['sub/c.td', '-o', 'c.inc', '-d', 'c.d']).code).toBe(0);
    expect(file('c.d')).toBe('c.inc:\n');
  });

  it('writes the depfile for standard input', () => {
    expect(run(['-I', 'inc', '-o', 'o3', '-d', 'o3.d'], { stdin: 'include "b.td"\n' }).code).toBe(0);
    expect(file('o3.d')).toBe('o3: inc/b.td\n');
  });

  it('writes a non-ASCII output name into the depfile as UTF-8', () => {
    expect(run(['-I', 'inc', 'a.td', '-o', 'sálida.inc', '-d', 'x.d']).code).toBe(0);
    expect(file('x.d')).toBe('sálida.inc: inc/b.td sub/c.td\n');
    expect(file('sálida.inc')).toBe(RECORDS_A);
  });

  it('requires -o for -d, after running the backend', () => {
    expect(run(['-I', 'inc', 'a.td', '-d', 'dep'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'ods-tblgen: the option -d must be used together with -o\n',
    });
    expect(exists('dep')).toBe(false);
    // A parse error comes first.
    expect(run(['bad.td', '-d', 'dep']).stderr).toBe(BAD_TD_ERROR);
  });

  it('reports files it cannot write, like llvm-tblgen (note: no space after the colon for -d)', () => {
    expect(run(['-I', 'inc', 'a.td', '-o', 'nodir/x.inc'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'ods-tblgen: error opening nodir/x.inc: No such file or directory\n',
    });
    expect(run(['-I', 'inc', 'a.td', '-o', 'inc']).stderr).toBe('ods-tblgen: error opening inc: Is a directory\n');
    expect(run(['-I', 'inc', 'a.td', '-o', 'x.inc', '-d', 'nodir/x.d'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'ods-tblgen: error opening nodir/x.d:No such file or directory\n',
    });
    // The depfile is written first: its failure leaves the output unwritten.
    expect(exists('x.inc')).toBe(false);
    expect(run(['-I', 'inc', 'a.td', '-o', 'x.inc', '-d', 'inc']).stderr).toBe('ods-tblgen: error opening inc:Is a directory\n');
    expect(exists('nodir')).toBe(false);
  });

  it('keeps an existing output (and writes no depfile) when parsing fails', () => {
    write('keep.inc', 'keep\n');
    const before = statSync(join(dir, 'keep.inc'));
    expect(run(['bad.td', '-o', 'keep.inc', '-d', 'keep.d'])).toEqual({ code: 1, stdout: '', stderr: BAD_TD_ERROR });
    expect(file('keep.inc')).toBe('keep\n');
    expect(statSync(join(dir, 'keep.inc')).mtimeMs).toBe(before.mtimeMs);
    expect(exists('keep.d')).toBe(false);
    // Non-fatal parse errors (asserts) do not write either.
    expect(run(['asserts.td', '-o', 'keep.inc']).code).toBe(1);
    expect(file('keep.inc')).toBe('keep\n');
  });

  it('replaces an existing output and leaves no temporary file', () => {
    write('out.inc', 'stale\n');
    const before = listing();
    expect(run(['-I', 'inc', 'a.td', '-o', 'out.inc', '-d', 'out.d']).code).toBe(0);
    expect(file('out.inc')).toBe(RECORDS_A);
    expect(listing()).toEqual([...before, 'out.d'].sort());
    expect(run(['-I', 'inc', 'a.td', '-o', 'nodir/x.inc']).code).toBe(1);
    expect(run(['-I', 'inc', 'a.td', '-o', 'inc']).code).toBe(1);
    expect(listing()).toEqual([...before, 'out.d'].sort());
    expect(readdirSync(join(dir, 'inc')).sort()).toEqual(['b.td', 'g.td']);
  });

  it('--write-if-changed keeps an identical output untouched but still writes the depfile', () => {
    expect(run(['-I', 'inc', 'a.td', '-o', 'y.inc', '--write-if-changed', '-d', 'y.d']).code).toBe(0);
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(dir, 'y.inc'), past, past);
    const before = statSync(join(dir, 'y.inc'));
    rmSync(join(dir, 'y.d'));
    expect(run(['-I', 'inc', 'a.td', '-o', 'y.inc', '--write-if-changed', '-d', 'y.d'])).toEqual({ code: 0, stdout: '', stderr: '' });
    const after = statSync(join(dir, 'y.inc'));
    expect(after.mtimeMs).toBe(before.mtimeMs);
    expect(after.ino).toBe(before.ino);
    expect(file('y.d')).toBe('y.inc: inc/b.td sub/c.td\n');
    // A different output is written.
    expect(run(['-I', 'inc', '-DFOO', 'a.td', '-o', 'y.inc', '--write-if-changed']).code).toBe(0);
    expect(file('y.inc')).toBe(RECORDS_A_FOO);
    expect(statSync(join(dir, 'y.inc')).mtimeMs).not.toBe(before.mtimeMs);
    // Without the flag, an identical output is rewritten.
    utimesSync(join(dir, 'y.inc'), past, past);
    expect(run(['-I', 'inc', '-DFOO', 'a.td', '-o', 'y.inc']).code).toBe(0);
    expect(statSync(join(dir, 'y.inc')).mtimeMs).not.toBe(past.getTime());
  });
});

describe('response files', () => {
  it('expands @file with GNU quoting, nested files relative to the working directory', () => {
    write('r1.rsp', '-I inc\n"a.td"\n');
    expect(run(['@r1.rsp'])).toEqual({ code: 0, stdout: RECORDS_A, stderr: '' });
    mkdirSync(join(dir, 'rdir'));
    write('rdir/r2.rsp', '@r3.rsp\n');
    write('rdir/r3.rsp', '-I inc a.td -D FOO\n');
    write('r3.rsp', "'-I' inc a.td\n");
    expect(run(['@rdir/r2.rsp']).stdout).toBe(RECORDS_A);
    write('bom.rsp', '\ufeff-I inc a.td');
    expect(run(['@bom.rsp']).stdout).toBe(RECORDS_A);
    write('q.rsp', '-I inc \'a\\.td\' x\\ y');
    expect(run(['@q.rsp']).stderr).toBe(TOO_MANY);
  });

  it('leaves @file alone when the file does not exist', () => {
    expect(run(['@nonexist.rsp']).stderr).toBe("ods-tblgen: Could not open input file '@nonexist.rsp': No such file or directory\n");
  });

  it('reports a recursive response file, then runs with default options like llvm', () => {
    write('self.rsp', '-I inc @self.rsp');
    expect(run(['@self.rsp', 'a.td'], { stdin: '' })).toEqual({
      code: 0,
      stdout: RECORDS_EMPTY,
      stderr: `recursive expansion of: '${join(dir, 'self.rsp')}'\n`,
    });
  });

  it('tokenizes like cl::TokenizeGNUCommandLine', () => {
    expect(tokenizeGnu(' a  "b c" \'d"e\' f\\ g h\\"i "" j\n')).toEqual(['a', 'b c', 'd"e', 'f g', 'h"i', 'j']);
  });
});

describe('help, version, timing', () => {
  it('--help prints the options and exits 0', () => {
    for (const flag of ['--help', '-help', '-h']) {
      const r = run([flag, 'a.td']);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout.startsWith('USAGE: ods-tblgen [options] <input file>\n\nOPTIONS:\n\nColor Options:\n')).toBe(true);
      for (const s of ['\n  -I <directory> ', '\n  -D <macro name> ', '\n  -o <filename> ', '\n  -d <filename> ', '--write-if-changed', '      --print-records ', '      --dump-json ', '  --help-list ', '  --version '])
        expect(r.stdout).toContain(s);
      expect(r.stdout).not.toContain('--gen-x86-fold-tables');
    }
    expect(run(['--help-hidden']).stdout).toContain('--gen-x86-fold-tables');
    expect(run(['--help-list']).stdout).toMatch(/^USAGE: ods-tblgen \[options\] <input file>\n\nOPTIONS:\n {2}-D <macro name> /);
  });

  it('acts on --help as soon as it is seen', () => {
    const r = run(['--bogus', '--help', '--bogus2']);
    expect(r.code).toBe(0);
    expect(r.stderr.startsWith(UNKNOWN('--bogus'))).toBe(true);
    expect(r.stderr).not.toContain('--bogus2');
    expect(r.stdout.startsWith('USAGE: ods-tblgen')).toBe(true);
    expect(run(['--help=1'])).toEqual({ code: 1, stdout: '', stderr: "ods-tblgen: for the --help option: does not allow a value! '1' specified.\n" });
  });

  it('--version prints the version and exits 0', () => {
    expect(run(['--version', 'nope.td'])).toEqual({
      code: 0,
      stdout: `ods-ts version ${VERSION}\n  ods-tblgen: llvm-tblgen and mlir-tblgen of LLVM/MLIR 22, in TypeScript.\n`,
      stderr: '',
    });
    expect(run(['--version=0']).stderr).toBe("ods-tblgen: for the --version option: does not allow a value! '0' specified.\n");
  });

  it('--time-phases reports the phases on stderr', () => {
    const r = run(['--time-phases', '-I', 'inc', 'a.td']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(RECORDS_A);
    expect(r.stderr).toMatch(/^={3}-{73}={3}\n {29}TableGen Phase Timing\n={3}-{73}={3}\n {2}Total Execution Time: [0-9.]+ seconds \([0-9.]+ wall clock\)\n\n/);
    for (const phase of ['Parse, build records', 'Backend overall', 'Write output', 'Total']) expect(r.stderr).toContain(`  ${phase}\n`);
    // On a failed parse, llvm's timer was never stopped: all zero.
    expect(run(['--time-phases', 'nope.td']).stderr).toBe(
      "ods-tblgen: Could not open input file 'nope.td': No such file or directory\n" +
        `===${'-'.repeat(73)}===\n${' '.repeat(29)}TableGen Phase Timing\n===${'-'.repeat(73)}===\n` +
        '  Total Execution Time: 0.0000 seconds (0.0000 wall clock)\n\n' +
        '   ---Wall Time---  --- Name ---\n' +
        '        -----       Parse, build records\n' +
        '        -----       Total\n\n',
    );
  });
});

describe('helpers', () => {
  it('parses unsigned integers like StringRef::getAsInteger(0)', () => {
    expect(parseUnsigned('10', 32)).toBe(10n);
    expect(parseUnsigned('0x1f', 32)).toBe(31n);
    expect(parseUnsigned('0b101', 32)).toBe(5n);
    expect(parseUnsigned('0o17', 32)).toBe(15n);
    expect(parseUnsigned('017', 32)).toBe(15n);
    expect(parseUnsigned('0', 32)).toBe(0n);
    for (const bad of ['', '-1', '+1', '1a', '08', '4294967296', ' 1']) expect(parseUnsigned(bad, 32)).toBeUndefined();
    expect(parseUnsigned('4294967296', 64)).toBe(4294967296n);
  });

  it('computes edit distances', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('d', 'dump')).toBe(3);
  });
});

// --- the built executable -------------------------------------------------------------------

const BIN = fileURLToPath(new URL('../bin/ods-tblgen.js', import.meta.url));
const BUNDLE = fileURLToPath(new URL('../dist/ods-tblgen.js', import.meta.url));

describe.skipIf(!existsSync(BUNDLE))('the ods-tblgen executable (dist bundle)', () => {
  const spawn = (args: string[], input = '') => {
    const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, input, encoding: 'utf8' });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  it('runs, reads stdin, and exits with llvm-tblgen exit codes', () => {
    expect(spawn(['-I', 'inc', 'a.td'])).toEqual({ code: 0, stdout: RECORDS_A, stderr: '' });
    expect(spawn(['-I', 'inc', '-'], FILES['a.td'])).toEqual({ code: 0, stdout: RECORDS_A, stderr: '' });
    expect(spawn(['nope.td'])).toEqual({
      code: 1,
      stdout: '',
      stderr: "ods-tblgen: Could not open input file 'nope.td': No such file or directory\n",
    });
    expect(spawn(['bad.td'])).toEqual({ code: 1, stdout: '', stderr: BAD_TD_ERROR });
    expect(spawn(['--bogus'])).toMatchObject({ code: 1, stdout: '' });
    expect(spawn(['-I', 'inc', 'a.td', '-o', 'out.inc', '-d', 'out.d', '--write-if-changed'])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(file('out.d')).toBe('out.inc: inc/b.td sub/c.td\n');
    expect(spawn(['--version']).stdout.startsWith(`ods-ts version ${VERSION}\n`)).toBe(true);
  });

  it('passes UTF-8 through byte for byte', () => {
    write('u.td', 'def u { string s = "ñandú ✓"; }\n');
    expect(spawn(['u.td']).stdout).toBe(`${RECORDS_EMPTY.split('\n')[0]}\n${RECORDS_EMPTY.split('\n')[1]}\ndef u {\n  string s = "ñandú ✓";\n}\n`);
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
