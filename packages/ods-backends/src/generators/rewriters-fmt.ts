// Local helpers of --gen-rewriters: mlir::tblgen::tgfmt exactly as RewriterGen sees it (a missing
// substitution prints the placeholder followed by `<no-subst-found>`), with a mutable context like
// the emitter's FmtContext, and the escaping of strings in generated C++.

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isIdentChar = (c: string): boolean => /[A-Za-z0-9_]/.test(c);

/** The "no substitution" marker mlir's formatter appends to an unresolved placeholder. */
const NO_SUBST = '<no-subst-found>';

/** Placeholder substitutions: `$_builder`, `$_op`, `$_self` and custom `$name`s. */
export class DrrFmtContext {
  private readonly substs = new Map<string, string>();
  withBuilder(s: string): this {
    return this.set('_builder', s);
  }
  withOp(s: string): this {
    return this.set('_op', s);
  }
  withSelf(s: string): this {
    return this.set('_self', s);
  }
  /** `$name` → `s` (the name without `$`). */
  addSubst(name: string, s: string): this {
    return this.set(name, s);
  }
  private set(name: string, s: string): this {
    this.substs.set(name, s);
    return this;
  }
  lookup(name: string): string | undefined {
    return this.substs.get(name);
  }
}

/**
 * Format an ODS code template: `$N` is the N-th positional argument, `$N...` all from N joined
 * with `, `; `$name` a substitution of `ctx`; a `$` not followed by a name is kept.
 */
export function drrFmt(fmt: string, ctx: DrrFmtContext | undefined, args: readonly string[] = []): string {
  let out = '';
  let i = 0;
  while (i < fmt.length) {
    const dollar = fmt.indexOf('$', i);
    if (dollar < 0) {
      out += fmt.slice(i);
      break;
    }
    out += fmt.slice(i, dollar);
    i = dollar;
    let end = i + 1;
    while (end < fmt.length && isDigit(fmt[end]!)) end++;
    if (end !== i + 1) {
      const index = Number(fmt.slice(i + 1, end));
      if (fmt.startsWith('...', end)) {
        const spec = fmt.slice(i, end + 3);
        out += index >= args.length ? spec + NO_SUBST : args.slice(index).join(', ');
        i = end + 3;
        continue;
      }
      out += index >= args.length ? fmt.slice(i, end) + NO_SUBST : args[index]!;
      i = end;
      continue;
    }
    while (end < fmt.length && isIdentChar(fmt[end]!)) end++;
    const spec = fmt.slice(i, end);
    const name = spec.slice(1);
    if (name === '') out += spec;
    else if (!ctx) out += spec + NO_SUBST;
    else {
      const subst = ctx.lookup(name);
      out += subst ?? spec + NO_SUBST;
    }
    i = end;
  }
  return out;
}

/** llvm::raw_ostream::write_escaped (mlir::tblgen::escapeString). */
export function escapeString(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    const c = s.charCodeAt(i);
    if (ch === '\\') out += '\\\\';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\n') out += '\\n';
    else if (ch === '"') out += '\\"';
    else if (c < 0x20 || c >= 0x7f) out += '\\' + ((c >> 6) & 7).toString() + ((c >> 3) & 7).toString() + (c & 7).toString();
    else out += ch;
  }
  return out;
}
