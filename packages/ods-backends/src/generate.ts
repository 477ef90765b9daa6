// Runs a registered generator on a parse for the incremental engine (jobs from ods.json). A job's
// `args` are parsed exactly like the CLI's generator options (`--dialect=x`, `--dialect x`, ...).
import { type GenerateFn, type ParseResult, type OdsJob, activeDiagnostics } from '@ods-ts/tablegen-core';
import { parseCommandLine } from './cli/options.js';
import { getGenerator } from './registry.js';
import { VERSION } from './version.js';
import './generators/index.js';

export const generate: GenerateFn = (parse: ParseResult, job: OdsJob): string => {
  const diags = activeDiagnostics() ?? parse.diagnostics;
  const g = getGenerator(job.generator);
  if (!g) return diags.fatal(undefined, `unknown generator '${job.generator}'`);
  let errors = '';
  const cl = parseCommandLine([`--gen-${job.generator}`, ...job.args, job.input], { stdout: () => {}, stderr: (t) => (errors += t) }, VERSION);
  if (cl.kind !== 'run') return diags.fatal(undefined, `--gen-${job.generator}: invalid args ${JSON.stringify(job.args)}: ${errors.trim()}`);
  return g.run({
    records: parse.records,
    sources: parse.sources,
    inputFilename: parse.records.inputFilename,
    options: cl.args.generatorOptions,
  });
};
