// --gen-directive-decl (mlir-tblgen's): the ODS enum attributes of the clauses of a directive
// language (llvm/Frontend/OpenMP/OMP.td, OpenACC/ACC.td) that take one of a fixed set of values,
// for the dialect given by `--directives-dialect`.
import { fatalAt, fatalNoLoc } from '@ods-ts/tablegen-core';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { Clause, DirectiveLanguage } from '../ods/directive.js';
import { TextWriter } from '../text.js';
import { stringOption } from './gen-util.js';

/** One case of a clause enum (slots: def name, C++ enumerant, value, spelling). */
function enumCaseTemplate(def: string, enumerant: string, value: number, name: string): string {
  return `def ${def} : I32EnumAttrCase<"${enumerant}", ${value}, "${name}">;\n`;
}

/** A clause enum and its attribute (slots: enum name, case defs, C++ namespace, dialect). */
function enumAttrTemplate(enumName: string, cases: string[], cppNamespace: string, dialect: string): string {
  return `def ${enumName}: I32EnumAttr<
  "Clause${enumName}",
  "${enumName} Clause",
  [${cases.join(', ')}]> {
    let cppNamespace = "::mlir::${cppNamespace}";
    let genSpecializedAttr = 0;
}
def ${enumName}Attr : EnumAttr<${dialect}_Dialect, ${enumName}, "${asciiLower(enumName)}">;
`;
}

function asciiLower(s: string): string {
  return s.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** The C++ enumerant of a value: lower case with the first letter upper case. */
function enumerantName(name: string): string {
  const lower = asciiLower(name);
  return lower === '' ? '' : lower[0]!.replace(/[a-z]/, (c) => c.toUpperCase()) + lower.slice(1);
}

function run(ctx: GeneratorContext): string {
  const dialect = stringOption(ctx.options, 'directives-dialect');
  if (dialect === '') fatalNoLoc("a dialect must be selected for the directives via '--directives-dialect'");
  const languages = DirectiveLanguage.all(ctx.records);
  const out = new TextWriter();
  for (const clause of Clause.all(ctx.records)) {
    const vals = clause.getClauseVals();
    if (vals.length === 0) continue;
    const enumName = clause.getEnumName();
    const cases: string[] = [];
    vals.forEach((val, index) => {
      if (!val.isUserVisible()) return;
      const name = val.getFormattedName();
      const def = enumName + name;
      out.write(enumCaseTemplate(def, enumerantName(name), index, name));
      cases.push(def);
    });
    const language = languages[0];
    // mlir-tblgen reads past the end of its list here (and crashes).
    if (!language) fatalAt(clause.def, `clause '${clause.def.getName()}' has values, but no record derives from DirectiveLanguage`);
    out.write(enumAttrTemplate(enumName, cases, language.getCppNamespace(), dialect));
  }
  return out.toString();
}

registerGenerator({
  name: 'directive-decl',
  description: 'Generate declarations for directives (OpenMP/OpenACC etc.)',
  options: [{ name: 'directives-dialect', kind: 'string', description: 'Generate directives for this dialect' }],
  run,
});
