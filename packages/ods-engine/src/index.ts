// @ods-ts/ods-engine: the incremental engine: ods.json config, static include scan, up-to-date
// checks, worker threads and watch mode (the CLI's `build`, the Nx executor and the Vite plugin).

export * from './config.js';
export * from './scan.js';
export * from './fsutil.js';
export { LruMap } from './lru.js';
export * from './run-group.js';
export * from './engine.js';
export { serveWorker } from './worker.js';
export { watchEngine, type WatchHandle, type WatchOptions } from './watch.js';
export * from './service/index.js';
