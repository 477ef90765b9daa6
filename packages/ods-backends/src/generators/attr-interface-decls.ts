// --gen-attr-interface-decls: Generate attribute interface declarations.
import { registerGenerator } from '../registry.js';
import { ATTR_INTERFACES, emitInterfaceDecls } from './interface-gen-util.js';

registerGenerator({
  name: 'attr-interface-decls',
  description: 'Generate attribute interface declarations',
  run: (ctx) => emitInterfaceDecls(ctx.records, ATTR_INTERFACES),
});
