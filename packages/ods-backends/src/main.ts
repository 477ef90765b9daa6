// The ods-tblgen executable: `ods-tblgen build ...` runs the incremental engine; anything else is
// the mlir-tblgen/llvm-tblgen compatible CLI; `ods-tblgen lsp --stdio` is the language server.
// Exits with the command's code.
import { runBuildCommand } from './build-command.js';
import { runCli } from './cli.js';

const io = {
  stdout: (t: string) => void process.stdout.write(Buffer.from(t, 'latin1')),
  stderr: (t: string) => void process.stderr.write(Buffer.from(t, 'latin1')),
};
const argv = process.argv.slice(2);
if (argv[0] === 'build') {
  runBuildCommand(argv.slice(1), io).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`ods-tblgen build: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    },
  );
} else if (argv[0] === 'lsp') {
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
} else {
  process.exitCode = runCli(argv, io);
}
