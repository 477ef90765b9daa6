// --gen-llvmir-conversions: for each `LLVM_OpBase` op with an `llvmBuilder`, the code that
// translates it to LLVM IR (ModuleTranslation), its `$`-variables rewritten to lookups.
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { fatalAt } from '@ods-ts/tablegen-core';
import type { LLVMOp } from '../ods/llvm-op.js';
import { TextWriter } from '../text.js';
import { llvmOps, substituteVariables } from './llvmir-gen-util.js';

/** The keywords of an LLVM builder besides the op's operands, attributes and results. */
const LLVM_BUILDER_KEYWORDS: ReadonlyMap<string, string> = new Map([
  ['_resultType', 'moduleTranslation.convertType(op.getResult().getType())'],
  ['_hasResult', 'opInst.getNumResults() == 1'],
  ['_location', 'opInst.getLoc()'],
  ['_numOperands', 'opInst.getNumOperands()'],
]);

/** The translation of one op: `if (auto op = dyn_cast<Op>(opInst)) {`, the builder, `return success();`. */
function emitOneBuilder(w: TextWriter, op: LLVMOp): void {
  if (!op.hasField('llvmBuilder')) fatalAt(op.def, "expected 'llvmBuilder' field");
  const builder = op.getLLVMBuilder();
  if (builder === '') return;
  const body = substituteVariables(op, builder, (name) => {
    const getter = op.op.getGetterName(name);
    const operand = op.findOperand(name);
    if (operand) return `moduleTranslation.${operand.isVariadic ? 'lookupValues' : 'lookupValue'}(op.${getter}())`;
    if (op.isAttributeName(name)) return `op.${getter}()`;
    if (op.isResultName(name)) return `moduleTranslation.mapValue(op.${getter}())`;
    return LLVM_BUILDER_KEYWORDS.get(name);
  });
  w.write(`if (auto op = dyn_cast<${op.op.getQualCppClassName()}>(opInst)) {\n${body}\n  return success();\n}\n`);
}

registerGenerator({
  name: 'llvmir-conversions',
  description: 'Generate LLVM IR conversions',
  run(ctx: GeneratorContext): string {
    const w = new TextWriter();
    for (const op of llvmOps(ctx.records, 'LLVM_OpBase')) emitOneBuilder(w, op);
    return w.toString();
  },
});
