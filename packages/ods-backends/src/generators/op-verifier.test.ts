// The op verifier and its uniqued constraint functions on small inline fixtures of our own
// (expected texts checked against mlir-tblgen-22 while writing them): `{{expr}}` in constraint
// summaries, successor ranges, and `$_op` conditions kept out of verifyInherentAttrs.
import { describe, expect, it } from 'vitest';
import { haveMlirFile, MLIR_INCLUDE, runOnTd } from '../testing/fixtures.js';

const HAVE_MLIR = haveMlirFile('mlir/IR/OpBase.td');

const TD = `include "mlir/IR/OpBase.td"
def V_Dialect : Dialect { let name = "v"; }
def OpPred : CPred<"check($_self, $_op)">;
def KAttr : Attr<OpPred, "a k (was {{show($_self)}})">;
def KRegion : Region<OpPred, "a k region {{note()}}">;
def KSucc : Successor<CPred<"ok($_self)">, "a k successor">;
def V_KOp : Op<V_Dialect, "k"> {
  let arguments = (ins KAttr:$kind);
  let regions = (region KRegion:$body);
  let successors = (successor KSucc:$next, VariadicSuccessor<KSucc>:$others);
}
`;

describe.skipIf(!HAVE_MLIR)('op verifier', () => {
  const r = runOnTd(TD, ['--gen-op-defs', '-I', MLIR_INCLUDE]);
  it('streams `{{expr}}` of a constraint summary', () => {
    expect(r.err).toBe('');
    expect(r.out).toContain(`<< "' failed to satisfy constraint: a k (was " << show(attr) << ")";`);
    // A trailing placeholder leaves the template's closing quote right after it, as upstream does.
    expect(r.out).toContain(`<< "failed to verify constraint: a k region " << note()";`);
  });
  it('keeps the reference\'s text between placeholders and a dangling `{{`', () => {
    const two = runOnTd(
      `include "mlir/IR/OpBase.td"
def W_Dialect : Dialect { let name = "w"; }
def TwoAttr : Attr<CPred<"c($_self)">, "x {{a($_self)}} y {{b()}} z">;
def OpenAttr : Attr<CPred<"d($_self)">, "p {{">;
def W_Op : Op<W_Dialect, "op"> { let arguments = (ins TwoAttr:$two, OpenAttr:$open); }
`,
      ['--gen-op-defs', '-I', MLIR_INCLUDE],
    );
    expect(two.out).toContain(`constraint: x " << a(attr) << " y  << b() << " z";`);
    expect(two.out).toContain(`constraint: x ") << a(tblgen_two) << " y  << b() << (" z");`);
    expect(two.out).toContain(`constraint: p {{";`);
  });
  it('walks successors by their raw names', () => {
    expect(r.out).toContain('for (auto *successor : ::llvm::MutableArrayRef(next()))\n');
    expect(r.out).toContain('for (auto *successor : others())\n');
  });
  it('leaves attributes whose condition uses $_op out of verifyInherentAttrs', () => {
    const start = r.out.indexOf('KOp::verifyInherentAttrs(');
    const body = r.out.slice(start, r.out.indexOf('\n}\n', start));
    expect(body).not.toContain('attr_constraint');
  });
});
