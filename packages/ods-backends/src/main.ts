// The ods-tblgen executable: `ods-tblgen build ...` runs the incremental engine; anything else is
// the mlir-tblgen/llvm-tblgen compatible CLI. Exits with the command's code.
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
} else {
  process.exitCode = runCli(argv, io);
}
