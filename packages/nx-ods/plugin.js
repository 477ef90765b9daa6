// Nx loads this file (the package's "main") to find createNodes and createDependencies. It
// defers to the built plugin, so that a fresh clone can still run `nx run-many -t build` before
// dist/ exists.
const pattern = '**/ods.json';
async function create(configFiles, options, context) {
  let impl;
  try {
    impl = await import('./dist/index.js');
  } catch {
    return [];
  }
  if (!impl.createNodesV2) return [];
  return impl.createNodesV2[1](configFiles, options, context);
}
export const createNodesV2 = [pattern, create];
export const createNodes = createNodesV2;
export async function createDependencies(options, context) {
  let impl;
  try {
    impl = await import('./dist/index.js');
  } catch {
    return [];
  }
  return impl.createDependencies ? impl.createDependencies(options, context) : [];
}
