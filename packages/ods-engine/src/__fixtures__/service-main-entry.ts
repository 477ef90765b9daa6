// A build service process for the tests (bundled with esbuild): `node service-main.mjs <dir>
// <buildId> <workerScriptUrl>` runs until stopped or killed.
import { startService } from '../service/server.js';

const [dir, buildId, worker] = process.argv.slice(2);
const handle = await startService({ buildId: buildId!, workerScript: new URL(worker!), dir: dir!, idleMs: 60_000, threads: 2 });
process.stdout.write(handle ? 'listening\n' : 'already\n');
await handle?.done;
