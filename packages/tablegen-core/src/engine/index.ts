// The incremental engine: ods.json config, static include scan, cache, workers and watch mode.
export * from './config.js';
export * from './scan.js';
export * from './fsutil.js';
export * from './run-group.js';
export * from './engine.js';
export { serveWorker } from './worker.js';
export { watchEngine, type WatchHandle, type WatchOptions } from './watch.js';
