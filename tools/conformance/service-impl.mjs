// The implementation module of `run.mjs --via-service`: every case goes through ods-tblgen's
// build service (the one run.mjs started in a private folder) instead of an in-process runCli.
// Strict: a service that does not answer fails the case, it never falls back to in-process.
import * as client from '@ods-ts/ods-engine/service-client';
import { serviceTarget } from '@ods-ts/ods-backends/client';

export { listGenerators } from '@ods-ts/ods-backends';

const target = serviceTarget();

export async function runCli(argv, io) {
  if (!target) throw new Error('ods-backends has no build id: run `npm run build`');
  const r = await client.runThroughService({ ...target, env: process.env }, 'cli', argv, { cwd: io.cwd ?? process.cwd(), start: false });
  if (!r) throw new Error(`the build service did not answer (${client.lastFallback})`);
  for (const [fd, text] of r.output) (fd === 1 ? io.stdout : io.stderr)(text);
  return r.code;
}
