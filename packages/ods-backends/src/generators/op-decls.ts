// --gen-op-decls: forward declarations and class declarations (adaptors and op classes) of the
// ops of a file, optionally filtered by --op-include-regex/--op-exclude-regex.
import { CodeWriter, emitSourceFileHeader, ifDefScope, namespaceScope } from '../emit.js';
import { Operator } from '../ods/operator.js';
import { type GeneratorContext, registerGenerator } from '../registry.js';
import { summaryAndDescComments } from './dialect-gen-util.js';
import { formatErrorIsFatal } from '../format/format-parser.js';
import { AdaptorEmitter, OpEmitter, getRequestedOpDefinitions, opGenOptions, shardOpDefinitions } from './op-gen.js';

/** The banner opening the declarations or definitions of one op. */
export function opCommentHeader(name: string, what: string): string {
  return `
//===----------------------------------------------------------------------===//
// ${name} ${what}
//===----------------------------------------------------------------------===//

`;
}

registerGenerator({
  name: 'op-decls',
  description: 'Generate op declarations',
  options: opGenOptions,
  run(ctx: GeneratorContext): string {
    const w = new CodeWriter();
    w.write(emitSourceFileHeader('Op Declarations', ctx.inputFilename));
    const defs = getRequestedOpDefinitions(ctx.records, ctx.options);
    const ops = defs.map((d) => Operator.of(d));
    for (const op of ops) {
      namespaceScope(w, op.getCppNamespace(), () => {
        w.write(summaryAndDescComments(op.getSummary(), op.getDescription()));
        w.write(`class ${op.getCppClassName()};\n`);
      });
    }
    const fatal = formatErrorIsFatal(ctx.options);
    ifDefScope(w, 'GET_OP_CLASSES', () => {
      for (const op of ops) {
        const adaptor = new AdaptorEmitter(op);
        const emitter = new OpEmitter(op, undefined, fatal);
        namespaceScope(w, op.getCppNamespace(), () => {
          w.write(opCommentHeader(op.getQualCppClassName(), 'declarations'));
          namespaceScope(w, 'detail', () => adaptor.genericAdaptorBase.writeDeclTo(w));
          adaptor.genericAdaptor.writeDeclTo(w);
          adaptor.adaptor.writeDeclTo(w);
          emitter.opClass.finalize();
          emitter.opClass.writeDeclTo(w);
        });
        if (op.getCppNamespace() !== '') {
          w.write(`MLIR_DECLARE_EXPLICIT_TYPE_ID(${op.getCppNamespace()}::${op.getCppClassName()})\n`);
          w.write('\n');
        }
      }
    });
    const shards = shardOpDefinitions(defs, ctx.options);
    if (defs.length === 0 || shards.length <= 1) return w.toString();
    const dialect = ops[0]!.getDialect();
    namespaceScope(w, dialect.getCppNamespace(), () => {
      const hook = (i: string) =>
        `void register${dialect.getCppClassName()}Operations${i}(${dialect.getCppNamespace()}::${dialect.getCppClassName()} *dialect);\n`;
      w.write(hook(''));
      for (let i = 0; i < shards.length; i++) w.write(hook(String(i)));
    });
    return w.toString();
  },
});
