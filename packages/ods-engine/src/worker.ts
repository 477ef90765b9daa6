// Worker-thread side of the engine: receives group specs, answers with group results.
import { parentPort } from 'node:worker_threads';
import { type GenerateFn, type GroupSpec, runGroup } from './run-group.js';

/** Call from a worker script: serve parse requests with the given generator function. */
export function serveWorker(generate: GenerateFn | undefined): void {
  const port = parentPort;
  if (!port) throw new Error('serveWorker must run in a worker thread');
  port.on('message', (g: GroupSpec) => {
    // runGroup turns parser and generator failures into failed results; it does not throw.
    port.postMessage(runGroup(g, generate));
  });
}
