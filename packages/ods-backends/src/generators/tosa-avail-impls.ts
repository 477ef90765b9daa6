// --gen-tosa-avail-impls: for each TOSA op with `autogenAvailability`, one query method per
// availability class it lists (extensions, profiles), merging the instances of that class.
import { emitSourceFileHeader } from '../emit.js';
import { FmtContext, tgfmt } from '../fmt.js';
import { stringMapOrder } from '../string-map-order.js';
import { type Availability, AvailabilityOp } from '../ods/availability.js';
import { Operator } from '../ods/operator.js';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { TextWriter } from '../text.js';

/** One merged instance of a query method (slots: preparation statements, merge statement). */
function mergeBlockTemplate(preparation: string, merge: string): string {
  return `  {\n    ${preparation}\n    ${merge};\n  }\n`;
}

function emitOpAvailability(op: Operator, out: TextWriter): void {
  const avails = new AvailabilityOp(op.getDef()).getAvailabilities();
  // One method per availability class, in the order of mlir-tblgen's StringMap of the classes
  // (each represented by the first spec of that class).
  const byClass = new Map<string, Availability>();
  for (const a of avails) if (!byClass.has(a.getClass())) byClass.set(a.getClass(), a);
  const fctx = new FmtContext().addSubst('overall', 'tblgen_overall');
  for (const cls of stringMapOrder(byClass.keys())) {
    const rep = byClass.get(cls)!;
    const retType = rep.getQueryFnRetType();
    out.write(`${retType} ${op.getCppClassName()}::${rep.getQueryFnName()}() {\n`);
    out.write(`  ${retType} tblgen_overall = ${rep.getMergeInitializer()};\n`);
    for (const a of avails) {
      if (a.getClass() !== cls) continue;
      const preparation = a.getMergeInstancePreparation();
      const action = a.getMergeActionCode();
      if (preparation === '' && action === '') continue;
      out.write(mergeBlockTemplate(preparation, tgfmt(action, fctx.addSubst('instance', a.getMergeInstance()))));
    }
    out.write('  return tblgen_overall;\n}\n');
  }
}

function run(ctx: GeneratorContext): string {
  const out = new TextWriter();
  out.write(emitSourceFileHeader('Tosa Op Availability Implementations', ctx.inputFilename));
  for (const def of ctx.records.getAllDerivedDefinitions('Tosa_Op')) {
    const op = Operator.of(def);
    if (new AvailabilityOp(def).getAutogenAvailability()) emitOpAvailability(op, out);
  }
  return out.toString();
}

registerGenerator({ name: 'tosa-avail-impls', description: 'Generate Tosa operation utility definitions', run });
