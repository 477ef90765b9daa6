// Generated op methods that collide (two arguments whose getters share a name, `foo_bar` and
// `fooBar`; an argument named after a method the op has anyway; a derived attribute that cannot
// be materialized): the whole stderr of mlir-tblgen-22, whose "Unexpected overlap" reports name
// the line of its source that checked. Compared live where the reference is installed; the
// expected first lines were read from it.
import { describe, expect, it } from 'vitest';
import { HAVE_MLIR_TBLGEN, MLIR_INCLUDE, haveMlirFile, runBothOn } from '../testing/fixtures.js';

const HEAD = 'include "mlir/IR/OpBase.td"\ninclude "mlir/IR/Properties.td"\ndef N_Dialect : Dialect { let name = "n"; let cppNamespace = "::n"; }\n';

function firstLine(op: string, gen = '--gen-op-decls'): { code: number; first: string } {
  const { ref, ours } = runBothOn({ 'in.td': `${HEAD}${op}\n` }, [gen, '-I', MLIR_INCLUDE, 'in.td'], 'mlir-tblgen-22');
  if (HAVE_MLIR_TBLGEN) expect(ours).toEqual(ref);
  return { code: ours.code, first: ours.err.split('\n')[0]! };
}

const overlap = (name: string, line: number) => ({
  code: 1,
  first: `in.td:4:5: error: Unexpected overlap when generating \`${name}\` for n.op (from line ${line})`,
});

describe.skipIf(!haveMlirFile('mlir/IR/OpBase.td'))('colliding op methods', () => {
  const cases: [string, string, { code: number; first: string }][] = [
    ['two attributes (the adaptor first)', '(ins I32Attr:$foo_bar, I32Attr:$fooBar)', overlap('Adaptor::getFooBarAttr', 4708)],
    ['two operands', '(ins I32:$foo_bar, I32:$fooBar)', overlap('getFooBar', 2355)],
    ['an operand and an attribute', '(ins I32:$foo_bar, I32Attr:$fooBar)', overlap('getFooBar', 1399)],
    ['an operand and a property', '(ins I32:$foo_bar, I64Prop:$fooBar)', overlap('getFooBar', 1387)],
    ['an operand and another one\'s Mutable getter', '(ins I32:$foo, I32:$foo_mutable)', overlap('getFoo', 2411)],
  ];
  it.each(cases)('%s', (_what, args, expected) => {
    expect(firstLine(`def N_Op : Op<N_Dialect, "op"> { let arguments = ${args}; }`)).toEqual(expected);
  });

  it('reports results, regions and successors at their own checks', () => {
    expect(firstLine('def N_Op : Op<N_Dialect, "op", [AttrSizedResultSegments]> { let results = (outs Optional<I32>:$foo_bar, Optional<I32>:$fooBar); }')).toEqual(
      overlap('getFooBar', 2516),
    );
    expect(firstLine('def N_Op : Op<N_Dialect, "op"> { let regions = (region AnyRegion:$foo_bar, VariadicRegion<AnyRegion>:$fooBar); }', '--gen-op-defs')).toEqual(
      overlap('Adaptor::getFooBar', 4768),
    );
    expect(firstLine('def N_Op : Op<N_Dialect, "op"> { let successors = (successor AnySuccessor:$foo_bar, AnySuccessor:$fooBar); }')).toEqual(
      overlap('getFooBar', 2579),
    );
  });

  it('reports an argument whose accessor the op has anyway, and warns of derived attributes without a conversion', () => {
    expect(firstLine('def N_Op : Op<N_Dialect, "op"> { let arguments = (ins I32:$operands); }')).toEqual({
      code: 1,
      first: 'in.td:4:5: error: generated accessor for `operands` overlaps with a default one; please rename to avoid overlap',
    });
    expect(firstLine('def N_Op : Op<N_Dialect, "op"> { DerivedAttr a = DerivedAttr<"int", [{ return 3; }]>; }', '--gen-op-defs')).toEqual({
      code: 0,
      first: "in.td:4:5: warning: op has non-materializable derived attributes 'getA', skipping",
    });
  });
});
