// A thread of the build service (started by service-worker.ts): the CLI and `build`, warm between
// requests, with the include parses of earlier requests shared (share.ts) and the CLI's clean
// runs remembered (cli/run-memo.ts: the other generators of a .td file reuse its parse).
import { serveServiceWorker } from '@ods-ts/ods-engine';
import { shareParsesInProcess } from '@ods-ts/tablegen-core';
import { runBuildCommand } from './build-command.js';
import { memoizeRuns, runCli } from './cli.js';

shareParsesInProcess(true);
memoizeRuns(true);
serveServiceWorker({
  cli: (argv, io) => runCli(argv, io),
  // In this thread: it is warm and holds the shared include parses.
  build: (argv, io) => runBuildCommand(argv, { ...io, inThread: true }),
  // Idle a while: keep the warm code, drop the remembered runs and include parses.
  trim: () => {
    memoizeRuns(false);
    memoizeRuns(true);
    shareParsesInProcess(false);
    shareParsesInProcess(true);
  },
});
