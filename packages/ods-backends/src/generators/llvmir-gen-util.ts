// Helpers shared by the LLVM IR conversion generators (--gen-llvmir-conversions,
// --gen-op-from-llvmir-conversions, --gen-intr-from-llvmir-conversions and the enum ones):
// the `$`-variable substitution of the builder snippets, the MLIR-builder emission of both
// import generators, and the lists of LLVM dialect ops and enums in emission order.
import { fatalAt, type RecordKeeper } from '@ods-ts/tablegen-core';
import { LLVMEnumInfo } from '../ods/llvm-enum.js';
import { LLVMOp } from '../ods/llvm-op.js';
import { TextWriter } from '../text.js';

/** A character of a `$`-variable name after the `$` (ASCII letters, digits, underscore). */
function isVariableChar(c: string): boolean {
  return /^[A-Za-z0-9_]$/.test(c);
}

/**
 * Rewrite every `$name` of a builder snippet with `replace(name)`; `$$` is the name `$`. A name
 * `replace` does not know (undefined) is an error located at the op.
 */
export function substituteVariables(op: LLVMOp, text: string, replace: (name: string) => string | undefined): string {
  let out = '';
  let rest = text;
  for (;;) {
    const start = rest.indexOf('$');
    if (start < 0) break;
    let end: number;
    if (rest[start + 1] === '$') end = start + 2;
    else {
      end = start + 1;
      while (end < rest.length && isVariableChar(rest[end]!)) end++;
    }
    const name = rest.slice(start + 1, end);
    out += rest.slice(0, start);
    const value = name === '$' ? '$' : replace(name);
    if (value === undefined) fatalAt(op.def, `expected keyword, argument, or result, but got ${name}`);
    out += value;
    rest = rest.slice(end);
  }
  return out + rest;
}

/**
 * The defs of `className` (`LLVM_OpBase`: ops and intrinsics, or `LLVM_IntrOpBase`) as LLVM ops,
 * in getAllDerivedDefinitions order, each built when reached (so that the first bad op reports).
 */
export function* llvmOps(records: RecordKeeper, className: 'LLVM_OpBase' | 'LLVM_IntrOpBase'): Generator<LLVMOp> {
  for (const d of records.getAllDerivedDefinitions(className)) yield new LLVMOp(d);
}

/**
 * The keywords of an MLIR builder (`mlirBuilder`) besides the op's arguments and results, and
 * what they become in ModuleImport code.
 */
const MLIR_BUILDER_KEYWORDS: ReadonlyMap<string, string> = new Map([
  ['_op', 'moduleImport.mapNoResultOp(inst)'],
  ['_int_attr', 'moduleImport.matchIntegerAttr'],
  ['_float_attr', 'moduleImport.matchFloatAttr'],
  ['_var_attr', 'moduleImport.matchLocalVariableAttr'],
  ['_label_attr', 'moduleImport.matchLabelAttr'],
  ['_fpExceptionBehavior_attr', 'moduleImport.matchFPExceptionBehaviorAttr'],
  ['_roundingMode_attr', 'moduleImport.matchRoundingModeAttr'],
  ['_resultType', 'moduleImport.convertType(inst->getType())'],
  ['_location', 'moduleImport.translateLoc(inst->getDebugLoc())'],
  ['_builder', 'odsBuilder'],
]);

/** The conversion of one operand used by an MLIR builder. Slots: operand name, LLVM operand index. */
function operandConversionTemplate(name: string, idx: bigint, variadic: boolean): string {
  const decl = variadic
    ? `FailureOr<SmallVector<Value>> _llvmir_gen_operand_${name} = moduleImport.convertValues(llvmOperands.drop_front(${idx}));\n`
    : `FailureOr<Value> _llvmir_gen_operand_${name} = moduleImport.convertValue(llvmOperands[${idx}]);\n`;
  return `${decl}if (failed(_llvmir_gen_operand_${name}))\n  return failure();\n`;
}

/**
 * One op's import code: `if (<condition>) {`, the conversions of the operands the builder uses,
 * a blank line, the builder with its variables rewritten, `return success();`. Nothing for an op
 * without an MLIR builder.
 */
function emitOneMLIRBuilder(w: TextWriter, op: LLVMOp, condition: (op: LLVMOp) => string): void {
  if (!op.hasField('mlirBuilder')) fatalAt(op.def, "expected 'mlirBuilder' field");
  const builder = op.getMLIRBuilder();
  if (builder === '') return;
  const numArgs = op.op.getNumArgs();
  let indices = op.getLLVMArgIndices();
  if (indices.length === 0) indices = Array.from({ length: numArgs }, (_, i) => BigInt(i));
  if (indices.length !== numArgs) fatalAt(op.def, "expected 'llvmArgIndices' size to match the number of arguments");
  let conversions = '';
  const body = substituteVariables(op, builder, (name) => {
    const argIndex = op.getArgumentIndex(name);
    if (argIndex >= 0) {
      const idx = indices[argIndex]!;
      if (idx < 0n) fatalAt(op.def, `expected non-negative operand index for argument ${name}`);
      if (op.isAttributeName(name)) return `llvmOperands[${idx}]`;
      conversions += operandConversionTemplate(name, idx, op.findOperand(name)?.isVariadic ?? false);
      return `*_llvmir_gen_operand_${name}`;
    }
    if (op.isResultName(name)) {
      if (op.op.getNumResults() !== 1) fatalAt(op.def, 'expected op to have one result');
      return 'moduleImport.mapValue(inst)';
    }
    if (name === '_qualCppClassName') return op.op.getQualCppClassName();
    return MLIR_BUILDER_KEYWORDS.get(name);
  });
  w.write(`if (${condition(op)}) {\n${conversions}\n${body}\n  return success();\n}\n`);
}

/** The import code of every def of `className` whose MLIR builder is set. */
export function emitMLIRBuilders(records: RecordKeeper, className: 'LLVM_OpBase' | 'LLVM_IntrOpBase', condition: (op: LLVMOp) => string): string {
  const w = new TextWriter();
  for (const op of llvmOps(records, className)) emitOneMLIRBuilder(w, op, condition);
  return w.toString();
}

/**
 * The conversion functions of the LLVM dialect's enums: `classEnum` for every `LLVM_EnumAttr`
 * (enum classes of the LLVM API), then `cEnum` for every `LLVM_CEnumAttr` (C-style enums,
 * converted through int64_t), each in getAllDerivedDefinitions order.
 */
export function emitEnumConversions(
  records: RecordKeeper,
  classEnum: (e: LLVMEnumInfo) => string,
  cEnum: (e: LLVMEnumInfo) => string,
): string {
  let out = '';
  for (const d of records.getAllDerivedDefinitions('LLVM_EnumAttr')) out += classEnum(LLVMEnumInfo.of(d));
  for (const d of records.getAllDerivedDefinitions('LLVM_CEnumAttr')) out += cEnum(LLVMEnumInfo.of(d));
  return out;
}
