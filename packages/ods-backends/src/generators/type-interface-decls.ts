// --gen-type-interface-decls: Generate type interface declarations.
import { registerGenerator } from '../registry.js';
import { TYPE_INTERFACES, emitInterfaceDecls } from './interface-gen-util.js';

registerGenerator({
  name: 'type-interface-decls',
  description: 'Generate type interface declarations',
  run: (ctx) => emitInterfaceDecls(ctx.records, TYPE_INTERFACES),
});
