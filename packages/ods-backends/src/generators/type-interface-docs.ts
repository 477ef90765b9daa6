// --gen-type-interface-docs: Markdown documentation of the TypeInterfaces of the main file.
import { registerGenerator } from '../registry.js';
import { emitInterfaceDocs } from './interface-docs-util.js';

registerGenerator({
  name: 'type-interface-docs',
  description: 'Generate type interface documentation',
  run: (ctx) => emitInterfaceDocs(ctx, 'Type', 'TypeInterface'),
});
