// @ods-ts/ods-engine/project: what a project graph needs of an ods.json (the Nx plugin's
// createNodes and createDependencies): the config, the static include scan and file hashes.
// Nothing of the engine, its threads, watch mode or the build service: Nx loads a plugin in a
// process of its own at every run, so this entry loads only these modules.
export * from './config.js';
export * from './scan.js';
export * from './fsutil.js';
export { LruMap } from './lru.js';
