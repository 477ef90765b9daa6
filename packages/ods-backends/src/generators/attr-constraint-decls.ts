// --gen-attr-constraint-decls: Generate attribute constraint declarations.
import { registerGenerator } from '../registry.js';
import { ATTR_CONSTRAINTS, emitConstraintDecls } from './constraint-gen-util.js';

registerGenerator({
  name: 'attr-constraint-decls',
  description: 'Generate attribute constraint declarations',
  run: (ctx) => emitConstraintDecls(ctx.records, ATTR_CONSTRAINTS),
});
