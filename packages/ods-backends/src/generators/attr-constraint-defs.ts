// --gen-attr-constraint-defs: Generate attribute constraint definitions.
import { registerGenerator } from '../registry.js';
import { ATTR_CONSTRAINTS, emitConstraintDefs } from './constraint-gen-util.js';

registerGenerator({
  name: 'attr-constraint-defs',
  description: 'Generate attribute constraint definitions',
  run: (ctx) => emitConstraintDefs(ctx.records, ATTR_CONSTRAINTS),
});
