// --gen-directive-decl, of both tools: with `--directives-dialect` (mlir-tblgen's), the ODS enum
// attributes of the clauses of a directive language (llvm/Frontend/OpenMP/OMP.td,
// OpenACC/ACC.td) that take one of a fixed set of values, for that dialect; without it
// (llvm-tblgen's, which has no such option), the language's C++ header (OMP.h.inc): enums of
// associations, categories, languages, directives, clauses and clause values, and the
// declarations of the functions --gen-directive-impl defines.
import { type Record, type RecordKeeper, fatalAt, fatalNoLoc } from '@ods-ts/tablegen-core';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { Clause, DirectiveLanguage, formattedNameOf } from '../ods/directive.js';
import { TextWriter } from '../text.js';
import { checkedDirectiveModel, errorNoLoc } from './directive-gen-util.js';
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
  if (!ctx.options.has('directives-dialect')) return emitLlvmHeader(ctx.records);
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

/** The helper declarations of a language (slot: its name). */
function helperDeclsTemplate(lang: string): string {
  return `// Enumeration helper functions
LLVM_ABI std::pair<Directive, directive::VersionRange> get${lang}DirectiveKindAndVersions(StringRef Str);
inline Directive get${lang}DirectiveKind(StringRef Str) {
  return get${lang}DirectiveKindAndVersions(Str).first;
}

LLVM_ABI StringRef get${lang}DirectiveName(Directive D, unsigned Ver = 0);

LLVM_ABI std::pair<Clause, directive::VersionRange> get${lang}ClauseKindAndVersions(StringRef Str);

inline Clause get${lang}ClauseKind(StringRef Str) {
  return get${lang}ClauseKindAndVersions(Str).first;
}

LLVM_ABI StringRef get${lang}ClauseName(Clause C, unsigned Ver = 0);

/// Return true if \\p C is a valid clause for \\p D in version \\p Version.
LLVM_ABI bool isAllowedClauseForDirective(Directive D, Clause C, unsigned Version);

`;
}

/** The C++ name of an Association, Category or SourceLanguage def: its formatted name. */
const enumeratorOf = (r: Record) => formattedNameOf(r);

/** llvm-tblgen's --gen-directive-decl: the language's C++ header. */
function emitLlvmHeader(records: RecordKeeper): string {
  const { lang, directives, clauses } = checkedDirectiveModel(records);
  const name = lang.getName();
  const ns = lang.getCppNamespace();
  const exported = lang.hasMakeEnumAvailableInNamespace();
  const out = new TextWriter();
  const guard = `LLVM_${name}_INC`;
  out.write(`#ifndef ${guard}\n#define ${guard}\n\n#include "llvm/ADT/ArrayRef.h"\n`);
  if (lang.hasEnableBitmaskEnumInNamespace()) out.write('#include "llvm/ADT/BitmaskEnum.h"\n');
  out.write('#include "llvm/ADT/Sequence.h"\n#include "llvm/ADT/StringRef.h"\n#include "llvm/Frontend/Directive/Spelling.h"\n');
  out.write('#include "llvm/Support/Compiler.h"\n#include <cstddef>\n#include <utility>\n\n');
  // Each part ends with a blank line; the values of a clause only when they are exported.
  out.write(`namespace llvm {\n\nnamespace ${ns} {\n\n`);
  if (lang.hasEnableBitmaskEnumInNamespace()) out.write('LLVM_ENABLE_BITMASK_ENUMS_IN_NAMESPACE();\n\n');
  const exports = (names: string[], e: string) => {
    out.write('\n');
    for (const n of names) out.write(`constexpr auto ${n} = ${e}::${n};\n`);
  };
  const enumClass = (names: string[], e: string, exportThem: boolean) => {
    out.write(`enum class ${e} {\n`);
    names.forEach((n, i) => out.write(`  ${n},\n${i === 0 ? `  First_ = ${n},\n` : ''}`));
    if (names.length > 0) out.write(`  Last_ = ${names[names.length - 1]},\n`);
    out.write(`};\n\nstatic constexpr std::size_t ${e}_enumSize = ${names.length};\n`);
    if (exportThem) exports(names, e);
    out.write('\n');
  };
  enumClass(records.getAllDerivedDefinitions('Association').filter((r) => r.getName() !== 'AS_FromLeaves').map(enumeratorOf), 'Association', false);
  enumClass(records.getAllDerivedDefinitions('Category').map(enumeratorOf), 'Category', false);
  const languages = records.getAllDerivedDefinitions('SourceLanguage').map(enumeratorOf);
  // (llvm asserts at most 64 languages.)
  if (languages.length > 64) fatalNoLoc('Too many values for a bitmask');
  const wide = languages.length > 32;
  out.write(`enum class SourceLanguage : ${wide ? 'uint64_t' : 'uint32_t'} {\n`);
  languages.forEach((n, i) => out.write(`  ${n} = ${1n << BigInt(i)}${wide ? 'ULL' : 'U'},\n`));
  out.write(`  LLVM_MARK_AS_BITMASK_ENUM(/*LargestValue=*/${languages[languages.length - 1] ?? ''})\n};\n\n`);
  out.write(`static constexpr std::size_t SourceLanguage_enumSize = ${languages.length};\n\n`);
  enumClass(directives.map((d) => lang.getDirectivePrefix() + d.getFormattedName()), 'Directive', exported);
  enumClass(clauses.map((c) => lang.getClausePrefix() + c.getFormattedName()), 'Clause', exported);
  let helpers = '';
  for (const c of clauses) {
    const vals = c.getClauseVals();
    if (vals.length === 0) continue;
    const e = c.getEnumName();
    if (e === '') {
      errorNoLoc(`enumClauseValue field not set in Clause${c.getFormattedName()}.`);
      break;
    }
    out.write(`enum class ${e} {\n`);
    for (const v of vals) out.write(`  ${v.getRecordName()}=${v.getValue()},\n`);
    out.write('};\n');
    if (exported) {
      exports(vals.map((v) => v.getRecordName()), e);
      out.write('\n');
      helpers += `LLVM_ABI ${e} get${e}(StringRef Str);\nLLVM_ABI StringRef get${name}${e}Name(${e} x);\n`;
    }
  }
  out.write(helperDeclsTemplate(name));
  const maxLeaves = Math.max(0, ...directives.map((d) => d.getLeafConstructs().length));
  out.write(`constexpr std::size_t getMaxLeafCount() { return ${maxLeaves}; }\n`);
  out.write('LLVM_ABI Association getDirectiveAssociation(Directive D);\nLLVM_ABI Category getDirectiveCategory(Directive D);\n');
  out.write('LLVM_ABI SourceLanguage getDirectiveLanguages(Directive D);\n');
  out.write(helpers);
  out.write(`\n} // namespace ${ns}\n`);
  for (const e of ['Association', 'Category', 'Directive', 'Clause']) {
    out.write(`\ntemplate <> struct enum_iteration_traits<${ns}::${e}> {\n  static constexpr bool is_iterable = true;\n};\n`);
  }
  out.write(`\n} // namespace llvm\n\n#endif // ${guard}\n\n`);
  return out.toString();
}

registerGenerator({
  name: 'directive-decl',
  description: 'Generate declarations for directives (OpenMP/OpenACC etc.)',
  options: [{ name: 'directives-dialect', kind: 'string', description: 'Generate directives for this dialect' }],
  run,
});
