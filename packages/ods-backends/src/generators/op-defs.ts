// --gen-op-defs: the op list (GET_OP_LIST), then the uniqued local constraint functions and the
// out-of-line definitions of each op's adaptors and class (GET_OP_CLASSES), or, with
// --op-shard-count, one GET_OP_DEFS_<i> section per shard with its registration hook.
import { CodeWriter, emitSourceFileHeader, ifDefScope, namespaceScope } from '../emit.js';
import { Operator } from '../ods/operator.js';
import { type GeneratorContext, registerGenerator } from '../registry.js';
import { opCommentHeader } from './op-decls.js';
import { formatErrorIsFatal } from '../format/format-parser.js';
import { AdaptorEmitter, OpEmitter, getRequestedOpDefinitions, opGenOptions, shardOpDefinitions } from './op-gen.js';
import { StaticVerifier } from './op-verifier.js';

/** The constraint functions and class definitions of a list of ops. */
function emitOpClassDefs(w: CodeWriter, ops: readonly Operator[], inputFilename: string, tag: string, fatal: boolean): void {
  if (ops.length === 0) return;
  const sv = new StaticVerifier(inputFilename, tag);
  w.write(opCommentHeader('Local Utility Method', 'Definitions'));
  sv.collectOpConstraints(ops);
  sv.writeOpConstraints(w);
  for (const op of ops) {
    namespaceScope(w, op.getCppNamespace(), () => {
      w.write(opCommentHeader(op.getQualCppClassName(), 'definitions'));
      const adaptor = new AdaptorEmitter(op, sv);
      namespaceScope(w, 'detail', () => adaptor.genericAdaptorBase.writeDefTo(w));
      adaptor.genericAdaptor.writeDefTo(w);
      adaptor.adaptor.writeDefTo(w);
      const emitter = new OpEmitter(op, sv, fatal);
      emitter.opClass.finalize();
      emitter.opClass.writeDefTo(w);
    });
    if (op.getCppNamespace() !== '') w.write(`MLIR_DEFINE_EXPLICIT_TYPE_ID(${op.getCppNamespace()}::${op.getCppClassName()})\n\n`);
  }
}

registerGenerator({
  name: 'op-defs',
  description: 'Generate op definitions',
  options: opGenOptions,
  run(ctx: GeneratorContext): string {
    const w = new CodeWriter();
    w.write(emitSourceFileHeader('Op Definitions', ctx.inputFilename));
    const defs = getRequestedOpDefinitions(ctx.records, ctx.options);
    const shards = shardOpDefinitions(defs, ctx.options);
    const fatal = formatErrorIsFatal(ctx.options);
    if (shards.length === 1) {
      const ops = defs.map((d) => Operator.of(d));
      ifDefScope(w, 'GET_OP_LIST', () => w.write(ops.map((o) => o.getQualCppClassName()).join(',\n')));
      ifDefScope(w, 'GET_OP_CLASSES', () => emitOpClassDefs(w, ops, ctx.inputFilename, '', fatal));
      return w.toString();
    }
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
        emitOpClassDefs(w, ops, ctx.inputFilename, String(i), fatal);
      });
    });
    return w.toString();
  },
});
