// --gen-type-constraint-decls: Generate type constraint declarations.
import { registerGenerator } from '../registry.js';
import { TYPE_CONSTRAINTS, emitConstraintDecls } from './constraint-gen-util.js';

registerGenerator({
  name: 'type-constraint-decls',
  description: 'Generate type constraint declarations',
  run: (ctx) => emitConstraintDecls(ctx.records, TYPE_CONSTRAINTS),
});
