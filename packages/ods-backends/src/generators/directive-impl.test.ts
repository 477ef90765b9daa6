// --gen-directive-impl on small inline directive languages that include LLVM 22's
// DirectiveBase.td in place, and on OMP.td/ACC.td: the texts written out here were produced by
// llvm-tblgen-22; where it is installed, every case is also run through it and compared byte for
// byte (output, stderr, exit code).
import { describe, expect, it } from 'vitest';
import { HAVE_LLVM_TBLGEN, MLIR_INCLUDE, haveMlirFile, runBothOn, runCliIn } from '../testing/fixtures.js';

const LANG =
  'include "llvm/Frontend/Directive/DirectiveBase.td"\n' +
  'def L : DirectiveLanguage { let name = "Lang"; let cppNamespace = "a::b"; let directivePrefix = "D_"; let clausePrefix = "C_";\n' +
  '  let clauseEnumSetClass = "Set"; let flangClauseBaseClass = "LClause"; }\n' +
  'def C_unknown : Clause<[Spelling<"unknown">]> { let isDefault = 1; }\n' +
  'def C_num : Clause<[Spelling<"num_items">, Spelling<"n", 2, 3>]> { let flangClass = "ScalarIntExpr"; let isValueOptional = 1; }\n';
const UNKNOWN = 'def D_unknown : Directive<[Spelling<"unknown">]> { let isDefault = 1; let association = AS_None; let category = CA_Utility; }\n';
const ARGS = ['--gen-directive-impl', '-I', MLIR_INCLUDE, 'in.td'];

function run(src: string) {
  const { ref, ours } = runBothOn({ 'in.td': LANG + src }, ARGS);
  if (HAVE_LLVM_TBLGEN) expect(ours).toEqual(ref);
  return ours;
}

describe.skipIf(!haveMlirFile('llvm/Frontend/Directive/DirectiveBase.td'))('--gen-directive-impl', () => {
  it('writes every section for a small language', () => {
    const r = run(
      UNKNOWN +
        'def D_go : Directive<[Spelling<"go">]> { let allowedClauses = [VersionedClause<C_num, 2>]; let association = AS_Block; let category = CA_Executable; }\n' +
        'def D_go_go : Directive<[Spelling<"go go">]> { let leafConstructs = [D_go, D_go]; let category = CA_Executable; }\n',
    );
    expect(r.code).toBe(0);
    expect(r.out).toContain('#ifdef GEN_FLANG_DIRECTIVE_CLAUSE_SETS\n#undef GEN_FLANG_DIRECTIVE_CLAUSE_SETS\n\nnamespace llvm::a::b {\n\n// Sets for go\n\nstatic Set allowedClauses_D_go {\n  Clause::C_num_items,\n};\n');
    expect(r.out).toContain('    .Case("n", {C_num_items, {2, 3}})\n');
    expect(r.out).toContain('        case C_num_items:\n          return 2 <= Version && 2147483647 >= Version;\n');
    expect(r.out).toContain('  case D_go_go:\n    return Association::Block;\n');
    expect(r.out).toContain('[[maybe_unused]] static const int LeafConstructTableOrdering[] = {\n    0, 2, 1,\n};\n');
  });

  it('prints a missing default without failing the run, like llvm', () => {
    const r = run('def D_x : Directive<[Spelling<"x">]> { let association = AS_None; let category = CA_Utility; }\n');
    expect(r.code).toBe(0);
    expect(r.err).toBe('error: At least one Directive must be defined as default.\n');
    expect(r.out).toContain('#ifdef GEN_DIRECTIVES_IMPL\n');
  });

  it('rejects clauses allowed twice and incompatible leaf associations', () => {
    const a = run(UNKNOWN + 'def D_x : Directive<[Spelling<"x">]> { let allowedClauses = [VersionedClause<C_num>]; let requiredClauses = [VersionedClause<C_num>];\n  let association = AS_None; let category = CA_Utility; }\n');
    expect(a.code).toBe(1);
    expect(a.err).toBe('error: Clause C_num already defined on directive D_x\nerror: One or more clauses are defined multiple times on directive D_x\n');
    const b = run(
      UNKNOWN +
        'def D_n : Directive<[Spelling<"n">]> { let association = AS_LoopNest; let category = CA_Utility; }\n' +
        'def D_s : Directive<[Spelling<"s">]> { let association = AS_LoopSeq; let category = CA_Utility; }\n' +
        'def D_ns : Directive<[Spelling<"n s">]> { let leafConstructs = [D_n, D_s]; let category = CA_Utility; }\n',
    );
    expect(b.err).toBe("error: Directive 'D_ns' in namespace 'a::b' has leaves with incompatible association values: LoopSeq and \n");
  });

  it('reports a missing DirectiveLanguage where llvm-tblgen crashes', () => {
    const { ours } = runBothOn({ 'in.td': 'include "llvm/Frontend/Directive/DirectiveBase.td"\n' }, ARGS);
    expect(ours.code).toBe(1);
    expect(ours.err).toBe('error: A single definition of DirectiveLanguage is needed.\n');
  });

  it("--gen-directive-decl without --directives-dialect writes llvm-tblgen's header", () => {
    const { ref, ours } = runBothOn({ 'in.td': LANG + UNKNOWN }, ['--gen-directive-decl', '-I', MLIR_INCLUDE, 'in.td']);
    if (HAVE_LLVM_TBLGEN) expect(ours).toEqual(ref);
    expect(ours.out).toContain('namespace llvm {\n\nnamespace a::b {\n\nenum class Association {\n  Block,\n  First_ = Block,\n');
    expect(ours.out).toContain('static constexpr std::size_t Clause_enumSize = 2;\n\n// Enumeration helper functions\n');
  });

  it.skipIf(!HAVE_LLVM_TBLGEN)('generates OMP.inc, OMP.h.inc, ACC.inc and ACC.h.inc as llvm-tblgen does', () => {
    for (const file of ['llvm/Frontend/OpenMP/OMP.td', 'llvm/Frontend/OpenACC/ACC.td']) {
      for (const flag of ['--gen-directive-impl', '--gen-directive-decl']) {
        const { ref, ours } = runBothOn({}, [flag, '-I', MLIR_INCLUDE, `${MLIR_INCLUDE}/${file}`]);
        expect(ours).toEqual(ref);
      }
    }
    expect(runCliIn('/', ['--gen-directive-impl', '-I', MLIR_INCLUDE, `${MLIR_INCLUDE}/llvm/Frontend/OpenACC/ACC.td`]).out).toContain(
      '#ifdef GEN_CLANG_DIRECTIVE_CLAUSE_SETS\n',
    );
  });
});
