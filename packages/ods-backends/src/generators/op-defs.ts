// --gen-op-defs: the op list (GET_OP_LIST), then the uniqued local constraint functions and the
// out-of-line definitions of each op's adaptors and class (GET_OP_CLASSES), or, with
// --op-shard-count, one GET_OP_DEFS_<i> section per shard with its registration hook. After an
// op-decls job on the same parse, the text it left (paired-outputs.ts).
import { CodeWriter, emitSourceFileHeader, ifDefScope } from '../emit.js';
import { Operator } from '../ods/operator.js';
import { type GeneratorContext, registerGenerator } from '../registry.js';
import { formatErrorIsFatal } from '../format/format-parser.js';
import { getRequestedOpDefinitions, opGenOptions, shardOpDefinitions } from './op-gen.js';
import { OP_CLASS_OPTIONS, OpDefinitionsWriter, OpDefsOutput, buildOpClasses, opCommentHeader } from './op-classes.js';
import { takePairedText } from './paired-outputs.js';

registerGenerator({
  name: 'op-defs',
  description: 'Generate op definitions',
  options: opGenOptions,
  run(ctx: GeneratorContext): string {
    const shared = takePairedText(ctx, 'op-defs', OP_CLASS_OPTIONS);
    if (shared !== undefined) return shared;
    const defs = getRequestedOpDefinitions(ctx.records, ctx.options);
    const shards = shardOpDefinitions(defs, ctx.options);
    const fatal = formatErrorIsFatal(ctx.options);
    if (shards.length === 1) {
      const ops = defs.map((d) => Operator.of(d));
      const out = new OpDefsOutput(ops, ctx.inputFilename);
      for (const op of ops) out.add(op, buildOpClasses(op, out.sv, fatal));
      return out.finish();
    }
    const w = new CodeWriter();
    w.write(emitSourceFileHeader('Op Definitions', ctx.inputFilename));
    if (defs.length === 0) return w.toString();
    const dialect = Operator.of(defs[0]!).getDialect();
    const ns = dialect.getCppNamespace();
    const cls = dialect.getCppClassName();
    shards.forEach((shard, i) => {
      ifDefScope(w, `GET_OP_DEFS_${i}`, () => {
        if (i === 0) {
          w.write(`void ${ns}::register${cls}Operations(${ns}::${cls} *dialect) {\n`);
          for (let k = 0; k < shards.length; k++) w.write(`  ${ns}::register${cls}Operations${k}(dialect);\n`);
          w.write('}\n');
        }
        const ops = shard.map((d) => Operator.of(d));
        w.write(opCommentHeader(cls, 'Op Registration Hook'));
        w.write(`void ${ns}::register${cls}Operations${i}(${ns}::${cls} *dialect) {\n`);
        for (const op of ops) w.write(`  ::mlir::RegisteredOperationName::insert<${op.getQualCppClassName()}>(*dialect);\n`);
        w.write('}\n');
        const out = new OpDefinitionsWriter(w, ops, ctx.inputFilename, String(i));
        for (const op of ops) out.add(op, buildOpClasses(op, out.sv, fatal));
      });
    });
    return w.toString();
  },
});
