// Paired outputs: a declarations generator that, when the definitions generator of the same
// classes runs later on its parse (GeneratorContext.group), writes both outputs in one pass.
//
// op-decls/op-defs, attrdef-decls/attrdef-defs and typedef-decls/typedef-defs build the same C++
// classes, each for the half it prints; building them is most of either generator's work. When
// the second job of a pair follows on the same parse with the same values of the options that
// shape the classes, the first builds each class once, writes its own text and the second's,
// and leaves the second's finished text in the group's memo; the second takes it instead of
// generating. Each class is dropped once both texts of it are written (they die young).
//
// The pass runs as a trial (DiagnosticEngine.trial): when it reports anything, an error or a
// warning of either output, its work is dropped and each generator runs alone, so that each
// output reports exactly what it reports when run alone.
import { activeDiagnostics } from '@ods-ts/tablegen-core';
import type { GeneratorContext } from '../registry.js';

/** The memo key of `generator`'s text for these option values. */
function memoKey(generator: string, options: GeneratorContext['options'], optionNames: readonly string[]): string {
  return `${generator}\0${JSON.stringify(optionNames.map((n) => options.get(n) ?? null))}`;
}

/**
 * Whether a job of `generator` follows on this parse with the same values of `optionNames` (the
 * options of both generators that shape the shared classes).
 */
export function pairedJobFollows(ctx: GeneratorContext, generator: string, optionNames: readonly string[]): boolean {
  const group = ctx.group;
  if (!group) return false;
  const key = memoKey(generator, ctx.options, optionNames);
  return group.later.some((j) => j.generator === generator && memoKey(generator, j.options, optionNames) === key);
}

/**
 * Run `pass`, which writes this generator's text and `generator`'s, as a trial: keep
 * `generator`'s text for it and return this one's, or undefined when the pass reported anything
 * (the caller then generates alone).
 */
export function runPairedPass(
  ctx: GeneratorContext,
  generator: string,
  optionNames: readonly string[],
  pass: () => { readonly own: string; readonly paired: string },
): string | undefined {
  const out = activeDiagnostics()?.trial(pass);
  if (!out || !ctx.group) return undefined;
  ctx.group.memo.set(memoKey(generator, ctx.options, optionNames), out.paired);
  return out.own;
}

/** The text the first of the pair left for `generator` (this job's) on this parse, if any. */
export function takePairedText(ctx: GeneratorContext, generator: string, optionNames: readonly string[]): string | undefined {
  const group = ctx.group;
  if (!group) return undefined;
  const key = memoKey(generator, ctx.options, optionNames);
  const text = group.memo.get(key);
  group.memo.delete(key);
  return typeof text === 'string' ? text : undefined;
}
