// --gen-op-interface-defs: Generate op interface definitions.
import { registerGenerator } from '../registry.js';
import { OP_INTERFACES, emitInterfaceDefs } from './interface-gen-util.js';

registerGenerator({
  name: 'op-interface-defs',
  description: 'Generate op interface definitions',
  run: (ctx) => emitInterfaceDefs(ctx.records, OP_INTERFACES),
});
