// --gen-openmp-clause-ops: one C++ structure per OpenMP clause holding the operands its
// `arguments` define, and for each OpenMP op the mixin of the structures of its clauses.
import { warnAt } from '@ods-ts/tablegen-core';
import { CodeWriter, namespaceScope } from '../emit.js';
import { convertToCamelFromSnakeCase } from '../ods/dialect.js';
import { type ClauseArgConstraint, OpenMPClause, OpenMPOp, stripPrefixesAndSuffixes } from '../ods/openmp.js';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';

/** The variadic template every op's operand structure instantiates. */
const BASE_MIXIN_CLASS = `
namespace detail {
template <typename... Mixins>
struct Clauses : public Mixins... {};
} // namespace detail
`;

/** The operand structure of one op (slots: stripped op name, clause structures). */
function operationArgStructTemplate(opName: string, clauseStructs: string[]): string {
  return `\nusing ${opName}Operands = detail::Clauses<${clauseStructs.join(', ')}>;\n`;
}

/**
 * The element type of a clause argument's field and how many SmallVectors wrap it: values are
 * `::mlir::Value`, attributes their `storageType` (`::mlir::Attribute` inside arrays), array-like
 * attributes their element type where it is known.
 */
function fieldType(clause: OpenMPClause, name: string, arg: ClauseArgConstraint, depth: { nest: number }): string {
  if (arg.hasSuperClass('OptionalAttr')) return fieldType(clause, name, arg.getBaseAttr(), depth);
  if (arg.hasSuperClass('TypedArrayAttrBase')) {
    depth.nest++;
    return fieldType(clause, name, arg.getElementAttr(), depth);
  }
  if (arg.hasSuperClass('ElementsAttrBase')) {
    depth.nest++;
    if (arg.hasSuperClass('IntElementsAttrBase')) return '::llvm::APInt';
    if (arg.hasSuperClass('FloatElementsAttr') || arg.hasSuperClass('RankedFloatElementsAttr')) return '::llvm::APFloat';
    if (arg.hasSuperClass('DenseArrayAttrBase')) return stripPrefixesAndSuffixes(arg.getReturnType(), ['::llvm::ArrayRef<'], ['>']);
    depth.nest--;
    warnAt(clause.def, `could not infer array-like attribute element type for argument '${name}', will use bare \`storageType\``);
  }
  if (arg.hasSuperClass('Variadic')) depth.nest++;
  if (arg.hasSuperClass('TypeConstraint')) return '::mlir::Value';
  return depth.nest > 0 ? '::mlir::Attribute' : arg.getStorageType().trim();
}

function emitClauseStruct(clause: OpenMPClause, w: CodeWriter): void {
  if (clause.isAnonymous()) return;
  w.write(`struct ${clause.getClauseName()}ClauseOps {\n`);
  for (const { name, constraint } of clause.getArguments()) {
    const depth = { nest: 0 };
    const base = fieldType(clause, name, constraint, depth);
    const field = convertToCamelFromSnakeCase(name, false);
    w.write(`  ${'::llvm::SmallVector<'.repeat(depth.nest)}${base}${'>'.repeat(depth.nest)} ${field};\n`);
  }
  w.write('};\n');
}

function run(ctx: GeneratorContext): string {
  const w = new CodeWriter();
  namespaceScope(w, 'mlir::omp', () => {
    for (const clause of OpenMPClause.all(ctx.records)) emitClauseStruct(clause, w);
    w.write(BASE_MIXIN_CLASS);
    for (const op of OpenMPOp.all(ctx.records)) {
      if (op.isAnonymous()) continue;
      const structs = op.getClauses().map((c) => `${c.getClauseName()}ClauseOps`);
      w.write(operationArgStructTemplate(op.getStrippedName(), structs));
    }
  });
  return w.toString();
}

registerGenerator({ name: 'openmp-clause-ops', description: 'Generate OpenMP clause operand structures', run });
