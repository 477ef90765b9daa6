// The dialect as the page shows it, read from `?ods=records` (llvm-tblgen's --dump-json shape).

export type Json = OdsJsonValue;

export interface Named {
  readonly name: string;
  /** The constraint's summary, e.g. "tensor of 64-bit float values". */
  readonly description: string;
  /** The constraint's def name, e.g. F64Tensor (or its class for anonymous ones). */
  readonly constraint: string;
  readonly optional: boolean;
  readonly variadic: boolean;
}

export interface OpInfo {
  /** The def name, e.g. Toy_AddOp. */
  readonly def: string;
  /** `toy.add` */
  readonly opName: string;
  /** `toy::AddOp` */
  readonly cppClass: string;
  readonly summary: string;
  readonly description: string;
  readonly assemblyFormat: string;
  readonly operands: Named[];
  readonly attributes: Named[];
  readonly results: Named[];
  readonly regions: Named[];
  readonly successors: Named[];
  readonly traits: string[];
  /** `ToyOps.td:66` */
  readonly loc: string;
  readonly hasVerifier: boolean;
  readonly hasFolder: boolean;
  readonly hasCanonicalizer: boolean;
}

export interface DialectInfo {
  readonly name: string;
  readonly def: string;
  readonly summary: string;
  readonly description: string;
  readonly cppNamespace: string;
  readonly loc: string;
  readonly ops: OpInfo[];
}

type JsonRecord = { [field: string]: Json };

const isObject = (v: Json | undefined): v is JsonRecord => typeof v === 'object' && v !== null && !Array.isArray(v);

function str(v: Json | undefined): string {
  return typeof v === 'string' ? v : '';
}

function defName(v: Json | undefined): string | undefined {
  return isObject(v) && v['kind'] === 'def' && typeof v['def'] === 'string' ? v['def'] : undefined;
}

/** Removes the common indentation of a `[{ ... }]` code block, like mlir-tblgen's docs do. */
export function dedent(text: string): string {
  const lines = text.replace(/\t/g, '    ').split('\n');
  while (lines.length && lines[0]!.trim() === '') lines.shift();
  while (lines.length && lines[lines.length - 1]!.trim() === '') lines.pop();
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => l.match(/^ */)![0].length));
  return lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join('\n');
}

export class RecordsView {
  constructor(private readonly records: OdsRecords) {}

  record(name: string | undefined): (JsonRecord & { '!superclasses'?: string[] }) | undefined {
    if (!name || name.startsWith('!')) return undefined;
    const r = this.records[name];
    return isObject(r as Json) ? (r as JsonRecord & { '!superclasses'?: string[] }) : undefined;
  }

  instancesOf(cls: string): string[] {
    return this.records['!instanceof'][cls] ?? [];
  }

  /** A readable name for a def: its own name, or its innermost class when it is anonymous. */
  displayName(name: string): string {
    const r = this.record(name);
    if (!r) return name;
    if (r['!anonymous'] === true) {
      const supers = r['!superclasses'] ?? [];
      return supers[supers.length - 1] ?? name;
    }
    return name;
  }

  private dagArgs(v: Json | undefined): { def: string; name: string }[] {
    if (!isObject(v) || v['kind'] !== 'dag' || !Array.isArray(v['args'])) return [];
    const out: { def: string; name: string }[] = [];
    for (const a of v['args']) {
      if (!Array.isArray(a)) continue;
      const d = defName(a[0]);
      if (d) out.push({ def: d, name: typeof a[1] === 'string' ? a[1] : '' });
    }
    return out;
  }

  private named(arg: { def: string; name: string }): Named {
    const r = this.record(arg.def);
    const supers = r?.['!superclasses'] ?? [];
    return {
      name: arg.name,
      description: str(r?.['summary']) || this.displayName(arg.def),
      constraint: this.displayName(arg.def),
      optional: supers.includes('Optional') || supers.includes('OptionalAttr') || supers.includes('OptionalProp'),
      variadic: supers.includes('Variadic') || supers.includes('VariadicOfVariadic'),
    };
  }

  private isAttribute(def: string): boolean {
    const supers = this.record(def)?.['!superclasses'] ?? [];
    return supers.includes('Attr') || supers.includes('AttrConstraint') || supers.includes('Property');
  }

  dialects(): DialectInfo[] {
    return this.instancesOf('Dialect').map((d) => this.dialect(d));
  }

  dialect(def: string): DialectInfo {
    const r = this.record(def) ?? {};
    const name = str(r['name']);
    const ops = this.instancesOf('Op')
      .filter((o) => defName(this.record(o)?.['opDialect']) === def)
      .map((o) => this.op(o, name, str(r['cppNamespace'])))
      .sort((a, b) => a.opName.localeCompare(b.opName));
    return {
      name,
      def,
      summary: str(r['summary']),
      description: dedent(str(r['description'])),
      cppNamespace: str(r['cppNamespace']),
      loc: (r['!locs'] as string[] | undefined)?.[0] ?? '',
      ops,
    };
  }

  op(def: string, dialect: string, cppNamespace: string): OpInfo {
    const r = this.record(def) ?? {};
    const args = this.dagArgs(r['arguments']);
    const ns = cppNamespace.replace(/^::/, '').replace(/^mlir::/, '');
    const underscore = def.indexOf('_');
    const cls = str(r['cppClassName']) || (underscore >= 0 ? def.slice(underscore + 1) : def);
    const traits = Array.isArray(r['traits'])
      ? r['traits']
          .map((t) => defName(t))
          .filter((t): t is string => t !== undefined)
          .map((t) => this.displayName(t))
      : [];
    return {
      def,
      opName: `${dialect}.${str(r['opName'])}`,
      cppClass: ns ? `${ns}::${cls}` : cls,
      summary: str(r['summary']),
      description: dedent(str(r['description'])),
      assemblyFormat: dedent(str(r['assemblyFormat'])),
      operands: args.filter((a) => !this.isAttribute(a.def)).map((a) => this.named(a)),
      attributes: args.filter((a) => this.isAttribute(a.def)).map((a) => this.named(a)),
      results: this.dagArgs(r['results']).map((a) => this.named(a)),
      regions: this.dagArgs(r['regions']).map((a) => this.named(a)),
      successors: this.dagArgs(r['successors']).map((a) => this.named(a)),
      traits: [...new Set(traits)],
      loc: (r['!locs'] as string[] | undefined)?.[0] ?? '',
      hasVerifier: r['hasVerifier'] === 1,
      hasFolder: r['hasFolder'] === 1,
      hasCanonicalizer: r['hasCanonicalizer'] === 1 || r['hasCanonicalizeMethod'] === 1,
    };
  }
}

/** A stable fingerprint of an op, to tell which ops an update changed. */
export function opFingerprint(op: OpInfo): string {
  // The location moves whenever a line is added above the op: not a change of the op.
  const { loc: _loc, ...rest } = op;
  return JSON.stringify(rest);
}
