// --gen-op-decls: forward declarations and class declarations (adaptors and op classes) of the
// ops of a file, optionally filtered by --op-include-regex/--op-exclude-regex. When an op-defs
// job follows on the same parse, both are written in one pass (paired-outputs.ts).
import { CodeWriter, emitSourceFileHeader, ifDefScope, namespaceScope } from '../emit.js';
import { Operator } from '../ods/operator.js';
import type { Record } from '@ods-ts/tablegen-core';
import { type GeneratorContext, registerGenerator } from '../registry.js';
import { summaryAndDescComments } from './dialect-gen-util.js';
import { formatErrorIsFatal } from '../format/format-parser.js';
import { getRequestedOpDefinitions, opGenOptions, shardOpDefinitions } from './op-gen.js';
import { OP_CLASS_OPTIONS, OpDefsOutput, buildOpClasses, opDefsFollow, writeOpDeclarations } from './op-classes.js';
import { runPairedPass } from './paired-outputs.js';

/** op-decls' text; with `defs`, also op-defs' (built from the same classes, op by op). */
function emitOpDecls(ctx: GeneratorContext, defs: readonly Record[], ops: readonly Operator[], defsOut?: OpDefsOutput): string {
  const w = new CodeWriter();
  w.write(emitSourceFileHeader('Op Declarations', ctx.inputFilename));
  for (const op of ops) {
    namespaceScope(w, op.getCppNamespace(), () => {
      w.write(summaryAndDescComments(op.getSummary(), op.getDescription()));
      w.write(`class ${op.getCppClassName()};\n`);
    });
  }
  const fatal = formatErrorIsFatal(ctx.options);
  ifDefScope(w, 'GET_OP_CLASSES', () => {
    for (const op of ops) {
      const classes = buildOpClasses(op, defsOut?.sv, fatal, defsOut !== undefined);
      writeOpDeclarations(w, op, classes);
      defsOut?.add(op, classes);
    }
  });
  const shards = shardOpDefinitions([...defs], ctx.options);
  if (defs.length === 0 || shards.length <= 1) return w.toString();
  const dialect = ops[0]!.getDialect();
  namespaceScope(w, dialect.getCppNamespace(), () => {
    const hook = (i: string) =>
      `void register${dialect.getCppClassName()}Operations${i}(${dialect.getCppNamespace()}::${dialect.getCppClassName()} *dialect);\n`;
    w.write(hook(''));
    for (let i = 0; i < shards.length; i++) w.write(hook(String(i)));
  });
  return w.toString();
}

registerGenerator({
  name: 'op-decls',
  description: 'Generate op declarations',
  options: opGenOptions,
  run(ctx: GeneratorContext): string {
    const defs = getRequestedOpDefinitions(ctx.records, ctx.options);
    const ops = defs.map((d) => Operator.of(d));
    if (opDefsFollow(ctx, ops.length)) {
      const decls = runPairedPass(ctx, 'op-defs', OP_CLASS_OPTIONS, () => {
        const defsOut = new OpDefsOutput(ops, ctx.inputFilename);
        const own = emitOpDecls(ctx, defs, ops, defsOut);
        return { own, paired: defsOut.finish() };
      });
      if (decls !== undefined) return decls;
    }
    return emitOpDecls(ctx, defs, ops);
  },
});
