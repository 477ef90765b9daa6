// A command-line parser with the semantics of llvm::cl (llvm/lib/Support/CommandLine.cpp), so that
// ods-tblgen accepts exactly what llvm-tblgen/mlir-tblgen accept and reports the same errors:
//
// - `-name`, `--name`, `-name=value`, `--name value` for every option (one or two dashes);
// - one-letter options are "grouping" (`-o`, `-d`, `-I`, `-D`, `-h`): `-ofile` is an error
//   ("may not occur within a group!") unless the option is a prefix option (`-Idir`, `-DNAME`);
// - `--` ends option processing, `-` is a positional argument;
// - literal options (`--print-records`, `--gen-op-decls`) select one value of an enum-like option;
//   like any cl::opt, a later occurrence replaces an earlier one;
// - every error is printed and parsing goes on; the caller exits with 1 afterwards;
// - `--help` and `--version` act (print and exit 0) as soon as they are reached.

import type { NearestEntry } from './cl-option-order.js';

/** Whether an option takes a value (cl::ValueExpected). */
export type ValueExpected = 'required' | 'optional' | 'disallowed';

/** One named value of a literal group or of an enum option (cl::values). */
export interface ClLiteral {
  readonly name: string;
  readonly desc: string;
}

/** Thrown by an option handler to stop parsing and exit (--help, --version). */
export class ClExit {
  constructor(readonly code: number) {}
}

export interface ClOption {
  /** The option name without dashes (cl's ArgStr); '' for a group of literal options. */
  readonly name: string;
  /** Help text (cl::desc); for a literal group, its heading ("Action to perform:"). */
  readonly desc: string;
  readonly category: string;
  readonly hidden?: 'hidden' | 'really';
  readonly valueExpected: ValueExpected;
  /** cl::Prefix: `-Ivalue` is `-I value` (and `-I=value` too). */
  readonly prefix?: boolean;
  /** The value name printed by --help (`<directory>`), '' when the option shows none (flags). */
  readonly valueName: string;
  /** Literal options of a group (name ''), or the allowed values of an enum option. */
  readonly literals?: readonly ClLiteral[];
  /** cl::CommaSeparated: `--x=a,b` is two occurrences. */
  readonly commaSeparated?: boolean;
  /**
   * Handle one occurrence. `argName` is the name as written (a literal's name for groups),
   * `value` undefined when none was given. Returns an error message (without the
   * "prog: for the --x option: " prefix) or undefined.
   */
  occur(argName: string, value: string | undefined): string | undefined;
}

/** The result of parsing: positional arguments, and whether any error was reported. */
export interface ClParseResult {
  readonly positionals: string[];
  readonly errors: boolean;
}

/** `-x` for one-letter names, `--name` otherwise (cl's PrintArg with no padding). */
export function printArg(name: string): string {
  return (name.length === 1 ? '-' : '--') + name;
}

/** llvm::StringRef::edit_distance with replacements allowed and no upper bound. */
export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    for (let j = 1; j <= n; j++) {
      const subst = prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      cur.push(Math.min(subst, prev[j]! + 1, cur[j - 1]! + 1));
    }
    prev = cur;
  }
  return prev[n]!;
}

export class ClParser {
  /** Options in registration order (the order used for suggestions and equal sort keys). */
  readonly options: ClOption[] = [];
  /** Name -> option; literal names map to their group. */
  readonly map = new Map<string, ClOption>();
  /**
   * The options "Did you mean" visits, in the order of the reference tool the command line is
   * for (./cl-option-order.ts); unset: this parser's options in registration order.
   */
  nearestOrder: readonly NearestEntry[] | undefined;

  constructor(
    /** The program name used in messages (cl's ProgramName and argv[0]). */
    readonly prog: string,
    /** The positional argument's help text, e.g. `<input file>`. */
    readonly positionalHelp: string,
  ) {}

  add(o: ClOption): void {
    this.options.push(o);
    if (o.name !== '') this.map.set(o.name, o);
    else for (const l of o.literals ?? []) if (!this.map.has(l.name)) this.map.set(l.name, o);
  }

  /** Parse `argv` (without the program name), reporting errors to `err`. May throw ClExit. */
  parse(argv: readonly string[], err: (text: string) => void): ClParseResult {
    const positionals: string[] = [];
    let errors = false;
    let dashDash = false;
    for (let i = 0; i < argv.length; i++) {
      const arg = argv[i]!;
      if (!arg.startsWith('-') || arg === '-' || dashDash) {
        positionals.push(arg);
        continue;
      }
      if (arg === '--') {
        dashDash = true;
        continue;
      }
      let argName = arg.slice(1);
      if (argName.startsWith('-')) argName = argName.slice(1);
      let found = this.lookup(argName);
      if (!found) {
        const pg = this.prefixedOrGrouped(argName, err);
        if (pg.error) errors = true;
        found = pg.found;
        // cl's HandlePrefixedOrGroupedOption shortens the name it was given as it walks a group:
        // the suggestion below is for what is left of it.
        argName = pg.rest;
      }
      if (!found) {
        err(`${this.prog}: Unknown command line argument '${arg}'.  Try: '${this.prog} --help'\n`);
        const near = this.nearest(argName);
        if (near !== undefined) err(`${this.prog}: Did you mean '${printArg(near)}'?\n`);
        errors = true;
        continue;
      }
      const r = this.provide(found.opt, found.argName, found.value, argv, i, err);
      i = r.i;
      if (r.error) errors = true;
    }
    if (positionals.length > 1) {
      err(
        `${this.prog}: Too many positional arguments specified!\n` +
          `Can specify at most 1 positional arguments: See: ${this.prog} --help\n`,
      );
      errors = true;
    }
    return { positionals, errors };
  }

  /** cl's Option::error. */
  private optError(o: ClOption, message: string, argName?: string): string {
    const name = argName ?? o.name;
    return `${name === '' ? o.desc : `${this.prog}: for the ${printArg(name)}`} option: ${message}\n`;
  }

  /** CommandLineParser::LookupOption: `name` or `name=value`. */
  private lookup(arg: string): { opt: ClOption; argName: string; value: string | undefined } | undefined {
    if (arg === '') return undefined;
    const eq = arg.indexOf('=');
    if (eq < 0) {
      const opt = this.map.get(arg);
      return opt && { opt, argName: arg, value: undefined };
    }
    const name = arg.slice(0, eq);
    const opt = this.map.get(name);
    return opt && { opt, argName: name, value: arg.slice(eq + 1) };
  }

  /** getOptionPred: the longest prefix of `name` naming an option that satisfies `pred`. */
  private optionPred(name: string, pred: (o: ClOption) => boolean): { opt: ClOption; length: number } | undefined {
    let n = name;
    let opt = this.map.get(n);
    if (opt && !pred(opt)) opt = undefined;
    while (!opt && n.length > 1) {
      n = n.slice(0, -1);
      opt = this.map.get(n);
      if (opt && !pred(opt)) opt = undefined;
    }
    return opt && { opt, length: n.length };
  }

  /** HandlePrefixedOrGroupedOption: `-Idir`, or a group of one-letter flags. */
  private prefixedOrGrouped(
    argIn: string,
    err: (text: string) => void,
  ): { found?: { opt: ClOption; argName: string; value: string | undefined }; error: boolean; rest: string } {
    if (argIn.length === 1) return { error: false, rest: argIn };
    const isGrouping = (o: ClOption) => o.name.length === 1;
    let arg = argIn;
    let error = false;
    let pg = this.optionPred(arg, (o) => isGrouping(o) || !!o.prefix);
    while (pg) {
      const maybeValue = pg.length < arg.length ? arg.slice(pg.length) : undefined;
      const name = arg.slice(0, pg.length);
      if (maybeValue === undefined || (pg.opt.prefix && maybeValue[0] !== '=')) {
        return { found: { opt: pg.opt, argName: name, value: maybeValue }, error, rest: name };
      }
      if (maybeValue[0] === '=') return { found: { opt: pg.opt, argName: name, value: maybeValue.slice(1) }, error, rest: name };
      // A group of one-letter options: each must be a flag.
      if (pg.opt.valueExpected === 'required') {
        err(this.optError(pg.opt, 'may not occur within a group!'));
        return { error: true, rest: name };
      }
      const r = this.provide(pg.opt, name, undefined, [], 0, err);
      if (r.error) error = true;
      arg = maybeValue;
      pg = this.optionPred(arg, isGrouping);
    }
    return { error, rest: arg };
  }

  /** ProvideOption: check the value requirement, then record the occurrence(s). */
  private provide(
    o: ClOption,
    argName: string,
    valueIn: string | undefined,
    argv: readonly string[],
    iIn: number,
    err: (text: string) => void,
  ): { i: number; error: boolean } {
    let i = iIn;
    let value = valueIn;
    if (o.valueExpected === 'required' && value === undefined) {
      if (i + 1 >= argv.length) {
        err(this.optError(o, 'requires a value!'));
        return { i, error: true };
      }
      value = argv[++i]!;
    } else if (o.valueExpected === 'disallowed' && value !== undefined) {
      err(this.optError(o, `does not allow a value! '${value}' specified.`));
      return { i, error: true };
    }
    const values = o.commaSeparated && value !== undefined ? value.split(',') : [value];
    for (const v of values) {
      const msg = o.occur(argName, v);
      if (msg !== undefined) {
        err(this.optError(o, msg, o.name === '' ? '' : argName));
        return { i, error: true };
      }
    }
    return { i, error: false };
  }

  /**
   * LookupNearestOption: the closest option name (with `=value` kept when it takes one); of names
   * at the same distance, the first visited wins.
   */
  nearest(arg: string): string | undefined {
    if (arg === '') return undefined;
    const eq = arg.indexOf('=');
    const lhs = eq < 0 ? arg : arg.slice(0, eq);
    const rhs = eq < 0 ? '' : arg.slice(eq + 1);
    let best: string | undefined;
    let bestDistance = 0;
    for (const o of this.nearestOrder ?? this.registered()) {
      const flag = o.permitValue ? lhs : arg;
      for (const name of o.names) {
        const d = editDistance(name, flag);
        if (best === undefined || d < bestDistance) {
          bestDistance = d;
          best = rhs === '' || !o.permitValue ? name : `${name}=${rhs}`;
        }
      }
    }
    return best;
  }

  /** This parser's options as "Did you mean" entries, in registration order. */
  private registered(): NearestEntry[] {
    return this.options
      .filter((o) => o.hidden !== 'really')
      .map((o) => ({ names: o.name === '' ? (o.literals ?? []).map((l) => l.name) : [o.name], permitValue: o.valueExpected !== 'disallowed' }));
  }

  /** The text of --help (categorized), --help-hidden, --help-list or --help-list-hidden. */
  helpText(opts: { hidden: boolean; categorized: boolean; overview?: string }): string {
    const visible = (o: ClOption) => o.hidden !== 'really' && (opts.hidden || o.hidden !== 'hidden');
    // cl sorts the options by their map key (strcmp); a literal group sorts by a literal's name.
    const keyed = this.options
      .filter(visible)
      .map((o) => ({ o, key: o.name !== '' ? o.name : [...(o.literals ?? []).map((l) => l.name)].sort(cmp)[0] ?? '' }))
      .filter((k) => k.o.name !== '' || (k.o.literals ?? []).length > 0);
    keyed.sort((a, b) => cmp(a.key, b.key));
    const width = Math.max(0, ...keyed.map((k) => optionWidth(k.o)));
    let out = '';
    if (opts.overview) out += `OVERVIEW: ${opts.overview}\n`;
    out += `USAGE: ${this.prog} [options] ${this.positionalHelp}\n\nOPTIONS:\n`;
    if (!opts.categorized) {
      for (const k of keyed) out += optionInfo(k.o, width);
      return out;
    }
    const categories = [...new Set(this.options.map((o) => o.category))].sort(cmp);
    for (const cat of categories) {
      const inCat = keyed.filter((k) => k.o.category === cat);
      if (inCat.length === 0 && !opts.hidden) continue;
      out += `\n${cat}:\n\n`;
      if (inCat.length === 0) {
        out += '  This option category has no options.\n';
        continue;
      }
      for (const k of inCat) out += optionInfo(k.o, width);
    }
    return out;
  }
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** argPlusPrefixesSize: the width of `  --name - `. */
function argWidth(name: string): number {
  return name.length === 1 ? name.length + 2 + 1 + 3 : name.length + 2 + 2 + 3;
}

function optionWidth(o: ClOption): number {
  if (o.name === '') return Math.max(0, ...(o.literals ?? []).map((l) => l.name.length + 8));
  if (o.literals) {
    let size = argWidth(o.name) + '=<value>'.length;
    for (const l of o.literals) size = Math.max(size, l.name.length + '    ='.length + 3);
    return size;
  }
  return argWidth(o.name) + (o.valueName ? o.valueName.length + 3 : 0);
}

/** Option::printHelpStr: pad to the global width, then ` - help`. */
function helpStr(help: string, indent: number, firstLineIndentedBy: number): string {
  const lines = help.split('\n');
  let out = ' '.repeat(Math.max(0, indent - firstLineIndentedBy)) + ' - ' + lines[0] + '\n';
  for (const l of lines.slice(1)) out += ' '.repeat(indent) + l + '\n';
  return out;
}

function optionInfo(o: ClOption, width: number): string {
  if (o.name === '') {
    let out = o.desc ? `  ${o.desc}\n` : '';
    for (const l of o.literals ?? []) out += `    ${'  ' + printArg(l.name)}` + helpStr(l.desc, width, l.name.length + 8);
    return out;
  }
  const head = `  ${printArg(o.name)}`;
  if (o.literals) {
    let out = `${head}=<value>` + helpStr(o.desc, width, '=<value>'.length + argWidth(o.name));
    for (const l of o.literals) {
      const first = l.name.length + '    ='.length + 3;
      out += `    =${l.name}` + ' '.repeat(Math.max(0, width - first)) + ' -   ' + l.desc + '\n';
    }
    return out;
  }
  let value = '';
  if (o.valueName) {
    value =
      o.valueExpected === 'optional'
        ? `[=<${o.valueName}>]`
        : `${o.name.length === 1 ? ' <' : '=<'}${o.valueName}>`;
  }
  return head + value + helpStr(o.desc, width, optionWidth(o));
}
