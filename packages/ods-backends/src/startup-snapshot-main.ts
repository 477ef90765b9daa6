// The program of a startup snapshot (dist/startup-snapshot.cjs; see startup-snapshot.ts). Run by
// `node --build-snapshot`, it loads the CLI, shares include parses process-wide and rehearses
// the seed commands named in ODS_SNAPSHOT_SEEDS (parse and generate, nothing written): the heap
// V8 then saves holds the CLI's code compiled so far and the include parses of the seeds. A
// process started from that snapshot runs its own command line with the CLI (restoring an
// include parse only where every file it read still has the same bytes), and leaves a mark
// when a seed's includes could not be restored (an include was edited since): the snapshot is
// stale, and the executable has a new one made.
import { readFileSync, writeFileSync } from 'node:fs';
import { startupSnapshot } from 'node:v8';
import { processParseCacheCounts, shareParsesInProcess } from '@ods-ts/tablegen-core';
import { runCli } from './cli.js';
import { type Seed, parseId } from './startup-snapshot-seeds.js';

if (!startupSnapshot.isBuildingSnapshot()) {
  process.stderr.write('ods-tblgen: startup-snapshot.cjs only runs under `node --build-snapshot`\n');
  process.exit(1);
}

shareParsesInProcess(true);
const seedsFile = process.env['ODS_SNAPSHOT_SEEDS'];
const seeds = seedsFile ? (JSON.parse(readFileSync(seedsFile, 'utf8')) as { seeds: Seed[] }).seeds : [];
/** Per seed: how many of its includes the snapshot can restore (parsed and kept, or restored). */
const shared = new Map<string, number>();
const discard = () => {};
for (const seed of seeds) {
  const before = processParseCacheCounts();
  runCli(seed.argv, { stdout: discard, stderr: discard, cwd: seed.cwd, rehearsal: true });
  const after = processParseCacheCounts();
  shared.set(seed.id, Math.max(shared.get(seed.id) ?? 0, after.hits - before.hits + after.stored - before.stored));
}

startupSnapshot.setDeserializeMainFunction(() => {
  // argv: node, the executable's path, then the command line.
  const argv = process.argv.slice(2);
  const before = processParseCacheCounts().hits;
  process.exitCode = runCli(argv, {
    stdout: (t) => void process.stdout.write(Buffer.from(t, 'latin1')),
    stderr: (t) => void process.stderr.write(Buffer.from(t, 'latin1')),
  });
  const staleMark = process.env['ODS_SNAPSHOT_STALE_MARK'];
  if (staleMark && process.exitCode === 0 && processParseCacheCounts().hits === before && (shared.get(parseId(argv, process.cwd())) ?? 0) > 0) {
    try {
      writeFileSync(staleMark, '', { mode: 0o600 });
    } catch {
      // The next stale run marks it.
    }
  }
});
