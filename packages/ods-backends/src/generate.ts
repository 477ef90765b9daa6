// Runs a registered generator on a parse for the incremental engine (jobs from ods.json). A job's
// `args` are parsed exactly like the CLI's generator options (`--dialect=x`, `--dialect x`, ...).
import { type ParseResult, activeDiagnostics } from '@ods-ts/tablegen-core';
import { type GenerateFn, type JobGroup, LruMap, type OdsJob } from '@ods-ts/ods-engine';
import { parseCommandLine } from './cli/options.js';
import type { GeneratorOptionValue } from './cli/options.js';
import { type GeneratorGroup, getGenerator } from './registry.js';
import { deprecatedActionOf, warnOfDeprecatedUses } from './ods/deprecated-uses.js';
import { VERSION } from './version.js';
import './generators/index.js';

/** A job's parsed generator options, or the parser's error text. */
type ParsedJobArgs = { readonly ok: true; readonly options: ReadonlyMap<string, GeneratorOptionValue> } | { readonly ok: false; readonly errors: string };

/**
 * Parsed args by generator and args: the options do not depend on the input file. Bounded (a
 * build service meets the `-dialect=` of every dialect of every repository it builds).
 */
export const MAX_PARSED_ARGS = 1_024;
const parsedArgs = new LruMap<string, ParsedJobArgs>(MAX_PARSED_ARGS);

/** Job args parsed and remembered (for tests). */
export function parsedArgsCount(): number {
  return parsedArgs.size;
}

function parseJobArgs(generator: string, args: readonly string[], input: string): ParsedJobArgs {
  let errors = '';
  const cl = parseCommandLine([`--gen-${generator}`, ...args, input], { stdout: () => {}, stderr: (t) => (errors += t) }, VERSION);
  return cl.kind === 'run' ? { ok: true, options: cl.args.generatorOptions } : { ok: false, errors };
}

function jobArgs(job: OdsJob): ParsedJobArgs {
  // An input that looks like an option is parsed as one: no caching then.
  if (job.input.startsWith('-')) return parseJobArgs(job.generator, job.args, job.input);
  const key = JSON.stringify([job.generator, ...job.args]);
  let parsed = parsedArgs.get(key);
  if (parsed === undefined) {
    parsed = parseJobArgs(job.generator, job.args, 'input.td');
    parsedArgs.set(key, parsed);
  }
  return parsed;
}

/** The generator's view of the job's group: the later jobs whose args parse. */
function generatorGroup(group: JobGroup): GeneratorGroup {
  const later: GeneratorGroup['later'][number][] = [];
  for (let i = group.at + 1; i < group.jobs.length; i++) {
    const j = group.jobs[i]!;
    const parsed = jobArgs(j);
    if (parsed.ok) later.push({ generator: j.generator, options: parsed.options });
  }
  return { later, memo: group.memo };
}

export const generate: GenerateFn = (parse: ParseResult, job: OdsJob, group?: JobGroup): string => {
  const diags = activeDiagnostics() ?? parse.diagnostics;
  const g = getGenerator(job.generator);
  if (!g) return diags.fatal(undefined, `unknown generator '${job.generator}'`);
  const parsed = jobArgs(job);
  if (!parsed.ok) return diags.fatal(undefined, `--gen-${job.generator}: invalid args ${JSON.stringify(job.args)}: ${parsed.errors.trim()}`);
  // Like the CLI (mlir-tblgen), each job warns of uses of deprecated defs first.
  warnOfDeprecatedUses(parse.records, deprecatedActionOf(parsed.options));
  return g.run({
    records: parse.records,
    sources: parse.sources,
    inputFilename: parse.records.inputFilename,
    options: parsed.options,
    ...(group ? { group: generatorGroup(group) } : {}),
  });
};
