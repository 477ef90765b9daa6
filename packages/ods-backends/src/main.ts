// The ods-tblgen executable: runs the CLI on process.argv and exits with its code.
import { runCli } from './cli.js';

const code = runCli(process.argv.slice(2), {
  stdout: (t) => process.stdout.write(Buffer.from(t, 'latin1')),
  stderr: (t) => process.stderr.write(Buffer.from(t, 'latin1')),
});
process.exitCode = code;
