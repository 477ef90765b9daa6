// --gen-dialect-decls: the C++ declaration of the selected dialect class.
import { emitSourceFileHeader } from '../emit.js';
import { type GeneratorContext, registerGenerator } from '../registry.js';
import { type Dialect, findDialectToGenerate, getAllDialects } from '../ods/dialect.js';
import {
  attrParserDecl,
  canonicalizerDecl,
  constantMaterializerDecl,
  dialectBaseClass,
  dialectDeclBegin,
  dialectOption,
  inNamespace,
  RawWriter,
  discardableAttrHelperDecl,
  opAttrVerifierDecl,
  operationInterfaceFallbackDecl,
  regionArgAttrVerifierDecl,
  regionResultAttrVerifierDecl,
  selectedDialectOption,
  summaryAndDescComments,
  typeParserDecl,
} from './dialect-gen-util.js';

/** The class declaration of one dialect, inside its namespace, then its TypeID declaration. */
export function emitDialectDecl(w: RawWriter, dialect: Dialect): void {
  {
    let text = summaryAndDescComments(dialect.getSummary(), dialect.getDescription(), false) + '\n';
    text += dialectDeclBegin(dialect.getCppClassName(), dialect.getName(), dialectBaseClass(dialect));
    if (dialect.useDefaultAttributePrinterParser()) text += attrParserDecl;
    if (dialect.useDefaultTypePrinterParser()) text += typeParserDecl;
    if (dialect.hasCanonicalizer()) text += canonicalizerDecl;
    if (dialect.hasConstantMaterializer()) text += constantMaterializerDecl;
    if (dialect.hasOperationAttrVerify()) text += opAttrVerifierDecl;
    if (dialect.hasRegionArgAttrVerify()) text += regionArgAttrVerifierDecl;
    if (dialect.hasRegionResultAttrVerify()) text += regionResultAttrVerifierDecl;
    if (dialect.hasOperationInterfaceFallback()) text += operationInterfaceFallbackDecl;
    for (const attr of dialect.getDiscardableAttributes()) text += discardableAttrHelperDecl(attr, dialect.getName());
    text += dialect.getExtraClassDeclaration() ?? '';
    text += '};\n';
    w.write(inNamespace(dialect.getCppNamespace(), text));
  }
  if (dialect.getCppNamespace() !== '')
    w.write(`MLIR_DECLARE_EXPLICIT_TYPE_ID(${dialect.getQualifiedCppClassName()})\n`);
}

registerGenerator({
  name: 'dialect-decls',
  description: 'Generate dialect declarations',
  options: [dialectOption],
  run(ctx: GeneratorContext): string {
    const w = new RawWriter();
    w.write(emitSourceFileHeader('Dialect Declarations', ctx.inputFilename));
    const dialects = getAllDialects(ctx.records, true);
    if (dialects.length === 0) return w.toString();
    emitDialectDecl(w, findDialectToGenerate(dialects, selectedDialectOption(ctx.options)));
    return w.toString();
  },
});
