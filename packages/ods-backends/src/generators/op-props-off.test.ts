// op-decls/op-defs for dialects with `let usePropertiesForAttributes = 0;` (inherent attributes in
// the attribute dictionary), on small inline ops that include MLIR 22's OpBase.td in place. Where
// mlir-tblgen-22 is installed, every case is also run through it and compared byte for byte; the
// expected lines below were read from its output. The conformance fixtures
// tools/conformance/fixtures/op-props-off/ cover the same behaviour more widely.
import { describe, expect, it } from 'vitest';
import { HAVE_MLIR_TBLGEN, MLIR_INCLUDE, haveMlirFile, runBothOn } from '../testing/fixtures.js';

const HEAD = `include "mlir/IR/OpBase.td"
include "mlir/IR/Properties.td"
def N_Dialect : Dialect {
  let name = "n";
  let cppNamespace = "::n";
  let usePropertiesForAttributes = 0;
}
`;

function run(gen: 'op-decls' | 'op-defs', ops: string) {
  const { ref, ours } = runBothOn({ 'in.td': HEAD + ops }, [`--gen-${gen}`, '-I', MLIR_INCLUDE, 'in.td'], 'mlir-tblgen-22');
  if (HAVE_MLIR_TBLGEN) expect(ours).toEqual(ref);
  expect(ours.code).toBe(0);
  return ours.out;
}

describe.skipIf(!haveMlirFile('mlir/IR/OpBase.td'))('usePropertiesForAttributes = 0', () => {
  const ATTR_OP = `def N_AOp : Op<N_Dialect, "a"> {
  let arguments = (ins I32:$in, I32Attr:$count, OptionalAttr<F32Attr>:$scale, DefaultValuedAttr<I64Attr, "4">:$width);
}
`;

  it('declares adaptors without Properties and getters reading the sorted dictionary', () => {
    const out = run('op-decls', ATTR_OP);
    expect(out).not.toContain('struct Properties');
    expect(out).toContain(
      '  AOpGenericAdaptorBase(::mlir::DictionaryAttr attrs = {}, const ::mlir::EmptyProperties &properties = {}, ::mlir::RegionRange regions = {}) : odsAttrs(attrs), odsRegions(regions) {',
    );
    expect(out).toContain(
      '    return ::llvm::dyn_cast_or_null<::mlir::FloatAttr>(::mlir::impl::getAttrFromSortedRange((*this)->getAttrs().begin() + 1, (*this)->getAttrs().end() - 0, getScaleAttrName()));\n',
    );
    expect(out).toContain('    (*this)->setAttr(getCountAttrName(), attr);\n');
    expect(out).toContain('  return (*this)->removeAttr(getScaleAttrName());\n');
    expect(out).toContain('  static void populateDefaultAttrs(const ::mlir::OperationName &opName, ::mlir::NamedAttrList &attributes);\n');
    expect(out).not.toContain('setPropertiesFromAttr');
  });

  it('defines builders, verifiers and default attributes on the dictionary', () => {
    const out = run('op-defs', ATTR_OP);
    expect(out).toContain('  odsState.addAttribute(getCountAttrName(odsState.name), count);\n');
    expect(out).toContain(
      '  while (true) {\n    if (namedAttrIt == namedAttrRange.end())\n      return emitOpError("requires attribute \'count\'");\n',
    );
    expect(out).toContain('  if (!attributes.get(attrNames[2])) {\n    attributes.append(attrNames[2], ');
  });

  it('keeps segment sizes in an attribute, checked before the other constraints', () => {
    const out = run(
      'op-defs',
      `def N_SegOp : Op<N_Dialect, "seg", [AttrSizedOperandSegments]> {
  let arguments = (ins Variadic<I32>:$a, Optional<I32>:$b, UnitAttr:$flag);
  let assemblyFormat = "$a (\`b\` $b^)? (\`flag\` $flag^)? attr-dict \`:\` type($a)";
}
`,
    );
    // The reference's message repeats the opening quote.
    expect(out).toContain(`      return emitOpError(""'operandSegmentSizes' attribute for specifying operand segments must have 2 "\n`);
    expect(out).toContain('  result.addAttribute("operandSegmentSizes", parser.getBuilder().getDenseI32ArrayAttr({');
    expect(out).toContain('    result.addAttribute("flag", parser.getBuilder().getUnitAttr());\n  }\n');
    expect(out).not.toContain('verifyInherentAttrs');
  });

  it('reads Property<> ops through their struct but builds their attributes in the dictionary', () => {
    const ops = `def N_MixOp : Op<N_Dialect, "mix"> {
  let arguments = (ins I32Attr:$count, I64Prop:$p);
  let assemblyFormat = "$count \`,\` $p attr-dict";
}
`;
    expect(run('op-decls', ops)).toContain('    return ::llvm::cast<::mlir::IntegerAttr>(getProperties().count);\n');
    const defs = run('op-defs', ops);
    expect(defs).toContain('  odsState.addAttribute(getCountAttrName(odsState.name), count);\n');
    expect(defs).toContain('result.getOrAddProperties<MixOp::Properties>().count = countAttr;');
  });
});
