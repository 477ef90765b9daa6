// Unit tests of the enum, interface, constraint and attribute/type generators: each fixture in
// src/__fixtures__/attrs is run through ods-tblgen and compared with the output mlir-tblgen-22
// produced for it (`<fixture>.<generator>.expected`). The fixtures include MLIR's .td library,
// read in place; the tests are skipped when it is not installed.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';
import { FmtContext, tgfmt } from '../fmt.js';
import { compareNumeric } from './gen-util.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', '__fixtures__', 'attrs');
const MLIR_INCLUDE = '/usr/lib/llvm-22/include';
const haveMlir = existsSync(join(MLIR_INCLUDE, 'mlir/IR/OpBase.td'));

function run(file: string, generator: string, args: readonly string[] = []): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = runCli([`--gen-${generator}`, ...args, '-I', MLIR_INCLUDE, file], {
    stdout: (t) => {
      out += t;
    },
    stderr: (t) => {
      err += t;
    },
    cwd: FIXTURES,
  });
  return { code, out, err };
}

/** Fixture, generator, extra arguments. */
const CASES: [string, string, string[]?][] = [
  ['enums.td', 'enum-decls'],
  ['enums.td', 'enum-defs'],
  ['op-interfaces.td', 'op-interface-decls'],
  ['op-interfaces.td', 'op-interface-defs'],
  ['attr-interfaces.td', 'attr-interface-decls'],
  ['attr-interfaces.td', 'attr-interface-defs'],
  ['constraints.td', 'type-constraint-decls'],
  ['constraints.td', 'type-constraint-defs'],
  ['constraints.td', 'attr-constraint-decls'],
  ['constraints.td', 'attr-constraint-defs'],
  ['predicates.td', 'type-constraint-defs'],
  ['predicates.td', 'attr-constraint-defs'],
  ['typedefs.td', 'typedef-decls'],
  ['typedefs.td', 'typedef-defs'],
  ['attr-formats.td', 'attrdef-decls', ['--attrdefs-dialect=fmt']],
  ['attr-formats.td', 'attrdef-defs', ['--attrdefs-dialect=fmt']],
  ['attr-formats.td', 'typedef-decls'],
  ['attr-formats.td', 'typedef-defs'],
  ['attr-format-directives.td', 'attrdef-decls'],
  ['attr-format-directives.td', 'attrdef-defs'],
];

describe.skipIf(!haveMlir)('attrs generators match mlir-tblgen-22', () => {
  for (const [file, gen, args = []] of CASES) {
    it(`--gen-${gen} ${[...args, file].join(' ')}`, () => {
      const expected = readFileSync(join(FIXTURES, `${file.replace(/\.td$/, '')}.${gen}.expected`), 'latin1');
      const r = run(file, gen, args);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out).toBe(expected);
    });
  }

  it('reports a SubstLeaves with an empty pattern at the predicate (the reference runs out of memory)', () => {
    const r = run('subst-empty.td', 'type-constraint-defs');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err.split('\n')[0]).toBe("subst-empty.td:4:26: error: SubstLeaves: 'pattern' must not be empty");
  });
});

describe('tgfmt', () => {
  it('substitutes special, custom and positional placeholders', () => {
    const ctx = new FmtContext().withSelf('attr').addSubst('_op', 'op').addSubst('name', 'x');
    expect(tgfmt('$_self.foo($name, $_op) $$ $0 $1... $_unknown $', ctx, 'a', 'b', 'c')).toBe(
      'attr.foo(x, op) $ a b, c $_unknown<no-subst-found> $',
    );
  });
  it('marks placeholders without a value, as mlir-tblgen-22 does', () => {
    expect(tgfmt('$_self + $3')).toBe('$_self<no-subst-found> + $3<no-subst-found>');
  });
});

describe('compareNumeric', () => {
  it('orders digit runs numerically, like llvm::StringRef::compare_numeric', () => {
    const names = ['anonymous_1000', 'anonymous_999', 'b', 'a10', 'a9', 'a'];
    expect([...names].sort(compareNumeric)).toEqual(['a', 'a9', 'a10', 'anonymous_999', 'anonymous_1000', 'b']);
  });
});
