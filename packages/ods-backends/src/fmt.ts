// mlir::tblgen::tgfmt: the `$_self` / `$name` / `$N` placeholder substitution of ODS code
// snippets, with its FmtContext. Shared by every generator; both flavours (the ODS generators'
// and DRR's, which has no `$$` escape) mark unresolved placeholders with `<no-subst-found>`, and
// are options of one implementation.

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

const TGFMT: FmtOptions = { markMissing: true, escapeDollar: true };
const DRR_FMT: FmtOptions = { markMissing: true, escapeDollar: false };

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
/** [A-Za-z0-9_] */
/** A run of identifier characters, matched from a position (one regex call, not one per character). */
const IDENT_RUN = /[A-Za-z0-9_]*/y;

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
    if (opts.escapeDollar && fmt.charCodeAt(i + 1) === 36) {
      out += '$';
      i += 2;
      continue;
    }
    let end = i + 1;
    while (end < fmt.length && isDigit(fmt.charCodeAt(end))) end++;
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
    IDENT_RUN.lastIndex = end;
    IDENT_RUN.test(fmt);
    end = IDENT_RUN.lastIndex;
    if (end === i + 1) out += '$';
    else out += ctx?.lookup(fmt.slice(i + 1, end)) ?? fmt.slice(i, end) + missing;
    i = end;
  }
  return out;
}

/** tgfmt as the ODS generators use it: `$$` is `$`; an unresolved placeholder is marked `<no-subst-found>`. */
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

/**
 * A template split at its `{N}` placeholders: literal text at even indices, argument indices at
 * odd ones (the generators fill the same few fixed templates many times per op).
 */
type IndexedParts = readonly (string | number)[];

/** Split templates, by template, for singleDigit false and true. */
const indexedParts = [new Map<string, IndexedParts>(), new Map<string, IndexedParts>()] as const;
/** Templates are the generators' constants: a bound only guards against callers that build them. */
const MAX_CACHED_TEMPLATES = 1024;

function splitIndexed(template: string, singleDigit: boolean): IndexedParts {
  const parts: (string | number)[] = [];
  let from = 0;
  let i = template.indexOf('{');
  while (i >= 0) {
    let end = i + 1;
    while (end < template.length && isDigit(template.charCodeAt(end))) end++;
    const digits = end - i - 1;
    if (digits > 0 && (!singleDigit || digits === 1) && template.charCodeAt(end) === 125) {
      parts.push(template.slice(from, i), Number(template.slice(i + 1, end)));
      from = end + 1;
      i = template.indexOf('{', from);
    } else {
      i = template.indexOf('{', i + 1);
    }
  }
  parts.push(from === 0 ? template : template.slice(from));
  return parts;
}

/**
 * The `{N}` substitution of the generators' fixed code templates: `{N}` (decimal digits, a single
 * one with `singleDigit`) becomes `String(args[N])`, or '' when there is no such argument.
 */
export function formatIndexed(template: string, args: readonly (string | number)[], singleDigit: boolean): string {
  const cache = indexedParts[singleDigit ? 1 : 0];
  let parts = cache.get(template);
  if (parts === undefined) {
    parts = splitIndexed(template, singleDigit);
    if (cache.size < MAX_CACHED_TEMPLATES) cache.set(template, parts);
  }
  if (parts.length === 1) return template;
  let out = parts[0] as string;
  for (let i = 1; i < parts.length; i += 2) {
    const arg = args[parts[i] as number];
    out += (arg === undefined ? '' : String(arg)) + (parts[i + 1] as string);
  }
  return out;
}
