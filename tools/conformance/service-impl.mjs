// The implementation module of `run.mjs --via-service`: every case goes through ods-tblgen's
// build service (the one run.mjs started in a private folder) instead of an in-process runCli.
// Strict: a service that does not answer fails the case, it never falls back to in-process.
import { runThroughService } from '@ods-ts/ods-engine/service-client';
import { serviceTarget } from '@ods-ts/ods-backends/client';

export { listGenerators } from '@ods-ts/ods-backends';

const target = serviceTarget();

export async function runCli(argv, io) {
  if (!target) throw new Error('ods-backends has no build id: run `npm run build`');
  const r = await runThroughService({ ...target, env: process.env }, 'cli', argv, { cwd: io.cwd ?? process.cwd(), start: false });
  if (!r) throw new Error('the build service did not answer');
  for (const [fd, text] of r.output) (fd === 1 ? io.stdout : io.stderr)(text);
  return r.code;
}
