// A tiny generator for the engine's tests: `defs-of` prints only the defs deriving from the class
// named by its argument (`--class=X`), so edits elsewhere leave its output byte-identical.
// `explode` throws a non-diagnostic error; `crash` kills the worker thread; `warn` reports a warning and succeeds; `fail` reports
// an error.
import { isMainThread } from 'node:worker_threads';
import { printRecord } from '@ods-ts/tablegen-core';
import type { GenerateFn } from '../run-group.js';

export const testGenerate: GenerateFn = (parse, job) => {
  switch (job.generator) {
    case 'defs-of': {
      const cls = (job.args.find((a) => a.startsWith('--class=')) ?? '--class=X').slice('--class='.length);
      return parse.records
        .getAllDerivedDefinitions(cls)
        .map((d) => `def ${printRecord(d)}`)
        .join('');
    }
    case 'explode':
      throw new Error('boom');
    case 'crash':
      // Kills a worker thread (never the main thread: there it is a plain error).
      if (!isMainThread) process.exit(3);
      throw new Error('crash outside a worker');
    case 'warn':
      parse.diagnostics.warning(undefined, 'just a warning');
      return 'warned\n';
    case 'fail':
      return parse.diagnostics.fatal(undefined, 'this generator always fails');
    default:
      return parse.diagnostics.fatal(undefined, `unknown generator '${job.generator}'`);
  }
};
