// --gen-op-interface-docs: Markdown documentation of the OpInterfaces of the main file.
import { registerGenerator } from '../registry.js';
import { emitInterfaceDocs } from './interface-docs-util.js';

registerGenerator({
  name: 'op-interface-docs',
  description: 'Generate op interface documentation',
  run: (ctx) => emitInterfaceDocs(ctx, 'Op', 'OpInterface'),
});
