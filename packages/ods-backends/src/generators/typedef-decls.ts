// --gen-typedef-decls: Generate TypeDef declarations.
import { registerGenerator } from '../registry.js';
import { TYPE_KIND, defGenOptions, emitDefDecls } from './attr-or-type-def-gen.js';
import { ASMFORMAT_ERROR_IS_FATAL_OPTION } from '../format/format-parser.js';

registerGenerator({
  name: 'typedef-decls',
  description: 'Generate TypeDef declarations',
  options: [{ name: 'typedefs-dialect', kind: 'string', description: 'Generate types for this dialect' }, ASMFORMAT_ERROR_IS_FATAL_OPTION],
  run: (ctx) => emitDefDecls(ctx.records, TYPE_KIND, defGenOptions(ctx.options, 'typedefs-dialect')),
});
