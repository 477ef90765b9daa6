// --gen-bytecode: C++ readers and writers of a dialect's attributes and types for the MLIR
// bytecode format, from the `DialectAttributes`/`DialectTypes` lists of mlir/IR/BytecodeBase.td
// (`--bytecode-dialect=` selects the dialect when the file defines several).
//
// For each kind (attribute, then type), grouped by C++ type (in byte order of the type name):
// one `read<Def>` per def of the group, then one `write(<CType>, ...)` for the group (guarded by
// each def's `printerPredicate` when several defs share the C++ type), then the `read<Kind>`
// dispatch on the def's index in the list and the `write<Kind>` TypeSwitch.
import { DefInit, type Record, errorAt, fatalAt, fatalNoLoc } from '@ods-ts/tablegen-core';
import { CodeWriter } from '../emit.js';
import { convertToCamelFromSnakeCase } from '../ods/dialect.js';
import { derivedDefs } from '../ods/docs-util.js';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';

/** The def that marks a retired code: nothing is read or written for it. */
const RESERVED = 'ReservedOrDead';

type Kind = 'attribute' | 'type';

/**
 * Substitute `$_name` placeholders (BytecodeBase.td's templates) one placeholder after the other
 * in the byte order of their names, as mlir-tblgen does; replacements are inserted literally.
 */
function substitute(template: string, values: { readonly [placeholder: string]: string }): string {
  let s = template;
  for (const key of Object.keys(values).sort()) s = s.split(key).join(values[key]!);
  return s;
}

function capitalize(s: string): string {
  return s.length === 0 ? s : s[0]!.toUpperCase() + s.slice(1);
}

/** A bytecode member, CompositeBytecode or DialectAttrOrType def: its typed fields. */
class BytecodeDef {
  constructor(readonly def: Record) {}
  get name(): string {
    return this.def.getName();
  }
  isArray(): boolean {
    return this.def.isSubClassOfName('Array');
  }
  isComposite(): boolean {
    return this.def.isSubClassOfName('CompositeBytecode');
  }
  isAttributeKind(): boolean {
    return this.def.isSubClassOfName('AttributeKind');
  }
  isTypeKind(): boolean {
    return this.def.isSubClassOfName('TypeKind');
  }
  /** Whether the element of an Array is read and written by the reader's own list helpers. */
  isPlainAttrOrTypeList(): boolean {
    const e = this.getElemT();
    return !e.isComposite() && (e.isAttributeKind() || e.isTypeKind());
  }
  /** `elemT` of an `Array<...>`. */
  getElemT(): BytecodeDef {
    return new BytecodeDef(this.def.getValueAsDef('elemT'));
  }
  /** `cParser`; undefined when the def has no such field (an Array). */
  getParser(): string | undefined {
    return this.def.getValueAsOptionalString('cParser');
  }
  getBuilder(): string {
    return this.def.getValueAsString('cBuilder');
  }
  getPrinter(): string {
    return this.def.getValueAsString('cPrinter');
  }
  getGetter(): string | undefined {
    return this.def.getValueAsOptionalString('cGetter');
  }
  getPrinterPredicate(): string {
    return this.def.getValueAsString('printerPredicate');
  }
  /** `members` as (def, name) pairs. */
  getMembers(): { args: Record[]; names: string[] } {
    const dag = this.def.getValueAsDag('members');
    const args = dag.args.map((a, i) => {
      if (!(a instanceof DefInit)) fatalNoLoc(`Unexpected type for ${dag.argNames[i]?.value ?? ''}`);
      return a.def;
    });
    return { args, names: dag.argNames.map((n) => n?.value ?? '') };
  }
  /** The C++ type: `cType`, else the def name (`SmallVector<...>` of the element for an Array). */
  getCType(): string {
    let def = this.def;
    let wrap = (s: string): string => s;
    if (def.isSubClassOfName('Array')) {
      def = def.getValueAsDef('elemT');
      wrap = (s) => `SmallVector<${s}>`;
    }
    const cType = def.getValueAsString('cType');
    if (cType === '') {
      if (def.isAnonymous()) fatalAt(def, 'Unable to determine cType');
      return wrap(def.getName());
    }
    return wrap(cType);
  }
}

/** Emits the C++ of one dialect into a raw_indented_ostream-like writer. */
class BytecodeEmitter {
  constructor(readonly os: CodeWriter) {}

  /** Run `body` between `open` and `close`, one level deeper (raw_indented_ostream::scope). */
  private scope(open: string, close: string, body: () => void): void {
    this.os.write(open).indent();
    body();
    this.os.unindent().write(close);
  }

  /** `read<Def>`: parse the members of one attribute/type def and build it. */
  emitParse(kind: Kind, x: BytecodeDef): void {
    if (x.name === RESERVED) return;
    const returnType = x.getCType();
    this.os.write(
      `static ${kind === 'attribute' ? '::mlir::Attribute' : '::mlir::Type'} read${x.name}(MLIRContext* context, DialectBytecodeReader &reader) `,
    );
    const { args, names } = x.getMembers();
    this.emitParseHelper(returnType, x.getBuilder().trim(), args, names, `${returnType}()`);
    this.os.write('\n\n');
  }

  /** The body of a reader: member declarations, list helpers, the parse conditional and build. */
  private emitParseHelper(returnType: string, builder: string, args: readonly Record[], names: readonly string[], failure: string): void {
    this.scope('{\n', '}', () => {
      if (args.length === 0) {
        this.os.write(`return get<${returnType}>(context);\n`);
        return;
      }
      // Declarations: consecutive members of the same C++ type share one.
      let lastCType = '';
      args.forEach((arg, i) => {
        const cType = new BytecodeDef(arg).getCType();
        if (lastCType === cType) this.os.write(', ');
        else {
          if (lastCType !== '') this.os.write(';\n');
          this.os.write(`${cType} `);
        }
        this.os.write(names[i] ?? '');
        lastCType = cType;
      });
      this.os.write(';\n');

      // Helpers reading one element of a list (except lists of plain attributes/types).
      args.forEach((arg, i) => {
        const member = new BytecodeDef(arg);
        if (!member.isArray() || member.isPlainAttrOrTypeList()) return;
        const elem = member.getElemT();
        const elemType = elem.getCType();
        this.os.write(`auto read${capitalize(names[i] ?? '')} = [&]() -> FailureOr<${elemType}> `);
        const nested = elem.isComposite() ? elem.getMembers() : { args: [elem.def], names: ['temp'] };
        this.emitParseHelper(elemType, elem.getBuilder(), nested.args, nested.names, 'failure()');
        this.os.write(';\n');
      });

      this.emitParseConditional(args, names);
      const passed = names.filter((n) => !n.startsWith('_'));
      this.os.write(`\nreturn ${substitute(builder, { $_resultType: returnType, $_args: passed.join(', ') })};\n`);
      this.os.unindent();
      this.os.write(`}\nreturn ${failure};\n`);
    });
  }

  /** `if (parse1 &&\n    parse2) {` over the members that are parsed. */
  private emitParseConditional(args: readonly Record[], names: readonly string[]): void {
    this.os.write('if ');
    this.scope('(', ') {', () => {
      this.os.indent();
      // mlir-tblgen pairs the parsed members with the leading member names.
      const parsed = args.filter((a) => {
        const d = new BytecodeDef(a);
        return d.isArray() || (d.getParser() ?? '') !== '';
      });
      const n = Math.min(parsed.length, names.length);
      for (let i = 0; i < n; i++) {
        const member = new BytecodeDef(parsed[i]!);
        const name = names[i]!;
        let parser = member.getParser();
        if (parser === undefined) {
          if (!member.isArray()) fatalAt(member.def, 'No parser specified');
          const elem = member.getElemT();
          if (!elem.isComposite() && elem.isAttributeKind()) parser = 'succeeded($_reader.readAttributes($_var))';
          else if (!elem.isComposite() && elem.isTypeKind()) parser = 'succeeded($_reader.readTypes($_var))';
          else parser = `succeeded($_reader.readList($_var, read${capitalize(name)}))`;
        }
        if (i > 0) this.os.write(' &&\n');
        this.os.write(substitute(parser, { $_reader: 'reader', $_resultType: member.getCType(), $_var: name }));
      }
    });
  }

  /** `write(<CType>, ...)`: the writer of the defs sharing one C++ type. */
  emitPrint(kind: Kind, type: string, group: readonly { index: number; def: BytecodeDef }[]): void {
    if (type === RESERVED) return;
    this.os.write(`static void write(${type} ${kind}, DialectBytecodeWriter &writer) `);
    this.scope('{\n', '}\n\n', () => {
      if (group.length > 1 && group.some((g) => g.def.getPrinterPredicate() === '')) {
        for (const g of group)
          if (g.def.getPrinterPredicate() === '') errorAt(g.def.def, 'Requires parsing predicate given common cType');
        fatalNoLoc(`Unspecified for shared cType ${type}`);
      }
      for (const { index, def } of group) {
        const pred = def.getPrinterPredicate();
        if (pred !== '') {
          this.os.write(`if (${substitute(pred, { $_val: kind })}) {\n`);
          this.os.indent();
        }
        this.os.write(`writer.writeVarInt(/* ${def.name} */ ${index});\n`);
        const { args, names } = def.getMembers();
        args.forEach((arg, i) => this.emitPrintHelper(new BytecodeDef(arg), kind, kind, names[i] ?? ''));
        if (pred !== '') {
          this.os.unindent();
          this.os.write('}\n');
        }
      }
    });
  }

  /** Write one member `name` of `parent` (recursing into lists and composites). */
  private emitPrintHelper(member: BytecodeDef, kind: Kind, parent: string, name: string): void {
    const cGetter = member.getGetter();
    const getter =
      cGetter !== undefined && cGetter !== ''
        ? substitute(cGetter, {
            $_attrType: parent,
            $_member: name,
            $_getMember: `get${convertToCamelFromSnakeCase(name, true)}`,
          })
        : `${parent}.get${convertToCamelFromSnakeCase(name, true)}()`;
    if (member.isArray()) {
      const elem = member.getElemT();
      if (!elem.isComposite()) {
        if (elem.isAttributeKind()) {
          this.os.write(`writer.writeAttributes(${getter});\n`);
          return;
        }
        if (elem.isTypeKind()) {
          this.os.write(`writer.writeTypes(${getter});\n`);
          return;
        }
      }
      this.os.write(`writer.writeList(${getter}, [&](${elem.getCType()} ${kind}) `);
      this.scope('{\n', '});\n', () => this.emitPrintHelper(elem, kind, kind, kind));
      return;
    }
    if (member.isComposite()) {
      const { args, names } = member.getMembers();
      args.forEach((arg, i) => this.emitPrintHelper(new BytecodeDef(arg), kind, parent, names[i] ?? ''));
    }
    const printer = member.getPrinter();
    if (printer !== '') this.os.write(`${substitute(printer, { $_writer: 'writer', $_name: kind, $_getter: getter })};\n`);
  }

  /** `read<Kind>`: dispatch on the code read to the reader of the def at that index. */
  emitParseDispatch(kind: Kind, defs: readonly BytecodeDef[]): void {
    const K = capitalize(kind);
    this.os.write(`static ${K} read${K}(MLIRContext* context, DialectBytecodeReader &reader)`);
    this.scope(' {\n', '}\n\n', () => {
      if (defs.length === 0) {
        this.os.write(`return reader.emitError() << "unknown attribute", ${K}();\n`);
        return;
      }
      this.os.write('uint64_t kind;\n');
      this.os.write(`if (failed(reader.readVarInt(kind)))\n  return ${K}();\n`);
      this.os.write('switch (kind) ');
      this.scope('{\n', '}\n', () => {
        defs.forEach((d, i) => {
          if (d.name === RESERVED) return;
          this.os.write(`case ${i}:\n  return read${d.name}(context, reader);\n`);
        });
        this.os.write(`default:\n  reader.emitError() << "unknown attribute code: " << kind;\n  return ${K}();\n`);
      });
      this.os.write(`return ${K}();\n`);
    });
  }

  /** `write<Kind>`: a TypeSwitch over the C++ types calling their `write`. */
  emitPrintDispatch(kind: Kind, types: readonly string[]): void {
    const K = capitalize(kind);
    this.os.write(`static LogicalResult write${K}(${K} ${kind},\n                                DialectBytecodeWriter &writer)`);
    this.scope(' {\n', '}\n\n', () => {
      this.os.write(`return TypeSwitch<${K}, LogicalResult>(${kind})`);
      this.scope('', '', () => {
        for (const type of types) {
          if (type === RESERVED) continue;
          this.os.write(`\n.Case([&](${type} t)`);
          this.scope(' {\n', '})', () => this.os.write('return write(t, writer), success();\n'));
        }
        this.os.write(`\n.Default([&](${K}) { return failure(); });\n`);
      });
    });
  }
}

function run(ctx: GeneratorContext): string {
  const v = ctx.options.get('bytecode-dialect');
  const selected = typeof v === 'string' ? v : '';
  // The attribute and type lists per dialect, in order of first appearance.
  const dialects = new Map<string, { attr: Record[]; type: Record[] }>();
  const collect = (className: string, key: 'attr' | 'type'): void => {
    for (const d of derivedDefs(ctx.records, className, true)) {
      const dialect = d.getValueAsString('dialect');
      if (selected !== '' && dialect !== selected) continue;
      let entry = dialects.get(dialect);
      if (!entry) dialects.set(dialect, (entry = { attr: [], type: [] }));
      entry[key] = d.getValueAsListOfDefs('elems');
    }
  };
  collect('DialectAttributes', 'attr');
  collect('DialectTypes', 'type');
  if (dialects.size !== 1)
    fatalNoLoc('Single dialect per invocation required (either only one in input file or specified via dialect option)');
  const entry = [...dialects.values()][0]!;

  const os = new CodeWriter();
  const gen = new BytecodeEmitter(os);
  for (const [kind, list] of [['attribute', entry.attr], ['type', entry.type]] as const) {
    const defs = list.map((d) => new BytecodeDef(d));
    const perType = new Map<string, { index: number; def: BytecodeDef }[]>();
    defs.forEach((def, index) => {
      const t = def.getCType();
      const group = perType.get(t) ?? [];
      group.push({ index, def });
      perType.set(t, group);
    });
    const types = [...perType.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const t of types) {
      const group = perType.get(t)!;
      for (const g of group) gen.emitParse(kind, g.def);
      gen.emitPrint(kind, t, group);
    }
    gen.emitParseDispatch(kind, defs);
    gen.emitPrintDispatch(kind, types);
  }
  return os.toString();
}

registerGenerator({ name: 'bytecode', description: 'Generate dialect bytecode readers/writers', run });
