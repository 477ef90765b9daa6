// --gen-type-interface-defs: Generate type interface definitions.
import { registerGenerator } from '../registry.js';
import { TYPE_INTERFACES, emitInterfaceDefs } from './interface-gen-util.js';

registerGenerator({
  name: 'type-interface-defs',
  description: 'Generate type interface definitions',
  run: (ctx) => emitInterfaceDefs(ctx.records, TYPE_INTERFACES),
});
