// Shared by dialect-decls and dialect-defs: the fixed C++ text of a dialect class, as named
// templates with documented slots, and the summary/description comment helper.
import { CodeWriter, splitNamespace } from '../emit.js';
import type { GeneratorOption } from '../registry.js';
import { trimAscii } from '../text.js';
import { convertToCamelFromSnakeCase, type Dialect, type DiscardableAttribute } from '../ods/dialect.js';

/** The `--dialect=<name>` option shared by the dialect-aware generators. */
export const dialectOption: GeneratorOption = {
  name: 'dialect',
  description: 'The dialect to gen for',
  kind: 'string',
};

/** The `--dialect` value, or undefined when the option was not given. */
export function selectedDialectOption(options: ReadonlyMap<string, string | boolean | string[]>): string | undefined {
  const v = options.get('dialect');
  return typeof v === 'string' ? v : undefined;
}

/** StringRef::trim(): strip ASCII whitespace (` \t\n\v\f\r`) at both ends. */
export function llvmTrim(s: string): string {
  return trimAscii(s);
}

/** Raw text inside a C++ namespace as mlir-tblgen 22 prints it (see emit.ts namespaceScope). */
export function inNamespace(cppNamespace: string, body: string): string {
  const ns = splitNamespace(cppNamespace).join('::');
  if (ns === '') return body;
  return `namespace ${ns} {\n\n${body}\n} // namespace ${ns}\n`;
}

/**
 * The summary and description as `/// ` comment lines (each re-indented), separated by a
 * newline; when `terminate` the comment ends with a newline. Empty texts print nothing.
 */
export function summaryAndDescComments(summary: string, description: string, terminate = true): string {
  const w = new CodeWriter();
  const s = llvmTrim(summary);
  const d = llvmTrim(description);
  let empty = true;
  if (s !== '') {
    w.printReindented(s, '/// ');
    empty = false;
  }
  if (d !== '') {
    if (!empty) w.write('\n');
    w.printReindented(d, '/// ');
    empty = false;
  }
  if (!empty && terminate) w.write('\n');
  return w.toString();
}

/**
 * The opening of the dialect class, up to `getDialectNamespace()`.
 * Slots: `cls` the class name, `ns` the dialect namespace, `base` `Dialect` or `ExtensibleDialect`.
 */
export function dialectDeclBegin(cls: string, ns: string, base: string): string {
  return `class ${cls} : public ::mlir::${base} {
  explicit ${cls}(::mlir::MLIRContext *context);

  void initialize();
  friend class ::mlir::MLIRContext;
public:
  ~${cls}() override;
  static constexpr ::llvm::StringLiteral getDialectNamespace() {
    return ::llvm::StringLiteral("${ns}");
  }
`;
}

/** Declarations of the attribute parse/print hooks (useDefaultAttributePrinterParser). */
export const attrParserDecl = `
  /// Parse an attribute registered to this dialect.
  ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                   ::mlir::Type type) const override;

  /// Print an attribute registered to this dialect.
  void printAttribute(::mlir::Attribute attr,
                      ::mlir::DialectAsmPrinter &os) const override;
`;

/** Declarations of the type parse/print hooks (useDefaultTypePrinterParser). */
export const typeParserDecl = `
  /// Parse a type registered to this dialect.
  ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;

  /// Print a type registered to this dialect.
  void printType(::mlir::Type type,
                 ::mlir::DialectAsmPrinter &os) const override;
`;

/** hasCanonicalizer. */
export const canonicalizerDecl = `
  /// Register canonicalization patterns.
  void getCanonicalizationPatterns(
      ::mlir::RewritePatternSet &results) const override;
`;

/** hasConstantMaterializer. */
export const constantMaterializerDecl = `
  /// Materialize a single constant operation from a given attribute value with
  /// the desired resultant type.
  ::mlir::Operation *materializeConstant(::mlir::OpBuilder &builder,
                                         ::mlir::Attribute value,
                                         ::mlir::Type type,
                                         ::mlir::Location loc) override;
`;

/** hasOperationAttrVerify. */
export const opAttrVerifierDecl = `
    /// Provides a hook for verifying dialect attributes attached to the given
    /// op.
    ::llvm::LogicalResult verifyOperationAttribute(
        ::mlir::Operation *op, ::mlir::NamedAttribute attribute) override;
`;

/** hasRegionArgAttrVerify. */
export const regionArgAttrVerifierDecl = `
    /// Provides a hook for verifying dialect attributes attached to the given
    /// op's region argument.
    ::llvm::LogicalResult verifyRegionArgAttribute(
        ::mlir::Operation *op, unsigned regionIndex, unsigned argIndex,
        ::mlir::NamedAttribute attribute) override;
`;

/** hasRegionResultAttrVerify. */
export const regionResultAttrVerifierDecl = `
    /// Provides a hook for verifying dialect attributes attached to the given
    /// op's region result.
    ::llvm::LogicalResult verifyRegionResultAttribute(
        ::mlir::Operation *op, unsigned regionIndex, unsigned resultIndex,
        ::mlir::NamedAttribute attribute) override;
`;

/** hasOperationInterfaceFallback. */
export const operationInterfaceFallbackDecl = `
    /// Provides a hook for op interface.
    void *getRegisteredInterfaceForOp(mlir::TypeID interfaceID,
                                      mlir::OperationName opName) override;
`;

/**
 * The helper class and member managing one discardable attribute.
 * Slots: the attribute (its snake_case `name`, C++ type) and the dialect namespace `dialectName`.
 */
export function discardableAttrHelperDecl(attr: DiscardableAttribute, dialectName: string): string {
  const upper = convertToCamelFromSnakeCase(attr.name, true);
  const lower = convertToCamelFromSnakeCase(attr.name, false);
  const ty = attr.cppType;
  return `
    /// Helper to manage the discardable attribute \`${attr.name}\`.
    class ${upper}AttrHelper {
      ::mlir::StringAttr name;
    public:
      static constexpr ::llvm::StringLiteral getNameStr() {
        return "${dialectName}.${attr.name}";
      }
      constexpr ::mlir::StringAttr getName() {
        return name;
      }

      ${upper}AttrHelper(::mlir::MLIRContext *ctx)
        : name(::mlir::StringAttr::get(ctx, getNameStr())) {}

     ${ty} getAttr(::mlir::Operation *op) {
       return op->getAttrOfType<${ty}>(name);
     }
     void setAttr(::mlir::Operation *op, ${ty} val) {
       op->setAttr(name, val);
     }
     bool isAttrPresent(::mlir::Operation *op) {
       return op->hasAttrOfType<${ty}>(name);
     }
     void removeAttr(::mlir::Operation *op) {
       assert(op->hasAttrOfType<${ty}>(name));
       op->removeAttr(name);
     }
   };
   ${upper}AttrHelper get${upper}AttrHelper() {
     return ${lower}AttrName;
   }
 private:
   ${upper}AttrHelper ${lower}AttrName;
 public:
`;
}

/**
 * The dialect constructor definition.
 * Slots: `cls` the class name, `body` the statements run before `initialize()` (dependent dialect
 * loading), `base` the parent class, `memberInits` extra member initializers (`, a(context)`).
 */
export function dialectConstructorDef(cls: string, body: string, base: string, memberInits: string): string {
  return `
${cls}::${cls}(::mlir::MLIRContext *context)
    : ::mlir::${base}(getDialectNamespace(), context, ::mlir::TypeID::get<${cls}>())
    ${memberInits}
     {
  ${body}
  initialize();
}
`;
}

/** The defaulted destructor definition. Slot: `cls` the class name. */
export function dialectDestructorDef(cls: string): string {
  return `
${cls}::~${cls}() = default;

`;
}

/** `Dialect` or `ExtensibleDialect`. */
export function dialectBaseClass(d: Dialect): string {
  return d.isExtensible() ? 'ExtensibleDialect' : 'Dialect';
}

/** A plain string builder: text is appended as is (no re-indentation, blank lines kept). */
export class RawWriter {
  private chunks: string[] = [];
  write(text: string): this {
    this.chunks.push(text);
    return this;
  }
  toString(): string {
    return this.chunks.join('');
  }
}
