// --gen-typedef-defs: Generate TypeDef definitions.
import { registerGenerator } from '../registry.js';
import { TYPE_KIND, emitDefDefs } from './attr-or-type-def-gen.js';
import { stringOption } from './gen-util.js';

registerGenerator({
  name: 'typedef-defs',
  description: 'Generate TypeDef definitions',
  options: [{ name: 'typedefs-dialect', kind: 'string', description: 'Generate types for this dialect' }],
  run: (ctx) => emitDefDefs(ctx.records, TYPE_KIND, stringOption(ctx.options, 'typedefs-dialect')),
});
