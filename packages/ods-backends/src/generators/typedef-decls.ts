// --gen-typedef-decls: Generate TypeDef declarations.
import { registerGenerator } from '../registry.js';
import { TYPE_KIND, emitDefDecls } from './attr-or-type-def-gen.js';
import { ASMFORMAT_ERROR_IS_FATAL_OPTION } from '../format/format-parser.js';

registerGenerator({
  name: 'typedef-decls',
  description: 'Generate TypeDef declarations',
  options: [{ name: 'typedefs-dialect', kind: 'string', description: 'Generate types for this dialect' }, ASMFORMAT_ERROR_IS_FATAL_OPTION],
  run: (ctx) => emitDefDecls(ctx, TYPE_KIND, 'typedefs-dialect'),
});
