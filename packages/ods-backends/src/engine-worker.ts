// Worker-thread entry of the engine (dist/engine-worker.js): runs the worker's code
// (engine-worker-main.ts, bundled as dist/engine-worker-main.cjs) with a V8 code cache, so that a
// thread started cold on a build skips compiling it (see compile-cache.ts).
import { runThreadBundle } from './thread-entry.js';

runThreadBundle('engine-worker-main', import.meta.url);
