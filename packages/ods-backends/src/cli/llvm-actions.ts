// Small actions of llvm-tblgen-22 that are not TableGen-language reports: --print-enums and
// -gen-attrs (LLVM IR's attribute tables from llvm/IR/Attributes.td).
import { DefInit, type RecordKeeper, fatalNoLoc } from '@ods-ts/tablegen-core';

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
