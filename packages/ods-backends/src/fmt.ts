// mlir::tblgen::tgfmt: the `$_self` / `$name` / `$N` placeholder substitution of ODS code
// snippets, with its FmtContext. Shared by every generator; the two historical flavours (the
// ODS generators' and DRR's, which marks unresolved placeholders with `<no-subst-found>` and
// has no `$$` escape) are options of one implementation.

/** Substitutions for tgfmt: the special `$_self`, `$_builder`, `$_op` and custom `$name`s. */
export class FmtContext {
  private readonly substs = new Map<string, string>();

  withSelf(subst: string): this {
    return this.addSubst('_self', subst);
  }
  withBuilder(subst: string): this {
    return this.addSubst('_builder', subst);
  }
  withOp(subst: string): this {
    return this.addSubst('_op', subst);
  }
  /** `$name` → `subst` (name without the `$`; special names like `_self` included). */
  addSubst(name: string, subst: string): this {
    this.substs.set(name, subst);
    return this;
  }

  /** The substitution for the placeholder name (without `$`), if any. */
  lookup(name: string): string | undefined {
    return this.substs.get(name);
  }
}

/** How formatTemplate treats unresolved placeholders and `$$`. */
export interface FmtOptions {
  /** Append `<no-subst-found>` to a `$name`/`$N`/`$N...` that has no value (DRR's output). */
  readonly markMissing: boolean;
  /** `$$` is a literal `$` (tgfmt); when false, each `$` is read on its own. */
  readonly escapeDollar: boolean;
}

/** The "no substitution" marker mlir's formatter appends to an unresolved placeholder. */
const NO_SUBST = '<no-subst-found>';

const TGFMT: FmtOptions = { markMissing: false, escapeDollar: true };
const DRR_FMT: FmtOptions = { markMissing: true, escapeDollar: false };

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isIdentChar = (c: string): boolean => /[A-Za-z0-9_]/.test(c);

/**
 * Format an ODS code template: `$N` is the N-th positional argument (`$N...` all from N, comma
 * separated); `$_self`/`$name` a substitution of `ctx`; a `$` not followed by a name is kept.
 * Unresolved placeholders are printed as written (plus the marker with `markMissing`).
 */
export function formatTemplate(fmt: string, ctx: FmtContext | undefined, args: readonly string[], opts: FmtOptions): string {
  const missing = opts.markMissing ? NO_SUBST : '';
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
    if (opts.escapeDollar && fmt[i + 1] === '$') {
      out += '$';
      i += 2;
      continue;
    }
    let end = i + 1;
    while (end < fmt.length && isDigit(fmt[end]!)) end++;
    if (end !== i + 1) {
      const index = Number(fmt.slice(i + 1, end));
      if (fmt.startsWith('...', end)) {
        const spec = fmt.slice(i, end + 3);
        out += index >= args.length ? spec + missing : args.slice(index).join(', ');
        i = end + 3;
        continue;
      }
      out += index >= args.length ? fmt.slice(i, end) + missing : args[index]!;
      i = end;
      continue;
    }
    while (end < fmt.length && isIdentChar(fmt[end]!)) end++;
    const spec = fmt.slice(i, end);
    if (spec === '$') out += spec;
    else out += ctx?.lookup(spec.slice(1)) ?? spec + missing;
    i = end;
  }
  return out;
}

/** tgfmt as the ODS generators use it: `$$` is `$`, unresolved placeholders are kept as written. */
export function tgfmt(fmt: string, ctx?: FmtContext, ...positional: string[]): string {
  return formatTemplate(fmt, ctx, positional, TGFMT);
}

/**
 * tgfmt exactly as RewriterGen (DRR) sees it: an unresolved placeholder is printed followed by
 * `<no-subst-found>`, and `$$` is not an escape.
 */
export function drrFmt(fmt: string, ctx: FmtContext | undefined, args: readonly string[] = []): string {
  return formatTemplate(fmt, ctx, args, DRR_FMT);
}
