// --gen-attrdef-doc: Markdown documentation of every attribute definition (AttrDef).
import { registerGenerator } from '../registry.js';
import { emitAttrOrTypeDefDocs } from './attr-or-type-doc-util.js';

registerGenerator({
  name: 'attrdef-doc',
  description: 'Generate dialect attribute documentation',
  run: (ctx) => emitAttrOrTypeDefDocs(ctx, 'AttrDef'),
});
