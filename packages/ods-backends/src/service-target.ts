// The build service of this tool build: its id (dist/build-id.txt, a hash of the bundles written
// by build.mjs) and how to start it. Shared by the thin client entry and the `daemon` command.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ServiceTarget } from '@ods-ts/ods-engine/service-client';

/** The target for the bundles beside `distUrl` (a file URL in dist/), or undefined when unbuilt. */
export function serviceTarget(distUrl: string): ServiceTarget | undefined {
  let buildId: string;
  try {
    buildId = readFileSync(new URL('./build-id.txt', distUrl), 'utf8').trim();
  } catch {
    return undefined;
  }
  const bin = fileURLToPath(new URL('../bin/ods-tblgen.js', distUrl));
  // One V8 background thread, as the executable's #! line gives `build` (bin/ods-tblgen.js): the
  // service's threads are its builds, and with V8's default pool (a thread per core) their
  // optimizing compiles and GC tasks took the cores from them. Over MLIR's 91 dialect files, a
  // cold service served them with ~7% less CPU and ~5% less wall time (alternating runs).
  return { buildId, command: [process.execPath, '--v8-pool-size=1', bin, 'daemon', 'serve'] };
}
