// A model of C++ classes for code emission (mirrors the behaviour of mlir/TableGen/Class.h in
// MLIR 22): methods and constructors with their signatures and bodies, fields, using
// declarations, visibility sections and verbatim extra declarations, written either as a class
// declaration (`writeDeclTo`, inline bodies included) or as out-of-line definitions
// (`writeDefTo`). All text goes through a `CodeWriter`, which re-indents line starts exactly like
// mlir's raw_indented_ostream, so the output is byte-identical to mlir-tblgen's.
//
// Typical use:
//   const cls = new Class('FooOp');
//   const m = cls.addMethod('int', 'getX', MethodProp.Const, [new MethodParameter('unsigned', 'i')]);
//   m?.body.write('  return 0;\n');
//   cls.finalize();
//   cls.writeDeclTo(declWriter); cls.writeDefTo(defWriter);
import { CodeWriter } from '../emit.js';
import { escapeString } from '../text.js';

/** Method qualifiers, a bit set (Method::Properties). */
export enum MethodProp {
  None = 0,
  Static = 0x1,
  Constructor = 0x2,
  Private = 0x4,
  /** Declared only: no body, no definition. */
  Declaration = 0x8,
  /** Defined in the class body. */
  Inline = 0x10,
  ConstexprValue = 0x20,
  Const = 0x40,
  Constexpr = ConstexprValue | Inline,
  StaticDeclaration = Static | Declaration,
  StaticInline = Static | Inline,
  ConstInline = Const | Inline,
  ConstDeclaration = Const | Declaration,
}

/** `""` after a type ending in `&` or `*` (or an empty type), else `" "`. */
function spaceAfterType(type: string): string {
  return type === '' || type.endsWith('&') || type.endsWith('*') ? '' : ' ';
}

/** A parameter: `type name = default`; `optional` prints a `/*optional*\/` marker. */
export class MethodParameter {
  /** The texts, made once: one parameter list often serves several methods (build, create). */
  private decl: string | undefined;
  private def: string | undefined;
  constructor(
    readonly type: string,
    readonly name: string,
    readonly defaultValue = '',
    readonly optional = false,
  ) {}
  hasDefaultValue(): boolean {
    return this.defaultValue !== '';
  }
  /** The declaration form, with the default value. */
  declText(): string {
    if (this.decl === undefined) {
      const def = this.defText();
      this.decl = this.defaultValue === '' ? def : def + ' = ' + this.defaultValue;
    }
    return this.decl;
  }
  /** The definition form, without the default value. */
  defText(): string {
    return (this.def ??= (this.optional ? '/*optional*/' : '') + this.type + spaceAfterType(this.type) + this.name);
  }
}

/** `template <typename A, typename B>\n`, or '' for no parameters. */
function templateHeader(params: readonly string[]): string {
  if (params.length === 0) return '';
  let s = 'template <';
  for (let i = 0; i < params.length; i++) s += (i === 0 ? 'typename ' : ', typename ') + params[i]!;
  return s + '>\n';
}

/** Whether `a` subsumes `b`: same leading types, and any extra parameter of `a` is defaulted. */
function parametersSubsume(a: readonly MethodParameter[], b: readonly MethodParameter[]): boolean {
  if (a.length < b.length) return false;
  for (let i = 0; i < b.length; i++) if (a[i]!.type !== b[i]!.type) return false;
  return a.length === b.length || a[b.length]!.hasDefaultValue();
}

/** Return type, name, parameters and template parameters of a method. */
export class MethodSignature {
  constructor(
    readonly returnType: string,
    readonly name: string,
    readonly parameters: readonly MethodParameter[],
    readonly templateParams: readonly string[] = [],
  ) {}
  /** Same name, and these parameters subsume the other's (the other method is redundant). */
  makesRedundant(other: MethodSignature): boolean {
    return this.name === other.name && parametersSubsume(this.parameters, other.parameters);
  }
  writeTemplateParamsTo(w: CodeWriter): void {
    w.write(this.templateParamsText());
  }
  /** `template <typename T, ...>\n`, or '' when there are no template parameters. */
  templateParamsText(): string {
    return templateHeader(this.templateParams);
  }
  writeDeclTo(w: CodeWriter): void {
    w.write(this.declText());
  }
  writeDefTo(w: CodeWriter, namePrefix: string): void {
    w.write(this.defText(namePrefix));
  }
  /** `ret name(type name = default, ...)`. */
  declText(): string {
    let s = this.returnType + spaceAfterType(this.returnType) + this.name + '(';
    for (let i = 0; i < this.parameters.length; i++) s += (i === 0 ? '' : ', ') + this.parameters[i]!.declText();
    return s + ')';
  }
  /** `ret prefix::name(type name, ...)`. */
  defText(namePrefix: string): string {
    let s = this.returnType + spaceAfterType(this.returnType) + namePrefix + (namePrefix === '' ? '' : '::') + this.name + '(';
    for (let i = 0; i < this.parameters.length; i++) s += (i === 0 ? '' : ', ') + this.parameters[i]!.defText();
    return s + ')';
  }
}

/**
 * The body of a method: an indenting writer. Text written to a declaration-only method is
 * dropped. Generators write lines with their own leading indentation (usually two spaces).
 */
export class MethodBody {
  /** Created on first use: many bodies stay empty. */
  private writer: CodeWriter | undefined;
  /** Whether text is kept: not for declarations, nor for bodies the output never prints. */
  private keep: boolean;
  constructor(readonly declOnly: boolean) {
    this.keep = !declOnly;
  }
  private get w(): CodeWriter {
    return (this.writer ??= new CodeWriter());
  }
  /** Drop the text, written and to come: the output being generated does not print it. */
  discard(): void {
    this.keep = false;
    this.writer = undefined;
  }
  /** Whether written text is kept: generators may skip building text that would be dropped. */
  keepsText(): boolean {
    return this.keep;
  }
  write(text: string): this {
    if (this.keep) this.w.write(text);
    return this;
  }
  line(text = ''): this {
    return this.write(text + '\n');
  }
  indent(n = 2): this {
    if (this.keep) this.w.indent(n);
    return this;
  }
  unindent(n = 2): this {
    if (this.keep) this.w.unindent(n);
    return this;
  }
  /** Print `open`, run `fn` indented (when `indent`), then print `close`. */
  scope(open: string, close: string, fn: () => void, indent = true): this {
    this.write(open);
    if (indent) this.indent();
    try {
      fn();
    } finally {
      if (indent) this.unindent();
      this.write(close);
    }
    return this;
  }
  /** Print re-indented user code (see CodeWriter.printReindented). */
  printReindented(text: string, extraPrefix = ''): this {
    if (this.keep) this.w.printReindented(text, extraPrefix);
    return this;
  }
  text(): string {
    return this.writer === undefined ? '' : this.writer.toString();
  }
  isEmpty(): boolean {
    return this.writer === undefined || this.writer.isEmpty();
  }
  /** Write the body: leading newlines dropped, a final newline ensured. */
  writeTo(out: CodeWriter): void {
    const text = this.text();
    let start = 0;
    while (start < text.length && text.charCodeAt(start) === 10) start++;
    if (start === text.length) return;
    const body = start === 0 ? text : text.slice(start);
    if (this.writer!.isBlankFree()) out.writeBlankFree(body);
    else out.write(body);
    if (text.charCodeAt(text.length - 1) !== 10) out.write('\n');
  }
}

/** Anything listed in a class body. */
export interface ClassDeclaration {
  writeDeclTo(w: CodeWriter): void;
  /** The out-of-line definition, if any; `namePrefix` qualifies names (the class name). */
  writeDefTo(w: CodeWriter, namePrefix: string): void;
}

/** A method (Method in Class.h). */
export class Method implements ClassDeclaration {
  readonly signature: MethodSignature;
  readonly body: MethodBody;
  /** Emitted as `[[deprecated("...")]]` before the declaration. */
  deprecationMessage: string | undefined;

  constructor(
    returnType: string,
    name: string,
    readonly props: MethodProp,
    parameters: readonly MethodParameter[] = [],
    templateParams: readonly string[] = [],
  ) {
    this.signature = new MethodSignature(returnType, name, parameters, templateParams);
    this.body = new MethodBody((props & MethodProp.Declaration) !== 0);
  }
  get name(): string {
    return this.signature.name;
  }
  get returnType(): string {
    return this.signature.returnType;
  }
  isStatic(): boolean {
    return (this.props & MethodProp.Static) !== 0;
  }
  isPrivate(): boolean {
    return (this.props & MethodProp.Private) !== 0;
  }
  isInline(): boolean {
    return (this.props & MethodProp.Inline) !== 0;
  }
  isConstructor(): boolean {
    return (this.props & MethodProp.Constructor) !== 0;
  }
  isConst(): boolean {
    return (this.props & MethodProp.Const) !== 0;
  }
  isDeclarationOnly(): boolean {
    return (this.props & MethodProp.Declaration) !== 0;
  }
  makesRedundant(other: Method): boolean {
    return this.signature.makesRedundant(other.signature);
  }
  writeDeclTo(w: CodeWriter): void {
    let s = this.signature.templateParamsText();
    if (this.deprecationMessage !== undefined) s += `[[deprecated("${escapeString(this.deprecationMessage)}")]]\n`;
    if (this.isStatic()) s += 'static ';
    if (this.props & MethodProp.ConstexprValue) s += 'constexpr ';
    s += this.signature.declText();
    if (this.isConst()) s += ' const';
    if (!this.isInline()) {
      w.write(s + ';\n');
      return;
    }
    w.write(s + ' {\n');
    this.body.writeTo(w);
    w.write('}\n\n');
  }
  writeDefTo(w: CodeWriter, namePrefix: string): void {
    if (this.isDeclarationOnly() || this.isInline()) return;
    w.write(this.signature.defText(namePrefix) + (this.isConst() ? ' const {\n' : ' {\n'));
    this.body.writeTo(w);
    w.write('}\n\n');
  }
}

/** A constructor with member initializers `name(value)`. */
export class Constructor extends Method {
  readonly initializers: { name: string; value: string }[] = [];
  constructor(className: string, props: MethodProp, parameters: readonly MethodParameter[] = [], templateParams: readonly string[] = []) {
    super('', className, props | MethodProp.Constructor, parameters, templateParams);
  }
  addMemberInitializer(name: string, value: string): this {
    this.initializers.push({ name, value });
    return this;
  }
  /** Write `head`, the member initializers and the body. */
  private writeInitializersAndBody(w: CodeWriter, head: string): void {
    let s = head + ' ';
    if (this.initializers.length > 0) s += ': ' + this.initializers.map((i) => `${i.name}(${i.value})`).join(', ') + ' ';
    w.write(s + '{');
    this.body.writeTo(w);
    w.write('}\n\n');
  }
  override writeDeclTo(w: CodeWriter): void {
    let s = this.signature.templateParamsText();
    if (this.props & MethodProp.ConstexprValue) s += 'constexpr ';
    s += this.signature.declText();
    if (!this.isInline()) {
      w.write(s + ';\n\n');
      return;
    }
    this.writeInitializersAndBody(w, s);
  }
  override writeDefTo(w: CodeWriter, namePrefix: string): void {
    if (this.isDeclarationOnly() || this.isInline()) return;
    this.writeInitializersAndBody(w, this.signature.defText(namePrefix));
  }
}

export enum Visibility {
  Public = 'public',
  Protected = 'protected',
  Private = 'private',
}

/** A base class: `public Name<T1, T2>`. Template parameters are uniqued, in order. */
export class ParentClass {
  readonly templateParams: string[] = [];
  constructor(
    readonly name: string,
    readonly visibility: Visibility = Visibility.Public,
  ) {}
  addTemplateParam(p: string): this {
    if (!this.templateParams.includes(p)) this.templateParams.push(p);
    return this;
  }
  addTemplateParams(ps: Iterable<string>): this {
    for (const p of ps) this.addTemplateParam(p);
    return this;
  }
  text(): string {
    let s = `${this.visibility} ${this.name}`;
    if (this.templateParams.length > 0) s += '<' + this.templateParams.join(', ') + '>';
    return s;
  }
}

/** `using Name = Value;` or `using Base::name;`, optionally templated. */
export class UsingDeclaration implements ClassDeclaration {
  readonly templateParams: string[] = [];
  constructor(
    readonly name: string,
    readonly value = '',
  ) {}
  addTemplateParam(p: string): this {
    if (!this.templateParams.includes(p)) this.templateParams.push(p);
    return this;
  }
  writeDeclTo(w: CodeWriter): void {
    w.write(templateHeader(this.templateParams) + 'using ' + this.name + (this.value !== '' ? ' = ' + this.value + ';\n' : ';\n'));
  }
  writeDefTo(): void {}
}

/** A data member `type name;`. */
export class Field implements ClassDeclaration {
  constructor(
    readonly type: string,
    readonly name: string,
  ) {}
  writeDeclTo(w: CodeWriter): void {
    w.write(`${this.type} ${this.name};\n`);
  }
  writeDefTo(): void {}
}

/** `public:` / `protected:` / `private:`, printed one level out. */
export class VisibilityDeclaration implements ClassDeclaration {
  constructor(readonly visibility: Visibility) {}
  writeDeclTo(w: CodeWriter): void {
    w.unindent();
    w.write(this.visibility + ':\n');
    w.indent();
  }
  writeDefTo(): void {}
}

/** Verbatim declarations (re-indented) and definitions from the .td file. */
export class ExtraClassDeclaration implements ClassDeclaration {
  constructor(
    readonly declaration: string,
    readonly definition = '',
  ) {}
  writeDeclTo(w: CodeWriter): void {
    w.printReindented(this.declaration);
  }
  writeDefTo(w: CodeWriter): void {
    w.printReindented(this.definition);
  }
}

/**
 * A C++ class. Methods, constructors and fields are collected in pending lists and placed by
 * `finalize()` (public methods, then private ones, then private fields); other declarations
 * (`declare`) are listed in the order they are added.
 */
/**
 * What a class is built for: `decl` (writeDeclTo only) and `def` (writeDefTo only) drop the
 * bodies that output never prints (out-of-line and inline ones respectively) as they are added.
 */
export type ClassOutput = 'both' | 'decl' | 'def';

export class Class {
  /** Set before adding methods; see ClassOutput. */
  output: ClassOutput = 'both';
  readonly parents: ParentClass[] = [];
  readonly templateParams: string[] = [];
  protected methods: Method[] = [];
  /** Pending methods by name (only same-named methods can make each other redundant). */
  private methodsByName = new Map<string, Method | Method[]>();
  protected fields: Field[] = [];
  readonly declarations: ClassDeclaration[] = [];

  constructor(
    readonly className: string,
    readonly isStruct = false,
  ) {}

  addParent(p: ParentClass | string): ParentClass {
    const parent = typeof p === 'string' ? new ParentClass(p) : p;
    this.parents.push(parent);
    return parent;
  }
  addTemplateParam(p: string): this {
    if (!this.templateParams.includes(p)) this.templateParams.push(p);
    return this;
  }

  /** Add a method unless an existing one makes it redundant; prune those it makes redundant. */
  addMethod(
    returnType: string,
    name: string,
    props: MethodProp = MethodProp.None,
    params: readonly MethodParameter[] = [],
    templateParams: readonly string[] = [],
  ): Method | undefined {
    let p = props;
    if (this.templateParams.length > 0) p |= MethodProp.Inline;
    return this.addAndPrune(new Method(returnType, name, p, params, templateParams));
  }
  addStaticMethod(returnType: string, name: string, params: readonly MethodParameter[] = [], props = MethodProp.None): Method | undefined {
    return this.addMethod(returnType, name, props | MethodProp.Static, params);
  }
  addInlineMethod(returnType: string, name: string, params: readonly MethodParameter[] = [], props = MethodProp.None): Method | undefined {
    return this.addMethod(returnType, name, props | MethodProp.Inline, params);
  }
  addStaticInlineMethod(returnType: string, name: string, params: readonly MethodParameter[] = [], props = MethodProp.None): Method | undefined {
    return this.addMethod(returnType, name, props | MethodProp.StaticInline, params);
  }
  addConstMethod(returnType: string, name: string, params: readonly MethodParameter[] = [], props = MethodProp.None): Method | undefined {
    return this.addMethod(returnType, name, props | MethodProp.Const, params);
  }
  declareMethod(returnType: string, name: string, params: readonly MethodParameter[] = [], props = MethodProp.None): Method | undefined {
    return this.addMethod(returnType, name, props | MethodProp.Declaration, params);
  }
  declareStaticMethod(returnType: string, name: string, params: readonly MethodParameter[] = [], props = MethodProp.None): Method | undefined {
    return this.addMethod(returnType, name, props | MethodProp.StaticDeclaration, params);
  }
  /** Add a constructor (inline when the class is templated), pruning like addMethod. */
  addConstructor(params: readonly MethodParameter[] = [], props = MethodProp.None, templateParams: readonly string[] = []): Constructor | undefined {
    let p = props | MethodProp.Constructor;
    if (this.templateParams.length > 0) p |= MethodProp.Inline;
    const c = this.addAndPrune(new Constructor(this.className, p, params, templateParams));
    return c instanceof Constructor ? c : undefined;
  }
  /** A private field, declared at the end of the class by finalize(). */
  addField(type: string, name: string): void {
    this.fields.push(new Field(type, name));
  }
  /** Append a declaration directly (in order). */
  declare<T extends ClassDeclaration>(decl: T): T {
    this.declarations.push(decl);
    return decl;
  }

  private addAndPrune<M extends Method>(m: M): M | undefined {
    // Same-named methods only: makesRedundant is then parametersSubsume on their parameters.
    const name = m.signature.name;
    const params = m.signature.parameters;
    const entry = this.methodsByName.get(name);
    if (entry === undefined) {
      this.methodsByName.set(name, m);
    } else if (!Array.isArray(entry)) {
      if (parametersSubsume(entry.signature.parameters, params)) return undefined;
      if (parametersSubsume(params, entry.signature.parameters)) {
        this.removePending(entry);
        this.methodsByName.set(name, m);
      } else this.methodsByName.set(name, [entry, m]);
    } else {
      for (let i = 0; i < entry.length; i++) if (parametersSubsume(entry[i]!.signature.parameters, params)) return undefined;
      // The same-named list (owned by the map) keeps the methods `m` does not make redundant.
      let kept = 0;
      for (let i = 0; i < entry.length; i++) {
        const x = entry[i]!;
        if (parametersSubsume(params, x.signature.parameters)) this.removePending(x);
        else entry[kept++] = x;
      }
      entry.length = kept;
      entry.push(m);
    }
    this.methods.push(m);
    if (this.output !== 'both' && !m.isDeclarationOnly() && m.isInline() === (this.output === 'def')) m.body.discard();
    return m;
  }

  /** Drop a pending method made redundant by a later one. */
  private removePending(m: Method): void {
    this.methods.splice(this.methods.indexOf(m), 1);
  }

  /** Add a method built elsewhere (e.g. on a scratch class), pruning like addMethod. */
  adoptMethod<M extends Method>(m: M): M | undefined {
    return this.addAndPrune(m);
  }

  /** Pending methods (not yet placed by finalize). */
  pendingMethods(): readonly Method[] {
    return this.methods;
  }

  protected lastVisibility(): Visibility {
    for (let i = this.declarations.length - 1; i >= 0; i--) {
      const d = this.declarations[i];
      if (d instanceof VisibilityDeclaration) return d.visibility;
    }
    return this.isStruct ? Visibility.Public : Visibility.Private;
  }

  /** Place pending methods and fields: public methods, private methods, private fields. */
  finalize(): void {
    const pub: Method[] = [];
    const priv: Method[] = [];
    for (let i = 0; i < this.methods.length; i++) {
      const m = this.methods[i]!;
      (m.isPrivate() ? priv : pub).push(m);
    }
    this.methods = [];
    this.methodsByName.clear();
    if (pub.length > 0 && this.lastVisibility() !== Visibility.Public)
      this.declare(new VisibilityDeclaration(Visibility.Public));
    this.declarations.push(...pub);
    if (priv.length > 0 && this.lastVisibility() !== Visibility.Private)
      this.declare(new VisibilityDeclaration(Visibility.Private));
    this.declarations.push(...priv);
    if (this.fields.length > 0 && this.lastVisibility() !== Visibility.Private)
      this.declare(new VisibilityDeclaration(Visibility.Private));
    this.declarations.push(...this.fields);
    this.fields = [];
  }

  /** The class declaration with every member declaration and inline definition. */
  writeDeclTo(w: CodeWriter): void {
    let s = templateHeader(this.templateParams) + (this.isStruct ? 'struct ' : 'class ') + this.className + ' ';
    if (this.parents.length > 0) s += ': ' + this.parents.map((p) => p.text()).join(', ') + ' ';
    w.write(s + '{\n');
    w.indent();
    const decls = this.declarations;
    for (let i = 0; i < decls.length; i++) decls[i]!.writeDeclTo(w);
    w.unindent();
    w.write('};\n');
  }

  /** The out-of-line definitions, qualified by the class name. */
  writeDefTo(w: CodeWriter): void {
    const decls = this.declarations;
    for (let i = 0; i < decls.length; i++) decls[i]!.writeDefTo(w, this.className);
  }
}
