// --gen-directive-impl (llvm-tblgen's): the implementation side of a directive language
// (llvm/Frontend/OpenMP/OMP.td, OpenACC/ACC.td): Flang's clause sets and parser pieces, Clang's
// clause sets (OpenACC), the clause-class macros, and the GEN_DIRECTIVES_IMPL functions (kinds
// and names by spelling and version, clause values, allowed clauses, associations, categories,
// languages, and the table of leaf constructs).
import { type Record, type RecordKeeper, fatalAt, fatalNoLoc } from '@ods-ts/tablegen-core';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { ALL_VERSIONS, type Clause, Directive, type DirectiveLanguage, type Spelling, type VersionedClause } from '../ods/directive.js';
import { checkedDirectiveModel, errorNoLoc } from './directive-gen-util.js';
import { TextWriter } from '../text.js';

/** The frontends whose pieces are generated. */
type Frontend = 'llvm' | 'flang' | 'clang';

/** The clause-class macros of Clang (slot: the clause prefix). */
function clauseClassMacrosTemplate(prefix: string): string {
  return `#ifndef CLAUSE
#define CLAUSE(Enum, Str, Implicit)
#endif
#ifndef CLAUSE_CLASS
#define CLAUSE_CLASS(Enum, Str, Class)
#endif
#ifndef CLAUSE_NO_CLASS
#define CLAUSE_NO_CLASS(Enum, Str)
#endif

#define __CLAUSE(Name, Class)                      \\
  CLAUSE(${prefix}##Name, #Name, /* Implicit */ false) \\
  CLAUSE_CLASS(${prefix}##Name, #Name, Class)
#define __CLAUSE_NO_CLASS(Name)                    \\
  CLAUSE(${prefix}##Name, #Name, /* Implicit */ false) \\
  CLAUSE_NO_CLASS(${prefix}##Name, #Name)
#define __IMPLICIT_CLAUSE_CLASS(Name, Str, Class)  \\
  CLAUSE(${prefix}##Name, Str, /* Implicit */ true)    \\
  CLAUSE_CLASS(${prefix}##Name, Str, Class)
#define __IMPLICIT_CLAUSE_NO_CLASS(Name, Str)      \\
  CLAUSE(${prefix}##Name, Str, /* Implicit */ true)    \\
  CLAUSE_NO_CLASS(${prefix}##Name, Str)

`;
}

const CLAUSE_CLASS_MACROS_END = `
#undef __IMPLICIT_CLAUSE_NO_CLASS
#undef __IMPLICIT_CLAUSE_CLASS
#undef __CLAUSE_NO_CLASS
#undef __CLAUSE
#undef CLAUSE_NO_CLASS
#undef CLAUSE_CLASS
#undef CLAUSE
`;

const IMPL_INCLUDES = '#include "llvm/Frontend/Directive/Spelling.h"\n#include "llvm/Support/ErrorHandling.h"\n#include <utility>\n';

/** Flang's parsers of the common value classes; others are `Parser<Class>{}`. */
const FLANG_COMMON_PARSERS: { readonly [cls: string]: string } = {
  Name: 'name',
  ScalarIntConstantExpr: 'scalarIntConstantExpr',
  ScalarIntExpr: 'scalarIntExpr',
  ScalarExpr: 'scalarExpr',
  ScalarLogicalExpr: 'scalarLogicalExpr',
};

/** Associations, ordered as their reduction needs (None smallest). */
enum Assoc {
  None,
  Block,
  Declaration,
  Delimited,
  LoopNest,
  LoopSeq,
  Separating,
  FromLeaves,
  Invalid,
}

const ASSOC_BY_DEF: { readonly [def: string]: Assoc } = {
  AS_Block: Assoc.Block,
  AS_Declaration: Assoc.Declaration,
  AS_Delimited: Assoc.Delimited,
  AS_LoopNest: Assoc.LoopNest,
  AS_LoopSeq: Assoc.LoopSeq,
  AS_None: Assoc.None,
  AS_Separating: Assoc.Separating,
  AS_FromLeaves: Assoc.FromLeaves,
};

const assocOf = (def: Record): Assoc => ASSOC_BY_DEF[def.getName()] ?? Assoc.Invalid;

/** The association of a compound of two: x+x = x, None+x = x, Block+Loop* = Loop*. */
function reduceAssoc(a: Assoc, b: Assoc): Assoc {
  if (a > b) [a, b] = [b, a];
  if (a === Assoc.None || a === b) return b;
  if (a === Assoc.Block && (b === Assoc.LoopNest || b === Assoc.LoopSeq)) return b;
  return Assoc.Invalid;
}

/** Spellings ordered by version range (a stable sort), for the binary search of FindName. */
function orderSpellings(spellings: Spelling[]): Spelling[] {
  const key = (s: Spelling) => s.getVersions();
  return [...spellings].sort((a, b) => key(a).min - key(b).min || key(a).max - key(b).max);
}

class DirectiveImplEmitter {
  private readonly out = new TextWriter();
  private readonly lang: DirectiveLanguage;
  private readonly directives: Directive[];
  private readonly clauses: Clause[];

  constructor(private readonly records: RecordKeeper) {
    ({ lang: this.lang, directives: this.directives, clauses: this.clauses } = checkedDirectiveModel(records));
  }

  run(): string {
    this.emitFlang();
    if (this.lang.getName() === 'OpenACC') {
      this.emitClauseSets('clang');
      this.emitClauseMap('clang');
    }
    this.ifdef('GEN_CLANG_CLAUSE_CLASS', () => this.emitClauseClassMacros());
    this.ifdef('GEN_DIRECTIVES_IMPL', () => this.emitBasicImpl());
    return this.out.toString();
  }

  /** `llvm::<ns>::` (or clang's). */
  private qualifier(fe: Frontend = 'llvm'): string {
    return `${fe}::${this.lang.getCppNamespace()}::`;
  }
  private directiveIdent(d: Directive | Record): string {
    return this.lang.getDirectivePrefix() + (d instanceof Directive ? d : new Directive(d)).getFormattedName();
  }
  private clauseIdent(c: Clause): string {
    return this.lang.getClausePrefix() + c.getFormattedName();
  }

  private ifdef(name: string, body: () => void): void {
    this.out.write(`#ifdef ${name}\n#undef ${name}\n\n`);
    body();
    this.out.write(`\n#endif // ${name}\n\n`);
  }

  // --- Flang and Clang ----------------------------------------------------------------------

  private emitFlang(): void {
    this.emitClauseSets('flang');
    this.emitClauseMap('flang');
    const out = this.out;
    const base = this.lang.getFlangClauseBaseClass();
    this.ifdef('GEN_FLANG_CLAUSE_PARSER_CLASSES', () => {
      for (const c of this.clauses) {
        const cls = c.getFlangClass();
        const name = c.getFormattedParserClassName();
        if (cls === '') {
          out.write(`EMPTY_CLASS(${name});\n`);
          continue;
        }
        const opt = c.isValueOptional();
        const list = c.isValueList();
        const type = opt && list ? `std::optional<std::list<${cls}>>` : opt ? `std::optional<${cls}>` : list ? `std::list<${cls}>` : cls;
        out.write(`WRAPPER_CLASS(${name}, ${type});\n`);
      }
    });
    this.ifdef('GEN_FLANG_CLAUSE_PARSER_CLASSES_LIST', () => {
      out.write(this.clauses.map((c) => `${c.getFormattedParserClassName()}\n`).join(', '));
    });
    this.ifdef('GEN_FLANG_DUMP_PARSE_TREE_CLAUSES', () => {
      for (const c of this.clauses) out.write(`NODE(${base}, ${c.getFormattedParserClassName()})\n`);
    });
    this.ifdef('GEN_FLANG_CLAUSE_UNPARSE', () => {
      for (const c of this.clauses) this.emitUnparse(c, base);
    });
    this.ifdef('GEN_FLANG_CLAUSE_CHECK_ENTER', () => {
      for (const c of this.clauses) out.write(`void Enter(const parser::${base}::${c.getFormattedParserClassName()} &);\n`);
    });
    this.ifdef('GEN_FLANG_CLAUSE_PARSER_KIND_MAP', () => {
      const qual = this.qualifier();
      for (const c of this.clauses) {
        out.write(`if constexpr (std::is_same_v<A, parser::${base}::${c.getFormattedParserClassName()}>)\n`);
        out.write(`  return ${qual}Clause::${this.clauseIdent(c)};\n`);
      }
      out.write(`llvm_unreachable("Invalid ${this.lang.getName()} Parser clause");\n`);
    });
    this.ifdef('GEN_FLANG_CLAUSES_PARSER', () => this.emitClausesParser(base));
  }

  private emitUnparse(c: Clause, base: string): void {
    if (c.skipFlangUnparser()) return;
    const out = this.out;
    const parser = c.getFormattedParserClassName();
    const word = c.getSpellingForIdentifier().replace(/[a-z]/g, (ch) => ch.toUpperCase());
    if (c.getFlangClass() === '') {
      out.write(`void Before(const ${base}::${parser} &) { Word("${word}"); }\n`);
      return;
    }
    out.write(`void Unparse(const ${base}::${parser} &x) {\n  Word("${word}");\n`);
    const walk = c.isValueList() ? 'Walk(x.v, ",");' : 'Walk(x.v);';
    if (c.isValueOptional() && c.getDefaultValue() === '') {
      out.write('  Walk("(", x.v, ")");\n');
    } else if (c.isValueOptional()) {
      out.write(`  Put("(");\n  if (x.v.has_value())\n    ${walk}\n  else\n    Put("${c.getDefaultValue()}");\n  Put(")");\n`);
    } else {
      out.write(`  Put("(");\n  ${walk}\n  Put(")");\n`);
    }
    out.write('}\n');
  }

  private emitClausesParser(base: string): void {
    // Longer names first: every spelling of every clause, by name descending.
    const names = this.clauses.flatMap((c) => c.getSpellings().map((s) => ({ c, name: s.getText() })));
    names.sort((a, b) => (a.name > b.name ? -1 : a.name < b.name ? 1 : 0));
    const out = this.out;
    out.write('TYPE_PARSER(\n');
    names.forEach(({ c, name }, i) => {
      const cls = c.getFlangClass();
      let line = `  "${name}" >> construct<${base}>(construct<${base}::${c.getFormattedParserClassName()}>(`;
      if (cls !== '') {
        const parser = FLANG_COMMON_PARSERS[cls] ?? `Parser<${cls}>{}`;
        const prefix = c.getPrefix();
        let value = prefix !== '' ? `"${prefix}:" >> ${parser}` : parser;
        if (prefix !== '' && c.isPrefixOptional()) value += ` || ${parser}`;
        if (c.isValueList()) value = `nonemptyList(${value})`;
        value = `parenthesized(${value})`;
        if (c.isValueOptional()) value = `maybe(${value})`;
        line += value;
      }
      out.write(`${line}))${i !== names.length - 1 ? ' ||' : ''}\n`);
    });
    out.write(')\n');
  }

  /** The four clause sets of every directive, for Flang (llvm's namespace) or Clang. */
  private emitClauseSets(fe: 'flang' | 'clang'): void {
    const ns = `${fe === 'flang' ? 'llvm' : 'clang'}::${this.lang.getCppNamespace()}`;
    this.ifdef(`GEN_${fe.toUpperCase()}_DIRECTIVE_CLAUSE_SETS`, () => {
      const out = this.out;
      out.write(`namespace ${ns} {\n\n`);
      const setClass = this.lang.getClauseEnumSetClass();
      for (const d of this.directives) {
        out.write(`// Sets for ${d.getSpellingForIdentifier()}\n`);
        const sets: [string, VersionedClause[]][] = [
          ['allowedClauses_', d.getAllowedClauses()],
          ['allowedOnceClauses_', d.getAllowedOnceClauses()],
          ['allowedExclusiveClauses_', d.getAllowedExclusiveClauses()],
          ['requiredClauses_', d.getRequiredClauses()],
        ];
        for (const [prefix, list] of sets) {
          out.write(`\nstatic ${setClass} ${prefix}${this.directiveIdent(d)} {\n`);
          for (const vc of list) {
            const c = vc.getClause();
            out.write(fe === 'flang' ? `  Clause::${this.clauseIdent(c)},\n` : `  OpenACCClauseKind::${c.getClangAccSpelling()},\n`);
          }
          out.write('};\n');
        }
      }
      out.write(`\n} // namespace ${ns}\n`);
    });
  }

  /** The map of each directive to its four clause sets. */
  private emitClauseMap(fe: 'flang' | 'clang'): void {
    this.ifdef(`GEN_${fe.toUpperCase()}_DIRECTIVE_CLAUSE_MAP`, () => {
      const out = this.out;
      const qual = this.qualifier(fe === 'flang' ? 'llvm' : 'clang');
      out.write('{\n');
      for (const d of this.directives) {
        const name = this.directiveIdent(d);
        out.write(fe === 'flang' ? `  {${qual}Directive::${name},\n` : `  {clang::OpenACCDirectiveKind::${d.getClangAccSpelling()},\n`);
        out.write('    {\n');
        for (const set of ['allowedClauses_', 'allowedOnceClauses_', 'allowedExclusiveClauses_', 'requiredClauses_']) {
          out.write(`      ${qual}${set}${name},\n`);
        }
        out.write('    }\n  },\n');
      }
      out.write('}\n');
    });
  }

  private emitClauseClassMacros(): void {
    const out = this.out;
    out.write(clauseClassMacrosTemplate(this.lang.getClausePrefix()));
    for (const c of this.clauses) {
      const name = c.getFormattedName();
      const cls = c.getClangClass();
      if (cls === '') out.write(c.isImplicit() ? `__IMPLICIT_CLAUSE_NO_CLASS(${name}, "${name}")\n` : `__CLAUSE_NO_CLASS(${name})\n`);
      else out.write(c.isImplicit() ? `__IMPLICIT_CLAUSE_CLASS(${name}, "${name}", ${cls})\n` : `__CLAUSE(${name}, ${cls})\n`);
    }
    out.write(CLAUSE_CLASS_MACROS_END);
  }

  // --- GEN_DIRECTIVES_IMPL ------------------------------------------------------------------

  private emitBasicImpl(): void {
    this.out.write(IMPL_INCLUDES);
    const dirIdent = (d: Directive) => this.directiveIdent(d);
    const clauseIdent = (c: Clause) => this.clauseIdent(c);
    this.emitGetKind(this.directives, 'Directive', dirIdent, () => false);
    this.emitGetName(this.directives, 'Directive', dirIdent);
    this.emitGetKind(this.clauses, 'Clause', clauseIdent, (c) => c.isImplicit());
    this.emitGetName(this.clauses, 'Clause', clauseIdent);
    this.emitClauseValues();
    this.emitIsAllowedClause();
    this.emitAssociations();
    this.emitCategories();
    this.emitLanguages();
    this.emitLeafTable('LeafConstructTable');
  }

  /** get<Lang><Enum>KindAndVersions: every spelling to its kind and versions. */
  private emitGetKind<T extends Directive | Clause>(items: T[], kind: string, ident: (x: T) => string, asUnknown: (x: T) => boolean): void {
    const fallback = items.find((x) => x.isDefault());
    if (!fallback) {
      errorNoLoc(`At least one ${kind} must be defined as default.`);
      return;
    }
    const qual = this.qualifier();
    const fallbackName = ident(fallback);
    const out = this.out;
    out.write(`\nstd::pair<${qual}${kind}, llvm::directive::VersionRange> ${qual}get${this.lang.getName()}${kind}KindAndVersions(llvm::StringRef Str) {\n`);
    out.write('  directive::VersionRange All; // Default-initialized to "all versions"\n');
    out.write(`  return StringSwitch<std::pair<${kind}, directive::VersionRange>>(Str)\n`);
    for (const x of items) {
      const name = asUnknown(x) ? fallbackName : ident(x);
      for (const s of x.getSpellings()) {
        const v = s.getVersions();
        const versions = v.min === ALL_VERSIONS.min && v.max === ALL_VERSIONS.max ? 'All' : `{${v.min}, ${v.max}}`;
        out.write(`    .Case("${s.getText()}", {${name}, ${versions}})\n`);
      }
    }
    out.write(`    .Default({${fallbackName}, All});\n}\n`);
  }

  /** get<Lang><Enum>Name: a kind's spelling for a version. */
  private emitGetName<T extends Directive | Clause>(items: T[], kind: string, ident: (x: T) => string): void {
    const qual = this.qualifier();
    const lang = this.lang.getName();
    const out = this.out;
    out.write(`\nllvm::StringRef ${qual}get${lang}${kind}Name(${qual}${kind} Kind, unsigned Version) {\n  switch (Kind) {\n`);
    for (const x of items) {
      const id = ident(x);
      const spellings = orderSpellings(x.getSpellings());
      if (spellings.length === 0) fatalAt(x.def, `${x.getRecordName()} has no spellings`);
      out.write(`    case ${id}:`);
      if (spellings.length === 1) {
        out.write(`\n      return "${spellings[0]!.getText()}";\n`);
        continue;
      }
      out.write(` {\n      static constexpr llvm::directive::Spelling ${id}_spellings[] = {\n`);
      for (const s of spellings) {
        const v = s.getVersions();
        out.write(`          {"${s.getText()}", {${v.min}, ${v.max}}},\n`);
      }
      out.write(`      };\n      return llvm::directive::FindName(${id}_spellings, Version);\n    }\n`);
    }
    out.write(`  }\n  llvm_unreachable("Invalid ${lang} ${kind} kind");\n}\n`);
  }

  /** get<Enum>(Str) and get<Lang><Enum>Name(x) of the clauses with values. */
  private emitClauseValues(): void {
    const qual = this.qualifier();
    const lang = this.lang.getName();
    const out = this.out;
    for (const c of this.clauses) {
      const vals = c.getClauseVals();
      if (vals.length === 0) continue;
      const fallback = vals.find((v) => v.isDefault());
      if (!fallback) {
        errorNoLoc(`At least one val in Clause ${c.getRecordName()} must be defined as default.`);
        return;
      }
      const e = c.getEnumName();
      if (e === '') {
        errorNoLoc(`enumClauseValue field not set in Clause${c.getRecordName()}.`);
        return;
      }
      out.write(`\n${qual}${e} ${qual}get${e}(llvm::StringRef Str) {\n  return StringSwitch<${e}>(Str)\n`);
      for (const v of vals) out.write(`    .Case("${v.getFormattedName()}",${v.getRecordName()})\n`);
      out.write(`    .Default(${fallback.getRecordName()});\n}\n`);
      out.write(`\nllvm::StringRef ${qual}get${lang}${e}Name(${qual}${e} x) {\n  switch (x) {\n`);
      for (const v of vals) out.write(`    case ${v.getRecordName()}:\n      return "${v.getFormattedName()}";\n`);
      out.write(`  }\n  llvm_unreachable("Invalid ${lang} ${e} kind");\n}\n`);
    }
  }

  private emitIsAllowedClause(): void {
    const qual = this.qualifier();
    const out = this.out;
    out.write(`\nbool ${qual}isAllowedClauseForDirective(${qual}Directive D, ${qual}Clause C, unsigned Version) {\n`);
    out.write('  assert(unsigned(D) <= Directive_enumSize);\n  assert(unsigned(C) <= Clause_enumSize);\n  switch (D) {\n');
    for (const d of this.directives) {
      out.write(`    case ${this.directiveIdent(d)}:\n`);
      const lists = [d.getAllowedClauses(), d.getAllowedOnceClauses(), d.getAllowedExclusiveClauses(), d.getRequiredClauses()];
      if (lists.every((l) => l.length === 0)) {
        out.write('      return false;\n      break;\n');
        continue;
      }
      out.write('      switch (C) {\n');
      const cases = new Set<string>();
      for (const vc of lists.flat()) {
        const name = this.clauseIdent(vc.getClause());
        if (cases.has(name)) continue;
        cases.add(name);
        out.write(`        case ${name}:\n          return ${vc.getMinVersion()} <= Version && ${vc.getMaxVersion()} >= Version;\n`);
      }
      out.write('        default:\n          return false;\n      }\n      break;\n');
    }
    out.write(`  }\n  llvm_unreachable("Invalid ${this.lang.getName()} Directive kind");\n}\n`);
  }

  private emitAssociations(): void {
    const associations = this.records.getAllDerivedDefinitions('Association');
    // The `name` of the Association def of a value; empty for Invalid (and FromLeaves).
    const nameOf = (a: Assoc): string => {
      const def = a !== Assoc.Invalid && a !== Assoc.FromLeaves ? associations.find((r) => assocOf(r) === a) : undefined;
      return def ? def.getValueAsString('name') : '';
    };
    const prefix = (d: Directive) => `Directive '${d.getRecordName()}' in namespace '${this.lang.getCppNamespace()}' `;
    const computed = new Map<Record, Assoc>();
    const compute = (r: Record): Assoc => {
      const known = computed.get(r);
      if (known !== undefined) return known;
      const d = new Directive(r);
      const own = d.getAssociation();
      const a = assocOf(own);
      if (a === Assoc.Invalid) fatalNoLoc(`${prefix(d)}has an unrecognized value for association: '${own.getName()}'`);
      if (a !== Assoc.FromLeaves) {
        computed.set(r, a);
        return a;
      }
      const leaves = d.getLeafConstructs();
      if (leaves.length === 0) fatalNoLoc(`${prefix(d)}requests association to be computed from leaves, but it has no leaves`);
      let result = compute(leaves[0]!);
      for (const leaf of leaves.slice(1)) {
        const b = compute(leaf);
        const reduced = reduceAssoc(result, b);
        // (llvm names the leaf's value and the invalid result.)
        if (reduced === Assoc.Invalid) fatalNoLoc(`${prefix(d)}has leaves with incompatible association values: ${nameOf(b)} and ${nameOf(reduced)}`);
        result = reduced;
      }
      computed.set(r, result);
      return result;
    };
    for (const d of this.directives) compute(d.def);
    this.emitDirectiveSwitch('Association', 'getDirectiveAssociation', 'Dir', (d) => `Association::${nameOf(computed.get(d.def)!)}`);
  }

  private emitCategories(): void {
    this.emitDirectiveSwitch('Category', 'getDirectiveCategory', 'Dir', (d) => `Category::${d.getCategory().getValueAsString('name')}`);
  }

  private emitLanguages(): void {
    this.emitDirectiveSwitch('SourceLanguage', 'getDirectiveLanguages', 'D', (d) =>
      d
        .getSourceLanguages()
        .map((l) => `SourceLanguage::${l.getValueAsString('name').replaceAll(' ', '_')}`)
        .join(' | '),
    );
  }

  /** A function of a directive returning a value per directive (a switch over `param`). */
  private emitDirectiveSwitch(type: string, fn: string, param: string, value: (d: Directive) => string): void {
    const qual = this.qualifier();
    const out = this.out;
    out.write(`\n${qual}${type} ${qual}${fn}(${qual}Directive ${param}) {\n  switch (${param}) {\n`);
    for (const d of this.directives) out.write(`  case ${this.directiveIdent(d)}:\n    return ${value(d)};\n`);
    // (llvm writes the closing comment of the languages' switch without a space.)
    out.write(`  } // switch${param === 'D' ? '' : ' '}(${param})\n  llvm_unreachable("Unexpected directive");\n}\n`);
  }

  /**
   * The leaf constructs of every directive as rows [directive, count, leaves..., -1 padding],
   * sorted so that compound directives can be found by their leaves (end directives last), and
   * the inverse of that order.
   */
  private emitLeafTable(table: string): void {
    const dirs = this.directives;
    const idOf = new Map(dirs.map((d, i) => [d.def, i]));
    const maxLeaves = Math.max(0, ...dirs.map((d) => d.getLeafConstructs().length));
    const rows = dirs.map((d, i) => {
      const leaves = d.getLeafConstructs().map((l) => {
        const id = idOf.get(l);
        if (id === undefined) fatalAt(d.def, `leaf construct '${l.getName()}' of '${d.getRecordName()}' is not a Directive`);
        return id;
      });
      return [i, leaves.length, ...leaves, ...Array<number>(maxLeaves - leaves.length).fill(-1)];
    });
    const isEnd = dirs.map((d) => d.getSpellingForIdentifier().slice(0, 4).toLowerCase() === 'end ');
    const order = dirs.map((_, i) => i);
    order.sort((a, b) => {
      const x = rows[a]!;
      const y = rows[b]!;
      if (isEnd[a] !== isEnd[b]) return isEnd[a] ? 1 : -1;
      if (x[1] === 0 && y[1] === 0) return a - b;
      for (let k = 0; k < Math.min(x[1]!, y[1]!); k++) if (x[k + 2] !== y[k + 2]) return x[k + 2]! - y[k + 2]!;
      return x[1]! - y[1]!;
    });
    const qual = this.qualifier();
    const type = `${qual}Directive`;
    const out = this.out;
    out.write(`\nstatic_assert(sizeof(${type}) == sizeof(int));\n`);
    out.write(`[[maybe_unused]] static const ${type} ${table}[][${maxLeaves + 2}] = {\n`);
    for (const i of order) {
      const row = rows[i]!;
      let line = `    {${qual}${this.directiveIdent(dirs[row[0]!]!)}, static_cast<${type}>(${row[1]}),`;
      for (const id of row.slice(2)) line += id >= 0 ? ` ${qual}${this.directiveIdent(dirs[id]!)},` : ` static_cast<${type}>(-1),`;
      out.write(`${line}},\n`);
    }
    out.write('};\n\n');
    const firstEnd = order.findIndex((i) => isEnd[i]);
    out.write(`[[maybe_unused]] static auto ${table}EndDirective = ${table} + ${firstEnd < 0 ? order.length : firstEnd};\n\n`);
    const inverse: number[] = [];
    order.forEach((row, pos) => (inverse[row] = pos));
    out.write(`[[maybe_unused]] static const int ${table}Ordering[] = {\n   ${inverse.map((p) => ` ${p},`).join('')}\n};\n`);
  }
}

registerGenerator({
  name: 'directive-impl',
  description: 'Generate directive related implementation code',
  run: (ctx: GeneratorContext) => new DirectiveImplEmitter(ctx.records).run(),
});
