// --gen-dialect-defs: the constructor, destructor and TypeID definition of the selected dialect.
import { convertToCamelFromSnakeCase, type Dialect, findDialectToGenerate, getAllDialects } from '../ods/dialect.js';
import { emitSourceFileHeader } from '../emit.js';
import { type GeneratorContext, registerGenerator } from '../registry.js';
import {
  dialectBaseClass,
  dialectConstructorDef,
  dialectDestructorDef,
  dialectOption,
  inNamespace,
  RawWriter,
  selectedDialectOption,
} from './dialect-gen-util.js';

export function emitDialectDef(w: RawWriter, dialect: Dialect): void {
  const cls = dialect.getCppClassName();
  if (dialect.getCppNamespace() !== '')
    w.write(`MLIR_DEFINE_EXPLICIT_TYPE_ID(${dialect.getQualifiedCppClassName()})\n`);
  {
    const loads = dialect
      .getDependentDialects()
      .map((d) => `getContext()->loadDialect<${d}>();`)
      .join('\n  ');
    const inits = dialect
      .getDiscardableAttributes()
      .map((a) => `, ${convertToCamelFromSnakeCase(a.name, false)}AttrName(context)`)
      .join('');
    let text = dialectConstructorDef(cls, loads, dialectBaseClass(dialect), inits);
    if (!dialect.hasNonDefaultDestructor()) text += dialectDestructorDef(cls);
    w.write(inNamespace(dialect.getCppNamespace(), text));
  }
}

registerGenerator({
  name: 'dialect-defs',
  description: 'Generate dialect definitions',
  options: [dialectOption],
  run(ctx: GeneratorContext): string {
    const w = new RawWriter();
    w.write(emitSourceFileHeader('Dialect Definitions', ctx.inputFilename));
    const dialects = getAllDialects(ctx.records, true);
    if (dialects.length === 0) return w.toString();
    emitDialectDef(w, findDialectToGenerate(dialects, selectedDialectOption(ctx.options)));
    return w.toString();
  },
});
