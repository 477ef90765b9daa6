// The thin client entry (dist/client.js): what `ods-tblgen` loads first. When the build service
// may be used it sends the run there and prints its output; it loads no generator, parser or
// engine code. Undefined means "run in-process" (no service yet: one is started for next time).
import { runThroughService, serviceEnabled } from '@ods-ts/ods-engine/service-client';
import { serviceTarget } from './service-target.js';

/** Whether `argv` may run through the service: not the service itself, the LSP or a watch. */
function eligible(argv: readonly string[]): boolean {
  const sub = argv[0];
  if (sub === 'daemon' || sub === 'lsp') return false;
  if (sub === 'build') return !argv.some((a) => a === '--watch' || a === '-w' || a.startsWith('--watch='));
  return true;
}

/** Run `argv` through the service and print its output; the exit code, or undefined. */
export async function runViaService(argv: readonly string[]): Promise<number | undefined> {
  if (!serviceEnabled() || !eligible(argv)) return undefined;
  const target = serviceTarget(import.meta.url);
  if (!target) return undefined;
  const build = argv[0] === 'build';
  const r = await runThroughService(target, build ? 'build' : 'cli', build ? argv.slice(1) : argv, { cwd: process.cwd(), start: true });
  if (!r) return undefined;
  for (const [fd, text] of r.output) (fd === 1 ? process.stdout : process.stderr).write(Buffer.from(text, 'latin1'));
  return r.code;
}
