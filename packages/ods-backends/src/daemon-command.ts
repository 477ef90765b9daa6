// `ods-tblgen daemon start|stop|status|serve|snapshot`: the build service of this tool build
// (see @ods-ts/ods-engine's service), and the startup snapshot that builds without it start from
// (startup-snapshot.ts). `serve` runs the service in the foreground; the CLI starts it detached
// on first use, and starts `snapshot` in the background when builds without the service need a
// new snapshot.
import { availableParallelism } from 'node:os';
import { askService, serviceDir, startAndAwaitService, startService, type ServiceStatus } from '@ods-ts/ods-engine';
import { fileURLToPath } from 'node:url';
import { serviceTarget } from './service-target.js';
import { buildSnapshot, describeSnapshot, snapshotPaths, snapshotsEnabled } from './startup-snapshot.js';

interface Out {
  stdout(text: string): void;
  stderr(text: string): void;
}

const HELP = `USAGE: ods-tblgen daemon start|stop|status|serve|snapshot

The build service: one background process per user and ods-tblgen build that keeps warm threads
(JIT-compiled code, shared include parses) for every ods-tblgen call. The CLI starts it on first
use and it exits after ODS_DAEMON_IDLE seconds without a request (default 900).
ODS_DAEMON=false never uses it (the default when CI is set); ODS_DAEMON=true always does.
Its socket lives in a folder only you can open: $ODS_DAEMON_DIR, else
$XDG_RUNTIME_DIR/ods-tblgen-<uid>, else <tmp>/ods-tblgen-<uid>.

Builds without the service start from a startup snapshot kept in the same folder: the
compiled code and the include parses of recent builds, each restored only after its files
are read again and found unchanged. \`snapshot\` makes it now from the builds noted;
ods-tblgen does so in the background when one is due. ODS_SNAPSHOT=false turns snapshots off.
`;

/**
 * Idle time after which the threads drop the include parses and runs they keep (their warm code
 * stays until the service exits): ~200 MB of the ~490 MB a service holds after MLIR's 91 dialect
 * files. Five minutes, not less: the pauses of an edit-build loop are longer than a minute, and
 * a batch that meets dropped parses takes a third longer (the 91 files through two warm threads,
 * 5.2 s with the parses kept, 7.8 s without).
 */
const TRIM_AFTER_MS = 300_000;

/** Idle time before the service exits, from ODS_DAEMON_IDLE (seconds). */
function idleMs(): number {
  const s = Number(process.env['ODS_DAEMON_IDLE']);
  return Number.isFinite(s) && s > 0 ? s * 1000 : 900_000;
}

function describe(s: ServiceStatus): string {
  const sec = (ms: number) => `${Math.round(ms / 1000)} s`;
  let caches: string;
  if (s.trimmed) caches = `include parses and runs dropped (idle ${sec(s.idleMs)})`;
  else if (s.trimAfterMs === undefined) caches = 'include parses and runs kept';
  else caches = `include parses and runs kept, dropped after ${sec(s.trimAfterMs)} idle${s.idleMs >= 1000 ? ` (idle ${sec(s.idleMs)})` : ''}`;
  const replaced =
    s.threadsReplaced > 0 ? `  ${s.threadsReplaced} thread${s.threadsReplaced === 1 ? '' : 's'} replaced (heap past ${s.maxThreadHeapMb} MB)\n` : '';
  return (
    `ods-tblgen daemon: running (pid ${s.pid}, build ${s.build.slice(0, 16)})\n` +
    `  socket: ${s.socket}\n  up ${sec(s.uptimeMs)}, ${s.served} requests served, ` +
    `${s.workers} warm threads, ${s.rssMb} MB; exits after ${sec(s.idleExitMs)} idle\n` +
    `  ${caches}\n` +
    replaced
  );
}

async function waitFor<T>(probe: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
  const end = Date.now() + ms;
  let v = await probe();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    v = await probe();
  }
  return v;
}

export async function runDaemonCommand(argv: readonly string[], io: Out): Promise<number> {
  const target = serviceTarget(import.meta.url);
  if (!target) {
    io.stderr('ods-tblgen daemon: this build has no build id (run `npm run build`)\n');
    return 1;
  }
  const status = () => askService(target, 'status');
  switch (argv[0]) {
    case 'serve': {
      const handle = await startService({
        buildId: target.buildId,
        workerScript: new URL('./service-worker.js', import.meta.url),
        dir: serviceDir(),
        idleMs: idleMs(),
        threads: availableParallelism(),
        maxThreadHeapMb: 1024,
        trimAfterMs: Math.min(TRIM_AFTER_MS, idleMs()),
      });
      if (!handle) return 0; // another service of this build already listens
      const stop = () => void handle.stop();
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
      await handle.done;
      return 0;
    }
    case 'start': {
      const s = await startAndAwaitService({ ...target, env: process.env }, 10_000);
      if (!s) {
        io.stderr('ods-tblgen daemon: the service did not start\n');
        return 1;
      }
      io.stdout(describe(s));
      return 0;
    }
    case 'stop': {
      const r = await askService(target, 'stop');
      if (!r) {
        io.stdout('ods-tblgen daemon: not running\n');
        return 0;
      }
      await waitFor(status, (v) => v === undefined, 10_000);
      io.stdout('ods-tblgen daemon: stopped\n');
      return 0;
    }
    case 'status': {
      const s = await status();
      const snapshot = snapshotsEnabled() ? snapshotPaths(target.buildId) : undefined;
      const extra = snapshot ? describeSnapshot(snapshot) : '';
      if (!s || s === 'bye') {
        io.stdout(`ods-tblgen daemon: not running\n${extra}`);
        return 3;
      }
      io.stdout(describe(s) + extra);
      return 0;
    }
    case 'snapshot': {
      const paths = snapshotsEnabled() ? snapshotPaths(target.buildId) : undefined;
      if (!paths) {
        io.stderr('ods-tblgen daemon: startup snapshots are off (ODS_SNAPSHOT=false) or the private folder is unusable\n');
        return 1;
      }
      const outcome = buildSnapshot(paths, fileURLToPath(new URL('./startup-snapshot.cjs', import.meta.url)));
      io.stdout(`ods-tblgen daemon: snapshot: ${outcome}\n${describeSnapshot(paths)}`);
      return outcome === 'failed' ? 1 : 0;
    }
    case '--help':
    case '-h':
    case undefined:
      io.stdout(HELP);
      return argv[0] === undefined ? 1 : 0;
    default:
      io.stderr(`ods-tblgen daemon: unknown command '${argv[0]}'\n${HELP}`);
      return 1;
  }
}
