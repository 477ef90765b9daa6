// --gen-attrdef-decls: Generate AttrDef declarations.
import { registerGenerator } from '../registry.js';
import { ATTR_KIND, emitDefDecls } from './attr-or-type-def-gen.js';
import { ASMFORMAT_ERROR_IS_FATAL_OPTION } from '../format/format-parser.js';

registerGenerator({
  name: 'attrdef-decls',
  description: 'Generate AttrDef declarations',
  options: [{ name: 'attrdefs-dialect', kind: 'string', description: 'Generate attributes for this dialect' }, ASMFORMAT_ERROR_IS_FATAL_OPTION],
  run: (ctx) => emitDefDecls(ctx, ATTR_KIND, 'attrdefs-dialect'),
});
