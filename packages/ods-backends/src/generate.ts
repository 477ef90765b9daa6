// Runs a registered generator on a parse for the incremental engine (jobs from ods.json).
import { type GenerateFn, type ParseResult, type OdsJob, activeDiagnostics } from '@ods-ts/tablegen-core';
import { GeneratorOptionError, getGenerator, parseGeneratorOptions } from './registry.js';
import './generators/index.js';

export const generate: GenerateFn = (parse: ParseResult, job: OdsJob): string => {
  const g = getGenerator(job.generator);
  const diags = activeDiagnostics() ?? parse.diagnostics;
  if (!g) return diags.fatal(undefined, `unknown generator '${job.generator}'`);
  let options: Map<string, string | boolean | string[]>;
  try {
    options = parseGeneratorOptions(g, job.args);
  } catch (e) {
    if (e instanceof GeneratorOptionError) return diags.fatal(undefined, `--gen-${job.generator}: ${e.message}`);
    throw e;
  }
  return g.run({ records: parse.records, sources: parse.sources, inputFilename: parse.records.inputFilename, options });
};
