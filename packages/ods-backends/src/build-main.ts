// `ods-tblgen build` without --watch (dist/build-cli.cjs, CommonJS): what the executable runs
// in-process for a build when no build service answers, with a code cache (compile-cache.ts).
// Watch mode loads chokidar with import() and runs the ES module bundle instead.
import { exitQuietlyWhenClosed } from './closed-streams.js';
import { runBuildCommand } from './build-command.js';

exitQuietlyWhenClosed();

const io = {
  stdout: (t: string) => void process.stdout.write(Buffer.from(t, 'latin1')),
  stderr: (t: string) => void process.stderr.write(Buffer.from(t, 'latin1')),
};
runBuildCommand(process.argv.slice(3), io).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`ods-tblgen build: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
