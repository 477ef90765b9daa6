// --gen-typedef-decls: Generate TypeDef declarations.
import { registerGenerator } from '../registry.js';
import { TYPE_KIND, emitDefDecls } from './attr-or-type-def-gen.js';
import { stringOption } from './gen-util.js';

registerGenerator({
  name: 'typedef-decls',
  description: 'Generate TypeDef declarations',
  options: [{ name: 'typedefs-dialect', kind: 'string', description: 'Generate types for this dialect' }],
  run: (ctx) => emitDefDecls(ctx.records, TYPE_KIND, stringOption(ctx.options, 'typedefs-dialect')),
});
