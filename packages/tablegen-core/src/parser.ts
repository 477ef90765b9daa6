// Parser: TableGen's grammar, evaluated as it is parsed (llvm's TGParser): classes, defs,
// multiclasses and defm, foreach/if loops, let, defset, defvar, deftype, assert and dump.
import type { DiagnosticEngine, Loc } from './diagnostics.js';
import { FatalError } from './diagnostics.js';
import { Lexer, Tok, isBangOperator, isObjectStart } from './lexer.js';
import {
  AnonymousNameInit,
  ArgumentInit,
  type AssertionInfo,
  BinOp,
  BinOpInit,
  BitInit,
  BitRecTy,
  BitsInit,
  BitsRecTy,
  CondOpInit,
  DagInit,
  DagRecTy,
  DefInit,
  type DumpInfo,
  ExistsOpInit,
  FieldInit,
  FieldKind,
  FoldOpInit,
  mentions,
  Init,
  InstancesOpInit,
  IntInit,
  MAX_LIST_SIZE,
  IntRecTy,
  IsAOpInit,
  ListInit,
  ListRecTy,
  MapResolver,
  modelAllocations,
  type RecTy,
  Record,
  RecordKeeper,
  RecordKind,
  RecordRecTy,
  RecordVal,
  SharedStateConflict,
  StringInit,
  StringRecTy,
  TernOp,
  TernOpInit,
  TypedInit,
  UnOp,
  UnOpInit,
  UnsetInit,
  VarBitInit,
  VarDefInit,
  VarInit,
  checkAssert,
  instantiationNotes,
  checkDump,
  resolveTypes,
} from './records.js';

/** How an identifier is parsed: as a value, or as part of a record name. */
enum IDParseMode {
  Value,
  Name,
}

interface ForeachLoop {
  loc: Loc;
  iterVar: VarInit | undefined;
  listValue: Init;
  entries: RecordsEntry[];
}

/** A pending item of a multiclass or loop body: a record, a loop, an assert or a dump. */
interface RecordsEntry {
  rec?: Record;
  loop?: ForeachLoop;
  assertion?: AssertionInfo;
  dump?: DumpInfo;
}

export interface MultiClass {
  rec: Record;
  entries: RecordsEntry[];
  /** 1 + the deepest multiclass it instantiates or inherits (0 when it uses none). */
  depth: number;
}

interface LetRecord {
  name: StringInit;
  bits: number[];
  value: Init;
  loc: Loc;
}

interface DefsetRecord {
  loc: Loc;
  eltTy: RecTy;
  elements: Init[];
}

interface SubClassReference {
  loc: Loc;
  rec: Record;
  args: ArgumentInit[];
}

enum ScopeKind {
  Local,
  Record,
  ForeachLoop,
  MultiClass,
}

/** A lexical scope for `defvar`s and the names a record, loop or multiclass brings in. */
class VarScope {
  /** The scope's `defvar`s (made on the first: most scopes have none). */
  vars: Map<string, Init> | undefined;
  /** Where the `defvar`s of `vars` were declared: kept only for a SymbolSink. */
  varLocs: Map<string, Loc> | undefined;
  constructor(
    readonly parent: VarScope | undefined,
    readonly kind: ScopeKind,
    readonly rec?: Record,
    readonly loop?: ForeachLoop,
    readonly mc?: MultiClass,
  ) {}
  isOutermost(): boolean {
    return this.parent === undefined;
  }
}

type SubstStack = [Init, Init][];

/**
 * Nesting depth of values, and separately of statements (let/foreach/if/defset blocks), beyond
 * which the input is rejected with a located error. The parser recurses on nesting; this bound
 * keeps it well within Node's default stack (a few hundred bytes per level and frame), where
 * a deeper input would otherwise end in a stack overflow.
 */
const MAX_NESTING = 500;

/** Multiclasses nesting deeper than this (defm inside multiclass, or inheritance) are refused. */
const MAX_MULTICLASS_NESTING = 500;

/** A multiclass expanding to more entries than this is refused (each level can multiply them). */
const MAX_MULTICLASS_ENTRIES = 50_000;

/** Pending pastes of one value beyond which the chain is refused (it is parsed without recursion). */
const MAX_PASTE_CHAIN = 1_000_000;

/** A paste whose right-hand side is being parsed (see parseValueInner). */
interface PendingPaste {
  readonly isList: boolean;
  readonly lhs: TypedInit;
  readonly pasteLoc: Loc;
  readonly mode: IDParseMode;
  readonly itemType: RecTy | undefined;
  readonly lhsLoc: Loc;
}

/** What a name written in the source stands for (see SymbolSink). */
export type SymbolKind = 'class' | 'def' | 'multiclass' | 'defset' | 'defvar' | 'templateArg' | 'field' | 'value';

/**
 * Receives the names a parse defines and references, with their locations, for editors (the
 * language server): off (undefined) costs nothing. A reference's `target` is where what it names
 * was declared, when the parser knows it (a global `defvar`, a `defset` or a foreach variable
 * has no location in the records: match it with a `define` of the same name).
 */
export interface SymbolSink {
  define(kind: SymbolKind, name: string, loc: Loc): void;
  reference(kind: SymbolKind, name: string, loc: Loc, target: Loc | undefined): void;
}

export interface ParserOptions {
  /** Suppress "unused template argument" warnings (--no-warn-on-unused-template-args). */
  readonly noWarnOnUnusedTemplateArgs?: boolean;
  /** Definitions and references, for editors (see SymbolSink). */
  readonly symbols?: SymbolSink;
  /** Called between top-level objects of a parse that shares include parses (share.ts). */
  readonly share?: { boundary(afterObject: boolean): void };
}

/** What the parser keeps between top-level objects besides the records (see share.ts). */
export interface ParserState {
  readonly multiClasses: ReadonlyMap<string, MultiClass>;
  readonly typeAliases: ReadonlyMap<string, RecTy>;
}

export class Parser {
  private scope: VarScope | undefined;
  private multiClasses = new Map<string, MultiClass>();
  private curMultiClass: MultiClass | undefined;
  private loops: ForeachLoop[] = [];
  private letStack: LetRecord[][] = [];
  private defsets: DefsetRecord[] = [];
  private typeAliases = new Map<string, RecTy>();
  private depth = 0;
  private objectDepth = 0;

  constructor(
    readonly lex: Lexer,
    readonly records: RecordKeeper,
    readonly diags: DiagnosticEngine,
    readonly options: ParserOptions = {},
  ) {}

  /** Counts the changes to multiClasses and typeAliases (see share.ts). */
  version = 0;

  /** The parser's part of the state between top-level objects (see share.ts). */
  sharedState(): ParserState {
    return { multiClasses: new Map(this.multiClasses), typeAliases: new Map(this.typeAliases) };
  }
  restoreSharedState(s: ParserState): void {
    this.multiClasses = new Map(s.multiClasses);
    this.typeAliases = new Map(s.typeAliases);
    this.version++;
  }

  // -------------------------------------------------------------------------------------------
  // Errors

  /** Report an error at the current token and abort the parse. */
  private tokError(msg: string): never {
    this.diags.fatal(this.lex.loc(), msg);
  }
  /**
   * An error at the current token, after which llvm's parser still eats that token before it
   * returns: a bad character right after it is reported too (the lexer reports as it lexes).
   */
  private tokErrorThenEat(msg: string): never {
    const d = this.diags.error(this.lex.loc(), msg);
    this.lex.lex();
    throw new FatalError(d);
  }
  private error(loc: Loc | undefined, msg: string): never {
    this.diags.fatal(loc, msg);
  }
  /**
   * Run a step after whose failure llvm's parser goes on (its caller only looks at what comes
   * next): an error it reported leaves the step, and the parse continues; true when it did not
   * fail. PrintFatalError-like errors still unwind.
   */
  private recover(step: () => void): boolean {
    return this.attempt(() => (step(), true)) ?? false;
  }
  /** A rule's result, or undefined after an error it reported (llvm's null result). */
  private attempt<T>(rule: () => T): T | undefined {
    const scope = this.scope;
    try {
      return rule();
    } catch (e) {
      if (!(e instanceof FatalError) || e.exits) throw e;
      this.scope = scope;
      return undefined;
    }
  }
  private consume(k: Tok): boolean {
    if (this.lex.kind === k) {
      this.lex.lex();
      return true;
    }
    return false;
  }
  /**
   * The current token. After a lexer error it is Tok.Error (the lexer reported the error), which
   * no rule expects: the rule at hand reports it as an unexpected token, as in llvm.
   */
  private t(): Tok {
    return this.lex.kind;
  }

  // -------------------------------------------------------------------------------------------
  // Scopes

  private pushScope(kind: ScopeKind, rec?: Record, loop?: ForeachLoop, mc?: MultiClass): VarScope {
    this.scope = new VarScope(this.scope, kind, rec, loop, mc);
    return this.scope;
  }
  private popScope(s: VarScope): void {
    this.scope = s.parent;
  }

  /** Qualified names (`Class:arg`, `MC::arg`) by record, scoper and name: a hot lookup. */
  private qualified = new Map<Record, [Map<Init, Init>, Map<Init, Init>]>();

  private qualifyName(rec: Record, name: Init, scoper: string): Init {
    if (!(rec.name instanceof StringInit)) return this.qualifyNameUncached(rec, name, scoper);
    let byRec = this.qualified.get(rec);
    if (!byRec) this.qualified.set(rec, (byRec = [new Map(), new Map()]));
    const map = scoper === ':' ? byRec[0] : byRec[1];
    let q = map.get(name);
    if (!q) map.set(name, (q = this.qualifyNameUncached(rec, name, scoper)));
    return q;
  }

  private qualifyNameUncached(rec: Record, name: Init, scoper: string): Init {
    let n = BinOpInit.getStrConcat(rec.name, StringInit.get(scoper));
    n = BinOpInit.getStrConcat(n, name);
    if (n instanceof BinOpInit) n = n.fold(rec);
    return n;
  }
  private qualifiedNameOfImplicitName(rec: Record, mc?: MultiClass): Init {
    return this.qualifyName(rec, StringInit.get('NAME'), mc ? '::' : ':');
  }
  private mcImplicitName(mc: MultiClass): Init {
    return this.qualifiedNameOfImplicitName(mc.rec, mc);
  }

  /** Report a reference to what getVar found for `name` (mirrors its lookup). */
  private referenceVar(sink: SymbolSink, name: StringInit, loc: Loc): void {
    for (let s = this.scope; s; s = s.parent) {
      if (s.vars?.has(name.value)) return sink.reference('defvar', name.value, loc, s.varLocs?.get(name.value));
      const rec = s.kind === ScopeKind.Record ? s.rec : s.kind === ScopeKind.MultiClass ? s.mc?.rec : undefined;
      if (rec) {
        const field = s.kind === ScopeKind.Record ? rec.getValue(name.value) : undefined;
        if (field) return sink.reference('field', name.value, loc, field.loc);
        const arg = rec.getValueByInit(this.qualifyName(rec, name, s.kind === ScopeKind.Record ? ':' : '::'));
        if (arg?.isTemplateArg()) return sink.reference('templateArg', name.value, loc, arg.loc);
      }
      if (s.kind === ScopeKind.ForeachLoop && s.loop?.iterVar?.nameInit === name) return sink.reference('defvar', name.value, loc, undefined);
    }
    sink.reference('value', name.value, loc, undefined);
  }

  /** `name` as a template argument of `rec` (or its NAME), for getVar. */
  private findInArgs(rec: Record, name: StringInit, scoper: string): Init | undefined {
    const argName = this.qualifyName(rec, name, scoper);
    if (rec.isTemplateArg(argName)) {
      const rv = rec.getValueByInit(argName)!;
      rv.isUsed = true;
      return VarInit.get(argName, rv.type);
    }
    return name.value === 'NAME' ? VarInit.get(argName, StringRecTy.get()) : undefined;
  }

  private getVar(name: StringInit): Init | undefined {
    for (let s = this.scope; s; s = s.parent) {
      const local = s.vars?.get(name.value);
      if (local) return local;
      switch (s.kind) {
        case ScopeKind.Record:
          if (s.rec) {
            const rv = s.rec.getValue(name.value);
            if (rv) return VarInit.get(name, rv.type);
            if (s.rec.isClass()) {
              const v = this.findInArgs(s.rec, name, ':');
              if (v) return v;
            }
          }
          break;
        case ScopeKind.ForeachLoop:
          if (s.loop?.iterVar && s.loop.iterVar.nameInit === name) return s.loop.iterVar;
          break;
        case ScopeKind.MultiClass:
          if (s.mc) {
            const v = this.findInArgs(s.mc.rec, name, '::');
            if (v) return v;
          }
          break;
        default:
          break;
      }
    }
    return undefined;
  }

  // -------------------------------------------------------------------------------------------
  // Top level

  /** File ::= ObjectList EOF */
  parseFile(): void {
    this.lex.lex();
    const global = this.pushScope(ScopeKind.Local);
    const share = this.options.share;
    // Between top-level objects (and before the first), a shared parse may take over.
    share?.boundary(false);
    // A lexer error (a missing include, a bad character...) ends the list like any other token
    // that cannot start an object: llvm-tblgen then reports it as unexpected after its own error.
    while (isObjectStart(this.lex.kind)) {
      this.parseObject(undefined);
      share?.boundary(true);
    }
    this.popScope(global);
    if (this.lex.kind !== Tok.Eof) this.tokError('Unexpected token at top level');
  }

  /** ObjectList ::= Object* */
  private parseObjectList(mc: MultiClass | undefined): void {
    while (isObjectStart(this.t())) this.parseObject(mc);
  }

  /** Object ::= ClassInst | DefInst | MultiClassInst | DefMInst | LETCommand | Foreach | If | Defset | Defvar | Deftype | Assert | Dump */
  private parseObject(mc: MultiClass | undefined): void {
    if (++this.objectDepth > MAX_NESTING) this.tokError('statement nesting is too deep');
    try {
      this.parseObjectInner(mc);
    } finally {
      this.objectDepth--;
    }
  }

  private parseObjectInner(mc: MultiClass | undefined): void {
    switch (this.t()) {
      case Tok.Assert:
        return this.parseAssert(mc, undefined);
      case Tok.Def:
        return this.parseDef(mc);
      case Tok.Defm:
        return this.parseDefm(mc);
      case Tok.Deftype:
        if (mc) this.tokError('deftype is not allowed inside multiclass');
        return this.parseDeftype();
      case Tok.Defvar:
        return this.parseDefvar(undefined);
      case Tok.Dump:
        return this.parseDump(mc, undefined);
      case Tok.Foreach:
        return this.parseForeach(mc);
      case Tok.If:
        return this.parseIf(mc);
      case Tok.Let:
        return this.parseTopLevelLet(mc);
      case Tok.Defset:
        if (mc) this.tokError('defset is not allowed inside multiclass');
        return this.parseDefset();
      case Tok.Class:
        if (mc) this.tokError('class is not allowed inside multiclass');
        if (this.loops.length) this.tokError('class is not allowed inside foreach loop');
        return this.parseClass();
      case Tok.MultiClass:
        if (this.loops.length) this.tokError('multiclass is not allowed inside foreach loop');
        return this.parseMultiClass();
      default:
        this.tokError('Expected assert, class, def, defm, defset, dump, foreach, if, or let');
    }
  }

  // -------------------------------------------------------------------------------------------
  // Records

  /** ClassInst ::= CLASS ID TemplateArgList? ObjectBody */
  private parseClass(): void {
    this.lex.lex();
    if (this.t() !== Tok.Id) this.tokError("expected class name after 'class' keyword");
    const name = this.lex.strVal;
    let cur = this.records.getClass(name);
    if (cur) {
      if (cur.values.length || cur.directSuperClasses.length || cur.templateArgs.length)
        this.tokError(`Class '${cur.getNameInitAsString()}' already defined`);
      if (cur.frozen) throw new SharedStateConflict(`class ${name} is shared`);
      if (cur.locs[0]) cur.forwardDeclarationLocs.push(cur.locs[0]);
      cur.locs = [this.lex.loc()];
    } else {
      if (this.typeAliases.has(name)) this.tokError(`there is already a defined type alias '${name}'`);
      cur = new Record(name, [this.lex.loc()], RecordKind.Class);
      this.records.addClass(cur);
    }
    this.options.symbols?.define('class', name, this.lex.loc());
    this.lex.lex();
    const scope = this.pushScope(ScopeKind.Record, cur);
    if (this.t() === Tok.Less) this.parseTemplateArgList(cur);
    this.parseObjectBody(cur);
    this.checkUnusedTemplateArgs(cur);
    this.popScope(scope);
  }

  /** Warn about template arguments that the body never references (llvm-tblgen's default). */
  private checkUnusedTemplateArgs(rec: Record): void {
    if (this.options.noWarnOnUnusedTemplateArgs) return;
    for (const ta of rec.templateArgs) {
      const rv = rec.getValueByInit(ta)!;
      if (!rv.isUsed) this.diags.warning(rv.loc, `unused template argument: ${rv.name}`);
    }
  }

  /** TemplateArgList ::= '<' Declaration (',' Declaration)* '>' */
  private parseTemplateArgList(cur: Record | undefined): void {
    this.lex.lex();
    const target = cur ?? this.curMultiClass!.rec;
    target.addTemplateArg(this.parseDeclaration(cur, true));
    while (this.consume(Tok.Comma)) {
      const loc = this.lex.loc();
      const arg = this.parseDeclaration(cur, true);
      if (target.isTemplateArg(arg)) this.error(loc, 'template argument with the same name has already been defined');
      target.addTemplateArg(arg);
    }
    if (!this.consume(Tok.Greater)) this.tokError("expected '>' at end of template argument list");
  }

  /** Declaration ::= FIELD? Type ID ('=' Value)? */
  private parseDeclaration(cur: Record | undefined, isTemplateArg: boolean): Init {
    const hasField = this.consume(Tok.Field);
    const type = this.parseType();
    if (this.t() !== Tok.Id) this.tokError('Expected identifier in declaration');
    const str = this.lex.strVal;
    if (str === 'NAME') this.tokError(`'${str}' is a reserved variable name`);
    if (!isTemplateArg && this.scope!.vars?.has(str)) this.tokError('local variable of this name already exists');
    const idLoc = this.lex.loc();
    let declName: Init = StringInit.get(str);
    this.options.symbols?.define(isTemplateArg ? 'templateArg' : 'field', str, idLoc);
    this.lex.lex();
    if (!isTemplateArg) {
      this.addValue(cur, idLoc, new RecordVal(declName as StringInit, idLoc, type, hasField ? FieldKind.NonconcreteOK : FieldKind.Normal));
    } else if (cur) {
      declName = this.qualifyName(cur, declName, ':');
      this.addValue(cur, idLoc, new RecordVal(declName as StringInit, idLoc, type, FieldKind.TemplateArg));
    } else {
      const mc = this.curMultiClass!;
      declName = this.qualifyName(mc.rec, declName, '::');
      this.addValue(undefined, idLoc, new RecordVal(declName as StringInit, idLoc, type, FieldKind.TemplateArg));
    }
    if (this.consume(Tok.Equal)) {
      const valLoc = this.lex.loc();
      // llvm returns the name even when the value fails, and its caller checks for ';'.
      this.recover(() => this.setValue(cur, valLoc, declName, [], this.parseValue(cur, type), false, false));
    }
    return declName;
  }

  private addValue(cur: Record | undefined, loc: Loc, rv: RecordVal): void {
    const rec = cur ?? this.curMultiClass!.rec;
    const existing = rec.getValue(rv.name);
    if (existing) {
      if (existing.setValue(rv.value)) {
        this.error(
          loc,
          `New definition of '${rv.name}' of type '${rv.type.getAsString()}' is incompatible with previous definition of type '${existing.type.getAsString()}'`,
        );
      }
    } else {
      rec.addValue(rv);
    }
  }

  /**
   * Set a field (or some of its bits); an error leaves the step (a declaration goes on after it,
   * a `let` does not, as in llvm).
   */
  private setValue(
    cur: Record | undefined,
    loc: Loc,
    name: Init,
    bitList: readonly number[],
    value: Init,
    allowSelfAssignment = false,
    overrideDefLoc = true,
  ): void {
    const rec = cur ?? this.curMultiClass!.rec;
    const rv = rec.getValueByInit(name);
    if (!rv) this.error(loc, `Value '${name.getAsUnquotedString()}' unknown!`);
    if (bitList.length === 0 && value instanceof VarInit && value.nameInit === name && !allowSelfAssignment)
      this.error(loc, 'Recursion / self-assignment forbidden');
    let v = value;
    if (bitList.length > 0) {
      const curVal = rv.value;
      if (!(curVal instanceof BitsInit)) this.error(loc, `Value '${name.getAsUnquotedString()}' is not a bits type`);
      const bi = v.getCastTo(BitsRecTy.get(bitList.length));
      if (!bi) this.error(loc, 'Initializer is not compatible with bit range');
      const newBits: (Init | undefined)[] = new Array(curVal.numBits).fill(undefined);
      for (let i = 0; i < bitList.length; i++) {
        const bit = bitList[i]!;
        if (bit >= curVal.numBits) this.error(loc, `Invalid bit #${bit} of value '${name.getAsUnquotedString()}'`);
        if (newBits[bit]) this.error(loc, `Cannot set bit #${bit} of value '${name.getAsUnquotedString()}' more than once`);
        newBits[bit] = bi.getBit(i);
      }
      for (let i = 0; i < curVal.numBits; i++) if (!newBits[i]) newBits[i] = curVal.getBit(i);
      v = BitsInit.get(newBits as Init[]);
    }
    const failed = overrideDefLoc ? rv.setValue(v, loc) : rv.setValue(v);
    if (failed) {
      let initType = '';
      if (v instanceof BitsInit) initType = `' of type bit initializer with length ${v.numBits}`;
      else if (v instanceof TypedInit) initType = `' of type '${v.type.getAsString()}'`;
      this.error(
        loc,
        `Field '${name.getAsUnquotedString()}' of type '${rv.type.getAsString()}' is incompatible with value '${v.getAsString()}${initType}`,
      );
    }
  }

  /** ObjectBody ::= BaseClassList Body ; BaseClassList ::= (':' SubClassRef (',' SubClassRef)*)? */
  private parseObjectBody(cur: Record): void {
    const scope = this.pushScope(ScopeKind.Record, cur);
    if (this.consume(Tok.Colon)) {
      let sc = this.parseSubClassReference(cur, false);
      for (;;) {
        this.addSubClass(cur, sc);
        if (!this.consume(Tok.Comma)) break;
        sc = this.parseSubClassReference(cur, false);
      }
    }
    this.applyLetStack(cur);
    this.parseBody(cur);
    this.popScope(scope);
  }

  /** Body ::= ';' | '{' BodyItem* '}' */
  private parseBody(cur: Record): void {
    if (this.consume(Tok.Semi)) return;
    if (!this.consume(Tok.LBrace)) this.tokError("Expected '{' to start body or ';' for declaration only");
    while (this.t() !== Tok.RBrace) this.parseBodyItem(cur);
    this.lex.lex();
    const semiLoc = this.lex.loc();
    if (this.consume(Tok.Semi)) {
      this.diags.error(semiLoc, 'A class or def body should not end with a semicolon');
      this.diags.report('note', undefined, 'Semicolon ignored; remove to eliminate this error');
    }
  }

  /** BodyItem ::= Declaration ';' | LET ID OptionalBitList '=' Value ';' | Defvar | Assert | Dump */
  private parseBodyItem(cur: Record): void {
    if (this.t() === Tok.Assert) return this.parseAssert(undefined, cur);
    if (this.t() === Tok.Defvar) return this.parseDefvar(cur);
    if (this.t() === Tok.Dump) return this.parseDump(undefined, cur);
    if (this.t() !== Tok.Let) {
      this.parseDeclaration(cur, false);
      if (!this.consume(Tok.Semi)) this.tokError("expected ';' after declaration");
      return;
    }
    if (this.lex.lex() !== Tok.Id) this.tokError('expected field identifier after let');
    const idLoc = this.lex.loc();
    const fieldName = StringInit.get(this.lex.strVal);
    this.lex.lex();
    const bitList = this.parseOptionalBitList();
    bitList.reverse();
    if (!this.consume(Tok.Equal)) this.tokError("expected '=' in let expression");
    const field = cur.getValue(fieldName.value);
    if (!field) this.error(idLoc, `Value '${fieldName.value}' unknown!`);
    this.options.symbols?.reference('field', fieldName.value, idLoc, field.loc);
    let type = field.type;
    if (bitList.length > 0 && type instanceof BitsRecTy) type = BitsRecTy.get(bitList.length);
    const val = this.parseValue(cur, type);
    if (!this.consume(Tok.Semi)) this.tokError("expected ';' after let expression");
    this.setValue(cur, idLoc, fieldName, bitList, val);
  }

  private applyLetStack(rec: Record): void {
    for (const lets of this.letStack) for (const l of lets) this.setValue(rec, l.loc, l.name, l.bits, l.value);
  }
  private applyLetStackEntry(e: RecordsEntry): void {
    if (e.rec) return this.applyLetStack(e.rec);
    if (e.loop) for (const x of e.loop.entries) this.applyLetStackEntry(x);
  }

  /** DefInst ::= DEF ObjectName ObjectBody */
  private parseDef(mc: MultiClass | undefined): void {
    const defLoc = this.lex.loc();
    this.lex.lex();
    const nameLoc = this.t() === Tok.Id ? this.lex.loc() : defLoc;
    const idName = this.options.symbols && this.t() === Tok.Id ? this.lex.strVal : undefined;
    const name = this.parseObjectName(mc);
    if (this.options.symbols && idName !== undefined) this.options.symbols.define('def', idName, nameLoc);
    // Like llvm's Record constructor: a name whose value is typed must be a string.
    if (name instanceof TypedInit && !(name.type instanceof StringRecTy))
      this.error(nameLoc, `Record name '${name.getAsString()}' is not a string!`);
    const rec =
      name instanceof UnsetInit
        ? new Record(this.records.newAnonymousName(), [defLoc], RecordKind.AnonymousDef)
        : new Record(name, [nameLoc], RecordKind.Def);
    this.parseObjectBody(rec);
    this.addEntry({ rec });
  }

  /** ObjectName ::= Value [ '#' Value ]* | <empty> */
  private parseObjectName(mc: MultiClass | undefined): Init {
    switch (this.t()) {
      case Tok.Colon:
      case Tok.Semi:
      case Tok.LBrace:
        return UnsetInit.get();
      default:
        break;
    }
    const cur = mc ? mc.rec : undefined;
    let name = this.parseValue(cur, StringRecTy.get(), IDParseMode.Name);
    if (mc) {
      const nameStr = this.mcImplicitName(mc);
      if (!mentions(name, nameStr)) name = BinOpInit.getStrConcat(VarInit.get(nameStr, StringRecTy.get()), name);
    }
    return name;
  }

  /** Defset ::= DEFSET Type Id '=' '{' ObjectList '}' */
  private parseDefset(): void {
    this.lex.lex();
    const loc = this.lex.loc();
    const type = this.parseType();
    if (!(type instanceof ListRecTy)) this.error(loc, 'expected list type');
    if (this.t() !== Tok.Id) this.tokError('expected identifier');
    const declName = this.lex.strVal;
    // llvm names the set with a string value first (pooled: see modelAllocations).
    if (modelAllocations) StringInit.get(declName);
    if (this.records.getGlobal(declName)) this.tokError('def or global variable of this name already exists');
    this.options.symbols?.define('defset', declName, this.lex.loc());
    if (this.lex.lex() !== Tok.Equal) this.tokError("expected '='");
    if (this.lex.lex() !== Tok.LBrace) this.tokError("expected '{'");
    const braceLoc = this.lex.loc();
    this.lex.lex();
    const defset: DefsetRecord = { loc, eltTy: type.elementType, elements: [] };
    this.defsets.push(defset);
    this.parseObjectList(undefined);
    this.defsets.pop();
    if (!this.consume(Tok.RBrace)) {
      this.diags.error(this.lex.loc(), "expected '}' at end of defset");
      this.error(braceLoc, "to match this '{'");
    }
    this.records.addExtraGlobal(declName, ListInit.get(defset.elements, defset.eltTy));
  }

  /** Deftype ::= DEFTYPE Id '=' Type ';' */
  private parseDeftype(): void {
    this.lex.lex();
    if (this.t() !== Tok.Id) this.tokError('expected identifier');
    const name = this.lex.strVal;
    if (this.typeAliases.has(name) || this.records.getClass(name))
      this.tokError(`type of this name '${name}' already exists`);
    this.lex.lex();
    if (!this.consume(Tok.Equal)) this.tokError("expected '='");
    const loc = this.lex.loc();
    const type = this.parseType();
    if (type instanceof RecordRecTy) this.error(loc, `cannot define type alias for class type '${type.getAsString()}'`);
    this.typeAliases.set(name, type);
    this.version++;
    if (!this.consume(Tok.Semi)) this.tokError("expected ';'");
  }

  /** Defvar ::= DEFVAR Id '=' Value ';' */
  private parseDefvar(cur: Record | undefined): void {
    this.lex.lex();
    if (this.t() !== Tok.Id) this.tokError('expected identifier');
    const name = this.lex.strVal;
    // llvm names the variable with a string value first (pooled: see modelAllocations).
    if (modelAllocations) StringInit.get(name);
    const scope = this.scope!;
    if (scope.vars?.has(name)) this.tokError('local variable of this name already exists');
    if (cur) {
      const v = cur.getValue(name);
      if (v && !v.isTemplateArg()) this.tokError('field of this name already exists');
    }
    if (scope.isOutermost() && this.records.getGlobal(name))
      this.tokError('def or global variable of this name already exists');
    if (this.options.symbols) {
      this.options.symbols.define('defvar', name, this.lex.loc());
      (scope.varLocs ??= new Map()).set(name, this.lex.loc());
    }
    this.lex.lex();
    if (!this.consume(Tok.Equal)) this.tokError("expected '='");
    const value = this.parseValue(cur);
    if (!this.consume(Tok.Semi)) this.tokError("expected ';'");
    if (!scope.isOutermost()) (scope.vars ??= new Map()).set(name, value);
    else this.records.addExtraGlobal(name, value);
  }

  /** Foreach ::= FOREACH Declaration IN '{' ObjectList '}' | FOREACH Declaration IN Object */
  private parseForeach(mc: MultiClass | undefined): void {
    const loc = this.lex.loc();
    this.lex.lex();
    const decl = this.attempt(() => this.parseForeachDeclaration());
    if (!decl) this.tokError('expected declaration in for');
    if (!this.consume(Tok.In)) this.tokError('Unknown tok');
    const loop: ForeachLoop = { loc, iterVar: decl.iterVar, listValue: decl.list, entries: [] };
    const scope = this.pushScope(ScopeKind.ForeachLoop, undefined, loop);
    this.loops.push(loop);
    if (this.t() !== Tok.LBrace) {
      this.parseObject(mc);
    } else {
      const braceLoc = this.lex.loc();
      this.lex.lex();
      this.parseObjectList(mc);
      if (!this.consume(Tok.RBrace)) {
        this.diags.error(this.lex.loc(), "expected '}' at end of foreach command");
        this.error(braceLoc, "to match this '{'");
      }
    }
    this.popScope(scope);
    this.loops.pop();
    this.addEntry({ loop });
  }

  /** ForeachDeclaration ::= ID '=' '{' RangeList '}' | ID '=' RangePiece | ID '=' Value */
  private parseForeachDeclaration(): { iterVar: VarInit; list: Init } | undefined {
    if (this.t() !== Tok.Id) this.tokError('Expected identifier in foreach declaration');
    const declName = StringInit.get(this.lex.strVal);
    this.options.symbols?.define('defvar', declName.value, this.lex.loc());
    this.lex.lex();
    if (!this.consume(Tok.Equal)) this.tokError("Expected '=' in foreach declaration");
    let iterType: RecTy | undefined;
    let list: Init | undefined;
    let ranges: number[] = [];
    if (this.t() === Tok.LBrace) {
      this.lex.lex();
      // As in llvm, a bad range list leaves no ranges and the '}' is still expected: the
      // declaration then fails after it.
      ranges = this.attempt(() => this.parseRangeList()) ?? [];
      if (!this.consume(Tok.RBrace)) this.tokError("expected '}' at end of bit range list");
    } else {
      const valueLoc = this.lex.loc();
      const i = this.parseValue(undefined);
      if (i instanceof TypedInit && i.type instanceof ListRecTy) {
        list = i;
        iterType = i.type.elementType;
      } else if (i instanceof TypedInit) {
        this.parseRangePiece(ranges, i);
      } else {
        if (this.curMultiClass) {
          this.error(valueLoc, `expected a list, got '${i.getAsString()}'`);
        }
        this.error(valueLoc, `expected a list, got '${i.getAsString()}'`);
      }
    }
    if (ranges.length > 0) {
      iterType = IntRecTy.get();
      list = ListInit.get(
        ranges.map((r) => IntInit.get(r)),
        iterType,
      );
    }
    if (!iterType || !list) return undefined;
    return { iterVar: VarInit.get(declName, iterType), list };
  }

  /** If ::= IF Value THEN IfBody (ELSE IfBody)? */
  private parseIf(mc: MultiClass | undefined): void {
    const loc = this.lex.loc();
    this.lex.lex();
    const cond = this.parseValue(undefined);
    if (!this.consume(Tok.Then)) this.tokError('Unknown tok');
    const bit = BitRecTy.get();
    const empty = ListInit.get([], bit);
    const single = ListInit.get([BitInit.get(true)], bit);
    const listTy = bit.getListTy();
    const thenList = TernOpInit.get(TernOp.IF, cond, single, empty, listTy).fold(undefined);
    const thenLoop: ForeachLoop = { loc, iterVar: undefined, listValue: thenList, entries: [] };
    this.loops.push(thenLoop);
    this.parseIfBody(mc, 'then');
    this.loops.pop();
    this.addEntry({ loop: thenLoop });
    if (this.consume(Tok.ElseKW)) {
      const elseList = TernOpInit.get(TernOp.IF, cond, empty, single, listTy).fold(undefined);
      const elseLoop: ForeachLoop = { loc, iterVar: undefined, listValue: elseList, entries: [] };
      this.loops.push(elseLoop);
      this.parseIfBody(mc, 'else');
      this.loops.pop();
      this.addEntry({ loop: elseLoop });
    }
  }

  /** IfBody ::= Object | '{' ObjectList '}' */
  private parseIfBody(mc: MultiClass | undefined, kind: string): void {
    const scope = this.pushScope(ScopeKind.Local);
    if (this.t() !== Tok.LBrace) {
      this.parseObject(mc);
    } else {
      const braceLoc = this.lex.loc();
      this.lex.lex();
      this.parseObjectList(mc);
      if (!this.consume(Tok.RBrace)) {
        this.diags.error(this.lex.loc(), `expected '}' at end of '${kind}' clause`);
        this.error(braceLoc, "to match this '{'");
      }
    }
    this.popScope(scope);
  }

  /** Assert ::= ASSERT Value ',' Value ';' */
  private parseAssert(mc: MultiClass | undefined, cur: Record | undefined): void {
    this.lex.lex();
    const condLoc = this.lex.loc();
    const condition = this.parseValue(cur);
    if (!this.consume(Tok.Comma)) this.tokError("expected ',' in assert statement");
    const message = this.parseValue(cur);
    if (!this.consume(Tok.Semi)) this.tokError("expected ';'");
    if (cur) cur.assertions.push({ loc: condLoc, condition, message });
    else this.addEntry({ assertion: { loc: condLoc, condition, message } });
    void mc;
  }

  /** Dump ::= DUMP Value ';' */
  private parseDump(mc: MultiClass | undefined, cur: Record | undefined): void {
    const loc = this.lex.loc();
    this.lex.lex();
    const message = this.parseValue(cur);
    if (!this.consume(Tok.Semi)) this.tokError("expected ';'");
    if (cur) cur.dumps.push({ loc, message });
    else this.addEntry({ dump: { loc, message } });
    void mc;
  }

  /** Object ::= LET LetList IN '{' ObjectList '}' | LET LetList IN Object */
  private parseTopLevelLet(mc: MultiClass | undefined): void {
    this.lex.lex();
    const lets = this.parseLetList();
    this.letStack.push(lets);
    if (!this.consume(Tok.In)) this.tokError("expected 'in' at end of top-level 'let'");
    if (this.t() !== Tok.LBrace) {
      this.parseObject(mc);
    } else {
      const braceLoc = this.lex.loc();
      this.lex.lex();
      const scope = this.pushScope(ScopeKind.Local);
      this.parseObjectList(mc);
      if (!this.consume(Tok.RBrace)) {
        this.diags.error(this.lex.loc(), "expected '}' at end of top level let command");
        this.error(braceLoc, "to match this '{'");
      }
      this.popScope(scope);
    }
    this.letStack.pop();
  }

  /** LetList ::= LetItem (',' LetItem)* ; LetItem ::= ID OptionalRangeList '=' Value */
  private parseLetList(): LetRecord[] {
    const out: LetRecord[] = [];
    do {
      if (this.t() !== Tok.Id) this.tokError('expected identifier in let definition');
      const name = StringInit.get(this.lex.strVal);
      const loc = this.lex.loc();
      this.options.symbols?.reference('field', name.value, loc, undefined);
      this.lex.lex();
      const bits = this.parseOptionalRangeList();
      bits.reverse();
      if (!this.consume(Tok.Equal)) this.tokError("expected '=' in let expression");
      const value = this.parseValue(undefined);
      out.push({ name, bits, value, loc });
    } while (this.consume(Tok.Comma));
    return out;
  }

  /** MultiClassInst ::= MULTICLASS ID TemplateArgList? (':' BaseMultiClassList)? '{' MultiClassObject+ '}' */
  private parseMultiClass(): void {
    this.lex.lex();
    if (this.t() !== Tok.Id) this.tokError('expected identifier after multiclass for name');
    const name = this.lex.strVal;
    if (this.multiClasses.has(name)) this.tokError(`multiclass '${name}' already defined`);
    this.options.symbols?.define('multiclass', name, this.lex.loc());
    const mc: MultiClass = { rec: new Record(name, [this.lex.loc()], RecordKind.MultiClass), entries: [], depth: 0 };
    this.multiClasses.set(name, mc);
    this.version++;
    this.curMultiClass = mc;
    this.lex.lex();
    const scope = this.pushScope(ScopeKind.MultiClass, undefined, undefined, mc);
    if (this.t() === Tok.Less) this.parseTemplateArgList(undefined);
    let inherits = false;
    if (this.consume(Tok.Colon)) {
      inherits = true;
      let sub = this.parseSubMultiClassReference(mc);
      for (;;) {
        this.addSubMultiClass(mc, sub);
        if (!this.consume(Tok.Comma)) break;
        sub = this.parseSubMultiClassReference(mc);
      }
    }
    if (this.t() !== Tok.LBrace) {
      if (!inherits) this.tokError("expected '{' in multiclass definition");
      if (!this.consume(Tok.Semi)) this.tokError("expected ';' in multiclass definition");
    } else {
      if (this.lex.lex() === Tok.RBrace) this.tokError('multiclass must contain at least one def');
      while (this.t() !== Tok.RBrace) {
        switch (this.t()) {
          case Tok.Assert:
          case Tok.Def:
          case Tok.Defm:
          case Tok.Defvar:
          case Tok.Dump:
          case Tok.Foreach:
          case Tok.If:
          case Tok.Let:
            this.parseObject(mc);
            break;
          default:
            this.tokError("expected 'assert', 'def', 'defm', 'defvar', 'dump', 'foreach', 'if', or 'let' in multiclass body");
        }
      }
      this.lex.lex();
      const semiLoc = this.lex.loc();
      if (this.consume(Tok.Semi)) {
        this.diags.error(semiLoc, 'A multiclass body should not end with a semicolon');
        this.diags.report('note', undefined, 'Semicolon ignored; remove to eliminate this error');
      }
    }
    this.checkUnusedTemplateArgs(mc.rec);
    this.popScope(scope);
    this.curMultiClass = undefined;
  }

  /** DefMInst ::= DEFM ObjectName ':' DefmSubClassRef (',' DefmSubClassRef)* ';' */
  private parseDefm(mc: MultiClass | undefined): void {
    this.lex.lex();
    let defmName = this.parseObjectName(mc);
    if (defmName instanceof UnsetInit) {
      defmName = this.records.newAnonymousName();
      if (mc) defmName = BinOpInit.getStrConcat(VarInit.get(this.mcImplicitName(mc), StringRecTy.get()), defmName);
    }
    if (this.t() !== Tok.Colon) this.tokError("expected ':' after defm identifier");
    const newEntries: RecordsEntry[] = [];
    let inheritFromClass = false;
    this.lex.lex();
    let subClassLoc = this.lex.loc();
    let ref = this.parseSubClassReference(undefined, true);
    for (;;) {
      const smc = this.multiClasses.get(ref.rec.getName())!;
      this.noteMultiClassUse(mc, smc, subClassLoc);
      this.checkMultiClassEntries(newEntries.length + smc.entries.length + (mc ? mc.entries.length : 0), subClassLoc);
      const substs: SubstStack = [];
      this.resolveArgumentsOfMultiClass(substs, smc, ref.args, defmName, subClassLoc);
      this.resolveEntries(smc.entries, substs, !mc && this.loops.length === 0, newEntries, subClassLoc);
      this.checkMultiClassEntries(newEntries.length + (mc ? mc.entries.length : 0), subClassLoc);
      if (!this.consume(Tok.Comma)) break;
      if (this.t() !== Tok.Id) this.tokError('expected identifier');
      subClassLoc = this.lex.loc();
      inheritFromClass = this.records.getClass(this.lex.strVal) !== undefined;
      if (inheritFromClass) break;
      ref = this.parseSubClassReference(undefined, true);
    }
    if (inheritFromClass) {
      let sc = this.parseSubClassReference(undefined, false);
      for (;;) {
        for (const e of newEntries) this.addSubClassToEntry(e, sc);
        if (!this.consume(Tok.Comma)) break;
        sc = this.parseSubClassReference(undefined, false);
      }
    }
    for (const e of newEntries) {
      this.applyLetStackEntry(e);
      // llvm goes on after a record of a defm fails to be added (a duplicate name...).
      this.recover(() => this.addEntry(e));
    }
    if (!this.consume(Tok.Semi)) this.tokError("expected ';' at end of defm");
  }

  // -------------------------------------------------------------------------------------------
  // Class and multiclass references

  /** ClassID ::= ID */
  private parseClassID(): Record {
    if (this.t() !== Tok.Id) this.tokError('expected name for ClassID');
    const name = this.lex.strVal;
    const r = this.records.getClass(name);
    if (!r) {
      const msg = `Couldn't find class '${name}'`;
      this.tokErrorThenEat(this.multiClasses.has(name) ? `${msg}. Use 'defm' if you meant to use multiclass '${name}'` : msg);
    }
    this.options.symbols?.reference('class', name, this.lex.loc(), r.locs[0]);
    this.lex.lex();
    return r;
  }

  /** MultiClassID ::= ID */
  private parseMultiClassID(): MultiClass {
    if (this.t() !== Tok.Id) this.tokError('expected name for MultiClassID');
    const mc = this.multiClasses.get(this.lex.strVal);
    if (!mc) this.tokErrorThenEat(`Couldn't find multiclass '${this.lex.strVal}'`);
    this.options.symbols?.reference('multiclass', this.lex.strVal, this.lex.loc(), mc.rec.locs[0]);
    this.lex.lex();
    return mc;
  }

  /** SubClassRef ::= ClassID ('<' ArgValueList '>')? */
  private parseSubClassReference(cur: Record | undefined, isDefm: boolean): SubClassReference {
    const loc = this.lex.loc();
    const rec = isDefm ? this.parseMultiClassID().rec : this.parseClassID();
    const ref: SubClassReference = { loc, rec, args: [] };
    if (!this.consume(Tok.Less)) return ref;
    const locs: Loc[] = [];
    ref.args = this.parseTemplateArgValueList(cur, rec, isDefm, locs);
    this.checkTemplateArgValues(ref.args, locs, rec);
    return ref;
  }

  /** SubMultiClassRef ::= MultiClassID ('<' ArgValueList '>')? */
  private parseSubMultiClassReference(cur: MultiClass): { loc: Loc; mc: MultiClass; args: ArgumentInit[] } {
    const loc = this.lex.loc();
    const mc = this.parseMultiClassID();
    if (!this.consume(Tok.Less)) return { loc, mc, args: [] };
    const args = this.parseTemplateArgValueList(cur.rec, mc.rec, true);
    return { loc, mc, args };
  }

  /** ArgValueList ::= '<' PositionalArgValueList [','] NamedArgValueList '>' (the '<' is consumed) */
  private parseTemplateArgValueList(
    cur: Record | undefined,
    argsRec: Record,
    isDefm: boolean,
    locs: Loc[] = [],
  ): ArgumentInit[] {
    const result: ArgumentInit[] = [];
    const targs = argsRec.templateArgs;
    if (this.consume(Tok.Greater)) return result;
    let hasNamed = false;
    let argIndex = 0;
    for (;;) {
      if (argIndex >= targs.length) this.tokError(`Too many template arguments: ${argIndex + 1}`);
      let valueLoc = this.lex.loc();
      locs.push(valueLoc);
      let value = this.parseValue(cur, hasNamed ? undefined : argsRec.getValueByInit(targs[argIndex]!)!.type);
      if (this.t() === Tok.Equal) {
        if (!(value instanceof StringInit)) this.error(valueLoc, 'The name of named argument should be a valid identifier');
        const qualified = this.qualifyName(argsRec, value, isDefm ? '::' : ':');
        const named = argsRec.getValueByInit(qualified);
        if (!named) this.error(valueLoc, `Argument ${value.getAsString()} doesn't exist`);
        this.lex.lex();
        valueLoc = this.lex.loc();
        value = this.parseValue(cur, named.type);
        if (value instanceof UnsetInit)
          this.error(valueLoc, `The value of named argument should be initialized, but we got '${value.getAsString()}'`);
        result.push(ArgumentInit.named(value, qualified));
        hasNamed = true;
      } else {
        if (hasNamed) this.error(valueLoc, 'Positional argument should be put before named argument');
        result.push(ArgumentInit.positional(value, argIndex));
      }
      if (this.consume(Tok.Greater)) return result;
      if (!this.consume(Tok.Comma)) this.tokError('Expected comma before next argument');
      argIndex++;
    }
  }

  /** Cast each argument to its parameter's type. */
  private checkTemplateArgValues(values: ArgumentInit[], locs: readonly Loc[], argsRec: Record): void {
    const targs = argsRec.templateArgs;
    // Every argument is checked; the first failure unwinds afterwards.
    let failed: FatalError | undefined;
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      const argName = v.index !== undefined ? targs[v.index]! : v.name!;
      const arg = argsRec.getValueByInit(argName)!;
      if (v.value instanceof TypedInit) {
        const cast = v.value.getCastTo(arg.type);
        if (cast) values[i] = v.cloneWithValue(cast);
        else {
          const d = this.diags.error(
            locs[i],
            `Value specified for template argument '${arg.name}' is of type ${v.value.type.getAsString()}; expected type ${arg.type.getAsString()}: ${v.value.getAsString()}`,
          );
          failed ??= new FatalError(d);
        }
      }
    }
    if (failed) throw failed;
  }

  /** Bind template arguments (explicit or default) through `handler`. */
  private resolveArguments(rec: Record, args: readonly ArgumentInit[], loc: Loc, handler: (name: Init, value: Init) => void): void {
    const names = rec.templateArgs;
    const unsolved = names.slice();
    // Indexed loops: a cold for-of allocates an iterator result per element.
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      const name = a.index !== undefined ? names[a.index]! : a.name!;
      const idx = unsolved.indexOf(name);
      if (idx < 0) this.error(loc, `We can only specify the template argument '${name.getAsUnquotedString()}' once`);
      handler(name, a.value);
      unsolved.splice(idx, 1);
    }
    for (let i = 0; i < unsolved.length; i++) {
      const name = unsolved[i]!;
      const rv = rec.getValueByInit(name)!;
      if (!rv.value.isComplete()) {
        const n = name.getAsUnquotedString();
        this.diags.fatal(loc, `value not specified for template argument '${n}'`, [
          { loc: rv.loc, message: `declared in '${rec.getNameInitAsString()}'` },
        ]);
      }
      handler(name, rv.value);
    }
  }

  private resolveArgumentsOfMultiClass(substs: SubstStack, mc: MultiClass, args: readonly ArgumentInit[], defmName: Init, loc: Loc): void {
    substs.push([this.mcImplicitName(mc), defmName]);
    this.resolveArguments(mc.rec, args, loc, (n, v) => substs.push([n, v]));
  }

  /** Add a superclass: copy its fields, bind its template arguments, resolve. */
  private addSubClass(cur: Record, sc: SubClassReference): void {
    const cls = sc.rec;
    const r = new MapResolver(cur);
    const values = cls.values;
    for (let i = 0; i < values.length; i++) {
      const f = values[i]!;
      if (!f.isTemplateArg()) this.addValue(cur, sc.loc, f.clone());
    }
    this.resolveArguments(cls, sc.args, sc.loc, (n, v) => r.set(n, v));
    cur.appendAssertions(cls);
    cur.appendDumps(cls);
    const name = cur.isClass()
      ? VarInit.get(this.qualifiedNameOfImplicitName(cur), StringRecTy.get())
      : cur.name;
    r.set(this.qualifiedNameOfImplicitName(cls), name);
    cur.resolveReferences(r);
    // Like llvm-tblgen 22, only the direct superclass itself must be new: the flattened list
    // (post-order, as printed) may repeat classes inherited along several paths.
    if (cur.isSubClassOf(cls)) this.error(sc.loc, `Already subclass of '${cls.getName()}'!\n`);
    // llvm-tblgen 22 recurses forever on such a cycle (a class made from its own declaration).
    if (cls === cur || (cur.isUsedAsSuperClass() && cls.isSubClassOf(cur))) this.error(sc.loc, `Class '${cur.getName()}' cannot inherit from itself`);
    cur.addDirectSuperClass(cls, sc.loc);
  }

  private addSubClassToEntry(e: RecordsEntry, sc: SubClassReference): void {
    if (e.rec) return this.addSubClass(e.rec, sc);
    if (e.loop) for (const x of e.loop.entries) this.addSubClassToEntry(x, sc);
  }

  /** Track how deeply multiclasses nest: `cur` instantiates or inherits `used`. */
  private noteMultiClassUse(cur: MultiClass | undefined, used: MultiClass, loc: Loc): void {
    if (!cur) return;
    cur.depth = Math.max(cur.depth, used.depth + 1);
    if (cur.depth > MAX_MULTICLASS_NESTING)
      this.error(loc, `multiclass nesting is too deep (more than ${MAX_MULTICLASS_NESTING} levels)`);
  }

  /** Refuse a multiclass or defm that expands to more than MAX_MULTICLASS_ENTRIES entries. */
  private checkMultiClassEntries(count: number, loc: Loc): void {
    if (count > MAX_MULTICLASS_ENTRIES)
      this.error(loc, `multiclass expands to too many records (more than ${MAX_MULTICLASS_ENTRIES})`);
  }

  private addSubMultiClass(cur: MultiClass, sub: { loc: Loc; mc: MultiClass; args: ArgumentInit[] }): void {
    this.noteMultiClassUse(cur, sub.mc, sub.loc);
    this.checkMultiClassEntries(cur.entries.length + sub.mc.entries.length, sub.loc);
    const substs: SubstStack = [];
    this.resolveArgumentsOfMultiClass(
      substs,
      sub.mc,
      sub.args,
      VarInit.get(this.mcImplicitName(cur), StringRecTy.get()),
      sub.loc,
    );
    this.resolveEntries(sub.mc.entries, substs, false, cur.entries, undefined);
    this.checkMultiClassEntries(cur.entries.length, sub.loc);
  }

  // -------------------------------------------------------------------------------------------
  // Instantiation of loops and multiclasses

  /** Add a record, loop, assertion or dump to the current context. */
  private addEntry(e: RecordsEntry): void {
    if (this.loops.length) {
      this.loops[this.loops.length - 1]!.entries.push(e);
      return;
    }
    if (e.loop) {
      const mc = this.curMultiClass;
      this.resolveLoop(e.loop, [], mc === undefined, mc ? mc.entries : undefined);
      return;
    }
    if (this.curMultiClass) {
      this.curMultiClass.entries.push(e);
      return;
    }
    if (e.assertion) {
      checkAssert(e.assertion.loc, e.assertion.condition, e.assertion.message);
      return;
    }
    if (e.dump) {
      checkDump(e.dump.loc, e.dump.message);
      return;
    }
    this.addDefOne(e.rec!);
  }

  private substResolver(substs: SubstStack, rec?: Record): MapResolver {
    const r = new MapResolver(rec);
    for (let i = 0; i < substs.length; i++) r.set(substs[i]![0], substs[i]![1]);
    return r;
  }

  /**
   * Unroll a loop (or keep it, in a multiclass, while its list is unknown). As in TGParser, its
   * records never get the location of a defm that instantiates them.
   */
  private resolveLoop(loop: ForeachLoop, substs: SubstStack, final: boolean, dest: RecordsEntry[] | undefined): void {
    const r = this.substResolver(substs);
    let list = loop.listValue.resolveReferences(r);
    if (list instanceof TernOpInit && list.opc === TernOp.IF && final) {
      const oldLHS = list.lhs;
      r.isFinal = true;
      const lhs = oldLHS.resolveReferences(r);
      if (lhs === oldLHS) this.error(loop.loc, `unable to resolve if condition '${lhs.getAsString()}' at end of containing scope`);
      list = TernOpInit.get(TernOp.IF, lhs, list.mhs, list.rhs, list.type).fold(undefined);
    }
    if (!(list instanceof ListInit)) {
      if (!final) {
        const copy: ForeachLoop = { loc: loop.loc, iterVar: loop.iterVar, listValue: list, entries: [] };
        dest!.push({ loop: copy });
        this.resolveEntries(loop.entries, substs, final, copy.entries, undefined);
        return;
      }
      this.error(loop.loc, `attempting to loop over '${list.getAsString()}', expected a list`);
    }
    for (const elt of list.elements) {
      if (loop.iterVar) substs.push([loop.iterVar.nameInit, elt]);
      try {
        // As in llvm, the records of an unrolled loop do not get the defm's location.
        this.resolveEntries(loop.entries, substs, final, dest, undefined);
      } finally {
        if (loop.iterVar) substs.pop();
      }
    }
  }

  private resolveEntries(source: readonly RecordsEntry[], substs: SubstStack, final: boolean, dest: RecordsEntry[] | undefined, loc: Loc | undefined): void {
    for (const e of source) {
      if (e.loop) {
        // Without the defm's location: the records of a `foreach`/`if` kept in a multiclass
        // keep only their own locations, as in llvm-tblgen.
        this.resolveLoop(e.loop, substs, final, dest);
      } else if (e.assertion) {
        const r = this.substResolver(substs);
        const condition = e.assertion.condition.resolveReferences(r);
        const message = e.assertion.message.resolveReferences(r);
        if (dest) dest.push({ assertion: { loc: e.assertion.loc, condition, message } });
        else checkAssert(e.assertion.loc, condition, message);
      } else if (e.dump) {
        const r = this.substResolver(substs);
        const message = e.dump.message.resolveReferences(r);
        if (dest) dest.push({ dump: { loc: e.dump.loc, message } });
        else checkDump(e.dump.loc, message);
      } else {
        const rec = e.rec!.clone();
        if (loc) rec.appendLoc(loc);
        const r = this.substResolver(substs, rec);
        rec.resolveReferences(r);
        if (dest) dest.push({ rec });
        else this.addDefOne(rec);
      }
    }
  }

  /** Resolve a record fully and add it to the keeper (and the open defsets). */
  private addDefOne(rec: Record): void {
    let newName: Init | undefined;
    const prev = this.records.getDef(rec.getNameInitAsString());
    if (prev) {
      if (!rec.isAnonymous()) {
        this.diags.fatal(rec.loc, `def already exists: ${rec.getNameInitAsString()}`, [
          ...instantiationNotes(rec),
          { loc: prev.loc, message: 'location of previous definition' },
          ...instantiationNotes(prev),
        ]);
      }
      newName = this.records.newAnonymousName();
    }
    rec.resolveReferencesFinal(newName);
    this.checkConcrete(rec);
    if (!(rec.name instanceof StringInit)) {
      this.diags.fatal(rec.loc, `record name '${rec.name.getAsString()}' could not be fully resolved`, instantiationNotes(rec));
    }
    rec.checkRecordAssertions();
    rec.checkRecordDumps();
    for (const ds of this.defsets) {
      const di = rec.getDefInit();
      if (!di.type.typeIsA(ds.eltTy)) {
        this.diags.fatal(rec.loc, `adding record of incompatible type '${di.type.getAsString()}' to defset`, [
          ...instantiationNotes(rec),
          { loc: ds.loc, message: 'location of defset declaration' },
        ]);
      }
      ds.elements.push(di);
    }
    this.records.addDef(rec);
  }

  private checkConcrete(rec: Record): void {
    const values = rec.values;
    for (let i = 0; i < values.length; i++) {
      const rv = values[i]!;
      if (rv.isNonconcreteOK()) continue;
      const v = rv.value;
      const ok = v instanceof BitsInit ? this.checkBitsConcrete(rec, v) : v.isConcrete();
      if (!ok) {
        this.diags.error(
          rec.loc,
          `Initializer of '${rv.name}' in '${rec.getNameInitAsString()}' could not be fully resolved: ${v.getAsString()}`,
          instantiationNotes(rec),
        );
      }
    }
  }

  private checkBitsConcrete(rec: Record, bits: BitsInit): boolean {
    for (const b of bits.bits) {
      let isRef = false;
      if (b instanceof VarBitInit) {
        const bv = b.bitVar;
        if (bv instanceof VarInit && rec.getValue(bv.name)) isRef = true;
      } else if (b instanceof VarInit) {
        isRef = true;
      }
      if (!(isRef || b.isConcrete())) return false;
    }
    return true;
  }

  // -------------------------------------------------------------------------------------------
  // Types and ranges

  /** Type ::= STRING | CODE | BIT | BITS '<' INTVAL '>' | INT | LIST '<' Type '>' | DAG | ClassID */
  private parseType(): RecTy {
    switch (this.t()) {
      case Tok.String:
      case Tok.Code:
        this.lex.lex();
        return StringRecTy.get();
      case Tok.Bit:
        this.lex.lex();
        return BitRecTy.get();
      case Tok.Int:
        this.lex.lex();
        return IntRecTy.get();
      case Tok.Dag:
        this.lex.lex();
        return DagRecTy.get();
      case Tok.Id: {
        const alias = this.typeAliases.get(this.lex.strVal);
        if (alias) {
          this.lex.lex();
          return alias;
        }
        const cls = this.attempt(() => this.parseClassID());
        if (!cls) {
          // parseClassID moved past the unknown name, like llvm's.
          this.tokError('unknown class name');
        }
        return RecordRecTy.get([cls]);
      }
      case Tok.Bits: {
        if (this.lex.lex() !== Tok.Less) this.tokError("expected '<' after bits type");
        if (this.lex.lex() !== Tok.IntVal) this.tokError('expected integer in bits<n> type');
        const n = this.lex.intVal;
        if (n < 0n || n > 1_000_000n) this.tokError(`bits<${n}> is too wide`);
        if (this.lex.lex() !== Tok.Greater) this.tokError("expected '>' at end of bits<n> type");
        this.lex.lex();
        return BitsRecTy.get(Number(n));
      }
      case Tok.List: {
        if (this.lex.lex() !== Tok.Less) this.tokError("expected '<' after list type");
        this.lex.lex();
        const sub = this.parseType();
        if (!this.consume(Tok.Greater)) this.tokError("expected '>' at end of list<ty> type");
        return sub.getListTy();
      }
      default:
        this.tokError('Unknown token when expecting a type');
    }
  }

  /** OptionalRangeList ::= '<' RangeList '>' | <empty> */
  private parseOptionalRangeList(): number[] {
    const start = this.lex.loc();
    if (!this.consume(Tok.Less)) return [];
    const ranges = this.parseRangeList();
    if (!this.consume(Tok.Greater)) {
      this.diags.error(this.lex.loc(), "expected '>' at end of range list");
      this.error(start, "to match this '<'");
    }
    return ranges;
  }

  /** OptionalBitList ::= '{' RangeList '}' | <empty> */
  private parseOptionalBitList(): number[] {
    const start = this.lex.loc();
    if (!this.consume(Tok.LBrace)) return [];
    const ranges = this.parseRangeList();
    if (!this.consume(Tok.RBrace)) {
      this.diags.error(this.lex.loc(), "expected '}' at end of bit list");
      this.error(start, "to match this '{'");
    }
    return ranges;
  }

  /** RangeList ::= RangePiece (',' RangePiece)* */
  private parseRangeList(): number[] {
    const out: number[] = [];
    this.parseRangePiece(out);
    while (this.consume(Tok.Comma)) this.parseRangePiece(out);
    return out;
  }

  /** RangePiece ::= INTVAL | INTVAL '...' INTVAL | INTVAL '-' INTVAL | INTVAL INTVAL */
  private parseRangePiece(out: number[], first?: TypedInit): void {
    const cur = first ?? this.attempt(() => this.parseValue(undefined));
    if (!(cur instanceof IntInit)) this.tokError('expected integer or bitrange');
    let start = cur.value;
    if (start < 0n) this.tokError('invalid range, cannot be negative');
    let end: bigint;
    switch (this.t()) {
      case Tok.DotDotDot:
      case Tok.Minus: {
        this.lex.lex();
        const e = this.attempt(() => this.parseValue(undefined));
        if (!(e instanceof IntInit)) this.tokError('expected integer value as end of range');
        end = e.value;
        break;
      }
      case Tok.IntVal:
        end = -this.lex.intVal;
        this.lex.lex();
        break;
      default:
        out.push(Number(start));
        return;
    }
    if (end < 0n) this.tokError('invalid range, cannot be negative');
    const span = start > end ? start - end : end - start;
    if (span > BigInt(MAX_LIST_SIZE)) this.tokError('range is too large');
    if (start < end) for (; start <= end; start++) out.push(Number(start));
    else for (; start >= end; start--) out.push(Number(start));
  }

  // -------------------------------------------------------------------------------------------
  // Values

  /** Value ::= SimpleValue ValueSuffix* ; ValueSuffix ::= '{' BitList '}' | '[' SliceElements ']' | '.' ID | '#' Value */
  parseValue(cur: Record | undefined, itemType?: RecTy, mode: IDParseMode = IDParseMode.Value): Init {
    if (++this.depth > MAX_NESTING) this.tokError('expression nesting is too deep');
    try {
      return this.parseValueInner(cur, itemType, mode);
    } finally {
      this.depth--;
    }
  }

  /**
   * Value suffixes are applied in a loop; a paste's right-hand side is parsed (like a nested
   * `parseValue`) by pushing the pending paste instead of recursing, so long `a # b # c ...`
   * chains need no stack. The result stays right-associative, as llvm-tblgen builds it.
   */
  private parseValueInner(cur: Record | undefined, outerItemType: RecTy | undefined, outerMode: IDParseMode): Init {
    // Made when needed: most values have no suffix (this runs for every value, mostly cold).
    let pending: PendingPaste[] | undefined;
    let itemType = outerItemType;
    let mode = outerMode;
    let lhsBuffer = this.lex.tokBuffer;
    let lhsOffset = this.lex.tokStart;
    let result = this.parseSimpleValue(cur, itemType, mode);
    for (;;) {
      let levelDone = false;
      switch (this.t()) {
        default:
          levelDone = true;
          break;
        case Tok.LBrace: {
          if (mode === IDParseMode.Name) {
            levelDone = true;
            break;
          }
          const curlyLoc = this.lex.loc();
          this.lex.lex();
          const ranges = this.parseRangeList();
          ranges.reverse();
          const r = result.convertInitializerBitRange(ranges);
          if (!r) this.error(curlyLoc, 'Invalid bit range for value');
          result = r;
          if (!this.consume(Tok.RBrace)) this.tokError("expected '}' at end of bit range list");
          break;
        }
        case Tok.LSquare: {
          const lhsLoc = { buffer: lhsBuffer, offset: lhsOffset };
          if (!(result instanceof TypedInit)) this.error(lhsLoc, 'Invalid value, list expected');
          const lhsTy = result.type;
          if (!(lhsTy instanceof ListRecTy)) this.error(lhsLoc, `Type '${lhsTy.getAsString()}' is invalid, list expected`);
          this.lex.lex();
          const rhs = this.parseSliceElements(cur, true);
          if (rhs.type instanceof ListRecTy) result = BinOpInit.get(BinOp.LISTSLICE, result, rhs, lhsTy).fold(cur);
          else result = BinOpInit.get(BinOp.LISTELEM, result, rhs, lhsTy.elementType).fold(cur);
          if (!this.consume(Tok.RSquare)) this.tokError("expected ']' at end of list slice");
          break;
        }
        case Tok.Dot: {
          if (this.lex.lex() !== Tok.Id) this.tokError("expected field identifier after '.'");
          const fieldName = StringInit.get(this.lex.strVal);
          if (!result.getFieldType(fieldName))
            this.tokError(`Cannot access field '${this.lex.strVal}' of value '${result.getAsString()}'`);
          result = FieldInit.get(result, fieldName).fold(cur);
          this.lex.lex();
          break;
        }
        case Tok.Paste: {
          const pasteLoc = this.lex.loc();
          if (!(result instanceof TypedInit)) this.error(pasteLoc, 'LHS of paste is not typed!');
          let lhs: TypedInit = result;
          const isList = lhs.type instanceof ListRecTy;
          if (!isList && lhs.type !== StringRecTy.get()) {
            const c = UnOpInit.get(UnOp.CAST, lhs, StringRecTy.get()).fold(cur, false);
            if (!(c instanceof TypedInit)) this.error(pasteLoc, `can't cast '${lhs.getAsString()}' to string`);
            lhs = c;
          }
          this.lex.lex();
          const k = this.t();
          if (k === Tok.Colon || k === Tok.Semi || k === Tok.LBrace) {
            // Nothing to paste: `def x # ;` and friends.
            result = isList ? lhs : BinOpInit.getStrConcat(lhs, StringInit.get(''));
            break;
          }
          // Parse the right-hand side as a value of its own (list: Value mode and the item
          // type; string: Name mode), then come back to finish this paste.
          (pending ??= []).push({ isList, lhs, pasteLoc, mode, itemType, lhsLoc: { buffer: lhsBuffer, offset: lhsOffset } });
          if (pending.length > MAX_PASTE_CHAIN) this.error(pasteLoc, 'paste chain is too long');
          if (!isList) itemType = undefined;
          mode = isList ? IDParseMode.Value : IDParseMode.Name;
          lhsBuffer = this.lex.tokBuffer;
          lhsOffset = this.lex.tokStart;
          result = this.parseSimpleValue(cur, itemType, mode);
          break;
        }
      }
      if (!levelDone) continue;
      const p = pending?.pop();
      if (!p) return result;
      if (p.isList) {
        result = BinOpInit.getListConcat(p.lhs, result);
      } else {
        if (!(result instanceof TypedInit)) this.error(p.pasteLoc, 'RHS of paste is not typed!');
        let rhs: TypedInit = result;
        if (rhs.type !== StringRecTy.get()) {
          const c = UnOpInit.get(UnOp.CAST, rhs, StringRecTy.get()).fold(cur, false);
          if (!(c instanceof TypedInit)) this.error(p.pasteLoc, `can't cast '${rhs.getAsString()}' to string`);
          rhs = c;
        }
        result = BinOpInit.getStrConcat(p.lhs, rhs);
      }
      itemType = p.itemType;
      mode = p.mode;
      lhsBuffer = p.lhsLoc.buffer;
      lhsOffset = p.lhsLoc.offset;
    }
  }

  /** SliceElement ::= Value<list<int>> | Value<int> | Value<int> '...' Value<int> */
  private parseSliceElement(cur: Record | undefined): TypedInit {
    const lhsLoc = this.lex.loc();
    const lhs = this.parseValue(cur);
    if (!(lhs instanceof TypedInit)) this.error(lhsLoc, `expected int or list<int>, got '${lhs.getAsString()}'`);
    let rhs: TypedInit;
    switch (this.t()) {
      case Tok.DotDotDot:
      case Tok.Minus: {
        this.lex.lex();
        const rhsLoc = this.lex.loc();
        const r = this.parseValue(cur);
        if (!(r instanceof TypedInit) || !(r.type instanceof IntRecTy))
          this.error(rhsLoc, `expected int...int, got ${r instanceof TypedInit ? r.type.getAsString() : r.getAsString()}`);
        rhs = r;
        break;
      }
      case Tok.IntVal: {
        const i = -this.lex.intVal;
        if (i < 0n) this.tokError('invalid range, cannot be negative');
        rhs = IntInit.get(i);
        this.lex.lex();
        break;
      }
      default:
        return lhs;
    }
    if (!(lhs.type instanceof IntRecTy)) this.error(lhsLoc, `expected int...int, got ${lhs.type.getAsString()}`);
    return BinOpInit.get(BinOp.RANGEC, lhs, rhs, IntRecTy.get().getListTy()).fold(cur) as TypedInit;
  }

  /** SliceElements ::= ( SliceElement ',' )* SliceElement ','? */
  private parseSliceElements(cur: Record | undefined, single: boolean): TypedInit {
    const elems: Init[] = [];
    const slices: TypedInit[] = [];
    const flush = () => {
      if (elems.length) {
        slices.push(ListInit.get([...elems], IntRecTy.get()));
        elems.length = 0;
      }
    };
    let curVal: TypedInit | undefined;
    do {
      const lhsLoc = this.lex.loc();
      curVal = this.parseSliceElement(cur);
      const ty = curVal.type;
      if (ty instanceof ListRecTy) {
        if (!(ty.elementType instanceof IntRecTy)) this.error(lhsLoc, `expected list<int>, got ${ty.getAsString()}`);
        flush();
        slices.push(curVal);
        single = false;
        curVal = undefined;
      } else if (!(ty instanceof IntRecTy)) {
        this.error(lhsLoc, `unhandled type ${ty.getAsString()} in range`);
      }
      if (this.t() !== Tok.Comma) break;
      this.lex.lex();
      single = false;
      if (curVal) elems.push(curVal);
      curVal = undefined;
    } while (this.t() !== Tok.RSquare);
    if (curVal) {
      if (single) return curVal;
      elems.push(curVal);
    }
    flush();
    let result: TypedInit | undefined;
    for (const s of slices) result = result ? (BinOpInit.getListConcat(result, s) as TypedInit) : s;
    return result!;
  }

  /** IDValue: a variable, a global, or (in name mode) the name itself. */
  private parseIDValue(cur: Record | undefined, name: StringInit, nameLoc: Loc, mode: IDParseMode): Init {
    const v = this.getVar(name);
    if (v) {
      if (this.options.symbols) this.referenceVar(this.options.symbols, name, nameLoc);
      return v;
    }
    if (mode === IDParseMode.Name) return name;
    const g = this.records.getGlobal(name.value);
    if (g) {
      if (this.options.symbols) {
        const def = this.records.getDef(name.value);
        this.options.symbols.reference(def ? 'def' : 'defvar', name.value, nameLoc, def?.locs[0]);
      }
      return g;
    }
    if (cur && !cur.isClass() && !this.curMultiClass && cur.name === name)
      return UnOpInit.get(UnOp.CAST, name, cur.getType());
    this.error(nameLoc, `Variable not defined: '${name.value}'`);
  }

  /** SimpleValue ::= IDValue | INTVAL | STRVAL+ | CODEFRAGMENT | '?' | '{' ValueList '}' | ID '<' ArgValueList '>' | '[' ValueList ']' ('<' Type '>')? | '(' IDValue DagArgList ')' | BangOperator */
  private parseSimpleValue(cur: Record | undefined, itemType: RecTy | undefined, mode: IDParseMode): Init {
    const code = this.lex.kind; // a lexer error reaches the default case, as in llvm
    if (isBangOperator(code)) return this.parseOperation(cur, itemType);
    switch (code) {
      case Tok.TrueVal:
        this.lex.lex();
        return IntInit.get(1n);
      case Tok.FalseVal:
        this.lex.lex();
        return IntInit.get(0n);
      case Tok.IntVal: {
        const v = IntInit.get(this.lex.intVal);
        this.lex.lex();
        return v;
      }
      case Tok.BinaryIntVal: {
        const width = this.lex.binaryWidth;
        const val = this.lex.intVal;
        const bits: Init[] = [];
        for (let i = 0; i < width; i++) bits.push(BitInit.get(i < 64 && ((val >> BigInt(i)) & 1n) === 1n));
        this.lex.lex();
        return BitsInit.get(bits);
      }
      case Tok.StrVal: {
        let val = this.lex.strVal;
        this.lex.lex();
        while (this.t() === Tok.StrVal) {
          val += this.lex.strVal;
          this.lex.lex();
        }
        return StringInit.get(val);
      }
      case Tok.CodeFragment: {
        const v = StringInit.get(this.lex.strVal, true);
        this.lex.lex();
        return v;
      }
      case Tok.Question:
        this.lex.lex();
        return UnsetInit.get();
      case Tok.Id: {
        const nameLoc = this.lex.loc();
        const name = StringInit.get(this.lex.strVal);
        const next = this.lex.lex();
        if (next === Tok.Equal) return name;
        if (next !== Tok.Less) return this.parseIDValue(cur, name, nameLoc, mode);
        const cls = this.records.getClass(name.value);
        if (!cls) this.error(nameLoc, `Expected a class name, got '${name.value}'`);
        this.options.symbols?.reference('class', name.value, nameLoc, cls.locs[0]);
        this.lex.lex();
        const argLocs: Loc[] = [];
        const args = this.parseTemplateArgValueList(cur, cls, false, argLocs);
        this.checkTemplateArgValues(args, argLocs, cls);
        this.resolveArguments(cls, args, nameLoc, () => {});
        return VarDefInit.get(cls, args, nameLoc).fold();
      }
      case Tok.LBrace: {
        const braceLoc = this.lex.loc();
        this.lex.lex();
        let vals: Init[] = [];
        if (this.t() !== Tok.RBrace) vals = this.parseValueList(cur, undefined);
        if (!this.consume(Tok.RBrace)) this.tokError("expected '}' at end of bit list value");
        const newBits: Init[] = [];
        for (let i = 0; i < vals.length; i++) {
          const v = vals[i]!;
          if (v instanceof BitsInit) {
            for (let j = v.numBits - 1; j >= 0; j--) newBits.push(v.getBit(j));
            continue;
          }
          if (v instanceof VarInit && v.type instanceof BitsRecTy) {
            for (let j = v.type.numBits - 1; j >= 0; j--) newBits.push(v.getBit(j));
            continue;
          }
          const bit = v.getCastTo(BitRecTy.get());
          if (!bit) this.error(braceLoc, `Element #${i} (${v.getAsString()}) is not convertable to a bit`);
          newBits.push(bit);
        }
        newBits.reverse();
        return BitsInit.get(newBits);
      }
      case Tok.LSquare: {
        this.lex.lex();
        let givenListTy: ListRecTy | undefined;
        if (itemType) {
          if (!(itemType instanceof ListRecTy)) this.tokError(`Encountered a list when expecting a ${itemType.getAsString()}`);
          givenListTy = itemType;
        }
        let vals: Init[] = [];
        if (this.t() !== Tok.RSquare) vals = this.parseValueList(cur, givenListTy?.elementType);
        if (!this.consume(Tok.RSquare)) this.tokError("expected ']' at end of list value");
        let givenEltTy: RecTy | undefined;
        if (this.consume(Tok.Less)) {
          givenEltTy = this.parseType();
          if (!this.consume(Tok.Greater)) this.tokError("expected '>' at end of list element type");
        }
        let eltTy: RecTy | undefined;
        for (const v of vals) {
          if (v instanceof TypedInit) {
            if (eltTy) {
              eltTy = resolveTypes(eltTy, v.type);
              if (!eltTy) this.tokError('Incompatible types in list elements');
            } else eltTy = v.type;
          }
        }
        if (givenEltTy) {
          if (eltTy && !eltTy.typeIsConvertibleTo(givenEltTy)) this.tokError('Incompatible types in list elements');
          eltTy = givenEltTy;
        }
        let deduced: RecTy;
        if (!eltTy) {
          if (!itemType) this.tokError('No type for list');
          deduced = givenListTy!.elementType;
        } else {
          if (givenListTy && !eltTy.typeIsConvertibleTo(givenListTy.elementType)) {
            this.tokError(
              `Element type mismatch for list: element type '${eltTy.getAsString()}' not convertible to '${givenListTy.elementType.getAsString()}`,
            );
          }
          deduced = eltTy;
        }
        return ListInit.get(vals, deduced);
      }
      case Tok.LParen: {
        this.lex.lex();
        const t = this.t();
        if (t !== Tok.Id && t !== Tok.XCast && t !== Tok.Question && t !== Tok.XGetDagOp && t !== Tok.LSquare)
          this.tokError('expected identifier or list of value types in dag init');
        const op = this.parseValue(cur);
        let opName: StringInit | undefined;
        if (this.consume(Tok.Colon)) {
          if (this.t() !== Tok.VarName) this.tokError('expected variable name in dag operator');
          opName = StringInit.get(this.lex.strVal);
          this.lex.lex();
        }
        let args: [Init, StringInit | undefined][] = [];
        if (this.t() !== Tok.RParen) args = this.parseDagArgList(cur);
        if (!this.consume(Tok.RParen)) this.tokError("expected ')' in dag init");
        return DagInit.get(
          op,
          opName,
          args.map((a) => a[0]),
          args.map((a) => a[1]),
        );
      }
      default:
        this.tokError('Unknown or reserved token when parsing a value');
    }
  }

  /** DagArgList ::= DagArg (',' DagArg)* ; DagArg ::= Value (':' VARNAME)? | VARNAME */
  private parseDagArgList(cur: Record | undefined): [Init, StringInit | undefined][] {
    const out: [Init, StringInit | undefined][] = [];
    for (;;) {
      if (this.t() === Tok.VarName) {
        out.push([UnsetInit.get(), StringInit.get(this.lex.strVal)]);
        this.lex.lex();
      } else {
        const v = this.parseValue(cur);
        let name: StringInit | undefined;
        if (this.t() === Tok.Colon) {
          if (this.lex.lex() !== Tok.VarName) this.tokError('expected variable name in dag literal');
          name = StringInit.get(this.lex.strVal);
          this.lex.lex();
        }
        out.push([v, name]);
      }
      if (!this.consume(Tok.Comma)) break;
    }
    return out;
  }

  /** ValueList ::= Value (',' Value)* (a trailing comma is allowed before ']') */
  private parseValueList(cur: Record | undefined, itemType: RecTy | undefined): Init[] {
    const out = [this.parseValue(cur, itemType)];
    while (this.consume(Tok.Comma)) {
      if (this.t() === Tok.RSquare) return out;
      out.push(this.parseValue(cur, itemType));
    }
    return out;
  }

  /** An OperatorType, or `message` at the current token after it failed. */
  private operatorTypeOr(message: string): RecTy {
    const type = this.attempt(() => this.parseOperatorType());
    if (!type) this.tokError(message);
    return type;
  }

  /** OperatorType ::= '<' Type '>' */
  private parseOperatorType(): RecTy {
    if (!this.consume(Tok.Less)) this.tokError('expected type name for operator');
    if (this.t() === Tok.Code) this.diags.error(this.lex.loc(), "the 'code' type is not allowed in bang operators; use 'string'");
    let t: RecTy | undefined;
    if (!this.recover(() => (t = this.parseType()))) this.tokError('expected type name for operator');
    if (!this.consume(Tok.Greater)) this.tokError('expected type name for operator');
    return t!;
  }

  /** Operation ::= BangOperator ('<' Type '>')? '(' Args ')' */
  private parseOperation(cur: Record | undefined, itemType: RecTy | undefined): Init {
    const opTok = this.t();
    switch (opTok) {
      case Tok.XNOT:
      case Tok.XToLower:
      case Tok.XToUpper:
      case Tok.XListFlatten:
      case Tok.XLOG2:
      case Tok.XHead:
      case Tok.XTail:
      case Tok.XSize:
      case Tok.XEmpty:
      case Tok.XCast:
      case Tok.XRepr:
      case Tok.XGetDagOp:
      case Tok.XGetDagOpName:
      case Tok.XInitialized:
        return this.parseUnaryOperation(cur, opTok);
      case Tok.XIsA: {
        this.lex.lex();
        const type = this.parseOperatorType();
        if (!this.consume(Tok.LParen)) this.tokError("expected '(' after type of !isa");
        const lhs = this.parseValue(cur);
        if (!this.consume(Tok.RParen)) this.tokError("expected ')' in !isa");
        return IsAOpInit.get(type, lhs).fold();
      }
      case Tok.XExists: {
        this.lex.lex();
        const type = this.parseOperatorType();
        if (!this.consume(Tok.LParen)) this.tokError("expected '(' after type of !exists");
        const exprLoc = this.lex.loc();
        const expr = this.parseValue(cur);
        if (!(expr instanceof TypedInit)) this.error(exprLoc, 'expected string type argument in !exists operator');
        if (expr.type instanceof RecordRecTy)
          this.error(exprLoc, 'expected string type argument in !exists operator, please use !isa instead');
        if (!(expr.type instanceof StringRecTy)) this.error(exprLoc, 'expected string type argument in !exists operator');
        if (!this.consume(Tok.RParen)) this.tokError("expected ')' in !exists");
        return ExistsOpInit.get(type, expr).fold(cur, false);
      }
      case Tok.XInstances: {
        this.lex.lex();
        const type = this.parseOperatorType();
        if (!this.consume(Tok.LParen)) this.tokError("expected '(' after type of !instances");
        let regex: Init = StringInit.get('.*');
        if (this.t() !== Tok.RParen) {
          const loc = this.lex.loc();
          const value = this.attempt(() => this.parseValue(cur));
          if (!(value instanceof TypedInit) || !(value.type instanceof StringRecTy))
            this.error(loc, 'expected string type argument in !instances operator');
          regex = value;
        }
        if (!this.consume(Tok.RParen)) this.tokError("expected ')' in !instances");
        return InstancesOpInit.get(type, regex).fold(cur, false);
      }
      case Tok.XConcat:
      case Tok.XADD:
      case Tok.XSUB:
      case Tok.XMUL:
      case Tok.XDIV:
      case Tok.XAND:
      case Tok.XOR:
      case Tok.XXOR:
      case Tok.XSRA:
      case Tok.XSRL:
      case Tok.XSHL:
      case Tok.XEq:
      case Tok.XNe:
      case Tok.XLe:
      case Tok.XLt:
      case Tok.XGe:
      case Tok.XGt:
      case Tok.XListConcat:
      case Tok.XListSplat:
      case Tok.XListRemove:
      case Tok.XStrConcat:
      case Tok.XInterleave:
      case Tok.XGetDagArg:
      case Tok.XGetDagName:
      case Tok.XSetDagOp:
      case Tok.XSetDagOpName:
      case Tok.XMatch:
        return this.parseBinaryOperation(cur, itemType, opTok);
      case Tok.XForEach:
      case Tok.XFilter:
        return this.parseOperationForEachFilter(cur, itemType);
      case Tok.XRange:
        return this.parseRange(cur);
      case Tok.XSetDagArg:
      case Tok.XSetDagName:
      case Tok.XDag:
      case Tok.XIf:
      case Tok.XSubst:
        return this.parseTernaryOperation(cur, itemType, opTok);
      case Tok.XSubstr:
        return this.parseOperationSubstr(cur, itemType);
      case Tok.XFind:
        return this.parseOperationFind(cur, itemType);
      case Tok.XCond:
        return this.parseOperationCond(cur, itemType);
      case Tok.XFoldl:
        return this.parseFoldl(cur);
      default:
        this.tokError('unknown bang operator');
    }
  }

  /** Value ::= !unop '(' Value ')' */
  private parseUnaryOperation(cur: Record | undefined, opTok: Tok): Init {
    let code: UnOp;
    let type: RecTy | undefined;
    this.lex.lex();
    switch (opTok) {
      case Tok.XCast:
        code = UnOp.CAST;
        type = this.operatorTypeOr('did not get type for unary operator');
        break;
      case Tok.XRepr:
        code = UnOp.REPR;
        type = StringRecTy.get();
        break;
      case Tok.XToLower:
        code = UnOp.TOLOWER;
        type = StringRecTy.get();
        break;
      case Tok.XToUpper:
        code = UnOp.TOUPPER;
        type = StringRecTy.get();
        break;
      case Tok.XNOT:
        code = UnOp.NOT;
        type = IntRecTy.get();
        break;
      case Tok.XLOG2:
        code = UnOp.LOG2;
        type = IntRecTy.get();
        break;
      case Tok.XHead:
        code = UnOp.HEAD;
        break;
      case Tok.XTail:
        code = UnOp.TAIL;
        break;
      case Tok.XSize:
        code = UnOp.SIZE;
        type = IntRecTy.get();
        break;
      case Tok.XEmpty:
        code = UnOp.EMPTY;
        type = IntRecTy.get();
        break;
      case Tok.XListFlatten:
        code = UnOp.LISTFLATTEN;
        type = IntRecTy.get();
        break;
      case Tok.XInitialized:
        code = UnOp.INITIALIZED;
        type = IntRecTy.get();
        break;
      case Tok.XGetDagOpName:
        code = UnOp.GETDAGOPNAME;
        type = StringRecTy.get();
        break;
      default: // XGetDagOp
        code = UnOp.GETDAGOP;
        if (this.t() === Tok.Less) {
          type = this.operatorTypeOr('did not get type for unary operator');
          if (!(type instanceof RecordRecTy)) this.tokError('type for !getdagop must be a record type');
        } else {
          type = RecordRecTy.get([]);
        }
        break;
    }
    if (!this.consume(Tok.LParen)) this.tokError("expected '(' after unary operator");
    const lhs = this.parseValue(cur);
    if (code === UnOp.EMPTY || code === UnOp.SIZE) {
      if (!(lhs instanceof TypedInit)) this.tokError('expected string, list, or dag type argument in unary operator');
      const t = lhs.type;
      if (!(t instanceof ListRecTy) && !(t instanceof StringRecTy) && !(t instanceof DagRecTy))
        this.tokError('expected string, list, or dag type argument in unary operator');
    }
    if (code === UnOp.GETDAGOPNAME) {
      if (!(lhs instanceof TypedInit) || !(lhs.type instanceof DagRecTy)) this.tokError('expected dag type argument in unary operator');
    }
    if (code === UnOp.HEAD || code === UnOp.TAIL) {
      if (!(lhs instanceof TypedInit) || !(lhs.type instanceof ListRecTy)) this.tokError('expected list type argument in unary operator');
      if (lhs instanceof ListInit) {
        if (lhs.size === 0) this.tokError('empty list argument in unary operator');
        const item = lhs.elements[0]!;
        if (!(item instanceof TypedInit)) this.tokError('untyped list element in unary operator');
        type = code === UnOp.HEAD ? item.type : item.type.getListTy();
      } else {
        const lt = lhs.type as ListRecTy;
        type = code === UnOp.HEAD ? lt.elementType : lt;
      }
    }
    if (code === UnOp.LISTFLATTEN) {
      if (!(lhs instanceof TypedInit) || !(lhs.type instanceof ListRecTy)) this.tokError('expected list type argument in unary operator');
      const inner = lhs.type.elementType;
      type = inner instanceof ListRecTy ? inner : lhs.type;
    }
    if (!this.consume(Tok.RParen)) this.tokError("expected ')' in unary operator");
    return UnOpInit.get(code, lhs, type!).fold(cur, false);
  }

  /** Value ::= !binop '(' Value ',' Value (',' Value)* ')' */
  private parseBinaryOperation(cur: Record | undefined, itemType: RecTy | undefined, opTok: Tok): Init {
    const opLoc = this.lex.loc();
    this.lex.lex();
    const codes: Partial<Record_<Tok, BinOp>> = {
      [Tok.XConcat]: BinOp.CONCAT, [Tok.XADD]: BinOp.ADD, [Tok.XSUB]: BinOp.SUB, [Tok.XMUL]: BinOp.MUL,
      [Tok.XDIV]: BinOp.DIV, [Tok.XAND]: BinOp.AND, [Tok.XOR]: BinOp.OR, [Tok.XXOR]: BinOp.XOR,
      [Tok.XSRA]: BinOp.SRA, [Tok.XSRL]: BinOp.SRL, [Tok.XSHL]: BinOp.SHL, [Tok.XEq]: BinOp.EQ,
      [Tok.XNe]: BinOp.NE, [Tok.XLe]: BinOp.LE, [Tok.XLt]: BinOp.LT, [Tok.XGe]: BinOp.GE, [Tok.XGt]: BinOp.GT,
      [Tok.XListConcat]: BinOp.LISTCONCAT, [Tok.XListSplat]: BinOp.LISTSPLAT, [Tok.XListRemove]: BinOp.LISTREMOVE,
      [Tok.XStrConcat]: BinOp.STRCONCAT, [Tok.XInterleave]: BinOp.INTERLEAVE, [Tok.XSetDagOp]: BinOp.SETDAGOP,
      [Tok.XSetDagOpName]: BinOp.SETDAGOPNAME, [Tok.XGetDagArg]: BinOp.GETDAGARG,
      [Tok.XGetDagName]: BinOp.GETDAGNAME, [Tok.XMatch]: BinOp.MATCH,
    };
    const code = codes[opTok]!;
    let type: RecTy | undefined;
    let argType: RecTy | undefined;
    switch (code) {
      case BinOp.CONCAT:
      case BinOp.SETDAGOP:
        type = DagRecTy.get();
        argType = DagRecTy.get();
        break;
      case BinOp.SETDAGOPNAME:
        type = DagRecTy.get();
        argType = DagRecTy.get();
        break;
      case BinOp.GETDAGARG:
        type = this.operatorTypeOr('did not get type for !getdagarg operator');
        argType = DagRecTy.get();
        break;
      case BinOp.GETDAGNAME:
        type = StringRecTy.get();
        argType = DagRecTy.get();
        break;
      case BinOp.AND:
      case BinOp.OR:
      case BinOp.XOR:
      case BinOp.SRA:
      case BinOp.SRL:
      case BinOp.SHL:
      case BinOp.ADD:
      case BinOp.SUB:
      case BinOp.MUL:
      case BinOp.DIV:
        type = IntRecTy.get();
        argType = IntRecTy.get();
        break;
      case BinOp.EQ:
      case BinOp.NE:
      case BinOp.LE:
      case BinOp.LT:
      case BinOp.GE:
      case BinOp.GT:
        type = BitRecTy.get();
        break;
      case BinOp.LISTCONCAT:
      case BinOp.LISTREMOVE:
        argType = itemType;
        break;
      case BinOp.LISTSPLAT:
        break;
      case BinOp.STRCONCAT:
        type = StringRecTy.get();
        argType = StringRecTy.get();
        break;
      case BinOp.INTERLEAVE:
        type = StringRecTy.get();
        break;
      case BinOp.MATCH:
        type = BitRecTy.get();
        argType = StringRecTy.get();
        break;
      default:
        break;
    }
    if (type && itemType && !type.typeIsConvertibleTo(itemType))
      this.error(opLoc, `expected value of type '${itemType.getAsString()}', got '${type.getAsString()}'`);
    if (!this.consume(Tok.LParen)) this.tokError("expected '(' after binary operator");
    const inits: Init[] = [];
    for (;;) {
      const initLoc = this.lex.loc();
      const v = this.parseValue(cur, argType);
      inits.push(v);
      if (!(v instanceof TypedInit)) this.error(opLoc, `expected value to be a typed value, got '${v.getAsString()}'`);
      const listType = v.type;
      if (!argType) {
        argType = listType;
        switch (code) {
          case BinOp.LISTCONCAT:
            if (!(argType instanceof ListRecTy)) this.error(initLoc, `expected a list, got value of type '${argType.getAsString()}'`);
            break;
          case BinOp.LISTSPLAT:
            if (itemType && inits.length === 1) {
              if (!(itemType instanceof ListRecTy))
                this.error(opLoc, `expected output type to be a list, got type '${itemType.getAsString()}'`);
              if (!argType.getListTy().typeIsConvertibleTo(itemType))
                this.error(
                  opLoc,
                  `expected first arg type to be '${argType.getAsString()}', got value of type '${itemType.elementType.getAsString()}'`,
                );
            }
            if (inits.length === 2 && !(argType instanceof IntRecTy))
              this.error(initLoc, `expected second parameter to be an int, got value of type '${argType.getAsString()}'`);
            argType = undefined;
            break;
          case BinOp.LISTREMOVE:
            if (!(argType instanceof ListRecTy)) this.error(initLoc, `expected a list, got value of type '${argType.getAsString()}'`);
            break;
          case BinOp.EQ:
          case BinOp.NE:
            if (
              !argType.typeIsConvertibleTo(IntRecTy.get()) &&
              !argType.typeIsConvertibleTo(StringRecTy.get()) &&
              !argType.typeIsConvertibleTo(RecordRecTy.get([]))
            )
              this.error(initLoc, `expected bit, bits, int, string, or record; got value of type '${argType.getAsString()}'`);
            break;
          case BinOp.GETDAGARG:
          case BinOp.LE:
          case BinOp.LT:
          case BinOp.GE:
          case BinOp.GT:
            if (!argType.typeIsConvertibleTo(IntRecTy.get()) && !argType.typeIsConvertibleTo(StringRecTy.get()))
              this.error(initLoc, `expected bit, bits, int, or string; got value of type '${argType.getAsString()}'`);
            break;
          case BinOp.INTERLEAVE:
            if (inits.length === 1) {
              if (argType !== StringRecTy.get().getListTy() && !argType.typeIsConvertibleTo(IntRecTy.get().getListTy()))
                this.error(initLoc, `expected list of string, int, bits, or bit; got value of type '${argType.getAsString()}'`);
            } else if (inits.length === 2) {
              if (!(argType instanceof StringRecTy))
                this.error(initLoc, `expected second argument to be a string, got value of type '${argType.getAsString()}'`);
            }
            argType = undefined;
            break;
          case BinOp.SETDAGOPNAME:
            break;
          default:
            break;
        }
      } else {
        const resolved = resolveTypes(argType, listType);
        if (!resolved) this.error(initLoc, `expected value of type '${argType.getAsString()}', got '${listType.getAsString()}'`);
        if (
          code !== BinOp.ADD && code !== BinOp.SUB && code !== BinOp.AND && code !== BinOp.OR && code !== BinOp.XOR &&
          code !== BinOp.SRA && code !== BinOp.SRL && code !== BinOp.SHL && code !== BinOp.MUL && code !== BinOp.DIV
        )
          argType = resolved;
      }
      switch (code) {
        case BinOp.SETDAGOP:
          argType = RecordRecTy.get([]);
          break;
        case BinOp.SETDAGOPNAME:
          argType = StringRecTy.get();
          break;
        case BinOp.GETDAGARG:
          argType = undefined;
          break;
        case BinOp.GETDAGNAME:
          argType = IntRecTy.get();
          break;
        default:
          break;
      }
      if (!this.consume(Tok.Comma)) break;
    }
    if (!this.consume(Tok.RParen)) this.tokError("expected ')' in operator");
    if (code === BinOp.LISTCONCAT || code === BinOp.LISTREMOVE) type = argType;
    if (code === BinOp.LISTSPLAT) type = (inits[0] as TypedInit).type.getListTy();
    if (
      code === BinOp.STRCONCAT || code === BinOp.LISTCONCAT || code === BinOp.CONCAT || code === BinOp.ADD ||
      code === BinOp.AND || code === BinOp.OR || code === BinOp.XOR || code === BinOp.MUL
    ) {
      while (inits.length > 2) {
        const rhs = inits.pop()!;
        inits[inits.length - 1] = BinOpInit.get(code, inits[inits.length - 1]!, rhs, type!).fold(cur);
      }
    }
    if (inits.length === 2) return BinOpInit.get(code, inits[0]!, inits[1]!, type!).fold(cur);
    this.error(opLoc, 'expected two operands to operator');
  }

  /** Value ::= !range '(' Value (',' Value (',' Value)?)? ')' */
  private parseRange(cur: Record | undefined): Init {
    const opLoc = this.lex.loc();
    this.lex.lex();
    if (!this.consume(Tok.LParen)) this.tokError("expected '(' after !range operator");
    const args: TypedInit[] = [];
    let firstIsList = false;
    for (;;) {
      if (args.length >= 3) this.tokError('expected at most three values of integer');
      const initLoc = this.lex.loc();
      const v = this.parseValue(cur);
      if (!(v instanceof TypedInit)) this.error(opLoc, `expected value to be a typed value, got '${v.getAsString()}'`);
      args.push(v);
      const t = v.type;
      if (!firstIsList || args.length === 1) {
        if (args.length === 1 && t instanceof ListRecTy) firstIsList = true;
        else if (!(t instanceof IntRecTy)) {
          if (args.length !== 1) this.error(initLoc, `expected value of type 'int', got '${t.getAsString()}'`);
          this.error(initLoc, `expected list or int, got value of type '${t.getAsString()}'`);
        }
      } else {
        this.error(initLoc, `expected one list, got extra value of type '${t.getAsString()}'`);
      }
      if (!this.consume(Tok.Comma)) break;
    }
    if (!this.consume(Tok.RParen)) this.tokError("expected ')' in operator");
    let lhs: Init;
    let mhs: Init;
    let rhs: Init;
    const a0 = args[0]!;
    if (args.length === 1) {
      lhs = IntInit.get(0n);
      mhs = a0.type instanceof ListRecTy ? UnOpInit.get(UnOp.SIZE, a0, IntRecTy.get()).fold(cur, false) : a0;
      rhs = IntInit.get(1n);
    } else {
      lhs = a0;
      mhs = args[1]!;
      rhs = args.length === 3 ? args[2]! : IntInit.get(1n);
    }
    return TernOpInit.get(TernOp.RANGE, lhs, mhs, rhs, IntRecTy.get().getListTy()).fold(cur);
  }

  /** Value ::= !ternop '(' Value ',' Value ',' Value ')' */
  private parseTernaryOperation(cur: Record | undefined, itemType: RecTy | undefined, opTok: Tok): Init {
    let code: TernOp;
    let type: RecTy | undefined;
    this.lex.lex();
    switch (opTok) {
      case Tok.XDag:
        code = TernOp.DAG;
        type = DagRecTy.get();
        itemType = undefined;
        break;
      case Tok.XIf:
        code = TernOp.IF;
        break;
      case Tok.XSubst:
        code = TernOp.SUBST;
        break;
      case Tok.XSetDagArg:
        code = TernOp.SETDAGARG;
        type = DagRecTy.get();
        itemType = undefined;
        break;
      default:
        code = TernOp.SETDAGNAME;
        type = DagRecTy.get();
        itemType = undefined;
        break;
    }
    if (!this.consume(Tok.LParen)) this.tokError("expected '(' after ternary operator");
    const lhs = this.parseValue(cur);
    if (!this.consume(Tok.Comma)) this.tokError("expected ',' in ternary operator");
    const mhsLoc = this.lex.loc();
    const mhs = this.parseValue(cur, itemType);
    if (!this.consume(Tok.Comma)) this.tokError("expected ',' in ternary operator");
    const rhsLoc = this.lex.loc();
    const rhs = this.parseValue(cur, itemType);
    if (!this.consume(Tok.RParen)) this.tokError("expected ')' in binary operator");
    switch (code) {
      case TernOp.DAG: {
        const mt = mhs instanceof TypedInit ? mhs : undefined;
        if (!mt && !(mhs instanceof UnsetInit)) this.error(mhsLoc, 'could not determine type of the child list in !dag');
        if (mt && !(mt.type instanceof ListRecTy)) this.error(mhsLoc, `expected list of children, got type '${mt.type.getAsString()}'`);
        const rt = rhs instanceof TypedInit ? rhs : undefined;
        if (!rt && !(rhs instanceof UnsetInit)) this.error(rhsLoc, 'could not determine type of the name list in !dag');
        if (rt && StringRecTy.get().getListTy() !== rt.type) this.error(rhsLoc, `expected list<string>, got type '${rt.type.getAsString()}'`);
        if (!mt && !rt) this.error(mhsLoc, 'cannot have both unset children and unset names in !dag');
        break;
      }
      case TernOp.IF: {
        let mty = mhs instanceof TypedInit ? mhs.type : undefined;
        let rty = rhs instanceof TypedInit ? rhs.type : undefined;
        if (mhs instanceof UnsetInit) mty = rty;
        if (rhs instanceof UnsetInit) rty = mty;
        if (!mty || !rty) this.tokError('could not get type for !if');
        type = resolveTypes(mty, rty);
        if (!type) this.tokError(`inconsistent types '${mty.getAsString()}' and '${rty.getAsString()}' for !if`);
        break;
      }
      case TernOp.SUBST:
        if (!(rhs instanceof TypedInit)) this.tokError('could not get type for !subst');
        type = rhs.type;
        break;
      case TernOp.SETDAGARG: {
        if (!(mhs instanceof TypedInit) || !(mhs.type instanceof IntRecTy || mhs.type instanceof StringRecTy))
          this.error(
            mhsLoc,
            `expected integer index or string name, got ${mhs instanceof TypedInit ? `type '${mhs.type.getAsString()}` : `'${mhs.getAsString()}`}'`,
          );
        break;
      }
      default: {
        if (!(mhs instanceof TypedInit) || !(mhs.type instanceof IntRecTy || mhs.type instanceof StringRecTy))
          this.error(
            mhsLoc,
            `expected integer index or string name, got ${mhs instanceof TypedInit ? `type '${mhs.type.getAsString()}` : `'${mhs.getAsString()}`}'`,
          );
        if (rhs instanceof TypedInit && !(rhs.type instanceof StringRecTy))
          this.error(rhsLoc, `expected string or unset name, got type '${rhs.type.getAsString()}'`);
        break;
      }
    }
    return TernOpInit.get(code, lhs, mhs, rhs, type!).fold(cur);
  }

  /** Substr ::= !substr(string, start-int [, length-int]) */
  private parseOperationSubstr(cur: Record | undefined, itemType: RecTy | undefined): Init {
    return this.parseOperationStringSearch(cur, itemType, {
      op: TernOp.SUBSTR,
      name: 'substr',
      type: StringRecTy.get(),
      defaultRhs: (1n << 63n) - 1n,
      operands: [
        ['string', StringRecTy, 'string'],
        ['start position', IntRecTy, 'int'],
        ['length', IntRecTy, 'int'],
      ],
    });
  }

  /** Find ::= !find(string, string [, start-int]) */
  private parseOperationFind(cur: Record | undefined, itemType: RecTy | undefined): Init {
    return this.parseOperationStringSearch(cur, itemType, {
      op: TernOp.FIND,
      name: 'find',
      type: IntRecTy.get(),
      defaultRhs: 0n,
      operands: [
        ['source string', StringRecTy, 'string'],
        ['target string', StringRecTy, 'string'],
        ['start position', IntRecTy, 'int'],
      ],
    });
  }

  /**
   * The shared shape of !substr and !find: `!op(a, b [, int])`, the third operand defaulting to
   * `defaultRhs`; each operand checked against its type (its description, type and type name).
   */
  private parseOperationStringSearch(
    cur: Record | undefined,
    itemType: RecTy | undefined,
    spec: {
      op: TernOp;
      name: string;
      type: RecTy;
      defaultRhs: bigint;
      operands: readonly [string, typeof StringRecTy | typeof IntRecTy, string][];
    },
  ): Init {
    const { type, name } = spec;
    this.lex.lex();
    if (!this.consume(Tok.LParen)) this.tokError(`expected '(' after !${name} operator`);
    const lhs = this.parseValue(cur);
    if (!this.consume(Tok.Comma)) this.tokError(`expected ',' in !${name} operator`);
    const mhsLoc = this.lex.loc();
    const mhs = this.parseValue(cur);
    let rhsLoc = this.lex.loc();
    let rhs: Init;
    if (this.consume(Tok.Comma)) {
      rhsLoc = this.lex.loc();
      rhs = this.parseValue(cur);
    } else {
      rhs = IntInit.get(spec.defaultRhs);
    }
    if (!this.consume(Tok.RParen)) this.tokError(`expected ')' in !${name} operator`);
    if (itemType && !type.typeIsConvertibleTo(itemType))
      this.error(rhsLoc, `expected value of type '${itemType.getAsString()}', got '${type.getAsString()}'`);
    const values = [lhs, mhs, rhs] as const;
    const locs = [undefined, mhsLoc, undefined] as const;
    spec.operands.forEach(([what, ty, tyName], i) =>
      this.checkOperandType(values[i]!, ty, `could not determine type of the ${what} in !${name}`, locs[i], tyName),
    );
    return TernOpInit.get(spec.op, lhs, mhs, rhs, type).fold(cur);
  }

  private checkOperandType(
    v: Init,
    ty: typeof StringRecTy | typeof IntRecTy,
    untypedMsg: string,
    loc: Loc | undefined,
    tyName: string,
  ): void {
    if (!(v instanceof TypedInit) && !(v instanceof UnsetInit)) this.tokError(untypedMsg);
    if (v instanceof TypedInit && !(v.type instanceof ty)) {
      const msg = `expected ${tyName}, got type '${v.type.getAsString()}'`;
      if (loc) this.error(loc, msg);
      this.tokError(msg);
    }
  }

  /** ForEach ::= !foreach(ID, list-or-dag, expr) ; Filter ::= !filter(ID, list, predicate) */
  private parseOperationForEachFilter(cur: Record | undefined, itemType: RecTy | undefined): Init {
    const opLoc = this.lex.loc();
    const operation = this.t();
    this.lex.lex();
    if (this.t() !== Tok.LParen) this.tokError("expected '(' after !foreach/!filter");
    if (this.lex.lex() !== Tok.Id) this.tokError('first argument of !foreach/!filter must be an identifier');
    const lhs = StringInit.get(this.lex.strVal);
    this.lex.lex();
    if (cur && cur.getValue(lhs.value)) this.tokError(`iteration variable '${lhs.getAsString()}' is already defined`);
    if (!this.consume(Tok.Comma)) this.tokError("expected ',' in !foreach/!filter");
    const mhs = this.parseValue(cur);
    if (!this.consume(Tok.Comma)) this.tokError("expected ',' in !foreach/!filter");
    if (!(mhs instanceof TypedInit)) this.tokError('could not get type of !foreach/!filter list or dag');
    let inEltType: RecTy;
    let exprEltType: RecTy | undefined;
    let isDag = false;
    if (mhs.type instanceof ListRecTy) {
      inEltType = mhs.type.elementType;
      if (itemType) {
        if (itemType instanceof ListRecTy) {
          exprEltType = operation === Tok.XForEach ? itemType.elementType : IntRecTy.get();
        } else {
          this.error(opLoc, `expected value of type '${itemType.getAsString()}', but got list type`);
        }
      }
    } else if (mhs.type instanceof DagRecTy) {
      if (operation === Tok.XFilter) this.tokError('!filter must have a list argument');
      inEltType = mhs.type;
      if (itemType && !(itemType instanceof DagRecTy))
        this.error(opLoc, `expected value of type '${itemType.getAsString()}', but got dag type`);
      isDag = true;
    } else {
      if (operation === Tok.XForEach) this.tokError('!foreach must have a list or dag argument');
      this.tokError('!filter must have a list argument');
    }
    const parseRec = cur ?? new Record('.parse', [], RecordKind.Def);
    const scope = this.pushScope(ScopeKind.Record, parseRec);
    parseRec.addValue(new RecordVal(lhs, undefined, inEltType, FieldKind.Normal));
    let rhs: Init;
    try {
      rhs = this.parseValue(parseRec, exprEltType);
    } finally {
      parseRec.removeValue(lhs);
      this.popScope(scope);
    }
    if (!this.consume(Tok.RParen)) this.tokError("expected ')' in !foreach/!filter");
    let outType: RecTy = inEltType;
    if (operation === Tok.XForEach && !isDag) {
      if (!(rhs instanceof TypedInit)) this.tokError('could not get type of !foreach result expression');
      outType = rhs.type.getListTy();
    } else if (operation === Tok.XFilter) {
      outType = inEltType.getListTy();
    }
    return TernOpInit.get(operation === Tok.XForEach ? TernOp.FOREACH : TernOp.FILTER, lhs, mhs, rhs, outType).fold(cur);
  }

  /** Cond ::= !cond '(' (Value ':' Value ',')+ ')' */
  private parseOperationCond(cur: Record | undefined, itemType: RecTy | undefined): Init {
    this.lex.lex();
    if (!this.consume(Tok.LParen)) this.tokError("expected '(' after !cond operator");
    const cases: Init[] = [];
    const vals: Init[] = [];
    for (;;) {
      if (this.consume(Tok.RParen)) break;
      cases.push(this.parseValue(cur));
      if (!this.consume(Tok.Colon)) this.tokError("expected ':'  following a condition in !cond operator");
      vals.push(this.parseValue(cur, itemType));
      if (this.consume(Tok.RParen)) break;
      if (!this.consume(Tok.Comma)) this.tokError("expected ',' or ')' following a value in !cond operator");
    }
    if (cases.length < 1) this.tokError("there should be at least 1 'condition : value' in the !cond operator");
    let type: RecTy | undefined;
    for (const v of vals) {
      let vty: RecTy | undefined;
      if (v instanceof TypedInit) vty = v.type;
      if (v instanceof UnsetInit) continue;
      if (!type) type = vty;
      else {
        const r = vty ? resolveTypes(type, vty) : undefined;
        if (!r) this.tokError(`inconsistent types '${type.getAsString()}' and '${vty?.getAsString()}' for !cond`);
        type = r;
      }
    }
    if (!type) this.tokError('could not determine type for !cond from its arguments');
    return CondOpInit.get(cases, vals, type).fold(cur);
  }

  /** Foldl ::= !foldl '(' Value ',' Value ',' Id ',' Id ',' Expr ')' */
  private parseFoldl(cur: Record | undefined): Init {
    this.lex.lex();
    if (!this.consume(Tok.LParen)) this.tokError("expected '(' after !foldl");
    const startU = this.parseValue(cur);
    if (!(startU instanceof TypedInit)) this.tokError(`could not get type of !foldl start: '${startU.getAsString()}'`);
    const start = startU;
    if (!this.consume(Tok.Comma)) this.tokError("expected ',' in !foldl");
    const listU = this.parseValue(cur);
    if (!(listU instanceof TypedInit)) this.tokError(`could not get type of !foldl list: '${listU.getAsString()}'`);
    const list = listU;
    if (!(list.type instanceof ListRecTy))
      this.tokError(`!foldl list must be a list, but is of type '${list.type.getAsString()}`);
    const listType = list.type;
    if (this.t() !== Tok.Comma) this.tokError("expected ',' in !foldl");
    if (this.lex.lex() !== Tok.Id) this.tokError('third argument of !foldl must be an identifier');
    const a = StringInit.get(this.lex.strVal);
    if (cur && cur.getValue(a.value)) this.tokError(`left !foldl variable '${a.getAsString()}' already defined`);
    if (this.lex.lex() !== Tok.Comma) this.tokError("expected ',' in !foldl");
    if (this.lex.lex() !== Tok.Id) this.tokError('fourth argument of !foldl must be an identifier');
    const b = StringInit.get(this.lex.strVal);
    if (cur && cur.getValue(b.value)) this.tokError(`right !foldl variable '${b.getAsString()}' already defined`);
    if (this.lex.lex() !== Tok.Comma) this.tokError("expected ',' in !foldl");
    this.lex.lex();
    const parseRec = cur ?? new Record('.parse', [], RecordKind.Def);
    const scope = this.pushScope(ScopeKind.Record, parseRec);
    parseRec.addValue(new RecordVal(a, undefined, start.type, FieldKind.Normal));
    parseRec.addValue(new RecordVal(b, undefined, listType.elementType, FieldKind.Normal));
    let exprU: Init;
    try {
      exprU = this.parseValue(parseRec);
    } finally {
      parseRec.removeValue(a);
      parseRec.removeValue(b);
      this.popScope(scope);
    }
    if (!(exprU instanceof TypedInit)) this.tokError('could not get type of !foldl expression');
    if (exprU.type !== start.type)
      this.tokError(
        `!foldl expression must be of same type as start (${start.type.getAsString()}), but is of type ${exprU.type.getAsString()}`,
      );
    if (!this.consume(Tok.RParen)) this.tokError("expected ')' in fold operator");
    return FoldOpInit.get(start, list, a, b, exprU, start.type).fold(cur);
  }
}

type Record_<K extends PropertyKey, V> = { [P in K]: V };
