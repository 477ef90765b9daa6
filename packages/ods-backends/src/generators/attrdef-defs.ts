// --gen-attrdef-defs: Generate AttrDef definitions.
import { registerGenerator } from '../registry.js';
import { ATTR_KIND, emitDefDefs } from './attr-or-type-def-gen.js';
import { ASMFORMAT_ERROR_IS_FATAL_OPTION } from '../format/format-parser.js';

registerGenerator({
  name: 'attrdef-defs',
  description: 'Generate AttrDef definitions',
  options: [{ name: 'attrdefs-dialect', kind: 'string', description: 'Generate attributes for this dialect' }, ASMFORMAT_ERROR_IS_FATAL_OPTION],
  run: (ctx) => emitDefDefs(ctx, ATTR_KIND, 'attrdefs-dialect'),
});
