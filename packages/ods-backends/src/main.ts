// The ods-tblgen executable: `ods-tblgen build ...` runs the incremental engine, `daemon ...`
// manages the build service, `lsp --stdio` is the language server; anything else is the
// mlir-tblgen/llvm-tblgen compatible CLI. Exits with the command's code. (The thin client,
// dist/client.js, tries the service first.)
import { runBuildCommand } from './build-command.js';
import { runCli } from './cli.js';
import { exitQuietlyWhenClosed } from './closed-streams.js';
import { runDaemonCommand } from './daemon-command.js';

exitQuietlyWhenClosed();

const io = {
  stdout: (t: string) => void process.stdout.write(Buffer.from(t, 'latin1')),
  stderr: (t: string) => void process.stderr.write(Buffer.from(t, 'latin1')),
};
const argv = process.argv.slice(2);
const sub = argv[0] === 'build' ? runBuildCommand : argv[0] === 'daemon' ? runDaemonCommand : undefined;
if (argv[0] === 'lsp') {
  // The language server (@ods-ts/ods-lsp) is loaded only for this command (a variable
  // specifier: neither tsc nor the bundle follow it).
  const lsp = '@ods-ts/ods-lsp/server';
  (import(lsp) as Promise<{ startServer(argv: readonly string[]): void }>).then(
    (m) => m.startServer(argv.slice(1)),
    (e: unknown) => {
      process.stderr.write(`ods-tblgen lsp: cannot load @ods-ts/ods-lsp: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    },
  );
} else if (sub) {
  sub(argv.slice(1), io).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`ods-tblgen ${argv[0]}: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    },
  );
} else {
  process.exitCode = runCli(argv, io);
}
