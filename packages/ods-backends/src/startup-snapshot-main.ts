// The program of a startup snapshot (dist/startup-snapshot.cjs; see startup-snapshot.ts). Run by
// `node --build-snapshot`, it loads the CLI and `build`, shares include parses process-wide and
// rehearses the seed commands named in ODS_SNAPSHOT_SEEDS (parse and generate, nothing
// written): the heap V8 then saves holds the code compiled so far and the include parses of the
// seeds. A process started from that snapshot runs its own command line (restoring an include
// parse only where every file it read still has the same bytes), and leaves a mark when a
// seed's includes could not be restored (an include was edited since): the snapshot is stale,
// and the executable has a new one made. Such a process cannot start worker threads: a build
// that wants them is handed back (BUILD_HANDED_BACK) before it prints anything.
import { readFileSync, writeFileSync } from 'node:fs';
import { startupSnapshot } from 'node:v8';
import { processParseCacheCounts, shareParsesInProcess } from '@ods-ts/tablegen-core';
import { runBuildCommand } from './build-command.js';
import { runCli } from './cli.js';
import { exitQuietlyWhenClosed } from './closed-streams.js';
import { type Seed, parseId } from './startup-snapshot-seeds.js';

if (!startupSnapshot.isBuildingSnapshot()) {
  process.stderr.write('ods-tblgen: startup-snapshot.cjs only runs under `node --build-snapshot`\n');
  process.exit(1);
}

/** Run a command line (`build ...` or the CLI's) with `io`; resolves to the exit code. */
function run(argv: readonly string[], io: { stdout(t: string): void; stderr(t: string): void; cwd?: string; rehearsal?: boolean }): Promise<number> {
  if (argv[0] === 'build') return runBuildCommand(argv.slice(1), { ...io, noWorkers: true });
  return Promise.resolve(runCli(argv, io));
}

shareParsesInProcess(true);
const seedsFile = process.env['ODS_SNAPSHOT_SEEDS'];
const seeds = seedsFile ? (JSON.parse(readFileSync(seedsFile, 'utf8')) as { seeds: Seed[] }).seeds : [];
/** Per parse of the seeds: how many includes the snapshot can restore (parsed and kept, or restored). */
const shared = new Map<string, number>();
const discard = () => {};

async function rehearse(): Promise<void> {
  for (const seed of seeds) {
    const before = processParseCacheCounts();
    await run(seed.argv, { stdout: discard, stderr: discard, cwd: seed.cwd, rehearsal: true }).catch(() => 1);
    const after = processParseCacheCounts();
    shared.set(seed.id, Math.max(shared.get(seed.id) ?? 0, after.hits - before.hits + after.stored - before.stored));
  }
}
void rehearse();

startupSnapshot.setDeserializeMainFunction(() => {
  exitQuietlyWhenClosed();
  // argv: node, the executable's path, then the command line.
  const argv = process.argv.slice(2);
  const before = processParseCacheCounts();
  const io = {
    stdout: (t: string) => void process.stdout.write(Buffer.from(t, 'latin1')),
    stderr: (t: string) => void process.stderr.write(Buffer.from(t, 'latin1')),
  };
  run(argv, io).then(
    (code) => {
      process.exitCode = code;
      const staleMark = process.env['ODS_SNAPSHOT_STALE_MARK'];
      // Stale: the run parsed includes again (and kept them) where the snapshot restored none.
      const after = processParseCacheCounts();
      const stale = after.hits === before.hits && after.stored > before.stored && (shared.get(parseId(argv, process.cwd())) ?? 0) > 0;
      if (staleMark && code === 0 && stale) {
        try {
          writeFileSync(staleMark, '', { mode: 0o600 });
        } catch {
          // The next stale run marks it.
        }
      }
    },
    (e: unknown) => {
      process.stderr.write(`ods-tblgen: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    },
  );
});
