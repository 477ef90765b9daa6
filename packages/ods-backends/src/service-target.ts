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
  return { buildId, command: [process.execPath, bin, 'daemon', 'serve'] };
}
