// Worker thread of the conformance harness: loads our implementation once, then runs the cases
// that run.mjs posts to it, one at a time, and posts back each result.
import { parentPort, workerData } from 'node:worker_threads';
import { loadImpl, runCase } from './case.mjs';

if (!parentPort) throw new Error('worker.mjs runs as a worker thread of run.mjs');
const port = parentPort;

let impl;
try {
  impl = await loadImpl(workerData.implUrl);
  port.postMessage({ type: 'ready' });
} catch (e) {
  port.postMessage({ type: 'init-error', message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
}

port.on('message', async (c) => {
  let result;
  try {
    result = await runCase(impl, c);
  } catch (e) {
    result = { id: c.id, status: 'fail', message: `harness error: ${e instanceof Error ? e.message : String(e)}`, ms: 0 };
  }
  port.postMessage({ type: 'result', result });
});
