// The CLI alone (dist/cli.cjs, CommonJS): what the executable runs in-process for every command
// but `build`, `daemon` and `lsp` when no build service answers. It holds only the language and
// the generators (no engine, watcher or service), and runs with a code cache (compile-cache.ts).
import { exitQuietlyWhenClosed } from './closed-streams.js';
import { runCli } from './cli.js';
import { persistParses } from './parse-cache-file.js';
import { readFileSync } from 'node:fs';

exitQuietlyWhenClosed();

// Include parses on disk, named by this tool build (build.mjs writes its id beside the bundle).
try {
  persistParses(readFileSync(new URL('./build-id.txt', import.meta.url), 'utf8').trim(), { interpreted: true });
} catch {
  // Not built by build.mjs (tests): no persisted parses.
}

const io = {
  stdout: (t: string) => void process.stdout.write(Buffer.from(t, 'latin1')),
  stderr: (t: string) => void process.stderr.write(Buffer.from(t, 'latin1')),
};
process.exitCode = runCli(process.argv.slice(2), io);
