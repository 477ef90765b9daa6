// The implementation module of `run.mjs --persisted`: every case runs in-process with include
// parses kept on disk (ods-backends' parse-cache-file.ts, as the CLI alone runs without the build
// service): the first case of an input saves its includes, every later case of that input
// restores them from the bytes. Checks that a restored parse gives the same outputs.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import * as backends from '@ods-ts/ods-backends';

export { listGenerators } from '@ods-ts/ods-backends';

// No size limit: the run's folder is removed at its end, and cases of one input are not run
// one after another (the largest go first).
backends.persistParses(readFileSync(new URL('build-id.txt', import.meta.resolve('@ods-ts/ods-backends')), 'utf8').trim(), { maxTotalBytes: Infinity });

export function runCli(argv, io) {
  try {
    return backends.runCli(argv, io);
  } finally {
    backends.flushPersistedParses();
    // What the caches did on this thread, for run.mjs's summary.
    writeFileSync(join(process.env.ODS_DAEMON_DIR, `counts-${threadId}.json`), JSON.stringify(backends.persistedParseCounts));
  }
}

