// --gen-typedef-doc: Markdown documentation of every type definition (TypeDef).
import { registerGenerator } from '../registry.js';
import { emitAttrOrTypeDefDocs } from './attr-or-type-doc-util.js';

registerGenerator({
  name: 'typedef-doc',
  description: 'Generate dialect type documentation',
  run: (ctx) => emitAttrOrTypeDefDocs(ctx, 'TypeDef'),
});
