// Shared logic of --gen-{typedef,attrdef}-{decls,defs}: collects the AttrDef/TypeDef records
// and emits the declarations and definitions of their C++ classes, storage classes and the
// dialect-level parse/print dispatch.
import { DefInit, type Record, type RecordKeeper, activeDiagnostics, fatalAt } from '@ods-ts/tablegen-core';
import {
  Class,
  ExtraClassDeclaration,
  Field,
  Method,
  MethodParameter,
  MethodProp,
  ParentClass,
  UsingDeclaration,
  Visibility,
  VisibilityDeclaration,
} from '../cpp/class.js';
import { CodeWriter, emitSourceFileHeader, ifDefClose, ifDefOpen } from '../emit.js';
import { type AttrOrTypeBuilder, AttrOrTypeDef } from '../ods/attr-or-type-def.js';
import { failPlain } from '../ods/dialect.js';
import { Interface } from '../ods/interface.js';
import type { Trait } from '../ods/trait.js';
import { generateAttrOrTypeFormat } from './attr-or-type-format-gen.js';
import { FmtContext, tgfmt } from '../fmt.js';
import { predicateCondition } from '../ods/predicate.js';
import { derivedDefsOf, llvmIfDefScope, llvmNamespaceScope } from './gen-util.js';
import { ASMFORMAT_ERROR_IS_FATAL_OPTION, formatErrorIsFatal } from '../format/format-parser.js';
import type { GeneratorContext } from '../registry.js';
import { pairedJobFollows, runPairedPass, takePairedText } from './paired-outputs.js';
import { TextWriter } from '../text.js';
import { summaryAndDescComments } from './interface-gen-util.js';

/** What differs between the attribute and the type flavours of the generators. */
export interface DefKind {
  /** `Attr` or `Type` (the TableGen class prefix, `AttrDef`/`TypeDef`). */
  readonly defType: 'Attr' | 'Type';
  /** `Attribute` or `Type` (the C++ value class). */
  readonly valueType: 'Attribute' | 'Type';
}

/** The options of the four generators. */
export interface DefGenOptions {
  /** `--{attr,type}defs-dialect`: the dialect whose defs to generate ('' for the only one). */
  readonly selectedDialect: string;
  /** `--asmformat-error-is-fatal` (default true): a bad assemblyFormat stops the generator. */
  readonly formatErrorIsFatal: boolean;
}

/** Read the options of a generator run (`dialectOption`: the dialect selection option). */
export function defGenOptions(options: ReadonlyMap<string, string | boolean | string[]>, dialectOption: string): DefGenOptions {
  const v = options.get(dialectOption);
  return {
    selectedDialect: typeof v === 'string' ? v : Array.isArray(v) ? v.join(',') : '',
    formatErrorIsFatal: formatErrorIsFatal(options),
  };
}

export const ATTR_KIND: DefKind = { defType: 'Attr', valueType: 'Attribute' };
export const TYPE_KIND: DefKind = { defType: 'Type', valueType: 'Type' };

/** Fixed text printed at the top of the declarations (forward declarations of the asm classes). */
const DECL_HEADER = '\nnamespace mlir {\nclass AsmParser;\nclass AsmPrinter;\n} // namespace mlir\n';

const EMIT_ERROR_TYPE = '::llvm::function_ref<::mlir::InFlightDiagnostic()>';

/** The def records of `kind`, in definition order. */
export function collectDefRecords(records: RecordKeeper, kind: DefKind): Record[] {
  return [...derivedDefsOf(records, `${kind.defType}Def`)].sort((a, b) => a.id - b.id);
}

/** The defs to generate: those of the selected dialect, or all when they share one dialect. */
function collectDefs(records: RecordKeeper, kind: DefKind, selectedDialect: string): AttrOrTypeDef[] {
  const recs = collectDefRecords(records, kind);
  if (recs.length === 0) return [];
  const defs = recs.map((r) => new AttrOrTypeDef(r));
  if (selectedDialect === '') {
    const first = defs[0]!.getDialect()?.def;
    if (!defs.every((d) => d.getDialect()?.def === first))
      failPlain("error: defs belonging to more than one dialect. Must select one via '--(attr|type)defs-dialect'");
    return defs;
  }
  return defs.filter((d) => d.getDialect()?.getName() === selectedDialect);
}

/** `/// comment` lines above a forward declaration; '' when there is nothing to say. */
function classComments(def: AttrOrTypeDef): string {
  const c = summaryAndDescComments(def.getSummary(), def.getDescription());
  return c === '' ? '' : c + '\n';
}

/** What `fn` writes to a fresh indenting writer (raw_indented_ostream over the output). */
function indented(fn: (w: CodeWriter) => void): string {
  const cw = new CodeWriter();
  fn(cw);
  return cw.toString();
}

function interfaceOfTrait(trait: Trait): Interface {
  return Interface.of(trait.def);
}

/** The C++ classes of one def: the attribute/type class and its storage (DefGen). */
class DefGen {
  readonly defCls: Class;
  readonly storageCls: Class | undefined;
  private readonly valueType: string;
  private readonly defType: string;

  constructor(
    readonly def: AttrOrTypeDef,
    kind: DefKind,
    private readonly formatErrorIsFatal = true,
    forDeclarations = false,
  ) {
    this.valueType = kind.valueType;
    this.defType = kind.defType;
    this.defCls = new Class(def.getCppClassName());
    // Declarations never print out-of-line bodies. (Definitions keep the inline ones: the
    // conflicting-builder error prints them.)
    if (forDeclarations) this.defCls.output = 'decl';
    for (const p of def.getParameters()) if (p.isAnonymous()) fatalAt(undefined, 'all parameters must have a name');
    if (def.getNumParameters() > 0) this.storageCls = new Class(def.getStorageClassName(), true);

    this.createParentWithTraits();
    this.emitTopLevelDeclarations();
    if (this.storageCls) this.emitBuilders();
    this.emitName();
    this.emitDialectName();
    const genImpl = def.genVerifyInvariantsImpl();
    if (this.storageCls && genImpl) this.emitInvariantsVerifierImpl();
    const genVerifyDecl = def.genVerifyDecl();
    if (this.storageCls && genVerifyDecl) this.emitVerifierDecl();
    if (this.storageCls) this.emitInvariantsVerifier(genImpl, genVerifyDecl);
    if (def.getMnemonic() !== undefined) this.emitParserPrinter();
    if (def.genAccessors()) this.emitAccessors();
    this.emitInterfaceMethods();
    if (def.genMnemonicAlias()) this.emitMnemonicAliasMethod();
    this.defCls.finalize();
    if (this.storageCls && def.genStorageClass()) this.emitStorageClass();
  }

  emitDecl(w: TextWriter): void {
    if (this.storageCls && this.def.genStorageClass()) {
      llvmNamespaceScope(w, this.def.getStorageNamespace(), () => w.write(`struct ${this.def.getStorageClassName()};\n`));
    }
    w.write(indented((cw) => this.defCls.writeDeclTo(cw)));
  }

  emitDef(w: TextWriter): void {
    const storage = this.storageCls;
    if (storage && this.def.genStorageClass()) {
      llvmNamespaceScope(w, this.def.getStorageNamespace(), () => w.write(indented((cw) => storage.writeDeclTo(cw))));
    }
    w.write(indented((cw) => this.defCls.writeDefTo(cw)));
  }

  private createParentWithTraits(): void {
    const def = this.def;
    const parent = new ParentClass(`::mlir::${this.valueType}::${this.defType}Base`);
    parent.addTemplateParam(def.getCppClassName());
    parent.addTemplateParam(def.getCppBaseClassName());
    parent.addTemplateParam(
      this.storageCls ? `${def.getStorageNamespace()}::${def.getStorageClassName()}` : `::mlir::${this.valueType}Storage`,
    );
    const traitNames = def.getTraits().map((t) => t.getFullyQualifiedTraitName());
    for (const t of traitNames) parent.addTemplateParam(t);
    const opAsm = `::mlir::OpAsm${this.defType}Interface::Trait`;
    if (def.genMnemonicAlias() && !traitNames.includes(opAsm)) parent.addTemplateParam(opAsm);
    this.defCls.addParent(parent);
  }

  private emitTopLevelDeclarations(): void {
    const def = this.def;
    this.defCls.declare(new VisibilityDeclaration(Visibility.Public));
    this.defCls.declare(new UsingDeclaration('Base::Base'));
    const decls: string[] = [];
    const defs: string[] = [];
    for (const t of def.getTraits()) {
      if (t.kind !== 'native') continue;
      const d = t.getExtraConcreteClassDeclaration();
      if (d !== '') decls.push(d);
      const df = t.getExtraConcreteClassDefinition();
      if (df !== '') defs.push(df);
    }
    const extraDecl = def.getExtraDecls();
    if (extraDecl !== undefined) decls.push(extraDecl);
    const extraDef = def.getExtraDefs();
    if (extraDef !== undefined) defs.push(extraDef);
    const defText = tgfmt(defs.join('\n'), new FmtContext().addSubst('cppClass', def.getCppClassName()));
    this.defCls.declare(new ExtraClassDeclaration(decls.join('\n'), defText));
  }

  private emitName(): void {
    this.defCls.declare(
      new ExtraClassDeclaration(`static constexpr ::llvm::StringLiteral name = "${this.def.getAttrOrTypeName()}";\n`),
    );
  }

  private emitDialectName(): void {
    this.defCls.declare(
      new ExtraClassDeclaration(
        `static constexpr ::llvm::StringLiteral dialectName = "${this.def.getDialect()?.getName() ?? ''}";\n`,
      ),
    );
  }

  private builderParams(prefix: MethodParameter[]): MethodParameter[] {
    return [...prefix, ...this.def.getParameters().map((p) => new MethodParameter(p.getCppType(), p.getName()))];
  }

  private emitBuilders(): void {
    const def = this.def;
    const checked = def.genVerifyDecl() || def.genVerifyInvariantsImpl();
    if (!def.skipDefaultBuilders()) {
      this.emitDefaultBuilder();
      if (checked) this.emitCheckedBuilder();
    }
    for (const b of def.getBuilders()) {
      this.emitCustomBuilder(b);
      if (checked) this.emitCheckedCustomBuilder(b);
    }
  }

  private emitDefaultBuilder(): void {
    const m = this.defCls.addStaticMethod(
      this.def.getCppClassName(),
      'get',
      this.builderParams([new MethodParameter('::mlir::MLIRContext *', 'context')]),
    );
    if (!m) return;
    m.body.indent();
    m.body.scope('return Base::get(context', ');', () => {
      for (const p of this.def.getParameters()) m.body.write(`, std::move(${p.getName()})`);
    });
  }

  private emitCheckedBuilder(): void {
    const m = this.defCls.addStaticMethod(
      this.def.getCppClassName(),
      'getChecked',
      this.builderParams([
        new MethodParameter(EMIT_ERROR_TYPE, 'emitError'),
        new MethodParameter('::mlir::MLIRContext *', 'context'),
      ]),
    );
    if (!m) return;
    m.body.indent();
    m.body.scope('return Base::getChecked(emitError, context', ');', () => {
      for (const p of this.def.getParameters()) m.body.write(`, std::move(${p.getName()})`);
    });
  }

  private customBuilderParams(prefix: MethodParameter[], b: AttrOrTypeBuilder): MethodParameter[] {
    const out = [...prefix];
    if (!b.hasInferredContextParameter()) out.push(new MethodParameter('::mlir::MLIRContext *', 'context'));
    for (const p of b.getParameters()) out.push(new MethodParameter(p.cppType, p.name ?? '', p.defaultValue ?? ''));
    return out;
  }

  private addBuilderMethod(name: string, b: AttrOrTypeBuilder, params: MethodParameter[]): Method {
    const props = b.getBody() !== undefined ? MethodProp.Static : MethodProp.StaticDeclaration;
    const ret = b.getReturnType() ?? this.def.getCppClassName();
    const m = this.defCls.addMethod(ret, name, props, params);
    if (!m) this.failConflictingBuilder(new Method(ret, name, props, params));
    return m;
  }

  /** A custom builder shadowed by an existing one: an error at `builders`, both signatures. */
  private failConflictingBuilder(m: Method): never {
    const existing = this.defCls.pendingMethods().find((x) => x.makesRedundant(m));
    const decl = (x: Method | undefined) => indented((cw) => x?.writeDeclTo(cw));
    const message = `builder \`${m.signature.name}\` conflicts with an existing builder. `;
    const note =
      `A new builder with signature:\n${decl(m)}\n` +
      `is shadowed by an existing builder with signature:\n${decl(existing)}\n` +
      'Please remove one of the conflicting definitions.';
    const diags = activeDiagnostics();
    const rec = this.def.def;
    if (!diags) return fatalAt(rec, message);
    return diags.fatal(rec.getValue('builders')?.loc ?? rec.locs[0], message, [{ loc: undefined, message: note }]);
  }

  private emitCustomBuilder(b: AttrOrTypeBuilder): void {
    const m = this.addBuilderMethod('get', b, this.customBuilderParams([], b));
    const body = b.getBody();
    if (!m || body === undefined) return;
    const ctx = new FmtContext().addSubst('_get', 'Base::get');
    if (!b.hasInferredContextParameter()) ctx.addSubst('_ctxt', 'context');
    m.body.indent().printReindented(tgfmt(body, ctx));
  }

  private emitCheckedCustomBuilder(b: AttrOrTypeBuilder): void {
    const m = this.addBuilderMethod('getChecked', b, this.customBuilderParams([new MethodParameter(EMIT_ERROR_TYPE, 'emitError')], b));
    const body = b.getBody();
    if (!m || body === undefined) return;
    const ctx = new FmtContext();
    if (!b.hasInferredContextParameter()) ctx.addSubst('_ctxt', 'context');
    const replaced = body.split('$_get(').join('Base::getChecked(emitError, ');
    m.body.indent().printReindented(tgfmt(replaced, ctx));
  }

  private emitVerifierDecl(): void {
    this.defCls.declareStaticMethod(
      '::llvm::LogicalResult',
      'verify',
      this.builderParams([new MethodParameter(EMIT_ERROR_TYPE, 'emitError')]),
    );
  }

  private emitInvariantsVerifierImpl(): void {
    const params = this.builderParams([new MethodParameter(EMIT_ERROR_TYPE, 'emitError')]);
    const m = this.defCls.addMethod('::llvm::LogicalResult', 'verifyInvariantsImpl', MethodProp.Static, params);
    if (!m) return;
    m.body.indent();
    this.def.getParameters().forEach((p, i) => {
      const c = p.getConstraint();
      if (!c) return;
      const predInit = c.getValue('predicate')?.value;
      const pred = predInit instanceof DefInit ? predInit.def : undefined;
      const cond = tgfmt(pred ? predicateCondition(pred) : 'true', new FmtContext().withSelf(params[i + 1]!.name));
      const summary = c.getValue('summary') ? c.getValueAsString('summary') : '';
      m.body.write(
        `\nif (!(${cond})) {\n  emitError() << "failed to verify '${p.getName()}': ${summary}";\n  return ::mlir::failure();\n}\n\n`,
      );
    });
    m.body.write('return ::mlir::success();');
  }

  private emitInvariantsVerifier(hasImpl: boolean, hasCustom: boolean): void {
    if (!hasImpl && !hasCustom) return;
    this.defCls.declare(new UsingDeclaration('Base::getChecked'));
    const params = this.builderParams([new MethodParameter(EMIT_ERROR_TYPE, 'emitError')]);
    const m = this.defCls.addMethod('::llvm::LogicalResult', 'verifyInvariants', MethodProp.Static, params);
    if (!m) return;
    m.body.indent();
    const call = (name: string) => {
      m.body.write(`if (::mlir::failed(${name}(${params.map((p) => p.name).join(', ')})))\n`);
      m.body.write('  return ::mlir::failure();\n');
    };
    if (hasImpl) call('verifyInvariantsImpl');
    if (hasCustom) call('verify');
    m.body.write('return ::mlir::success();');
  }

  private emitParserPrinter(): void {
    const def = this.def;
    const mnemonic = this.defCls.addStaticMethod('::llvm::StringLiteral', 'getMnemonic', [], MethodProp.Constexpr);
    mnemonic?.body.indent().write(`return {"${def.getMnemonic()}"};`);
    const format = def.getAssemblyFormat();
    const hasFormat = format !== undefined;
    if (!def.hasCustomAssemblyFormat() && !hasFormat) return;
    const parserParams = [new MethodParameter('::mlir::AsmParser &', 'odsParser')];
    if (def.isAttrDef()) parserParams.push(new MethodParameter('::mlir::Type', 'odsType'));
    const parser = this.defCls.addMethod(
      `::mlir::${this.valueType}`,
      'parse',
      hasFormat ? MethodProp.Static : MethodProp.StaticDeclaration,
      parserParams,
    );
    const printer = this.defCls.addMethod(
      'void',
      'print',
      hasFormat ? MethodProp.Const : MethodProp.ConstDeclaration,
      [new MethodParameter('::mlir::AsmPrinter &', 'odsPrinter')],
    );
    if (hasFormat && parser && printer) generateAttrOrTypeFormat(def, parser.body, printer.body, this.formatErrorIsFatal);
  }

  private emitAccessors(): void {
    for (const p of this.def.getParameters()) {
      const m = this.defCls.addMethod(
        p.getCppAccessorType(),
        p.getAccessorName(),
        this.def.genStorageClass() ? MethodProp.Const : MethodProp.ConstDeclaration,
      );
      if (!m || !this.def.genStorageClass()) continue;
      m.body.indent().write(`return getImpl()->${p.getName()};`);
    }
  }

  private emitInterfaceMethods(): void {
    for (const t of this.def.getTraits()) {
      if (t.kind !== 'interface' || !t.shouldDeclareMethods()) continue;
      const always = new Set(t.getAlwaysDeclaredMethods());
      for (const m of interfaceOfTrait(t).getMethods()) {
        if (m.getBody() !== undefined) continue;
        if (m.getDefaultImplementation() !== undefined && !always.has(m.getName())) {
          // The trait's default implementation is brought in by name (it may be overloaded).
          const using = `${t.getFullyQualifiedTraitName()}<${this.def.getCppClassName()}>::${m.getName()}`;
          this.defCls.declare(new UsingDeclaration(using));
          continue;
        }
        this.defCls.addMethod(
          m.getReturnType(),
          m.getName(),
          m.isStatic() ? MethodProp.StaticDeclaration : MethodProp.ConstDeclaration,
          m.getArguments().map((a) => new MethodParameter(a.type, a.name)),
        );
      }
    }
  }

  private emitMnemonicAliasMethod(): void {
    const mnemonic = this.def.getMnemonic();
    if (mnemonic === undefined) return;
    const m = this.defCls.addMethod('::mlir::OpAsmAliasResult', 'getAlias', MethodProp.Const, [
      new MethodParameter('::llvm::raw_ostream &', 'os'),
    ]);
    m?.body.indent().write(`os << "${mnemonic}";\nreturn ::mlir::OpAsmAliasResult::OverridableAlias;\n`);
  }

  // -------------------------------------------------------------------------------------------
  // Storage class

  private emitStorageClass(): void {
    const s = this.storageCls!;
    const def = this.def;
    const params = def.getParameters();
    s.addParent(`::mlir::${this.valueType}Storage`);
    // Constructor.
    const ctor = s.addConstructor(this.builderParams([]), MethodProp.Inline);
    for (const p of params) ctor?.addMemberInitializer(p.getName(), `std::move(${p.getName()})`);
    // Key type.
    s.declare(new UsingDeclaration('KeyTy', `std::tuple<${params.map((p) => p.getCppType()).join(', ')}>`));
    const asKey = s.addConstMethod('KeyTy', 'getAsKey', [], MethodProp.Inline);
    asKey?.body.indent().write(`return KeyTy(${params.map((p) => p.getName()).join(', ')});`);
    // Equality.
    const eq = s.addConstMethod('bool', 'operator==', [new MethodParameter('const KeyTy &', 'tblgenKey')], MethodProp.Inline);
    if (eq) {
      eq.body.indent();
      eq.body.scope('return (', ');', () => {
        eq.body.write(
          params
            .map((p, i) =>
              tgfmt(p.getComparator(), new FmtContext().addSubst('_lhs', p.getName()).addSubst('_rhs', `std::get<${i}>(tblgenKey)`)),
            )
            .join(') && ('),
        );
      });
    }
    // Hash.
    const hash = s.addStaticInlineMethod('::llvm::hash_code', 'hashKey', [new MethodParameter('const KeyTy &', 'tblgenKey')]);
    if (hash) {
      hash.body.indent();
      hash.body.scope('return ::llvm::hash_combine(', ');', () => {
        hash.body.write(params.map((_, i) => `std::get<${i}>(tblgenKey)`).join(', '));
      });
    }
    // Construct.
    const custom = def.hasStorageCustomConstructor();
    const construct = s.addMethod(
      `${def.getStorageClassName()} *`,
      'construct',
      custom ? MethodProp.StaticDeclaration : MethodProp.StaticInline,
      [
        new MethodParameter(`::mlir::${this.valueType}StorageAllocator &`, 'allocator'),
        new MethodParameter('KeyTy &&', 'tblgenKey'),
      ],
    );
    if (construct && !custom) {
      const body = construct.body.indent();
      params.forEach((p, i) => body.write(`auto ${p.getName()} = std::move(std::get<${i}>(tblgenKey));\n`));
      const ctx = new FmtContext().addSubst('_allocator', 'allocator');
      for (const p of params) {
        const alloc = p.getAllocator();
        if (alloc === undefined) continue;
        ctx.withSelf(p.getName()).addSubst('_dst', p.getName());
        body.write(tgfmt(alloc, ctx) + '\n');
      }
      const sc = def.getStorageClassName();
      body.scope(`return new (allocator.allocate<${sc}>()) ${sc}(`, ');', () => {
        body.write(params.map((p) => `std::move(${p.getName()})`).join(', '));
      });
    }
    s.finalize();
    for (const p of params) {
      if (p.getCppType().includes('APInt') && !p.hasCustomComparator())
        fatalAt(
          def.def,
          'Using a raw APInt parameter without a custom comparator is not supported because an assert in the equality operator is triggered when the two APInts have different bit widths. This can lead to unexpected crashes. Use an `APIntParameter` or provide a custom comparator.',
        );
      s.declare(new Field(p.getCppType(), p.getName()));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Declarations

/**
 * The declarations of a kind's defs; with `defsOut`, each def's class is built for both outputs
 * and its definitions written there too (paired-outputs.ts).
 */
function writeDefDecls(kind: DefKind, defs: readonly AttrOrTypeDef[], opts: DefGenOptions, defsOut?: DefDefsOutput): string {
  const w = new TextWriter();
  w.write(emitSourceFileHeader(`${kind.defType}Def Declarations`));
  llvmIfDefScope(w, `GET_${kind.defType.toUpperCase()}DEF_CLASSES`, () => {
    w.write(DECL_HEADER);
    if (defs.length === 0) return;
    llvmNamespaceScope(w, defs[0]!.getDialect()?.getCppNamespace() ?? '', () => {
      for (const d of defs) w.write(classComments(d) + `class ${d.getCppClassName()};\n`);
      for (const d of defs) {
        const gen = new DefGen(d, kind, opts.formatErrorIsFatal, defsOut === undefined);
        gen.emitDecl(w);
        defsOut?.add(d, gen);
      }
    });
    for (const d of defs) {
      const ns = d.getDialect()?.getCppNamespace() ?? '';
      if (ns !== '') w.write(`MLIR_DECLARE_EXPLICIT_TYPE_ID(${ns}::${d.getCppClassName()})\n`);
    }
  });
  return w.toString();
}

/** The generator of the definitions that go with a kind's declarations. */
const defsGeneratorOf = (kind: DefKind): string => `${kind.defType.toLowerCase()}def-defs`;

/** The options that shape the classes of a kind's defs: the pair shares them for equal values. */
const pairOptions = (dialectOption: string): readonly string[] => [dialectOption, ASMFORMAT_ERROR_IS_FATAL_OPTION.name];

/**
 * --gen-attrdef-decls / --gen-typedef-decls (`dialectOption` selects the dialect). When the
 * matching -defs job follows on this parse, both are written in one pass (paired-outputs.ts).
 */
export function emitDefDecls(ctx: GeneratorContext, kind: DefKind, dialectOption: string): string {
  const opts = defGenOptions(ctx.options, dialectOption);
  const defs = collectDefs(ctx.records, kind, opts.selectedDialect);
  const paired = defsGeneratorOf(kind);
  if (defs.length > 0 && pairedJobFollows(ctx, paired, pairOptions(dialectOption))) {
    const own = runPairedPass(ctx, paired, pairOptions(dialectOption), () => {
      const defsOut = new DefDefsOutput(defs, kind);
      return { own: writeDefDecls(kind, defs, opts, defsOut), paired: defsOut.finish() };
    });
    if (own !== undefined) return own;
  }
  return writeDefDecls(kind, defs, opts);
}

// ---------------------------------------------------------------------------------------------
// Definitions

/**
 * The dialect's parseAttribute/printAttribute over the generated dispatch. Slots: `dialect` the
 * dialect class, `dynParse`/`dynPrint` the extensible-dialect fallbacks ('' otherwise).
 */
function dialectAttrParserPrinterTemplate(dialect: string, dynParse: string, dynPrint: string): string {
  return `
/// Parse an attribute registered to this dialect.
::mlir::Attribute ${dialect}::parseAttribute(::mlir::DialectAsmParser &parser,
                                      ::mlir::Type type) const {
  ::llvm::SMLoc typeLoc = parser.getCurrentLocation();
  ::llvm::StringRef attrTag;
  {
    ::mlir::Attribute attr;
    auto parseResult = generatedAttributeParser(parser, &attrTag, type, attr);
    if (parseResult.has_value())
      return attr;
  }
  ${dynParse}
  parser.emitError(typeLoc) << "unknown attribute \`"
      << attrTag << "\` in dialect \`" << getNamespace() << "\`";
  return {};
}
/// Print an attribute registered to this dialect.
void ${dialect}::printAttribute(::mlir::Attribute attr,
                         ::mlir::DialectAsmPrinter &printer) const {
  if (::mlir::succeeded(generatedAttributePrinter(attr, printer)))
    return;
  ${dynPrint}
}
`;
}

const DYNAMIC_ATTR_PARSE = `
  {
    ::mlir::Attribute genAttr;
    auto parseResult = parseOptionalDynamicAttr(attrTag, parser, genAttr);
    if (parseResult.has_value()) {
      if (::mlir::succeeded(parseResult.value()))
        return genAttr;
      return Attribute();
    }
  }
`;

const DYNAMIC_ATTR_PRINT = `
  if (::mlir::succeeded(printIfDynamicAttr(attr, printer)))
    return;
`;

/** The dialect's parseType/printType over the generated dispatch (slots as for attributes). */
function dialectTypeParserPrinterTemplate(dialect: string, dynParse: string, dynPrint: string): string {
  return `
/// Parse a type registered to this dialect.
::mlir::Type ${dialect}::parseType(::mlir::DialectAsmParser &parser) const {
  ::llvm::SMLoc typeLoc = parser.getCurrentLocation();
  ::llvm::StringRef mnemonic;
  ::mlir::Type genType;
  auto parseResult = generatedTypeParser(parser, &mnemonic, genType);
  if (parseResult.has_value())
    return genType;
  ${dynParse}
  parser.emitError(typeLoc) << "unknown  type \`"
      << mnemonic << "\` in dialect \`" << getNamespace() << "\`";
  return {};
}
/// Print a type registered to this dialect.
void ${dialect}::printType(::mlir::Type type,
                    ::mlir::DialectAsmPrinter &printer) const {
  if (::mlir::succeeded(generatedTypePrinter(type, printer)))
    return;
  ${dynPrint}
}
`;
}

const DYNAMIC_TYPE_PARSE = `
  {
    auto parseResult = parseOptionalDynamicType(mnemonic, parser, genType);
    if (parseResult.has_value()) {
      if (::mlir::succeeded(parseResult.value()))
        return genType;
      return ::mlir::Type();
    }
  }
`;

const DYNAMIC_TYPE_PRINT = `
  if (::mlir::succeeded(printIfDynamicType(type, printer)))
    return;
`;

/** `generated{Attribute,Type}Parser/Printer`: dispatch on the mnemonic of each def. */
function emitParsePrintDispatch(w: TextWriter, defs: readonly AttrOrTypeDef[], kind: DefKind): void {
  if (!defs.some((d) => d.getMnemonic() !== undefined)) return;
  const isAttr = kind.defType === 'Attr';
  const vt = kind.valueType;
  const parseParams = ['::mlir::AsmParser &parser', '::llvm::StringRef *mnemonic'];
  if (isAttr) parseParams.push('::mlir::Type type');
  parseParams.push(`::mlir::${vt} &value`);
  let parse = '  return ::mlir::AsmParser::KeywordSwitch<::mlir::OptionalParseResult>(parser)\n';
  let print = `  return ::llvm::TypeSwitch<::mlir::${vt}, ::llvm::LogicalResult>(def)`;
  for (const d of defs) {
    if (d.getMnemonic() === undefined) continue;
    const hasDecl = d.hasCustomAssemblyFormat() || d.getAssemblyFormat() !== undefined;
    const cls = `${d.getDialect()?.getCppNamespace() ?? ''}::${d.getCppClassName()}`;
    const parseOrGet = hasDecl ? `parse(parser${isAttr ? ', type' : ''})` : 'get(parser.getContext())';
    parse += `    .Case(${cls}::getMnemonic(), [&](llvm::StringRef, llvm::SMLoc) {\n      value = ${cls}::${parseOrGet};\n      return ::mlir::success(!!value);\n    })\n`;
    print += `    .Case<${cls}>([&](auto t) {\n      printer << ${cls}::getMnemonic();${hasDecl ? '\nt.print(printer);' : ''}\n      return ::mlir::success();\n    })\n`;
  }
  parse += '    .Default([&](llvm::StringRef keyword, llvm::SMLoc) {\n      *mnemonic = keyword;\n      return std::nullopt;\n    });';
  print += '    .Default([](auto) { return ::mlir::failure(); });';
  w.write(`static ::mlir::OptionalParseResult generated${vt}Parser(${parseParams.join(', ')}) {\n${parse}\n}\n\n`);
  w.write(
    `static ::llvm::LogicalResult generated${vt}Printer(::mlir::${vt} def, ::mlir::AsmPrinter &printer) {\n${print}\n}\n\n`,
  );
}

/**
 * The definitions of a kind's defs (at least one), written def by def: `add` each def's class,
 * built for definitions, in order.
 */
class DefDefsOutput {
  private readonly w = new TextWriter();
  private readonly upper: string;
  constructor(
    private readonly defs: readonly AttrOrTypeDef[],
    private readonly kind: DefKind,
  ) {
    const w = this.w;
    this.upper = kind.defType.toUpperCase();
    w.write(emitSourceFileHeader(`${kind.defType}Def Definitions`));
    llvmIfDefScope(w, `GET_${this.upper}DEF_LIST`, () => {
      w.write(defs.map((d) => `${d.getDialect()?.getCppNamespace() ?? ''}::${d.getCppClassName()}`).join(',\n'));
      w.write('\n');
    });
    w.write(ifDefOpen(`GET_${this.upper}DEF_CLASSES`));
    emitParsePrintDispatch(w, defs, kind);
  }

  add(d: AttrOrTypeDef, gen: DefGen): void {
    const w = this.w;
    const ns = d.getDialect()?.getCppNamespace() ?? '';
    llvmNamespaceScope(w, ns, () => gen.emitDef(w));
    if (ns !== '') w.write(`MLIR_DEFINE_EXPLICIT_TYPE_ID(${ns}::${d.getCppClassName()})\n`);
  }

  finish(): string {
    const w = this.w;
    const dialect = this.defs[0]!.getDialect();
    const isAttr = this.kind.defType === 'Attr';
    if (dialect && isAttr && dialect.useDefaultAttributePrinterParser()) {
      llvmNamespaceScope(w, dialect.getCppNamespace(), () => {
        const ext = dialect.isExtensible();
        w.write(dialectAttrParserPrinterTemplate(dialect.getCppClassName(), ext ? DYNAMIC_ATTR_PARSE : '', ext ? DYNAMIC_ATTR_PRINT : ''));
      });
    }
    if (dialect && !isAttr && dialect.useDefaultTypePrinterParser()) {
      llvmNamespaceScope(w, dialect.getCppNamespace(), () => {
        const ext = dialect.isExtensible();
        w.write(dialectTypeParserPrinterTemplate(dialect.getCppClassName(), ext ? DYNAMIC_TYPE_PARSE : '', ext ? DYNAMIC_TYPE_PRINT : ''));
      });
    }
    w.write(ifDefClose(`GET_${this.upper}DEF_CLASSES`));
    return w.toString();
  }
}

/**
 * --gen-attrdef-defs / --gen-typedef-defs. After the matching -decls job on this parse, the text
 * it left (paired-outputs.ts).
 */
export function emitDefDefs(ctx: GeneratorContext, kind: DefKind, dialectOption: string): string {
  const left = takePairedText(ctx, defsGeneratorOf(kind), pairOptions(dialectOption));
  if (left !== undefined) return left;
  const opts = defGenOptions(ctx.options, dialectOption);
  const defs = collectDefs(ctx.records, kind, opts.selectedDialect);
  if (defs.length === 0) return emitSourceFileHeader(`${kind.defType}Def Definitions`);
  const out = new DefDefsOutput(defs, kind);
  for (const d of defs) out.add(d, new DefGen(d, kind, opts.formatErrorIsFatal));
  return out.finish();
}
