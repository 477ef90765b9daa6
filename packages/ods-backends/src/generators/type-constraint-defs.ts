// --gen-type-constraint-defs: Generate type constraint definitions.
import { registerGenerator } from '../registry.js';
import { TYPE_CONSTRAINTS, emitConstraintDefs } from './constraint-gen-util.js';

registerGenerator({
  name: 'type-constraint-defs',
  description: 'Generate type constraint definitions',
  run: (ctx) => emitConstraintDefs(ctx.records, TYPE_CONSTRAINTS),
});
