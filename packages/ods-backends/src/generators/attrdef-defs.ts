// --gen-attrdef-defs: Generate AttrDef definitions.
import { registerGenerator } from '../registry.js';
import { ATTR_KIND, emitDefDefs } from './attr-or-type-def-gen.js';
import { stringOption } from './gen-util.js';

registerGenerator({
  name: 'attrdef-defs',
  description: 'Generate AttrDef definitions',
  options: [{ name: 'attrdefs-dialect', kind: 'string', description: 'Generate attributes for this dialect' }],
  run: (ctx) => emitDefDefs(ctx.records, ATTR_KIND, stringOption(ctx.options, 'attrdefs-dialect')),
});
