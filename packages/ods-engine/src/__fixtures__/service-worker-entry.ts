// Thread entry of the build service's tests (bundled with esbuild by the tests): small commands
// that show what a request sees (argv, environment, cwd, stdin) and how it may end.
import { threadId } from 'node:worker_threads';
import { serveServiceWorker } from '../service/worker.js';

let trims = 0;

serveServiceWorker({
  trim: () => void trims++,
  cli: (argv, io) => {
    const [cmd, ...rest] = argv;
    switch (cmd) {
      case 'echo':
        io.stdout(rest.join(' '));
        return 0;
      case 'env':
        io.stdout(process.env[rest[0]!] ?? '<unset>');
        return 0;
      case 'cwd':
        io.stdout(io.cwd);
        return 0;
      case 'thread':
        io.stdout(String(threadId));
        return 0;
      case 'trims':
        io.stdout(String(trims));
        return 0;
      case 'stdin':
        io.stdout(`[${io.stdin()}]`);
        return 0;
      case 'sleep':
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(rest[0]));
        io.stdout(`slept ${rest[1] ?? ''}`);
        return 0;
      case 'mixed':
        io.stdout('a');
        io.stderr('b');
        io.stdout('c');
        return 3;
      case 'exit':
        process.exit(1);
      default:
        io.stderr(`unknown ${cmd}`);
        return 1;
    }
  },
  build: async (argv, io) => {
    await new Promise((r) => setTimeout(r, 1));
    io.stdout(`build ${argv.join(' ')}`);
    return 0;
  },
});
