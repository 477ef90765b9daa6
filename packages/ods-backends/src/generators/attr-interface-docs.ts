// --gen-attr-interface-docs: Markdown documentation of the AttributeInterfaces of the main file.
import { registerGenerator } from '../registry.js';
import { emitInterfaceDocs } from './interface-docs-util.js';

registerGenerator({
  name: 'attr-interface-docs',
  description: 'Generate attribute interface documentation',
  run: (ctx) => emitInterfaceDocs(ctx, 'Attr', 'AttributeInterface'),
});
