// Thread entry of the build service (dist/service-worker.js): runs the thread's code
// (service-worker-main.ts, bundled as dist/service-worker-main.cjs) with a V8 code cache, so that a
// service started cold skips compiling it in each thread (see compile-cache.ts).
import { runThreadBundle } from './thread-entry.js';

runThreadBundle('service-worker-main', import.meta.url);
