// Small actions of llvm-tblgen-22 that are not TableGen-language reports: --print-enums,
// -gen-attrs (LLVM IR's attribute tables from llvm/IR/Attributes.td) and -gen-vt (the value types
// of llvm/CodeGen/ValueTypes.td).
import { DefInit, type Record, type RecordKeeper, fatalNoLoc } from '@ods-ts/tablegen-core';
import { emitSourceFileHeader } from '../emit.js';

/** --print-enums: the defs of `cls`, comma-terminated, in LessRecord order. */
export function printEnums(keeper: RecordKeeper, cls: string): string {
  return keeper.getAllDerivedDefinitions(cls).map((r) => `${r.getName()}, `).join('') + '\n';
}

/** The attribute kinds with an enum value, in the order llvm::Attribute::operator< expects. */
const ENUM_KINDS = ['EnumAttr', 'TypeAttr', 'IntAttr', 'ConstantRangeAttr', 'ConstantRangeListAttr'];

/** -gen-attrs: attribute names, enum values, compatibility and merge rules, properties. */
export function emitAttributes(keeper: RecordKeeper): string {
  const defs = (cls: string) => keeper.getAllDerivedDefinitions(cls);
  let out = '#ifdef GET_ATTR_NAMES\n#undef GET_ATTR_NAMES\n#ifndef ATTRIBUTE_ALL\n#define ATTRIBUTE_ALL(FIRST, SECOND)\n#endif\n\n';
  const names = (kinds: readonly string[], macro: string) => {
    out += `#ifndef ${macro}\n#define ${macro}(FIRST, SECOND) ATTRIBUTE_ALL(FIRST, SECOND)\n#endif\n\n`;
    for (const kind of kinds) for (const a of defs(kind)) out += `${macro}(${a.getName()},${a.getValueAsString('AttrString')})\n`;
    out += `#undef ${macro}\n\n`;
  };
  names(ENUM_KINDS, 'ATTRIBUTE_ENUM');
  names(['StrBoolAttr'], 'ATTRIBUTE_STRBOOL');
  names(['ComplexStrAttr'], 'ATTRIBUTE_COMPLEXSTR');
  out += '#undef ATTRIBUTE_ALL\n#endif\n\n';

  // Enum values; zero is AttrKind::None.
  out += '#ifdef GET_ATTR_ENUM\n#undef GET_ATTR_ENUM\n';
  let value = 1;
  for (const kind of ENUM_KINDS) {
    out += `First${kind} = ${value},\n`;
    for (const a of defs(kind)) out += `${a.getName()} = ${value++},\n`;
    out += `Last${kind} = ${value - 1},\n`;
  }
  out += '#endif\n\n';

  out += '#ifdef GET_ATTR_COMPAT_FUNC\n#undef GET_ATTR_COMPAT_FUNC\n';
  out += 'static inline bool hasCompatibleFnAttrs(const Function &Caller,\n';
  out += '                                        const Function &Callee) {\n  bool Ret = true;\n\n';
  for (const rule of defs('CompatRule')) {
    const attr = rule.getValueAsString('AttrName');
    out += `  Ret &= ${rule.getValueAsString('CompatFunc')}(Caller, Callee${attr === '' ? '' : `, "${attr}"`});\n`;
  }
  out += '\n  return Ret;\n}\n\n';
  out += 'static inline void mergeFnAttrs(Function &Caller,\n                                const Function &Callee) {\n';
  for (const rule of defs('MergeRule')) out += `  ${rule.getValueAsString('MergeFunc')}(Caller, Callee);\n`;
  out += '}\n\n#endif\n';

  out += '#ifdef GET_ATTR_PROP_TABLE\n#undef GET_ATTR_PROP_TABLE\nstatic const uint8_t AttrPropTable[] = {\n';
  for (const kind of ENUM_KINDS) {
    for (const a of defs(kind)) {
      out += '0';
      for (const p of a.getValueAsListInit('Properties').elements) {
        const name = p instanceof DefInit ? p.def.getName() : p.getAsString();
        if (name === 'IntersectAnd' && kind !== 'EnumAttr') fatalNoLoc("'IntersectAnd' only compatible with 'EnumAttr'");
        if (name === 'IntersectMin' && kind !== 'IntAttr') fatalNoLoc("'IntersectMin' only compatible with 'IntAttr'");
        out += ` | AttributeProperty::${name}`;
      }
      out += ',\n';
    }
  }
  return out + '};\n#endif\n';
}

/** The LLVM type expression of a value type, for GET_VT_EVT. */
function llvmTypeOf(vt: Record): string {
  if (vt.getValueAsBit('isRISCVVecTuple')) {
    const nf = Number(vt.getValueAsInt('NF'));
    if (nf <= 0) fatalNoLoc(`RISC-V vector tuple ${vt.getName()} needs a positive NF`);
    const size = Number(vt.getValueAsInt('Size'));
    const lanes = Math.trunc(size / (nf * 8));
    return `TargetExtType::get(Context, "riscv.vector.tuple", ScalableVectorType::get(Type::getInt8Ty(Context), ${lanes}), ${nf})`;
  }
  const isVector = vt.getValueAsBit('isVector');
  const elt = isVector ? vt.getValueAsDef('ElementType') : vt;
  const size = elt.getValueAsInt('Size');
  let ty: string;
  if (elt.getValueAsBit('isFP')) {
    const name = elt.getValueAsString('LLVMName');
    const fp: { [size: string]: string } = {
      '16': name === 'bf16' ? 'BFloatTy' : 'HalfTy',
      '32': 'FloatTy',
      '64': 'DoubleTy',
      '80': 'X86_FP80Ty',
      '128': name === 'ppcf128' ? 'PPC_FP128Ty' : 'FP128Ty',
    };
    const f = fp[size.toString()];
    if (!f) fatalNoLoc(`unsupported floating-point value type size ${size} of ${vt.getName()}`);
    ty = `Type::get${f}(Context)`;
  } else if (elt.getValueAsBit('isInteger')) {
    const n = Number(size);
    // Type has getInt1Ty and getInt8Ty..getInt128Ty for powers of two.
    ty = n === 1 || (n >= 8 && n <= 128 && (n & (n - 1)) === 0) ? `Type::getInt${n}Ty(Context)` : `Type::getIntNTy(Context, ${n})`;
  } else {
    fatalNoLoc(`value type ${vt.getName()} is neither integer nor floating-point`);
  }
  if (!isVector) return ty;
  return `${vt.getValueAsBit('isScalable') ? 'Scalable' : 'Fixed'}VectorType::get(${ty}, ${vt.getValueAsInt('nElem')})`;
}

/** The ranges of GET_VT_RANGES: the property each range's value types share. */
const VT_RANGES: readonly [string, (f: { int: boolean; fp: boolean; vec: boolean; sc: boolean; tup: boolean; normal: boolean; cheri: boolean }) => boolean][] = [
  ['INTEGER_FIXEDLEN_VECTOR_VALUETYPE', (f) => f.int && f.vec && !f.sc],
  ['INTEGER_SCALABLE_VECTOR_VALUETYPE', (f) => f.int && f.sc],
  ['FP_FIXEDLEN_VECTOR_VALUETYPE', (f) => f.fp && f.vec && !f.sc],
  ['FP_SCALABLE_VECTOR_VALUETYPE', (f) => f.fp && f.sc],
  ['FIXEDLEN_VECTOR_VALUETYPE', (f) => f.vec && !f.sc],
  ['SCALABLE_VECTOR_VALUETYPE', (f) => f.sc],
  ['RISCV_VECTOR_TUPLE_VALUETYPE', (f) => f.tup],
  ['VECTOR_VALUETYPE', (f) => f.vec],
  ['INTEGER_VALUETYPE', (f) => f.int && !f.vec],
  ['FP_VALUETYPE', (f) => f.fp && !f.vec],
  ['VALUETYPE', (f) => f.normal],
  ['CHERI_CAPABILITY_VALUETYPE', (f) => f.cheri],
];

/** -gen-vt: the value types' attributes, ranges, vector attributes and LLVM types. */
export function emitValueTypes(keeper: RecordKeeper, inputFilename: string): string {
  // In definition order.
  const vts = [...keeper.getAllDerivedDefinitions('ValueType')].sort((a, b) => a.id - b.id);
  const bit = (b: boolean) => (b ? '1' : '0');
  const ranges = new Map<string, { first: string; last: string }>();
  let out = emitSourceFileHeader('ValueTypes Source Fragment', inputFilename);
  out += '#ifdef GET_VT_ATTR // (Ty, sz, Any, Int, FP, Vec, Sc, Tup, NF, NElem, EltTy)\n';
  for (const vt of vts) {
    const name = vt.getValueAsString('LLVMName');
    const f = {
      int: vt.getValueAsBit('isInteger'),
      fp: vt.getValueAsBit('isFP'),
      vec: vt.getValueAsBit('isVector'),
      sc: vt.getValueAsBit('isScalable'),
      tup: vt.getValueAsBit('isRISCVVecTuple'),
      normal: vt.getValueAsBit('isNormalValueType'),
      cheri: vt.getValueAsBit('isCheriCapability'),
    };
    for (const [key, member] of VT_RANGES) {
      if (!member(f)) continue;
      const r = ranges.get(key);
      if (r) r.last = name;
      else ranges.set(key, { first: name, last: name });
    }
    const kind = (is: boolean, letter: string) => (is ? (name[0] === letter ? '3' : '1') : '0');
    const nElem = f.vec ? vt.getValueAsInt('nElem').toString() : '0';
    const elt = f.vec ? vt.getValueAsDef('ElementType').getName() : 'INVALID_SIMPLE_VALUE_TYPE';
    out +=
      `  GET_VT_ATTR(${name}, ${vt.getValueAsInt('Size')}, ${bit(vt.getValueAsBit('isOverloaded'))}, ` +
      `${kind(f.int, 'i')}, ${kind(f.fp, 'f')}, ${bit(f.vec)}, ${bit(f.sc)}, ${bit(f.tup)}, ${vt.getValueAsInt('NF')}, ${nElem}, ${elt})\n`;
  }
  out += '#endif\n\n#ifdef GET_VT_RANGES\n';
  for (const key of [...ranges.keys()].sort()) {
    const r = ranges.get(key)!;
    out += `  FIRST_${key} = ${r.first},\n  LAST_${key} = ${r.last},\n`;
  }
  out += '#endif\n\n#ifdef GET_VT_VECATTR // (Ty, Sc, Tup, nElem, ElTy)\n';
  for (const vt of vts) {
    if (!vt.getValueAsBit('isVector')) continue;
    out +=
      `  GET_VT_VECATTR(${vt.getValueAsString('LLVMName')}, ${bit(vt.getValueAsBit('isScalable'))}, ` +
      `${bit(vt.getValueAsBit('isRISCVVecTuple'))}, ${vt.getValueAsInt('nElem')}, ${vt.getValueAsDef('ElementType').getName()})\n`;
  }
  out += '#endif\n\n#ifdef GET_VT_EVT\n';
  for (const vt of vts) {
    const typed = ['isInteger', 'isVector', 'isFP', 'isRISCVVecTuple'].some((b) => vt.getValueAsBit(b));
    if (typed) out += `  GET_VT_EVT(${vt.getValueAsString('LLVMName')}, ${llvmTypeOf(vt)})\n`;
  }
  return out + '#endif\n\n';
}
