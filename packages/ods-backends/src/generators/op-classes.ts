// The op classes of a file (adaptors and op class, op-gen.ts) and the text op-decls and op-defs
// write of them, op by op, so that both outputs can be written in one pass (paired-outputs.ts).
// In that pass (ops not sharded) each op's classes are built once for both outputs, with the
// constraint functions op-defs would collect (the StaticVerifier; only definitions print them).
import { CodeWriter, emitSourceFileHeader, ifDefClose, ifDefOpen, namespaceScope } from '../emit.js';
import type { Class } from '../cpp/class.js';
import type { Operator } from '../ods/operator.js';
import type { GeneratorContext } from '../registry.js';
import { AdaptorEmitter, OpEmitter, opGenOptions, shardOpDefinitions } from './op-gen.js';
import { StaticVerifier } from './op-verifier.js';
import { pairedJobFollows } from './paired-outputs.js';

/** The banner opening the declarations or definitions of one op. */
export function opCommentHeader(name: string, what: string): string {
  return `
//===----------------------------------------------------------------------===//
// ${name} ${what}
//===----------------------------------------------------------------------===//

`;
}

/** The classes of one op. */
export interface OpClassSet {
  readonly adaptor: AdaptorEmitter;
  readonly emitter: OpEmitter;
}

/**
 * Build one op's classes: for declarations without `sv`, for definitions with it, for both
 * with `both`.
 */
export function buildOpClasses(op: Operator, sv: StaticVerifier | undefined, fatal: boolean, both = false): OpClassSet {
  const output = both ? 'both' : undefined;
  const adaptor = new AdaptorEmitter(op, sv, output);
  const emitter = new OpEmitter(op, sv, fatal, output);
  emitter.opClass.finalize();
  return { adaptor, emitter };
}

/** The text of one op's classes: op-decls' (`declarations`) or op-defs' (`definitions`). */
function writeOpClasses(w: CodeWriter, op: Operator, { adaptor, emitter }: OpClassSet, what: 'declarations' | 'definitions'): void {
  const write = (c: Class) => (what === 'declarations' ? c.writeDeclTo(w) : c.writeDefTo(w));
  namespaceScope(w, op.getCppNamespace(), () => {
    w.write(opCommentHeader(op.getQualCppClassName(), what));
    namespaceScope(w, 'detail', () => write(adaptor.genericAdaptorBase));
    write(adaptor.genericAdaptor);
    write(adaptor.adaptor);
    write(emitter.opClass);
  });
  const macro = what === 'declarations' ? 'MLIR_DECLARE_EXPLICIT_TYPE_ID' : 'MLIR_DEFINE_EXPLICIT_TYPE_ID';
  if (op.getCppNamespace() !== '') w.write(`${macro}(${op.getCppNamespace()}::${op.getCppClassName()})\n\n`);
}

/** op-decls' text of one op. */
export function writeOpDeclarations(w: CodeWriter, op: Operator, classes: OpClassSet): void {
  writeOpClasses(w, op, classes, 'declarations');
}

/**
 * The constraint functions and the class definitions of a list of ops (op-defs' GET_OP_CLASSES
 * section, or one shard's part of it), written op by op: `add` each op's classes, built with
 * `sv`, in order.
 */
export class OpDefinitionsWriter {
  readonly sv: StaticVerifier;
  constructor(
    private readonly w: CodeWriter,
    ops: readonly Operator[],
    inputFilename: string,
    tag: string,
  ) {
    this.sv = new StaticVerifier(inputFilename, tag);
    if (ops.length === 0) return;
    w.write(opCommentHeader('Local Utility Method', 'Definitions'));
    this.sv.collectOpConstraints(ops);
    this.sv.writeOpConstraints(w);
  }
  add(op: Operator, classes: OpClassSet): void {
    writeOpClasses(this.w, op, classes, 'definitions');
  }
}

/** op-defs' text for unsharded ops, written op by op (the classes are built by the caller). */
export class OpDefsOutput {
  private readonly w = new CodeWriter();
  private readonly classes: OpDefinitionsWriter;
  constructor(ops: readonly Operator[], inputFilename: string) {
    const w = this.w;
    w.write(emitSourceFileHeader('Op Definitions', inputFilename));
    w.write(ifDefOpen('GET_OP_LIST'));
    w.write(ops.map((o) => o.getQualCppClassName()).join(',\n'));
    w.write(ifDefClose('GET_OP_LIST'));
    w.write(ifDefOpen('GET_OP_CLASSES'));
    this.classes = new OpDefinitionsWriter(w, ops, inputFilename, '');
  }
  get sv(): StaticVerifier {
    return this.classes.sv;
  }
  add(op: Operator, classes: OpClassSet): void {
    this.classes.add(op, classes);
  }
  finish(): string {
    this.w.write(ifDefClose('GET_OP_CLASSES'));
    return this.w.toString();
  }
}

/** The options that shape the op classes: op-decls and op-defs share them only for equal values. */
export const OP_CLASS_OPTIONS: readonly string[] = opGenOptions.map((o) => o.name);

/** op-decls: whether an op-defs job of this parse with the same options follows, its ops unsharded. */
export function opDefsFollow(ctx: GeneratorContext, opCount: number): boolean {
  // Same options select the same ops; one shard is the whole list.
  return opCount > 0 && shardOpDefinitions([], ctx.options).length === 1 && pairedJobFollows(ctx, 'op-defs', OP_CLASS_OPTIONS);
}
