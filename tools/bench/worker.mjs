// Worker thread of the benchmark: loads ods-backends' runCli once, then runs it on each file it
// is sent, discarding the output, and reports the exit code and the time taken.
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

const { index, args, cwd } = workerData;
const { runCli } = await import(pathToFileURL(index).href);
const io = { stdout() {}, stderr() {}, cwd, stdin: () => '' };

parentPort.on('message', (file) => {
  const t0 = performance.now();
  let code;
  try {
    code = runCli([...args, file], io);
  } catch {
    code = -1;
  }
  parentPort.postMessage({ file, code, ms: performance.now() - t0 });
});
parentPort.postMessage({ ready: true });
