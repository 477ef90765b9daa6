// --gen-spirv-avail-impls: each SPIR-V op's availability query methods (getMinVersion,
// getCapabilities, ...): the op's own specs merged with those of the values of its SPIR-V enum
// attributes.
import { emitSourceFileHeader } from '../emit.js';
import { FmtContext, tgfmt } from '../fmt.js';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import type { NamedAttribute } from '../ods/attribute.js';
import { type Availability, getAvailabilities } from '../ods/availability.js';
import type { EnumCase } from '../ods/enum.js';
import { type SpirvOp, enumOfAttr, getSpirvOps, isSpirvEnumAttr } from '../ods/spirv.js';
import { LlvmStringMap } from '../string-map-order.js';
import { type TextSink, TextWriter } from '../text.js';

/** The op's attributes whose enum cases may add requirements. */
function enumAttrs(op: SpirvOp): NamedAttribute[] {
  return op.op.attributes.filter((a) => isSpirvEnumAttr(a.attr));
}

/** Merge the requirements of one enum attribute's value into `tblgen_overall`. */
function emitEnumAttrMerge(out: TextSink, op: SpirvOp, attr: NamedAttribute, cls: string, query: Availability, fctx: FmtContext): void {
  const info = enumOfAttr(attr.attr);
  const specs: [EnumCase, Availability][] = [];
  for (const c of info.getAllCases()) for (const a of getAvailabilities(c.def)) if (a.getClass() === cls) specs.push([c, a]);
  if (specs.length === 0) return;
  const getter = op.op.getGetterName(attr.name);
  const ns = info.getCppNamespace();
  if (info.isBitEnum()) {
    // Each set bit is queried on its own.
    const underlying = info.getUnderlyingType();
    const enumType = `${ns}::${info.getEnumClassName()}`;
    out.write(`  for (unsigned i = 0; i < std::numeric_limits<${underlying}>::digits; ++i) {\n`);
    out.write(`    ${enumType} tblgen_attrVal = this->${getter}() & static_cast<${enumType}>(1 << i);\n`);
    out.write(`    if (static_cast<${underlying}>(tblgen_attrVal) == 0) continue;\n`);
  } else {
    out.write(`  {\n    auto tblgen_attrVal = this->${getter}();\n`);
  }
  out.write(`    auto tblgen_instance = ${ns}::${query.getQueryFnName()}(tblgen_attrVal);\n`);
  const merge = tgfmt(specs[0]![1].getMergeActionCode(), fctx.addSubst('instance', '*tblgen_instance'));
  out.write(`    if (tblgen_instance) ${merge};\n  }\n`);
}

/** The query methods of one op, one per availability class it or its enum attributes use. */
function emitOpAvailability(out: TextSink, op: SpirvOp): void {
  const fctx = new FmtContext().addSubst('overall', 'tblgen_overall');
  const own = op.getAvailabilities();
  // Any spec of a class describes its interface; the first one seen is kept.
  const classes = new LlvmStringMap<Availability>();
  for (const a of own) classes.tryEmplace(a.getClass(), a);
  const attrs = enumAttrs(op);
  for (const attr of attrs) {
    for (const c of enumOfAttr(attr.attr).getAllCases()) for (const a of getAvailabilities(c.def)) classes.tryEmplace(a.getClass(), a);
  }
  const className = op.op.getCppClassName();
  for (const [cls, avail] of classes.entries()) {
    const retType = avail.getQueryFnRetType();
    out.write(`${retType} ${className}::${avail.getQueryFnName()}() {\n`);
    out.write(`  ${retType} tblgen_overall = ${avail.getMergeInitializer()};\n`);
    for (const a of own) {
      if (a.getClass() !== cls) continue;
      const prep = a.getMergeInstancePreparation();
      const action = a.getMergeActionCode();
      if (prep === '' && action === '') continue;
      out.write(`  {\n    ${prep}\n    ${tgfmt(action, fctx.addSubst('instance', a.getMergeInstance()))};\n  }\n`);
    }
    for (const attr of attrs) emitEnumAttrMerge(out, op, attr, cls, avail, fctx);
    out.write('  return tblgen_overall;\n}\n');
  }
}

function run(ctx: GeneratorContext): string {
  const out = new TextWriter();
  out.write(emitSourceFileHeader('SPIR-V Op Availability Implementations', ctx.inputFilename));
  for (const op of getSpirvOps(ctx.records)) if (op.autogenAvailability()) emitOpAvailability(out, op);
  return out.toString();
}

registerGenerator({ name: 'spirv-avail-impls', description: 'Generate SPIR-V operation utility definitions', run });
