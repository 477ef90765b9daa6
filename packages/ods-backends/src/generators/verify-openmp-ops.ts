// --verify-openmp-ops: checks that each OpenMP op took over what its clauses define (arguments,
// assembly format, description, extra declarations), warning (or, for descriptions, erring) where
// it did not; writes no output.
import { errorAt, fatalAt, warnAt } from '@ods-ts/tablegen-core';
import { type OpenMPClause, OpenMPOp } from '../ods/openmp.js';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';

/** StringRef::trim's whitespace. */
const trim = (s: string): string => s.replace(/^[ \t\n\v\f\r]+|[ \t\n\v\f\r]+$/g, '');

/**
 * Whether a string field of a clause is taken over by the op's field: both empty, or the clause's
 * (trimmed) text appears in the op's.
 */
function stringTakenOver(opValue: string | undefined, clauseValue: string | undefined): boolean {
  const opHas = opValue !== undefined && trim(opValue) !== '';
  const clauseHas = clauseValue !== undefined && trim(clauseValue) !== '';
  if (!opHas) return !clauseHas;
  return !clauseHas || opValue.includes(trim(clauseValue));
}

function verifyClause(op: OpenMPOp, clause: OpenMPClause): void {
  const name = clause.getClauseName();
  if (!clause.getIgnoreArgs()) {
    const opArgs = op.getArgumentsDag();
    const dag = clause.getArgumentsDag();
    dag.args.forEach((arg, i) => {
      const argName = dag.argNames[i]?.value;
      if (argName === undefined) fatalAt(clause.def, `argument #${i} of the arguments of '${clause.def.getName()}' has no name`);
      const present = opArgs.args.some((opArg, j) => {
        const opArgName = opArgs.argNames[j]?.value;
        if (opArgName === undefined) fatalAt(op.def, `argument #${j} of the arguments of '${op.def.getName()}' has no name`);
        return opArgName === argName && opArg === arg;
      });
      if (!present)
        warnAt(
          op.def,
          `'${name}' clause-defined argument '${arg.getAsUnquotedString()}:$${argName}' not present in operation. Consider \`dag arguments = !con(clausesArgs, ...)\` or explicitly skipping this field.`,
        );
    });
  }
  const opFormat = op.getOptionalString('assemblyFormat');
  for (const which of ['req', 'opt'] as const) {
    if (!clause.getIgnoreAsmFormat() && !stringTakenOver(opFormat, clause.getOptionalString(`${which}AssemblyFormat`)))
      warnAt(
        op.def,
        `'${name}' clause-defined \`${which}AssemblyFormat\` not present in operation. Consider concatenating \`clauses[{Req,Opt}]AssemblyFormat\` or explicitly skipping this field.`,
      );
  }
  if (!clause.getIgnoreDesc() && !stringTakenOver(op.getOptionalString('description'), clause.getOptionalString('description')))
    errorAt(
      op.def,
      `'${name}' clause-defined \`description\` not present in operation. Consider concatenating \`clausesDescription\` or explicitly skipping this field.`,
    );
  if (
    !clause.getIgnoreExtraDecl() &&
    !stringTakenOver(op.getOptionalString('extraClassDeclaration'), clause.getOptionalString('extraClassDeclaration'))
  )
    warnAt(
      op.def,
      `'${name}' clause-defined \`extraClassDeclaration\` not present in operation. Consider concatenating \`clausesExtraClassDeclaration\` or explicitly skipping this field.`,
    );
}

function run(ctx: GeneratorContext): string {
  for (const op of OpenMPOp.all(ctx.records)) for (const clause of op.getClauses()) verifyClause(op, clause);
  return '';
}

registerGenerator({ name: 'verify-openmp-ops', flag: 'verify-openmp-ops', description: 'Verify OpenMP operations (produce no output file)', run });
