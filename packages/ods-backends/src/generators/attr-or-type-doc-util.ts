// Shared by --gen-attrdef-doc, --gen-typedef-doc and --gen-dialect-doc: the Markdown section
// documenting one AttrDef/TypeDef (summary, syntax, description, parameter table).
import type { GeneratorContext } from '../registry.js';
import { AttrOrTypeDef } from '../ods/attr-or-type-def.js';
import { derivedDefs, emitDescription, emitSummary } from '../ods/docs-util.js';
import { type TextSink, TextWriter } from '../text.js';
import { DOC_BANNER } from './interface-docs-util.js';

/** The generic syntax of a def with a mnemonic and a generated or declarative format. */
function emitAssemblySyntax(out: TextSink, def: AttrOrTypeDef): void {
  const params = def.getParameters();
  const prefix = def.isAttrDef() ? '#' : '!';
  const head = `${prefix}${def.getDialect()?.getName() ?? ''}.${def.getMnemonic() ?? ''}`;
  if (params.length === 0) {
    out.write(`\nSyntax: \`${head}\`\n`);
    return;
  }
  out.write(`\nSyntax:\n\n\`\`\`\n${head}<\n`);
  params.forEach((p, i) => {
    out.write(`  ${p.getSyntax()}${i < params.length - 1 ? ',' : ''}   # ${p.getName()}\n`);
  });
  out.write('>\n```\n');
}

/** The documentation section of one attribute or type definition. */
export function emitAttrOrTypeDefDoc(out: TextSink, def: AttrOrTypeDef): void {
  out.write(`\n### ${def.getCppClassName()}\n`);
  emitSummary(out, def.getSummary());
  if (def.getMnemonic() !== undefined && !def.hasCustomAssemblyFormat()) emitAssemblySyntax(out, def);
  emitDescription(out, def.getDescription());
  const params = def.getParameters();
  if (params.length > 0) {
    out.write('\n#### Parameters:\n\n| Parameter | C++ type | Description |\n| :-------: | :-------: | ----------- |');
    for (const p of params) out.write(`\n| ${p.getName()} | \`${p.getCppType()}\` | ${p.getSummary() ?? ''} |`);
  }
  out.write('\n');
}

/** The page documenting every def of `className` (`AttrDef` or `TypeDef`). */
export function emitAttrOrTypeDefDocs(ctx: GeneratorContext, className: string): string {
  const out = new TextWriter();
  out.write(DOC_BANNER);
  for (const def of derivedDefs(ctx.records, className, true)) emitAttrOrTypeDefDoc(out, new AttrOrTypeDef(def));
  return out.toString();
}
