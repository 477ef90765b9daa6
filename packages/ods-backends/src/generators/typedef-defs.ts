// --gen-typedef-defs: Generate TypeDef definitions.
import { registerGenerator } from '../registry.js';
import { TYPE_KIND, emitDefDefs } from './attr-or-type-def-gen.js';
import { ASMFORMAT_ERROR_IS_FATAL_OPTION } from '../format/format-parser.js';

registerGenerator({
  name: 'typedef-defs',
  description: 'Generate TypeDef definitions',
  options: [{ name: 'typedefs-dialect', kind: 'string', description: 'Generate types for this dialect' }, ASMFORMAT_ERROR_IS_FATAL_OPTION],
  run: (ctx) => emitDefDefs(ctx, TYPE_KIND, 'typedefs-dialect'),
});
