// --gen-llvmir-intrinsics: ODS op definitions for LLVM's intrinsic records (llvm/IR/Intrinsics.td),
// `def LLVM_<name> : <base><"op.name", overloaded results, overloaded operands, traits, #results,
// access group, alias analysis>, Arguments<(ins ...)>;`, for the intrinsics whose record name
// contains --llvmir-intrinsics-filter.
import type { GeneratorContext, GeneratorOption } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { emitSourceFileHeader } from '../emit.js';
import { LLVMIntrinsic, type LLVMType } from '../ods/llvm-intrinsic.js';
import { llvmRegexMatcher } from './gen-util.js';

const OPTIONS: GeneratorOption[] = [
  {
    name: 'llvmir-intrinsics-filter',
    description: 'Only keep the intrinsics with the specified substring in their record name',
    kind: 'string',
  },
  {
    name: 'dialect-opclass-base',
    description: 'The base class for the ops in the dialect we are planning to emit',
    kind: 'string',
    default: 'LLVM_IntrOp',
  },
  {
    name: 'llvmir-intrinsics-access-group-regexp',
    description: 'Mark intrinsics that match the specified regexp as taking an access group metadata',
    kind: 'string',
  },
  {
    name: 'llvmir-intrinsics-alias-analysis-regexp',
    description: 'Mark intrinsics that match the specified regexp as taking alias.scopes, noalias, and tbaa metadata',
    kind: 'string',
  },
];

/** The preamble after the file header: the .td files the generated ops need. */
const PREAMBLE = 'include "mlir/Dialect/LLVMIR/LLVMOpBase.td"\ninclude "mlir/Interfaces/SideEffectInterfaces.td"\n\n';

/** The arguments added for intrinsics taking access groups / alias analysis metadata. */
const ACCESS_GROUP_ARGS = ['OptionalAttr<LLVM_AccessGroupArrayAttr>:$access_groups'];
const ALIAS_ANALYSIS_ARGS = [
  'OptionalAttr<LLVM_AliasScopeArrayAttr>:$alias_scopes',
  'OptionalAttr<LLVM_AliasScopeArrayAttr>:$noalias_scopes',
  'OptionalAttr<LLVM_TBAATagArrayAttr>:$tbaa',
];

/** An llvm::Regex option as a predicate on record names; '' (the default) matches nothing. */
function regexOption(pattern: string): (s: string) => boolean {
  return pattern === '' ? () => false : llvmRegexMatcher(pattern);
}

/** The indices of the overloaded types of a list, as `[i, j]`. */
function overloadedIndices(types: readonly LLVMType[]): string {
  const idx: number[] = [];
  types.forEach((t, i) => {
    if (t.isOverloaded()) idx.push(i);
  });
  return `[${idx.join(', ')}]`;
}

/** The ODS definition of one intrinsic. */
function intrinsicDefTemplate(
  intr: LLVMIntrinsic,
  opBaseClass: string,
  accessGroup: boolean,
  aliasAnalysis: boolean,
): string {
  const traits: string[] = [];
  if (intr.isCommutative()) traits.push('Commutative');
  if (!intr.hasSideEffects()) traits.push('NoMemoryEffect');
  const operands: string[] = intr.getParamTypes().map(() => 'LLVM_Type');
  if (accessGroup) operands.push(...ACCESS_GROUP_ARGS);
  if (aliasAnalysis) operands.push(...ALIAS_ANALYSIS_ARGS);
  const head = `def LLVM_${intr.getProperRecordName()} : ${opBaseClass}<"${intr.getOperationName()}", `;
  const results = overloadedIndices(intr.getRetTypes());
  const params = overloadedIndices(intr.getParamTypes());
  const numResults = intr.getRetTypes().length;
  const flags = `${accessGroup ? 1 : 0}, ${aliasAnalysis ? 1 : 0}`;
  const ins = operands.length === 0 ? '' : ' ' + operands.join(', ');
  return `${head}${results}, ${params}, [${traits.join(', ')}], ${numResults}, ${flags}>, Arguments<(ins${ins})>;\n\n`;
}

/** A string option's value: the last one given, else its default. */
function optionValue(ctx: GeneratorContext, name: string): string {
  const v = ctx.options.get(name);
  if (typeof v === 'string') return v;
  return OPTIONS.find((o) => o.name === name)?.default ?? '';
}

registerGenerator({
  name: 'llvmir-intrinsics',
  description: 'Generate LLVM IR intrinsics',
  options: OPTIONS,
  run(ctx: GeneratorContext): string {
    const filter = optionValue(ctx, 'llvmir-intrinsics-filter');
    const opBaseClass = optionValue(ctx, 'dialect-opclass-base');
    const accessGroup = regexOption(optionValue(ctx, 'llvmir-intrinsics-access-group-regexp'));
    const aliasAnalysis = regexOption(optionValue(ctx, 'llvmir-intrinsics-alias-analysis-regexp'));
    let out = emitSourceFileHeader('Operations for LLVM intrinsics', ctx.inputFilename) + PREAMBLE;
    for (const def of ctx.records.getAllDerivedDefinitions('Intrinsic')) {
      if (filter !== '' && !def.getName().includes(filter)) continue;
      const intr = new LLVMIntrinsic(def);
      out += intrinsicDefTemplate(intr, opBaseClass, accessGroup(def.getName()), aliasAnalysis(def.getName()));
    }
    return out;
  },
});
