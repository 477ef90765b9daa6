// --gen-rewriters: the C++ rewrite patterns of the declarative rewrite rules (`Pattern` defs).
// Only files without patterns are supported so far (the `populateWithGenerated` hook); a file
// with patterns is reported as unsupported rather than half-generated.
import { emitSourceFileHeader } from '../emit.js';
import { failPlain } from '../ods/dialect.js';
import { TextOut, derivedDefs } from '../ods/docs-util.js';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';

/** The hook adding every generated pattern to a pattern set (slot: the pattern class names). */
function populateTemplate(patterns: readonly string[]): string {
  const adds = patterns.map((p) => `  patterns.add<${p}>(patterns.getContext());\n`).join('');
  return `[[maybe_unused]] void populateWithGenerated(::mlir::RewritePatternSet &patterns) {\n${adds}}\n`;
}

function run(ctx: GeneratorContext): string {
  const patterns = derivedDefs(ctx.records, 'Pattern', true);
  if (patterns.length > 0)
    failPlain(`ods-tblgen: --gen-rewriters: rewrite patterns (${patterns.length}) are not supported yet`);
  const out = new TextOut();
  out.write(emitSourceFileHeader('Rewriters', ctx.inputFilename));
  out.write(populateTemplate([]));
  return out.toString();
}

registerGenerator({ name: 'rewriters', description: 'Generate pattern rewriters', run });
