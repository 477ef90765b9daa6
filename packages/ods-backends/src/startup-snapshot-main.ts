// The program of a startup snapshot (dist/startup-snapshot.cjs; see startup-snapshot.ts). Run by
// `node --build-snapshot`, it loads `build`, shares include parses process-wide and rehearses the
// seed builds named in ODS_SNAPSHOT_SEEDS (every parse and generator run, nothing written): the
// heap V8 then saves holds the code compiled so far and the include parses of the seeds. A
// process started from that snapshot runs its own build (restoring an include parse only where
// every file it read still has the same bytes), and leaves a mark when a seed's includes could
// not be restored (an include was edited since): the snapshot is stale, and the executable has a
// new one made. Such a process cannot start worker threads: a build that wants them is handed
// back (BUILD_HANDED_BACK) before it prints anything.
import { readFileSync, writeFileSync } from 'node:fs';
import { startupSnapshot } from 'node:v8';
import { processParseCacheCounts, shareParsesInProcess } from '@ods-ts/tablegen-core';
import { runBuildCommand } from './build-command.js';
import { exitQuietlyWhenClosed } from './closed-streams.js';
import type { Seed } from './startup-snapshot-seeds.js';

if (!startupSnapshot.isBuildingSnapshot()) {
  process.stderr.write('ods-tblgen: startup-snapshot.cjs only runs under `node --build-snapshot`\n');
  process.exit(1);
}

shareParsesInProcess(true);
const seedsFile = process.env['ODS_SNAPSHOT_SEEDS'];
const seeds = seedsFile ? (JSON.parse(readFileSync(seedsFile, 'utf8')) as { seeds: Seed[] }).seeds : [];
/** Per seed's folder: how many includes the snapshot can restore (parsed and kept, or restored). */
const shared = new Map<string, number>();

async function rehearse(): Promise<void> {
  const discard = () => {};
  for (const seed of seeds) {
    const before = processParseCacheCounts();
    await runBuildCommand(seed.argv.slice(1), { stdout: discard, stderr: discard, cwd: seed.cwd, rehearsal: true }).catch(() => 1);
    const after = processParseCacheCounts();
    shared.set(seed.cwd, after.hits - before.hits + after.stored - before.stored);
  }
}
void rehearse();

startupSnapshot.setDeserializeMainFunction(() => {
  exitQuietlyWhenClosed();
  // argv: node, the executable's path, then the command line (`build ...`).
  const argv = process.argv.slice(2);
  const before = processParseCacheCounts();
  const io = {
    stdout: (t: string) => void process.stdout.write(Buffer.from(t, 'latin1')),
    stderr: (t: string) => void process.stderr.write(Buffer.from(t, 'latin1')),
    noWorkers: true,
  };
  runBuildCommand(argv.slice(1), io).then(
    (code) => {
      process.exitCode = code;
      // Stale: the build parsed includes again (and kept them) where the snapshot restored none.
      const after = processParseCacheCounts();
      const stale = after.hits === before.hits && after.stored > before.stored && (shared.get(process.cwd()) ?? 0) > 0;
      const mark = process.env['ODS_SNAPSHOT_STALE_MARK'];
      if (mark && code === 0 && stale) {
        try {
          writeFileSync(mark, '', { mode: 0o600 });
        } catch {
          // The next stale run marks it.
        }
      }
    },
    (e: unknown) => {
      process.stderr.write(`ods-tblgen build: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    },
  );
});
