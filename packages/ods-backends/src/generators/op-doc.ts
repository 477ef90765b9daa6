// --gen-op-doc: Markdown documentation of every operation of the file.
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { TextWriter } from '../text.js';
import { DOC_BANNER } from './interface-docs-util.js';
import { Operator, docOptions, emitOpDoc, emitSourceLink, requestedOpDefs } from './op-doc-util.js';

function run(ctx: GeneratorContext): string {
  const opts = docOptions(ctx);
  const defs = requestedOpDefs(ctx);
  const out = new TextWriter();
  out.write(DOC_BANNER);
  emitSourceLink(out, ctx.inputFilename);
  for (const def of defs) emitOpDoc(out, new Operator(def), opts);
  return out.toString();
}

registerGenerator({ name: 'op-doc', description: 'Generate dialect documentation', run });
