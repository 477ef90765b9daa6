// --gen-rewriters: the C++ rewrite patterns of the declarative rewrite rules (`Pattern` defs), as
// mlir-tblgen 22 prints them: the uniqued constraint functions, the static matchers of source
// sub-DAGs shared by several patterns, one `RewritePattern` struct per pattern and the
// `populateWithGenerated` hook.
import { type DagInit, DefInit, type Record, fatalNoLoc } from '@ods-ts/tablegen-core';
import { CodeWriter, emitSourceFileHeader } from '../emit.js';
import { derivedDefs } from '../ods/docs-util.js';
import type { Operator } from '../ods/operator.js';
import { setDefLookup } from '../ods/operator.js';
import {
  type AppliedConstraint,
  type DagLeaf,
  DagNode,
  Pattern,
  RecordOperatorMap,
  SymbolInfoMap,
  fatalAtRecord,
  getValuePackName,
} from '../ods/pattern.js';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { PatternConstraintFunctions, constraintCondition, constraintSummary } from './rewriters-constraints.js';
import { FmtContext, drrFmt } from '../fmt.js';
import { escapeString } from '../text.js';

// ---------------------------------------------------------------------------------------------
// Templates

/** The hook adding every generated pattern to a pattern set (slot: the pattern class names). */
function populateTemplate(patterns: readonly string[]): string {
  const adds = patterns.map((p) => `  patterns.add<${p}>(patterns.getContext());\n`).join('');
  return `[[maybe_unused]] void populateWithGenerated(::mlir::RewritePatternSet &patterns) {\n${adds}}\n`;
}

/**
 * The head of a pattern struct up to the opening of matchAndRewrite. Slots: `locations` the
 * `file:line` of the def and its instantiations (outermost first), `name` the struct name,
 * `rootName` the matched op's name, `benefit`, `resultOps` the quoted names of generated ops.
 */
function patternHeadTemplate(locations: readonly string[], name: string, rootName: string, benefit: number, resultOps: readonly string[]): string {
  return (
    `/* Generated from:\n    ${locations.join(' instantiating\n    ')}\n*/\n` +
    `struct ${name} : public ::mlir::RewritePattern {\n` +
    `  ${name}(::mlir::MLIRContext *context)\n` +
    `      : ::mlir::RewritePattern("${rootName}", ${benefit}, context, {${resultOps.join(', ')}}) {}\n` +
    `  ::llvm::LogicalResult matchAndRewrite(::mlir::Operation *op0,\n` +
    `      ::mlir::PatternRewriter &rewriter) const override {\n`
  );
}

/** A failed match: `if (!(<cond>))` returning a notifyMatchFailure diagnostic on `opName`. */
function matchCheckTemplate(os: CodeWriter, opName: string, cond: string, failure: string): void {
  os.write(`if (!(${cond}))`);
  os.write('{\n');
  os.scope(() => os.write(`return rewriter.notifyMatchFailure(${opName}, [&](::mlir::Diagnostic &diag) {\n  diag << ${failure};\n});`));
  os.write('\n}\n');
}

// ---------------------------------------------------------------------------------------------
// Static matchers

/** Tracks how often each source sub-DAG is used; shared ones become static matcher functions. */
class StaticMatcherHelper {
  private readonly refStats = new Map<DagInit, number>();
  private readonly topologicalOrder: [DagNode, Record][] = [];
  private readonly matcherNames = new Map<DagInit, string>();
  private readonly constraintLeaves: DagLeaf[] = [];
  private readonly seenLeaves = new Set<unknown>();
  private counter = 0;
  readonly verifiers: PatternConstraintFunctions;

  constructor(
    readonly opMap: RecordOperatorMap,
    inputFilename: string,
  ) {
    this.verifiers = new PatternConstraintFunctions(inputFilename);
  }

  useStaticMatcher(node: DagNode): boolean {
    if (node.isEither() || node.isVariadic()) return false;
    return (this.refStats.get(node.dag) ?? 0) > 1;
  }
  getMatcherName(node: DagNode): string {
    return this.matcherNames.get(node.dag) ?? '';
  }

  addPattern(record: Record): void {
    const pat = new Pattern(record, this.opMap);
    const dfs = (node: DagNode): void => {
      const n = (this.refStats.get(node.dag) ?? 0) + 1;
      this.refStats.set(node.dag, n);
      if (n !== 1) return;
      for (let i = 0; i < node.getNumArgs(); i++) {
        const child = node.getArgAsNestedDag(i);
        if (child) dfs(child);
        else {
          const leaf = node.getArgAsLeaf(i);
          if (!leaf.isUnspecified() && !this.seenLeaves.has(leaf.init)) {
            this.seenLeaves.add(leaf.init);
            this.constraintLeaves.push(leaf);
          }
        }
      }
      this.topologicalOrder.push([node, record]);
    };
    dfs(pat.getSourcePattern());
  }

  populateStaticConstraintFunctions(): string {
    for (const leaf of this.constraintLeaves) {
      if (leaf.init instanceof DefInit) this.verifiers.collect(leaf.init.def);
    }
    return this.verifiers.emit();
  }

  populateStaticMatchers(): string {
    let out = '';
    for (const [node, record] of this.topologicalOrder) {
      if (!this.useStaticMatcher(node)) continue;
      const name = `static_dag_matcher_${this.counter++}`;
      out += new PatternEmitter(record, this).emitStaticMatcher(node, name);
      this.matcherNames.set(node.dag, name);
    }
    return out;
  }

  getVerifierName(leaf: DagLeaf): string {
    const def = leaf.getConstraintDef();
    if (leaf.isPropMatcher()) return this.verifiers.getPropConstraintFn(def);
    if (leaf.isAttrMatcher()) return this.verifiers.getAttrConstraintFn(def);
    return this.verifiers.getTypeConstraintFn(def);
  }
}

// ---------------------------------------------------------------------------------------------
// Pattern emitter

interface TrailingDirectives {
  location: DagNode | undefined;
  returnType: DagNode | undefined;
  numDirectives: number;
}

/** Emits one pattern (or one static matcher) with raw_indented_ostream semantics. */
class PatternEmitter {
  private readonly pattern: Pattern;
  private readonly symbolInfoMap: SymbolInfoMap;
  private readonly fmtCtx = new FmtContext().withBuilder('rewriter');
  private readonly os = new CodeWriter();
  private nextValueId = 0;

  constructor(
    private readonly def: Record,
    private readonly helper: StaticMatcherHelper,
  ) {
    this.pattern = new Pattern(def, helper.opMap);
    this.symbolInfoMap = new SymbolInfoMap((m) => this.fail(m));
  }

  private fail(message: string): never {
    fatalAtRecord(this.def, message);
  }
  private op(node: DagNode): Operator {
    return this.helper.opMap.get(node);
  }

  // --- entry points ---------------------------------------------------------------------------

  emitStaticMatcher(tree: DagNode, funcName: string): string {
    const os = this.os;
    os.write(
      `static ::llvm::LogicalResult ${funcName}(::mlir::PatternRewriter &rewriter, ::mlir::Operation *op0, ::llvm::SmallVector<::mlir::Operation *, 4> &tblgen_ops`,
    );
    this.pattern.collectBoundSymbols(tree, this.symbolInfoMap, true);
    this.symbolInfoMap.assignUniqueAlternativeNames();
    for (const [name, info] of this.symbolInfoMap.entries()) os.write(`, ${info.getArgDecl(name)}`);
    os.write(') {\n');
    os.indent();
    os.write('(void)tblgen_ops;\n');
    this.emitMatch(tree, 'op0', 1);
    os.write('return ::mlir::success();\n');
    os.unindent();
    os.write('}\n\n');
    return os.toString();
  }

  emit(rewriteName: string, sources: GeneratorContext['sources']): string {
    const os = this.os;
    const sourceTree = this.pattern.getSourcePattern();
    const rootOp = this.pattern.getSourceRootOp();
    const resultOps = new Set<Operator>();
    for (const r of this.pattern.getResultPatterns()) this.collectOps(r, resultOps);
    const sortedOps = [...resultOps].sort((a, b) => cmpBytes(a.getOperationName(), b.getOperationName()));
    // `file:line` with the file as its buffer was opened (the path given or found via -I, an
    // absolute one cut to its last component).
    const locations = [...this.def.locs].reverse().map((l) => sources.sourceOutputPosition(l));
    os.write(
      patternHeadTemplate(
        locations,
        rewriteName,
        rootOp.getOperationName(),
        this.pattern.getBenefit(),
        sortedOps.map((o) => `"${o.getOperationName()}"`),
      ),
    );
    os.indent(4);
    this.pattern.collectSourcePatternBoundSymbols(this.symbolInfoMap);
    os.write('// Variables for capturing values and attributes used while creating ops\n');
    for (const [name, info] of this.symbolInfoMap.entries()) os.write(info.getVarDecl(name));
    os.write('::llvm::SmallVector<::mlir::Operation *, 4> tblgen_ops;\n\n');
    os.write('// Match\n');
    os.write('tblgen_ops.push_back(op0);\n');
    this.emitMatchLogic(sourceTree, 'op0');
    os.write('\n// Rewrite\n');
    this.emitRewriteLogic();
    os.write('return ::mlir::success();\n');
    os.unindent(2);
    os.write('}\n');
    os.unindent(2);
    os.write('};\n\n');
    return os.toString();
  }

  private collectOps(tree: DagNode, ops: Set<Operator>): void {
    if (tree.isOperation()) ops.add(this.op(tree));
    for (let i = 0; i < tree.getNumArgs(); i++) {
      const child = tree.getArgAsNestedDag(i);
      if (child) this.collectOps(child, ops);
    }
  }

  // --- matching -------------------------------------------------------------------------------

  private emitMatch(tree: DagNode, name: string, depth: number): void {
    if (tree.isNativeCodeCall()) return this.emitNativeCodeMatch(tree, name, depth);
    if (tree.isOperation()) return this.emitOpMatch(tree, name, depth);
    this.fail('encountered non-op, non-NativeCodeCall match.');
  }

  private emitStaticMatchCall(tree: DagNode, opName: string): void {
    const os = this.os;
    os.write(`if(::mlir::failed(${this.helper.getMatcherName(tree)}(rewriter, ${opName}, tblgen_ops`);
    const local = new SymbolInfoMap((m) => this.fail(m));
    this.pattern.collectBoundSymbols(tree, local, true);
    for (const [name, info] of local.entries()) {
      const found = this.symbolInfoMap.findBoundSymbol(name, info);
      os.write(`, ${found ? found.getVarName(name) : name}`);
    }
    os.write('))) {\n');
    os.scope(() => os.write('return ::mlir::failure();\n'));
    os.write('}\n');
  }

  private emitStaticVerifierCall(funcName: string, opName: string, arg: string, failure: string): void {
    const os = this.os;
    os.write(`if(::mlir::failed(${funcName}(rewriter, ${opName}, ${arg}, ${failure}))) {\n`);
    os.scope(() => os.write('return ::mlir::failure();\n'));
    os.write('}\n');
  }

  private emitNativeCodeMatch(tree: DagNode, opName: string, depth: number): void {
    const os = this.os;
    if (this.helper.useStaticMatcher(tree) && this.helper.getMatcherName(tree) !== '') {
      this.emitStaticMatchCall(tree, opName);
      return;
    }
    const capture: string[] = [];
    os.indent();
    for (let i = 0; i < tree.getNumArgs(); i++) {
      const argName = `arg${depth}_${i}`;
      const argTree = tree.getArgAsNestedDag(i);
      if (argTree) {
        if (argTree.isEither()) this.fail('NativeCodeCall cannot have `either` operands');
        if (argTree.isVariadic()) this.fail('NativeCodeCall cannot have `variadic` operands');
        os.write(`::mlir::Value ${argName};\n`);
      } else {
        const leaf = tree.getArgAsLeaf(i);
        if (leaf.isAttrMatcher() || leaf.isConstantAttr()) os.write(`::mlir::Attribute ${argName};\n`);
        else os.write(`::mlir::Value ${argName};\n`);
      }
      capture.push(argName);
    }
    const tail = this.getTrailingDirectives(tree);
    if (tail.returnType) this.fail('`NativeCodeCall` cannot have return type specifier');
    const locToUse = this.getLocation(tail);
    const fmt = tree.getNativeCodeTemplate();
    if (fmt.split('$_self').length - 1 !== 1)
      this.fail('NativeCodeCall must have $_self as argument for passing the defining Operation');
    const call = drrFmt(fmt, this.fmtCtx.addSubst('_loc', locToUse).withSelf(opName), capture);
    matchCheckTemplate(os, opName, `!::mlir::failed(${call})`, `"${call} return ::mlir::failure"`);
    const n = tree.getNumArgs() - tail.numDirectives;
    for (let i = 0; i < n; i++) {
      const name = tree.getArgName(i);
      if (name !== '' && name !== '_') os.write(`${name} = ${capture[i]!};\n`);
    }
    for (let i = 0; i < n; i++) {
      const argName = capture[i]!;
      if (tree.getArgAsNestedDag(i))
        this.fail(`Matching nested tree in NativeCodecall not support for ${argName} as arg ${i}`);
      const leaf = tree.getArgAsLeaf(i);
      if (leaf.isUnspecified()) continue;
      // mlir-tblgen 22 crashes on a leaf that is not a def here; report it instead.
      if (!(leaf.init instanceof DefInit))
        this.fail(`operand ${i} of native code call '${tree.getNativeCodeTemplate()}' must be a symbol or a constraint`);
      const cdef = leaf.init.def;
      const self = leaf.isAttrMatcher() || leaf.isConstantAttr() ? argName : `${argName}.getType()`;
      this.emitStaticVerifierCall(
        this.helper.getVerifierName(leaf),
        opName,
        self,
        `"operand ${i} of native code call '${tree.getNativeCodeTemplate()}' failed to satisfy constraint: '${escapeString(constraintSummary(cdef))}'"`,
      );
    }
    os.unindent();
  }

  private emitOpMatch(tree: DagNode, opName: string, depth: number): void {
    const os = this.os;
    const op = this.op(tree);
    const castedName = `castedOp${depth}`;
    if (this.helper.useStaticMatcher(tree) && this.helper.getMatcherName(tree) !== '') {
      this.emitStaticMatchCall(tree, opName);
      if (depth === 0)
        os.write(`auto ${castedName} = ::llvm::dyn_cast_or_null<${op.getQualCppClassName()}>(${opName}); (void)${castedName};\n`);
      return;
    }
    os.write(`auto ${castedName} = ::llvm::dyn_cast<${op.getQualCppClassName()}>(${opName}); (void)${castedName};\n`);
    if (depth !== 0) matchCheckTemplate(os, opName, castedName, `"${castedName} is not ${op.getQualCppClassName()} type"`);
    const name = tree.getSymbol();
    if (name !== '') os.write(`${name} = ${castedName};\n`);

    const e = tree.getNumArgs();
    const next = { operand: 0 };
    for (let i = 0, opArgIdx = 0; i !== e; i++, opArgIdx++) {
      const opArg = op.arguments[opArgIdx];
      const argName = `op${depth + 1}`;
      const argTree = tree.getArgAsNestedDag(i);
      if (argTree) {
        if (argTree.isEither()) {
          this.emitEitherOperandMatch(tree, argTree, castedName, opArgIdx, next, depth);
          opArgIdx++;
          continue;
        }
        if (opArg?.kind === 'operand') {
          const operand = opArg.value;
          if (argTree.isVariadic()) {
            if (!operand.isVariadic())
              this.fail(`variadic DAG construct can't match op ${op.getOperationName()}'s non-variadic operand #${opArgIdx}`);
            this.emitVariadicOperandMatch(tree, argTree, castedName, opArgIdx, next, depth);
            next.operand++;
            continue;
          }
          if (operand.isVariableLength())
            this.fail(`use nested DAG construct to match op ${op.getOperationName()}'s variadic operand #${opArgIdx} unsupported now`);
        }
        os.write('{\n');
        os.indent();
        os.write(`auto *${argName} = (*${castedName}.getODSOperands(${next.operand}).begin()).getDefiningOp();\n`);
        matchCheckTemplate(os, castedName, argName, `"There's no operation that defines operand ${next.operand++} of ${castedName}"`);
        this.emitMatch(argTree, argName, depth + 1);
        os.write(`tblgen_ops.push_back(${argName});\n`);
        os.unindent();
        os.write('}\n');
        continue;
      }
      if (opArg?.kind === 'operand') {
        this.emitOperandMatch(
          tree,
          castedName,
          `${castedName}.getODSOperands(${next.operand})`,
          opArgIdx,
          tree.getArgAsLeaf(i),
          tree.getArgName(i),
          opArgIdx,
          undefined,
        );
        next.operand++;
      } else if (opArg?.kind === 'attribute') {
        this.emitAttributeMatch(tree, castedName, opArgIdx);
      } else if (opArg?.kind === 'property') {
        this.emitPropertyMatch(tree, castedName, opArgIdx);
      } else {
        this.fail('unhandled case when matching op');
      }
    }
  }

  private emitOperandMatch(
    tree: DagNode,
    opName: string,
    operandName: string,
    operandIndex: number,
    matcher: DagLeaf,
    argName: string,
    argIndex: number,
    variadicSubIndex: number | undefined,
  ): void {
    const op = this.op(tree);
    const arg = op.arguments[operandIndex];
    if (!arg || arg.kind !== 'operand') this.fail('unhandled case when matching op');
    const operand = arg.value;
    if (!matcher.isUnspecified()) {
      if (!matcher.isOperandMatcher())
        this.fail(`the ${argIndex + 1}-th argument of op '${op.getOperationName()}' should be an operand`);
      const cdef = matcher.getConstraintDef();
      if (operand.constraint.def !== cdef) {
        if (operand.isVariableLength())
          this.fail(`further constrain op ${op.getOperationName()}'s variadic operand #${argIndex} unsupported now`);
        this.emitStaticVerifierCall(
          this.helper.getVerifierName(matcher),
          opName,
          `(*${operandName}.begin()).getType()`,
          `"operand ${arg.index} of op '${op.getOperationName()}' failed to satisfy constraint: '${escapeString(constraintSummary(cdef))}'"`,
        );
      }
    }
    if (argName !== '' && argName !== '_') {
      const res = this.symbolInfoMap.findBoundOperand(argName, tree, op, operandIndex, variadicSubIndex);
      if (!res) this.fail(`symbol not found: ${argName}`);
      this.os.write(`${res.getVarName(argName)} = ${operandName};\n`);
    }
  }

  private emitEitherOperandMatch(tree: DagNode, either: DagNode, opName: string, argIndexStart: number, next: { operand: number }, depth: number): void {
    const os = this.os;
    if (either.getNumArgs() !== 2) this.fail('`either` only supports grouping two operands');
    const op = this.op(tree);
    let pushes = '';
    const lambda = `eitherLambda${depth}`;
    os.write(`auto ${lambda} = [&](::mlir::OperandRange v0, ::mlir::OperandRange v1) {\n`);
    os.indent();
    let argIndex = argIndexStart;
    for (let i = 0; i < 2; i++, argIndex++) {
      const argTree = either.getArgAsNestedDag(i);
      if (argTree) {
        if (argTree.isEither()) this.fail('either cannot be nested');
        const argName = `local_op_${i}`;
        os.write(`auto ${argName} = (*v${i}.begin()).getDefiningOp();\n`);
        os.write('{\n');
        os.indent();
        matchCheckTemplate(os, opName, argName, `"There's no operation that defines operand ${next.operand++} of ${opName}"`);
        this.emitMatch(argTree, argName, depth + 1);
        os.unindent();
        os.write('}\n');
        pushes += `tblgen_ops.push_back(${argName});\n`;
      } else if (op.arguments[argIndex]?.kind === 'operand') {
        // By argument index: attributes may come before the grouped operands.
        this.emitOperandMatch(tree, opName, `v${i}`, argIndex, either.getArgAsLeaf(i), either.getArgName(i), argIndex, undefined);
        next.operand++;
      } else {
        this.fail('either can only be applied on operand');
      }
    }
    os.write(pushes);
    os.write('return ::mlir::success();\n');
    os.unindent();
    os.write('};\n');
    os.write('{\n');
    os.indent();
    os.write(`auto eitherOperand0 = ${opName}.getODSOperands(${next.operand - 2});\n`);
    os.write(`auto eitherOperand1 = ${opName}.getODSOperands(${next.operand - 1});\n`);
    os.write(
      `if(::mlir::failed(${lambda}(eitherOperand0, eitherOperand1)) && ::mlir::failed(${lambda}(eitherOperand1, eitherOperand0)))\n`,
    );
    os.indent();
    os.write('return ::mlir::failure();\n');
    os.unindent(4);
    os.write('}\n');
  }

  private emitVariadicOperandMatch(tree: DagNode, variadic: DagNode, opName: string, argIndex: number, next: { operand: number }, depth: number): void {
    const os = this.os;
    const op = this.op(tree);
    const operandIndex = next.operand;
    os.write('{\n');
    os.indent();
    os.write(`auto variadic_operand_range = ${opName}.getODSOperands(${operandIndex});\n`);
    os.write(`if (variadic_operand_range.size() != ${variadic.getNumArgs()}) return ::mlir::failure();\n`);
    const treeName = variadic.getSymbol();
    if (treeName !== '') {
      const res = this.symbolInfoMap.findBoundOperand(treeName, tree, op, operandIndex, undefined);
      if (!res) this.fail(`symbol not found: ${treeName}`);
      os.write(`${res.getVarName(treeName)} = variadic_operand_range;\n`);
    }
    for (let i = 0; i < variadic.getNumArgs(); i++) {
      const argTree = variadic.getArgAsNestedDag(i);
      if (argTree) {
        if (!argTree.isOperation()) this.fail('variadic only accepts operation sub-dags');
        os.write('{\n');
        os.indent();
        const argName = `local_op_${i}`;
        os.write(`auto *${argName} = variadic_operand_range[${i}].getDefiningOp();\n`);
        matchCheckTemplate(
          os,
          opName,
          argName,
          `"There's no operation that defines variadic operand ${operandIndex} (variadic sub-opearnd #${i}) of ${opName}"`,
        );
        this.emitMatch(argTree, argName, depth + 1);
        os.write(`tblgen_ops.push_back(${argName});\n`);
        os.unindent();
        os.write('}\n');
      } else if (op.arguments[argIndex]?.kind === 'operand') {
        this.emitOperandMatch(
          tree,
          opName,
          `variadic_operand_range.slice(${i}, 1)`,
          operandIndex,
          variadic.getArgAsLeaf(i),
          variadic.getArgName(i),
          argIndex,
          i,
        );
      } else {
        this.fail('variadic can only be applied on operand');
      }
    }
    os.unindent();
    os.write('}\n');
  }

  private usesProperties(op: Operator): boolean {
    return op.getDialect().usePropertiesForAttributes();
  }

  private emitAttributeMatch(tree: DagNode, opName: string, argIndex: number): void {
    const os = this.os;
    const op = this.op(tree);
    const arg = op.arguments[argIndex];
    if (!arg || arg.kind !== 'attribute') return;
    const named = arg.value;
    const attr = named.attr;
    os.write('{\n');
    os.indent();
    const getter = this.usesProperties(op)
      ? `${opName}.getProperties().${op.getGetterName(named.name)}()`
      : `${opName}->getAttrOfType<${attr.getStorageType()}>("${named.name}")`;
    os.write(`[[maybe_unused]] auto tblgen_attr = ${getter};\n`);
    if (attr.hasDefaultValue()) {
      os.write(`if (!tblgen_attr) tblgen_attr = ${drrFmt(attr.getConstBuilderTemplate(), this.fmtCtx, [attr.getDefaultValue()])};\n`);
    } else if (attr.isOptional()) {
      // A missing optional attribute is captured as a null attribute.
    } else {
      matchCheckTemplate(
        os,
        opName,
        drrFmt('tblgen_attr', this.fmtCtx),
        `"expected op '${op.getOperationName()}' to have attribute '${named.name}' of type '${attr.getStorageType()}'"`,
      );
    }
    const matcher = tree.getArgAsLeaf(argIndex);
    if (!matcher.isUnspecified()) {
      if (!matcher.isAttrMatcher())
        this.fail(`the ${argIndex + 1}-th argument of op '${op.getOperationName()}' should be an attribute`);
      const verifier = this.helper.getVerifierName(matcher);
      const cond = constraintCondition(matcher.getConstraintDef());
      if (attr.isOptional() && !cond.includes('!$_self') && cond.includes('$_self'))
        os.write('if (!tblgen_attr) return ::mlir::failure();\n');
      this.emitStaticVerifierCall(
        verifier,
        opName,
        'tblgen_attr',
        `"op '${op.getOperationName()}' attribute '${named.name}' failed to satisfy constraint: '${escapeString(constraintSummary(matcher.getConstraintDef()))}'"`,
      );
    }
    const name = tree.getArgName(argIndex);
    if (name !== '' && name !== '_') os.write(`${name} = tblgen_attr;\n`);
    os.unindent();
    os.write('}\n');
  }

  private emitPropertyMatch(tree: DagNode, opName: string, argIndex: number): void {
    const os = this.os;
    const op = this.op(tree);
    const arg = op.arguments[argIndex];
    if (!arg || arg.kind !== 'property') return;
    os.write('{\n');
    os.indent();
    os.write(`[[maybe_unused]] auto tblgen_prop = ${opName}.getProperties().${op.getGetterName(arg.value.name)}();\n`);
    const matcher = tree.getArgAsLeaf(argIndex);
    if (!matcher.isUnspecified()) {
      if (!matcher.isPropMatcher())
        this.fail(`the ${argIndex + 1}-th argument of op '${op.getOperationName()}' should be a property`);
      this.emitStaticVerifierCall(
        this.helper.getVerifierName(matcher),
        opName,
        'tblgen_prop',
        `"op '${op.getOperationName()}' property '${arg.value.name}' failed to satisfy constraint: '${escapeString(constraintSummary(matcher.getConstraintDef()))}'"`,
      );
    }
    const name = tree.getArgName(argIndex);
    if (name !== '' && name !== '_') os.write(`${name} = tblgen_prop;\n`);
    os.unindent();
    os.write('}\n');
  }

  private emitMatchLogic(tree: DagNode, opName: string): void {
    const os = this.os;
    this.emitMatch(tree, opName, 0);
    // Operands bound to the same symbol must be equal: checked before the pattern's constraints.
    const seen = new Set<string>();
    for (const [key, info] of this.symbolInfoMap.entries()) {
      if (seen.has(key)) continue;
      seen.add(key);
      const range = this.symbolInfoMap.getRangeOfEqualElements(key);
      const first = info.getVarName(key);
      for (const other of range.slice(1)) {
        const second = other.getVarName(key);
        matchCheckTemplate(os, opName, `*${first}.begin() == *${second}.begin()`, `"Operands '${first}' and '${second}' must be equal"`);
      }
    }
    for (const applied of this.pattern.getConstraints()) this.emitAppliedConstraint(applied, opName);
  }

  private emitAppliedConstraint(applied: AppliedConstraint, opName: string): void {
    const { def, entities } = applied;
    const condition = constraintCondition(def);
    const summary = escapeString(constraintSummary(def));
    if (def.isSubClassOfName('TypeConstraint')) {
      if (entities.length !== 1) this.fail('type constraint requires exactly one argument');
      const self = `(${this.symbolInfoMap.getValueAndRangeUse(entities[0]!)}.getType())`;
      matchCheckTemplate(
        this.os,
        opName,
        drrFmt(condition, this.fmtCtx.withSelf(self)),
        `"value entity '${entities[0]!}' failed to satisfy constraint: '${summary}'"`,
      );
      return;
    }
    if (def.isSubClassOfName('AttrConstraint')) this.fail('cannot use AttrConstraint in Pattern multi-entity constraints');
    if (entities.length > 4) this.fail('only support up to 4-entity constraints now');
    const names = entities.map((e) => this.symbolInfoMap.getValueAndRangeUse(e));
    while (names.length < 4) names.push('<unused>');
    let self = applied.self;
    if (self !== '') self = this.symbolInfoMap.getValueAndRangeUse(self);
    matchCheckTemplate(
      this.os,
      opName,
      drrFmt(condition, this.fmtCtx.withSelf(self), names),
      `"entities '${entities.join(', ')}' failed to satisfy constraint: '${summary}'"`,
    );
  }

  // --- rewriting ------------------------------------------------------------------------------

  private emitRewriteLogic(): void {
    const os = this.os;
    const rootOp = this.pattern.getSourceRootOp();
    const numExpected = rootOp.getNumResults();
    const results = this.pattern.getResultPatterns();
    const numResultPatterns = results.length;
    this.pattern.collectResultPatternBoundSymbols(this.symbolInfoMap);

    const offsets = new Array<number>(numResultPatterns + 1).fill(numExpected);
    let replStartIndex = numExpected === 0 ? numResultPatterns : -1;
    for (let i = numResultPatterns - 1; i >= 0; i--) {
      const numValues = this.getNodeValueCount(results[i]!);
      offsets[i] = offsets[i + 1]! - numValues;
      if (offsets[i] === 0) {
        if (replStartIndex === -1) replStartIndex = i;
      } else if (offsets[i]! < 0 && offsets[i + 1]! > 0) {
        this.fail(
          `cannot use the same multi-result op '${results[i]!.getSymbol()}' to generate both auxiliary values and values to be used for replacing the matched op`,
        );
      }
    }
    if (offsets[0]! > 0) this.fail('not enough values generated to replace the matched op');

    const numOps = this.pattern.getSourcePattern().getNumOps();
    const locs: string[] = [];
    for (let i = 0; i < numOps; i++) locs.push(`tblgen_ops[${i}]->getLoc()`);
    os.write(`auto odsLoc = rewriter.getFusedLoc({${locs.join(', ')}}); (void)odsLoc;\n`);

    for (let i = 0; i < replStartIndex; i++) {
      const tree = results[i]!;
      const val = this.handleResultPattern(tree, offsets[i]!, 0);
      if (tree.isNativeCodeCall() && tree.getNumReturnsOfNativeCode() === 0) os.write(`${val};\n`);
    }
    const supplemental = (): void => {
      const sup = this.pattern.getSupplementalPatterns();
      let offset = -sup.length;
      for (const tree of sup) {
        const val = this.handleResultPattern(tree, offset++, 0);
        if (tree.isNativeCodeCall() && tree.getNumReturnsOfNativeCode() === 0) os.write(`${val};\n`);
      }
    };
    if (numExpected === 0) {
      supplemental();
      os.write('rewriter.eraseOp(op0);\n');
      return;
    }
    os.write('::llvm::SmallVector<::mlir::Value, 4> tblgen_repl_values;\n');
    for (let i = replStartIndex; i < numResultPatterns; i++) {
      const val = this.handleResultPattern(results[i]!, offsets[i]!, 0);
      os.write('\n');
      os.write(
        this.symbolInfoMap.getAllRangeUse(
          val,
          'for (auto v: ::llvm::SmallVector<::mlir::Value, 4>{ {0} }) {\n  tblgen_repl_values.push_back(v);\n}\n',
          '\n',
        ),
      );
    }
    supplemental();
    os.write('\nrewriter.replaceOp(op0, tblgen_repl_values);\n');
  }

  private getUniqueSymbol(op: Operator): string {
    return `tblgen_${op.getCppClassName()}_${this.nextValueId++}`;
  }

  private handleResultPattern(tree: DagNode, resultIndex: number, depth: number): string {
    if (tree.isLocationDirective()) this.fail('location directive can only be used with op creation');
    if (tree.isNativeCodeCall()) return this.handleReplaceWithNativeCodeCall(tree, depth);
    if (tree.isReplaceWithValue()) return this.handleReplaceWithValue(tree);
    if (tree.isVariadic()) return this.handleVariadic(tree, depth);
    const symbol = this.handleOpCreation(tree, resultIndex, depth);
    if (tree.getSymbol() === '') this.symbolInfoMap.bindOpResult(symbol, this.op(tree));
    return symbol;
  }

  private handleVariadic(tree: DagNode, depth: number): string {
    const os = this.os;
    const name = `tblgen_variadic_values_${this.nextValueId++}`;
    this.symbolInfoMap.bindValue(name);
    const values: string[] = [];
    for (let i = 0; i < tree.getNumArgs(); i++) {
      const child = tree.getArgAsNestedDag(i);
      values.push(child ? this.handleResultPattern(child, i, depth + 1) : this.handleOpArgument(tree.getArgAsLeaf(i), tree.getArgName(i)));
    }
    os.write(`::llvm::SmallVector<::mlir::Value, 4> ${name};\n`);
    for (const v of values) os.write(`${name}.push_back(${v});\n`);
    return name;
  }

  private handleReplaceWithValue(tree: DagNode): string {
    if (tree.getNumArgs() !== 1) this.fail('replaceWithValue directive must take exactly one argument');
    if (tree.getSymbol() !== '') this.fail('cannot bind symbol to replaceWithValue');
    return tree.getArgName(0);
  }

  private handleLocationDirective(tree: DagNode): string {
    const lookUp = (i: number): string => this.symbolInfoMap.getValueAndRangeUse(tree.getArgName(i), '{0}.getLoc()');
    if (tree.getNumArgs() === 0) fatalNoLoc('At least one argument to location directive required');
    if (tree.getSymbol() !== '') this.fail('cannot bind symbol to location');
    if (tree.getNumArgs() === 1) {
      const leaf = tree.getArgAsLeaf(0);
      if (leaf.isStringAttr()) return `::mlir::NameLoc::get(rewriter.getStringAttr("${leaf.getStringAttr()}"))`;
      return lookUp(0);
    }
    let strAttr = '';
    const parts: string[] = [];
    for (let i = 0; i < tree.getNumArgs(); i++) {
      const leaf = tree.getArgAsLeaf(i);
      if (leaf.isStringAttr()) {
        if (strAttr !== '') fatalNoLoc('Only one string attribute may be specified');
        strAttr = leaf.getStringAttr();
        continue;
      }
      parts.push(lookUp(i));
    }
    let out = `rewriter.getFusedLoc({${parts.join(', ')}}`;
    if (strAttr !== '') out += `, rewriter.getStringAttr("${strAttr}")`;
    return out + ')';
  }

  private handleReturnTypeArg(returnType: DagNode, i: number, depth: number): string {
    const dag = returnType.getArgAsNestedDag(i);
    if (dag) {
      if (!dag.isNativeCodeCall()) this.fail('nested DAG in `returnType` must be a native code call');
      return this.handleReplaceWithNativeCodeCall(dag, depth);
    }
    const leaf = returnType.getArgAsLeaf(i);
    if (leaf.isStringAttr()) return drrFmt(leaf.getStringAttr(), this.fmtCtx);
    return drrFmt('$0.getType()', this.fmtCtx, [this.handleOpArgument(leaf, returnType.getArgName(i))]);
  }

  private handleConstantAttr(attrDef: Record, value: string): string {
    const tmpl = attrDef.getValueAsOptionalString('constBuilderCall')?.trim() ?? '';
    if (tmpl === '') this.fail(`Attribute ${attrDefName(attrDef)} does not have the 'constBuilderCall' field`);
    return drrFmt(tmpl, this.fmtCtx, [value]);
  }

  private handleOpArgument(leaf: DagLeaf, patArgName: string): string {
    if (leaf.isStringAttr()) this.fail('raw string not supported as argument');
    if (leaf.isConstantAttr()) {
      const d = leaf.getConstraintDef();
      return this.handleConstantAttr(d.getValueAsDef('attr'), d.getValueAsString('value'));
    }
    if (leaf.isConstantProp()) return leaf.getConstraintDef().getValueAsString('value');
    if (leaf.isEnumCase()) {
      const d = leaf.getConstraintDef();
      return this.handleConstantAttr(d, String(d.getValueAsInt('value')));
    }
    const argName = this.symbolInfoMap.getValueAndRangeUse(patArgName);
    if (leaf.isUnspecified() || leaf.isOperandMatcher()) return argName;
    if (leaf.isNativeCodeCall()) return drrFmt(leaf.getNativeCodeTemplate(), this.fmtCtx.withSelf(argName));
    this.fail('unhandled case when rewriting op');
  }

  private handleReplaceWithNativeCodeCall(tree: DagNode, depth: number): string {
    const fmt = tree.getNativeCodeTemplate();
    const tail = this.getTrailingDirectives(tree);
    if (tail.returnType) this.fail('`NativeCodeCall` cannot have return type specifier');
    const locToUse = this.getLocation(tail);
    const args: string[] = [];
    for (let i = 0, e = tree.getNumArgs() - tail.numDirectives; i < e; i++) {
      const child = tree.getArgAsNestedDag(i);
      args.push(child ? this.handleResultPattern(child, i, depth + 1) : this.handleOpArgument(tree.getArgAsLeaf(i), tree.getArgName(i)));
    }
    let symbol = drrFmt(fmt, this.fmtCtx.addSubst('_loc', locToUse), args);
    if (tree.getNumReturnsOfNativeCode() !== 0) {
      let varName = getValuePackName(tree.getSymbol());
      if (varName === '') {
        varName = `nativeVar_${this.nextValueId++}`;
        this.symbolInfoMap.bindValues(varName, tree.getNumReturnsOfNativeCode());
      }
      this.os.write(`auto ${varName} = ${symbol}; (void)${varName};\n`);
      symbol = tree.getSymbol() !== '' ? tree.getSymbol() : varName;
    }
    return symbol;
  }

  private getNodeValueCount(node: DagNode): number {
    if (node.isOperation()) {
      const symbol = node.getSymbol();
      if (symbol !== '') return this.symbolInfoMap.getStaticValueCount(symbol);
      return this.op(node).getNumResults();
    }
    if (node.isNativeCodeCall()) return node.getNumReturnsOfNativeCode();
    return 1;
  }

  private getTrailingDirectives(tree: DagNode): TrailingDirectives {
    const tail: TrailingDirectives = { location: undefined, returnType: undefined, numDirectives: 0 };
    for (let i = tree.getNumArgs() - 1; i >= 0; i--) {
      const d = tree.getArgAsNestedDag(i);
      if (!d) break;
      const isLocation = d.isLocationDirective();
      const isReturnType = d.isReturnTypeDirective();
      if (!isLocation && !isReturnType) break;
      tail.numDirectives++;
      if (isLocation) {
        if (tail.location) this.fail('`location` directive can only be specified once');
        tail.location = d;
      } else {
        if (tail.returnType) this.fail('`returnType` directive can only be specified once');
        tail.returnType = d;
      }
    }
    return tail;
  }

  private getLocation(tail: TrailingDirectives): string {
    return tail.location ? this.handleLocationDirective(tail.location) : 'odsLoc';
  }

  private handleOpCreation(tree: DagNode, resultIndex: number, depth: number): string {
    const os = this.os;
    const resultOp = this.op(tree);
    const numOpArgs = resultOp.getNumArgs();
    const tail = this.getTrailingDirectives(tree);
    const locToUse = this.getLocation(tail);
    const inPattern = tree.getNumArgs() - tail.numDirectives;
    if (numOpArgs !== inPattern)
      this.fail(
        `resultant op '${resultOp.getOperationName()}' argument number mismatch: ${inPattern} in pattern vs. ${numOpArgs} in definition`,
      );

    const childNodeNames = new Map<number, string>();
    const checkIfMatchedVariadic = (i: number): void => {
      const arg = resultOp.arguments[i];
      if (!arg || arg.kind !== 'operand' || !arg.value.isVariadic()) return;
      let child = tree.getArgAsNestedDag(i);
      if (!child) return;
      while (child.isReplaceWithValue()) {
        const inner: DagNode | undefined = child.getArgAsNestedDag(0);
        if (!inner) return;
        child = inner;
      }
      if (!child.isNativeCodeCall() && !child.isVariadic())
        this.fail(`op expects variadic operand \`${arg.value.name}\`, while provided is non-variadic`);
    };
    for (let i = 0; i < inPattern; i++) {
      checkIfMatchedVariadic(i);
      const child = tree.getArgAsNestedDag(i);
      if (child) childNodeNames.set(i, this.handleResultPattern(child, i, depth + 1));
    }

    let valuePackName: string;
    let resultValue: string;
    if (tree.getSymbol() === '') {
      valuePackName = resultValue = this.getUniqueSymbol(resultOp);
    } else {
      resultValue = tree.getSymbol();
      valuePackName = getValuePackName(resultValue);
    }
    const qualName = resultOp.getQualCppClassName();
    os.write(`${qualName} ${valuePackName};\n{\n`);

    const sameOperandsAndResultType = resultOp.getTrait('::mlir::OpTrait::SameOperandsAndResultType') !== undefined;
    const useFirstAttr = resultOp.getTrait('::mlir::OpTrait::FirstAttrDerivedResultType') !== undefined;
    const argsVar = this.usesProperties(resultOp) ? 'tblgen_props' : 'tblgen_attrs';

    if (!tail.returnType && (sameOperandsAndResultType || useFirstAttr)) {
      this.createAggregateLocalVarsForOpArgs(tree, childNodeNames);
      os.indent();
      os.write(`${valuePackName} = ${qualName}::create(rewriter, ${locToUse}, tblgen_values, ${argsVar});`);
      os.unindent();
      os.write('\n}\n');
      return resultValue;
    }

    const usePartialResults = valuePackName !== resultValue;
    if (!tail.returnType && (usePartialResults || depth > 0 || resultIndex < 0)) {
      this.createSeparateLocalVarsForOpArgs(tree, childNodeNames);
      os.indent();
      os.write(`${valuePackName} = ${qualName}::create(rewriter, ${locToUse}`);
      os.unindent();
      this.supplyValuesForOpArgs(tree, childNodeNames);
      os.write('\n  );\n}\n');
      return resultValue;
    }

    if (depth === 0 && resultIndex >= 0 && tail.returnType)
      this.fail("Cannot specify explicit return types in an op whose return values replace the source pattern's root op");

    this.createAggregateLocalVarsForOpArgs(tree, childNodeNames);
    os.indent();
    os.write('::llvm::SmallVector<::mlir::Type, 4> tblgen_types; (void)tblgen_types;\n');
    if (tail.returnType) {
      const rt = tail.returnType;
      for (let i = 0; i < rt.getNumArgs(); i++) {
        const v = this.handleReturnTypeArg(rt, i, depth + 1);
        os.write(`tblgen_types.push_back(${v});\n`);
      }
    } else {
      for (let i = 0; i < resultOp.getNumResults(); i++)
        os.write(`for (auto v: castedOp0.getODSResults(${resultIndex + i})) {\n  tblgen_types.push_back(v.getType());\n}\n`);
    }
    os.write(`${valuePackName} = ${qualName}::create(rewriter, ${locToUse}, tblgen_types, tblgen_values, ${argsVar});\n`);
    os.unindent();
    os.write('}\n');
    return resultValue;
  }

  private createSeparateLocalVarsForOpArgs(node: DagNode, childNodeNames: Map<number, string>): void {
    const os = this.os;
    const resultOp = this.op(node);
    let valueIndex = 0;
    for (let argIndex = 0; argIndex < resultOp.getNumArgs(); argIndex++) {
      const arg = resultOp.arguments[argIndex]!;
      if (arg.kind !== 'operand') continue;
      os.indent();
      let varName: string;
      if (arg.value.isVariadic()) {
        varName = `tblgen_values_${valueIndex++}`;
        os.write(`::llvm::SmallVector<::mlir::Value, 4> ${varName};\n`);
        const range = this.symbolInfoMap.getValueAndRangeUse(
          node.isNestedDagArg(argIndex) ? (childNodeNames.get(argIndex) ?? '') : node.getArgName(argIndex),
        );
        os.write(`for (auto v: ${range}) {\n  ${varName}.push_back(v);\n}\n`);
      } else {
        varName = `tblgen_value_${valueIndex++}`;
        os.write(`::mlir::Value ${varName} = `);
        if (node.isNestedDagArg(argIndex)) {
          os.write(this.symbolInfoMap.getValueAndRangeUse(childNodeNames.get(argIndex) ?? ''));
        } else {
          const leaf = node.getArgAsLeaf(argIndex);
          const symbol = this.symbolInfoMap.getValueAndRangeUse(node.getArgName(argIndex));
          os.write(leaf.isNativeCodeCall() ? drrFmt(leaf.getNativeCodeTemplate(), this.fmtCtx.withSelf(symbol)) : symbol);
        }
        os.write(';\n');
      }
      os.unindent();
      childNodeNames.set(argIndex, varName);
    }
  }

  private supplyValuesForOpArgs(node: DagNode, childNodeNames: Map<number, string>): void {
    const os = this.os;
    const resultOp = this.op(node);
    for (let argIndex = 0; argIndex < resultOp.getNumArgs(); argIndex++) {
      os.write(',\n    ');
      const arg = resultOp.arguments[argIndex]!;
      if (arg.kind === 'operand') {
        if (arg.value.name !== '') os.write(`/*${arg.value.name}=*/`);
        os.write(childNodeNames.get(argIndex) ?? '');
        continue;
      }
      const opArgName = arg.value.name;
      const subTree = node.getArgAsNestedDag(argIndex);
      if (subTree) {
        if (!subTree.isNativeCodeCall()) this.fail('only NativeCodeCall allowed in nested dag node for creating attribute');
        os.write(`/*${opArgName}=*/${childNodeNames.get(argIndex) ?? ''}`);
        continue;
      }
      const leaf = node.getArgAsLeaf(argIndex);
      const patArgName = node.getArgName(argIndex);
      if (leaf.isConstantAttr() || leaf.isEnumCase()) {
        if (arg.kind !== 'attribute') this.fail(`expected attribute ${argIndex}`);
        if (patArgName !== '') os.write(`/*${patArgName}=*/`);
      } else if (leaf.isConstantProp()) {
        // Like a constant attribute: named after the pattern's symbol, if any.
        if (patArgName !== '') os.write(`/*${patArgName}=*/`);
      } else {
        os.write(`/*${opArgName}=*/`);
      }
      os.write(this.handleOpArgument(leaf, patArgName));
    }
  }

  private createAggregateLocalVarsForOpArgs(node: DagNode, childNodeNames: Map<number, string>): void {
    const os = this.os;
    const resultOp = this.op(node);
    const props = this.usesProperties(resultOp);
    os.indent();
    os.write('::llvm::SmallVector<::mlir::Value, 4> tblgen_values; (void)tblgen_values;\n');
    if (props) os.write(`${resultOp.getQualCppClassName()}::Properties tblgen_props; (void)tblgen_props;\n`);
    else os.write('::llvm::SmallVector<::mlir::NamedAttribute, 4> tblgen_attrs; (void)tblgen_attrs;\n');

    const setAttr = (name: string, value: string): void => {
      if (props) os.write(`tblgen_props.${name} = ::llvm::dyn_cast_if_present<decltype(tblgen_props.${name})>(${value});\n`);
      else os.write(`if (auto tmpAttr = ${value}) {\n  tblgen_attrs.emplace_back(rewriter.getStringAttr("${name}"), tmpAttr);\n}\n`);
    };
    let numVariadic = 0;
    let hasOperandSegmentSizes = false;
    const sizes: string[] = [];
    for (let argIndex = 0; argIndex < resultOp.getNumArgs(); argIndex++) {
      const arg = resultOp.arguments[argIndex]!;
      if (arg.kind === 'attribute' || arg.kind === 'property') {
        const opArgName = arg.value.name;
        hasOperandSegmentSizes ||= opArgName === 'operandSegmentSizes';
        const subTree = node.getArgAsNestedDag(argIndex);
        let value: string;
        if (subTree) {
          if (!subTree.isNativeCodeCall()) this.fail('only NativeCodeCall allowed in nested dag node for creating attribute');
          value = childNodeNames.get(argIndex) ?? '';
        } else {
          value = this.handleOpArgument(node.getArgAsLeaf(argIndex), node.getArgName(argIndex));
        }
        if (arg.kind === 'property') os.write(`tblgen_props.${resultOp.getSetterName(opArgName)}(${value});\n`);
        else setAttr(opArgName, value);
        continue;
      }
      if (arg.value.isVariadic()) {
        numVariadic++;
        const range = this.symbolInfoMap.getValueAndRangeUse(
          node.isNestedDagArg(argIndex) ? (childNodeNames.get(argIndex) ?? '') : node.getArgName(argIndex),
        );
        os.write(`for (auto v: ${range}) {\n  tblgen_values.push_back(v);\n}\n`);
        sizes.push(`static_cast<int32_t>(${range}.size())`);
      } else {
        sizes.push('1');
        os.write('tblgen_values.push_back(');
        if (node.isNestedDagArg(argIndex)) {
          os.write(this.symbolInfoMap.getValueAndRangeUse(childNodeNames.get(argIndex) ?? ''));
        } else {
          const leaf = node.getArgAsLeaf(argIndex);
          if (leaf.isConstantAttr())
            this.fail(
              'attribute found where value was expected, if attempting to use constant value, construct a constant op with given attribute instead',
            );
          const symbol = this.symbolInfoMap.getValueAndRangeUse(node.getArgName(argIndex));
          os.write(leaf.isNativeCodeCall() ? drrFmt(leaf.getNativeCodeTemplate(), this.fmtCtx.withSelf(symbol)) : symbol);
        }
        os.write(');\n');
      }
    }
    if (numVariadic > 1 && !hasOperandSegmentSizes && !resultOp.getTrait('::mlir::OpTrait::SameVariadicOperandSize')) {
      if (props) os.write(`tblgen_props.operandSegmentSizes = { ${sizes.join(', ')} };\n`);
      else
        os.printReindented(
          `\n        tblgen_attrs.emplace_back(rewriter.getStringAttr("operandSegmentSizes"),\n          rewriter.getDenseI32ArrayAttr({ ${sizes.join(', ')} }));\n          `,
        );
    }
    os.unindent();
  }
}

/** The attribute def's name, or its base attribute's for an anonymous one. */
function attrDefName(def: Record): string {
  if (!def.isAnonymous()) return def.getName();
  const base = def.getValue('baseAttr')?.value;
  return base instanceof DefInit ? attrDefName(base.def) : def.getName();
}

/** Byte-wise string order (llvm::StringRef::operator<). */
function cmpBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function run(ctx: GeneratorContext): string {
  setDefLookup(ctx.records);
  let out = emitSourceFileHeader('Rewriters', ctx.inputFilename);
  const patterns = derivedDefs(ctx.records, 'Pattern', true);
  const opMap = new RecordOperatorMap(() => fatalNoLoc('the operator of a pattern DAG must be a def'));
  const helper = new StaticMatcherHelper(opMap, ctx.inputFilename);
  for (const p of patterns) helper.addPattern(p);
  out += helper.populateStaticConstraintFunctions();
  out += helper.populateStaticMatchers();
  const names: string[] = [];
  let index = 0;
  for (const p of patterns) {
    const name = p.isAnonymous() ? `GeneratedConvert${index++}` : p.getName();
    out += new PatternEmitter(p, helper).emit(name, ctx.sources);
    names.push(name);
  }
  out += populateTemplate(names);
  return out;
}

registerGenerator({ name: 'rewriters', description: 'Generate pattern rewriters', run });
