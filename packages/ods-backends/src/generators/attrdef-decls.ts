// --gen-attrdef-decls: Generate AttrDef declarations.
import { registerGenerator } from '../registry.js';
import { ATTR_KIND, emitDefDecls } from './attr-or-type-def-gen.js';
import { stringOption } from './gen-util.js';

registerGenerator({
  name: 'attrdef-decls',
  description: 'Generate AttrDef declarations',
  options: [{ name: 'attrdefs-dialect', kind: 'string', description: 'Generate attributes for this dialect' }],
  run: (ctx) => emitDefDecls(ctx.records, ATTR_KIND, stringOption(ctx.options, 'attrdefs-dialect')),
});
