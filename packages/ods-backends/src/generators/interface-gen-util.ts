// Shared logic of --gen-{op,attr,type}-interface-{decls,defs}: the C++ interface classes, their
// concept/model "traits" structs, the trait templates with default implementations and the
// out-of-line model methods (mlir::OpInterface / AttributeInterface / TypeInterface).
import { type Record, type RecordKeeper, fatalAt } from '@ods-ts/tablegen-core';
import { emitSourceFileHeader } from '../emit.js';
import { cppTypeWithSpace, reindent, rtrim, trim } from '../ods/docs-util.js';
import { Interface, type InterfaceMethod, isDefinedInMainFile } from '../ods/interface.js';
import { FmtContext, tgfmt } from '../fmt.js';
import { derivedDefinitions, llvmNamespaceScope } from './gen-util.js';
import { TextWriter } from '../text.js';

/** What differs between the op, attribute and type interface generators. */
export interface InterfaceFlavor {
  /** `Op`, `Attr` or `Type`: the TableGen class is `<kind>Interface`. */
  readonly kind: 'Op' | 'Attr' | 'Type';
  /** The C++ value the interface wraps, e.g. `::mlir::Operation *`. */
  readonly valueType: string;
  /** The C++ base class template, e.g. `OpInterface`. */
  readonly interfaceBaseType: string;
  /** The template parameter naming the concrete entity, e.g. `ConcreteOp`. */
  readonly valueTemplate: string;
  /** The substitution variable for the value (`_op`, `_attr`, `_type`). */
  readonly substVar: string;
  /** Substitutions in the model's non-static methods. */
  nonStaticMethodFmt(): FmtContext;
  /** Substitutions in the trait's default implementations. */
  traitMethodFmt(): FmtContext;
  /** Substitutions in the shared declarations of the interface class. */
  extraDeclsFmt(): FmtContext;
}

function flavor(
  kind: InterfaceFlavor['kind'],
  valueType: string,
  interfaceBaseType: string,
  valueTemplate: string,
  substVar: string,
  castCode: string,
  traitSelf: string,
  withThis: boolean,
): InterfaceFlavor {
  return {
    kind,
    valueType,
    interfaceBaseType,
    valueTemplate,
    substVar,
    nonStaticMethodFmt: () => {
      const ctx = new FmtContext();
      if (withThis) ctx.addSubst('_this', 'impl');
      return ctx.addSubst(substVar, castCode).withSelf(castCode);
    },
    traitMethodFmt: () => new FmtContext().addSubst(substVar, traitSelf),
    extraDeclsFmt: () => new FmtContext().addSubst(substVar, '(*this)'),
  };
}

export const OP_INTERFACES = flavor(
  'Op',
  '::mlir::Operation *',
  'OpInterface',
  'ConcreteOp',
  '_op',
  '(llvm::cast<ConcreteOp>(tablegen_opaque_val))',
  '(*static_cast<ConcreteOp *>(this))',
  true,
);
export const ATTR_INTERFACES = flavor(
  'Attr',
  '::mlir::Attribute',
  'AttributeInterface',
  'ConcreteAttr',
  '_attr',
  '(::llvm::cast<ConcreteAttr>(tablegen_opaque_val))',
  '(*static_cast<const ConcreteAttr *>(this))',
  false,
);
export const TYPE_INTERFACES = flavor(
  'Type',
  '::mlir::Type',
  'TypeInterface',
  'ConcreteType',
  '_type',
  '(::llvm::cast<ConcreteType>(tablegen_opaque_val))',
  '(*static_cast<const ConcreteType *>(this))',
  false,
);

/**
 * The interface defs of the main file, excluding `Declare<kind>InterfaceMethods` wrappers, in
 * llvm's getAllDerivedDefinitions order. Fatal when `<kind>Interface` is not defined.
 */
function interfaceDefs(records: RecordKeeper, kind: InterfaceFlavor['kind']): Record[] {
  const className = `${kind}Interface`;
  if (!records.getClass(className)) fatalAt(undefined, `The class '${className}' is not defined\n`);
  const declareName = `Declare${kind}InterfaceMethods`;
  return derivedDefinitions(records, className).filter((d) => !d.isSubClassOfName(declareName) && isDefinedInMainFile(d));
}

// ---------------------------------------------------------------------------------------------
// Small pieces

/**
 * mlir::tblgen::emitSummaryAndDescComments (MLIR 22): the trimmed summary and description as
 * `/// ` comment blocks, re-indented, separated by a newline; '' when both are empty.
 */
export function summaryAndDescComments(summary: string, description: string, terminate = false): string {
  const s = trim(summary);
  const d = trim(description);
  let out = '';
  if (s !== '') out += reindent(s, '/// ');
  if (d !== '') {
    if (out !== '') out += '\n';
    out += reindent(d, '/// ');
  }
  if (out !== '' && terminate) out += '\n';
  return out;
}

/** mlir::tblgen::emitDescriptionComment: a blank line, then the text as `prefix/// ` lines. */
function descriptionComment(description: string | undefined, prefix = ''): string {
  if (description === undefined || description === '') return '';
  const trimmed = rtrim(description, ' \t');
  let out = '\n' + reindent(trimmed, `${prefix}/// `);
  if (!trimmed.endsWith('\n')) out += '\n';
  return out;
}

/** `name(args)`, optionally with the concept/opaque-value arguments first and `const` after. */
function methodNameAndArgs(
  m: InterfaceMethod,
  name: string,
  valueType: string,
  addThisArg: boolean,
  addConst: boolean,
): string {
  let s = `${name}(`;
  if (addThisArg) {
    if (addConst) s += 'const ';
    s += `const Concept *impl, ${cppTypeWithSpace(valueType)}tablegen_opaque_val${m.argEmpty() ? '' : ', '}`;
  }
  s += m
    .getArguments()
    .map((a) => `${a.type} ${a.name}`)
    .join(', ');
  s += ')';
  if (addConst) s += ' const';
  return s;
}

const argNames = (m: InterfaceMethod) =>
  m
    .getArguments()
    .map((a) => a.name)
    .join(', ');

/** The parameter list of an external-model method (types spaced like emitCPPType). */
function externalModelParams(m: InterfaceMethod, valueType: string): string {
  let s = '';
  if (!m.isStatic()) {
    s += `${cppTypeWithSpace(valueType)}tablegen_opaque_val`;
    if (!m.argEmpty()) s += ', ';
  }
  s += m
    .getArguments()
    .map((a) => `${cppTypeWithSpace(a.type)}${a.name}`)
    .join(', ');
  return s;
}

// ---------------------------------------------------------------------------------------------
// Declarations

function forwardDeclare(w: TextWriter, iface: Interface): void {
  llvmNamespaceScope(w, iface.getCppNamespace(), () => {
    const comments = summaryAndDescComments('', iface.getDescription() ?? '');
    if (comments !== '') w.write(comments + '\n');
    w.write(`class ${iface.getName()};\n`);
  });
}

function emitConceptDecl(w: TextWriter, iface: Interface, f: InterfaceFlavor): void {
  w.write('  struct Concept {\n');
  w.write('    /// The methods defined by the interface.\n');
  for (const m of iface.getMethods()) {
    w.write(`    ${cppTypeWithSpace(m.getReturnType())}(*${m.getUniqueName()})(`);
    if (!m.isStatic()) w.write(`const Concept *impl, ${cppTypeWithSpace(f.valueType)}${m.argEmpty() ? '' : ', '}`);
    w.write(
      m
        .getArguments()
        .map((a) => a.type)
        .join(', '),
    );
    w.write(');\n');
  }
  const bases = iface.getBaseInterfaces();
  if (bases.length > 0) {
    w.write('    /// The base classes of this interface.\n');
    for (const b of bases) w.write(`    const ${b.getFullyQualifiedName()}::Concept *impl${b.getName()} = nullptr;\n`);
    w.write('\n    void initializeInterfaceConcept(::mlir::detail::InterfaceMap &interfaceMap) {\n');
    const qual = iface.getFullyQualifiedName();
    for (const b of bases) {
      const bq = b.getFullyQualifiedName();
      w.write(`      impl${b.getName()} = interfaceMap.lookup<${bq}>();\n`);
      w.write(`      assert(impl${b.getName()} && "\`${qual}\` expected its base interface \`${bq}\` to be registered");\n`);
    }
    w.write('    }\n');
  }
  w.write('  };\n');
}

function emitModelDecl(w: TextWriter, iface: Interface, f: InterfaceFlavor): void {
  for (const model of ['Model', 'FallbackModel']) {
    w.write(`  template<typename ${f.valueTemplate}>\n`);
    w.write(`  class ${model} : public Concept {\n  public:\n`);
    w.write(`    using Interface = ${iface.getFullyQualifiedName()};\n`);
    w.write(
      `    ${model}() : Concept{${iface
        .getMethods()
        .map((m) => m.getUniqueName())
        .join(', ')}} {}\n\n`,
    );
    for (const m of iface.getMethods()) {
      w.write(`    static inline ${cppTypeWithSpace(m.getReturnType())}`);
      w.write(methodNameAndArgs(m, m.getUniqueName(), f.valueType, !m.isStatic(), false));
      w.write(';\n');
    }
    w.write('  };\n');
  }
  w.write(`  template<typename ConcreteModel, typename ${f.valueTemplate}>\n`);
  w.write('  class ExternalModel : public FallbackModel<ConcreteModel> {\n');
  w.write('  public:\n');
  w.write(`    using ConcreteEntity = ${f.valueTemplate};\n`);
  for (const m of iface.getMethods()) {
    if (m.getDefaultImplementation() === undefined) continue;
    w.write('    ');
    if (m.isStatic()) w.write('static ');
    w.write(`${cppTypeWithSpace(m.getReturnType())}${m.getUniqueName()}(${externalModelParams(m, f.valueType)})`);
    if (!m.isStatic()) w.write(' const');
    w.write(';\n');
  }
  w.write('  };\n');
}

function emitDeclMethods(w: TextWriter, iface: Interface, f: InterfaceFlavor): void {
  const isOp = f.kind === 'Op';
  for (const m of iface.getMethods()) {
    w.write(descriptionComment(m.getDescription(), '  '));
    w.write(`  ${cppTypeWithSpace(m.getReturnType())}${methodNameAndArgs(m, m.getName(), f.valueType, false, !isOp)};\n`);
  }
  const extra = iface.getExtraClassDeclaration();
  if (extra !== undefined) w.write(rtrim(extra) + '\n');
  const shared = iface.getExtraSharedClassDeclaration();
  if (shared !== undefined) w.write(tgfmt(rtrim(shared), f.extraDeclsFmt()) + '\n');
}

const SECTION_RULE = '  //===----------------------------------------------------------------===//\n';

function emitInterfaceDecl(w: TextWriter, iface: Interface, f: InterfaceFlavor): void {
  const name = iface.getName();
  const traits = `${name}InterfaceTraits`;
  llvmNamespaceScope(w, iface.getCppNamespace(), () => {
    const comments = summaryAndDescComments('', iface.getDescription() ?? '');
    if (comments !== '') w.write(comments + '\n');
    w.write(`namespace detail {\nstruct ${traits} {\n`);
    emitConceptDecl(w, iface, f);
    emitModelDecl(w, iface, f);
    w.write('};\n');
    w.write(`template <typename ${f.valueTemplate}>\nstruct ${name}Trait;\n`);
    w.write('\n} // namespace detail\n');
    const base = f.interfaceBaseType;
    w.write(`class ${name} : public ::mlir::${base}<${name}, detail::${traits}> {\npublic:\n`);
    w.write(`  using ::mlir::${base}<${name}, detail::${traits}>::${base};\n`);
    w.write(`  template <typename ${f.valueTemplate}>\n  struct Trait : public detail::${name}Trait<${f.valueTemplate}> {};\n`);
    emitDeclMethods(w, iface, f);
    for (const b of iface.getBaseInterfaces()) {
      const bq = b.getFullyQualifiedName();
      w.write(`${SECTION_RULE}  // Inherited from ${bq}\n${SECTION_RULE}\n`);
      w.write(`  operator ${bq} () const {\n    if (!*this) return nullptr;\n`);
      w.write(`    return ${bq}(*this, getImpl()->impl${b.getName()});\n  }\n\n`);
      emitDeclMethods(w, b, f);
    }
    const classOf = iface.getExtraClassOf();
    if (classOf !== undefined) {
      const ctx = new FmtContext().addSubst(f.substVar, 'odsInterfaceInstance');
      w.write(`  static bool classof(${f.valueType} base) {\n`);
      w.write('    auto* interface = getInterfaceFor(base);\n    if (!interface)\n      return false;\n');
      w.write(`    ${name} odsInterfaceInstance(base, interface);\n`);
      w.write(`    ${tgfmt(trim(classOf), ctx)}\n  }\n`);
    }
    w.write('};\n');
  });
}

function emitInterfaceTraitDecl(w: TextWriter, iface: Interface, f: InterfaceFlavor): void {
  const name = iface.getName();
  const ns = iface.getCppNamespace().split('::').filter((p) => p !== '');
  llvmNamespaceScope(w, [...ns, 'detail'].join('::'), () => {
    w.write(`  template <typename ${f.valueTemplate}>\n`);
    w.write(
      `  struct ${name}Trait : public ::mlir::${f.interfaceBaseType}<${name}, detail::${name}InterfaceTraits>::Trait<${f.valueTemplate}> {\n`,
    );
    const isOp = f.kind === 'Op';
    for (const m of iface.getMethods()) {
      if (m.getName() === 'verifyTrait')
        fatalAt(
          undefined,
          `'verifyTrait' method cannot be specified as interface method for '${name}'; use the 'verify' field instead`,
        );
      const def = m.getDefaultImplementation();
      if (def === undefined) continue;
      w.write(descriptionComment(m.getDescription(), '    '));
      w.write(`    ${m.isStatic() ? 'static ' : ''}${cppTypeWithSpace(m.getReturnType())}`);
      w.write(methodNameAndArgs(m, m.getName(), f.valueType, false, !isOp && !m.isStatic()));
      w.write(` {\n      ${tgfmt(trim(def), f.traitMethodFmt())}\n    }\n`);
    }
    const verify = iface.getVerify();
    if (verify !== undefined) {
      const fn = iface.verifyWithRegions() ? 'verifyRegionTrait' : 'verifyTrait';
      w.write(`    static ::llvm::LogicalResult ${fn}(::mlir::Operation *op) {\n`);
      w.write(`      ${tgfmt(trim(verify), new FmtContext().addSubst('_op', 'op'))}\n    }\n`);
    }
    const extraTrait = iface.getExtraTraitClassDeclaration();
    if (extraTrait !== undefined) w.write(tgfmt(extraTrait, f.traitMethodFmt()) + '\n');
    const shared = iface.getExtraSharedClassDeclaration();
    if (shared !== undefined) w.write(tgfmt(shared, f.traitMethodFmt()) + '\n');
    w.write('  };\n');
  });
}

function emitModelMethodsDef(w: TextWriter, iface: Interface, f: InterfaceFlavor): void {
  const traits = `detail::${iface.getName()}InterfaceTraits`;
  const vt = f.valueTemplate;
  llvmNamespaceScope(w, iface.getCppNamespace(), () => {
    for (const m of iface.getMethods()) {
      w.write(`template<typename ${vt}>\n`);
      w.write(`${cppTypeWithSpace(m.getReturnType())}${traits}::Model<${vt}>::`);
      w.write(methodNameAndArgs(m, m.getUniqueName(), f.valueType, !m.isStatic(), false));
      w.write(' {\n  ');
      const body = m.getBody();
      if (body !== undefined) {
        w.write(m.isStatic() ? trim(body) : tgfmt(trim(body), f.nonStaticMethodFmt()));
        w.write('\n}\n');
        continue;
      }
      w.write(m.isStatic() ? `return ${vt}::` : tgfmt('return $_self.', f.nonStaticMethodFmt()));
      w.write(`${m.getName()}(${argNames(m)});\n}\n`);
    }
    for (const m of iface.getMethods()) {
      w.write(`template<typename ${vt}>\n`);
      w.write(`${cppTypeWithSpace(m.getReturnType())}${traits}::FallbackModel<${vt}>::`);
      w.write(methodNameAndArgs(m, m.getUniqueName(), f.valueType, !m.isStatic(), false));
      w.write(' {\n  ');
      w.write(m.isStatic() ? `return ${vt}::` : `return static_cast<const ${vt} *>(impl)->`);
      w.write(`${m.getUniqueName()}(`);
      if (!m.isStatic()) w.write(`tablegen_opaque_val${m.argEmpty() ? '' : ', '}`);
      w.write(`${argNames(m)});\n}\n`);
    }
    for (const m of iface.getMethods()) {
      const def = m.getDefaultImplementation();
      if (def === undefined) continue;
      w.write(`template<typename ConcreteModel, typename ${vt}>\n`);
      w.write(`${cppTypeWithSpace(m.getReturnType())}${traits}::ExternalModel<ConcreteModel, ${vt}>::`);
      w.write(`${m.getUniqueName()}(${externalModelParams(m, f.valueType)})`);
      if (!m.isStatic()) w.write(' const');
      w.write(' {\n');
      w.write(tgfmt(trim(def), m.isStatic() ? new FmtContext() : f.nonStaticMethodFmt()));
      w.write('\n}\n');
    }
  });
}

/** --gen-<kind>-interface-decls. */
export function emitInterfaceDecls(records: RecordKeeper, f: InterfaceFlavor): string {
  const w = new TextWriter();
  w.write(emitSourceFileHeader('Interface Declarations'));
  const defs = [...interfaceDefs(records, f.kind)].sort((a, b) => a.id - b.id).map((d) => new Interface(d));
  for (const i of defs) forwardDeclare(w, i);
  for (const i of defs) emitInterfaceDecl(w, i, f);
  for (const i of defs) emitInterfaceTraitDecl(w, i, f);
  for (const i of defs) emitModelMethodsDef(w, i, f);
  return w.toString();
}

function emitDefMethods(w: TextWriter, qualName: string, iface: Interface, f: InterfaceFlavor, implValue: string): void {
  const isOp = f.kind === 'Op';
  for (const m of iface.getMethods()) {
    w.write(descriptionComment(m.getDescription()));
    w.write(`${cppTypeWithSpace(m.getReturnType())}${qualName}::${methodNameAndArgs(m, m.getName(), f.valueType, false, !isOp)}`);
    w.write(` {\n      return ${implValue}->${m.getUniqueName()}(`);
    if (!m.isStatic()) w.write(`${implValue}, ${isOp ? 'getOperation()' : '*this'}${m.argEmpty() ? '' : ', '}`);
    w.write(`${argNames(m)});\n  }\n`);
  }
}

/** --gen-<kind>-interface-defs. */
export function emitInterfaceDefs(records: RecordKeeper, f: InterfaceFlavor): string {
  const w = new TextWriter();
  w.write(emitSourceFileHeader('Interface Definitions'));
  for (const d of interfaceDefs(records, f.kind)) {
    const iface = new Interface(d);
    const qual = iface.getFullyQualifiedName().replace(/^::/, '');
    emitDefMethods(w, qual, iface, f, 'getImpl()');
    for (const b of iface.getBaseInterfaces()) emitDefMethods(w, qual, b, f, `getImpl()->impl${b.getName()}`);
  }
  return w.toString();
}
