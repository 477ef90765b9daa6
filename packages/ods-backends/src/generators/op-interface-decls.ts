// --gen-op-interface-decls: Generate op interface declarations.
import { registerGenerator } from '../registry.js';
import { OP_INTERFACES, emitInterfaceDecls } from './interface-gen-util.js';

registerGenerator({
  name: 'op-interface-decls',
  description: 'Generate op interface declarations',
  run: (ctx) => emitInterfaceDecls(ctx.records, OP_INTERFACES),
});
