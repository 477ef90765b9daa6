// --gen-typedef-decls: Generate TypeDef declarations.
import { registerGenerator } from '../registry.js';
import { ASMFORMAT_ERROR_IS_FATAL_OPTION, TYPE_KIND, defGenOptions, emitDefDecls } from './attr-or-type-def-gen.js';

registerGenerator({
  name: 'typedef-decls',
  description: 'Generate TypeDef declarations',
  options: [{ name: 'typedefs-dialect', kind: 'string', description: 'Generate types for this dialect' }, ASMFORMAT_ERROR_IS_FATAL_OPTION],
  run: (ctx) => emitDefDecls(ctx.records, TYPE_KIND, defGenOptions(ctx.options, 'typedefs-dialect')),
});
