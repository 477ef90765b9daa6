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

  it('adds an oilist clause\'s unit attribute to the dictionary like mlir-tblgen-22', () => {
    const out = run(
      'op-defs',
      `def N_OilistOp : Op<N_Dialect, "oilist"> {
  let arguments = (ins UnitAttr:$nowait);
  let assemblyFormat = "oilist(\`nowait\` $nowait) attr-dict";
}
def N_OilistPropOp : Op<N_Dialect, "oilist_prop"> {
  let arguments = (ins UnitAttr:$nowait, UnitProp:$late);
  let assemblyFormat = "oilist(\`nowait\` $nowait | \`late\` $late) attr-dict";
}
`,
    );
    expect(out).toContain('  nowaitClause = true;\n  result.addAttribute("nowait", UnitAttr::get(parser.getContext()));\n');
    // With a Property<> argument the op has a Properties struct, which holds both.
    expect(out).toContain('  lateClause = true;\n    result.getOrAddProperties<OilistPropOp::Properties>().late = true;');
    expect(out).toContain('  nowaitClause = true;\n    result.getOrAddProperties<OilistPropOp::Properties>().nowait = parser.getBuilder().getUnitAttr();');
  });

  const EFFECTS = `include "mlir/Interfaces/SideEffectInterfaces.td"
def N_EffectsOp : Op<N_Dialect, "effects", [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let arguments = (ins Arg<AnyType, "", [MemRead]>:$src);
}
`;
  it.skipIf(!haveMlirFile('mlir/Interfaces/SideEffectInterfaces.td'))('reports a getEffects overlap with the reference\'s line', () => {
    const { ref, ours } = runBothOn({ 'in.td': HEAD + EFFECTS }, ['--gen-op-decls', '-I', MLIR_INCLUDE, 'in.td'], 'mlir-tblgen-22');
    if (HAVE_MLIR_TBLGEN) expect(ours).toEqual(ref);
    expect(ours.code).toBe(1);
    expect(ours.err.split('\n')[0]).toBe('in.td:9:5: error: Unexpected overlap when generating `getEffects` for n.effects (from line 3820)');
  });

  it('reports an assembly format whose parse or print an interface method prunes (the reference crashes)', () => {
    for (const [method, decl] of [
      ['parse', 'StaticInterfaceMethod<"", "::mlir::ParseResult", "parse", (ins "::mlir::OpAsmParser &":$parser, "::mlir::OperationState &":$result)>'],
      ['print', 'InterfaceMethod<"", "void", "print", (ins "::mlir::OpAsmPrinter &":$p)>'],
    ]) {
      const td = `${HEAD}def N_I : OpInterface<"I"> { let cppNamespace = "::n"; let methods = [${decl}]; }
def N_FmtOp : Op<N_Dialect, "fmt", [DeclareOpInterfaceMethods<N_I>]> {
  let arguments = (ins I32:$a);
  let assemblyFormat = "$a attr-dict";
}
`;
      for (const gen of ['--gen-op-decls', '--gen-op-defs']) {
        const ours = runBothOn({ 'in.td': td }, [gen, '-I', MLIR_INCLUDE, 'in.td'], 'mlir-tblgen-22').ours;
        expect({ method, code: ours.code, first: ours.err.split('\n')[0] }).toEqual({
          method,
          code: 1,
          first: 'in.td:9:5: error: Unexpected overlap when generating the assembly format of n.fmt: a method of the same signature is already declared (by an interface)',
        });
      }
    }
  });
});
