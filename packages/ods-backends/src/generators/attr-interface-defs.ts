// --gen-attr-interface-defs: Generate attribute interface definitions.
import { registerGenerator } from '../registry.js';
import { ATTR_INTERFACES, emitInterfaceDefs } from './interface-gen-util.js';

registerGenerator({
  name: 'attr-interface-defs',
  description: 'Generate attribute interface definitions',
  run: (ctx) => emitInterfaceDefs(ctx.records, ATTR_INTERFACES),
});
