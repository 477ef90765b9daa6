// Shared logic of --gen-{type,attr}-constraint-{decls,defs}: C++ predicate functions for the
// `TypeConstraint`/`AttrConstraint` defs of the main file that set `cppFunctionName`.
import { DefInit, type Record, type RecordKeeper, StringInit } from '@ods-ts/tablegen-core';
import { isDefinedInMainFile } from '../ods/interface.js';
import { FmtContext, tgfmt } from '../fmt.js';
import { predicateCondition } from '../ods/predicate.js';
import { derivedDefinitions } from './gen-util.js';
import { TextWriter } from '../text.js';

/** The two flavours: the constraint class and the C++ parameter of the function. */
export interface ConstraintFlavor {
  readonly className: 'TypeConstraint' | 'AttrConstraint';
  readonly parameterType: string;
  readonly parameterName: string;
}

export const TYPE_CONSTRAINTS: ConstraintFlavor = { className: 'TypeConstraint', parameterType: '::mlir::Type', parameterName: 'type' };
export const ATTR_CONSTRAINTS: ConstraintFlavor = { className: 'AttrConstraint', parameterType: '::mlir::Attribute', parameterName: 'attr' };

/** `cppFunctionName` of a constraint, undefined when unset or empty. */
function cppFunctionName(def: Record): string | undefined {
  const v = def.getValue('cppFunctionName')?.value;
  return v instanceof StringInit && v.value !== '' ? v.value : undefined;
}

/** The condition template of a constraint's `predicate` ("true" without one). */
function conditionTemplate(def: Record): string {
  const v = def.getValue('predicate')?.value;
  if (!(v instanceof DefInit)) return 'true';
  return predicateCondition(v.def);
}

function constraintsWithFunctions(records: RecordKeeper, f: ConstraintFlavor): { name: string; def: Record }[] {
  const out: { name: string; def: Record }[] = [];
  for (const def of derivedDefinitions(records, f.className)) {
    if (!isDefinedInMainFile(def)) continue;
    const name = cppFunctionName(def);
    if (name !== undefined) out.push({ name, def });
  }
  return out;
}

/** `bool <fn>(<type> <name>);` for each constraint. */
export function emitConstraintDecls(records: RecordKeeper, f: ConstraintFlavor): string {
  const w = new TextWriter();
  for (const c of constraintsWithFunctions(records, f)) w.write(`bool ${c.name}(${f.parameterType} ${f.parameterName});\n`);
  return w.toString();
}

/** The function definitions, returning the constraint's condition on the parameter. */
export function emitConstraintDefs(records: RecordKeeper, f: ConstraintFlavor): string {
  const w = new TextWriter();
  for (const c of constraintsWithFunctions(records, f)) {
    const cond = tgfmt(conditionTemplate(c.def), new FmtContext().withSelf(f.parameterName));
    w.write(`\nbool ${c.name}(${f.parameterType} ${f.parameterName}) {\nreturn (${cond});\n}\n`);
  }
  return w.toString();
}
