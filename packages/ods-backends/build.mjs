// Bundles the ods-tblgen CLI, the engine's worker entry, the build service's thread entry and the
// thin client into single ESM files, so a cold start loads one module (plus CommonJS builds of the
// thin client and of the CLI alone, for the executable's entry, and of the threads' programs,
// which their entries run with a code cache); then writes
// dist/build-id.txt, the hash of the bundles that the client and the service compare (a rebuilt
// or upgraded tool never talks to an older service).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const entryPoints = {
  'ods-tblgen': 'src/main.ts',
  'engine-worker': 'src/engine-worker.ts',
  'service-worker': 'src/service-worker.ts',
  client: 'src/client-main.ts',
  // `build` alone, for hosts that run it in-process (the Nx executor without the service).
  build: 'src/build-command.ts',
};
await build({
  entryPoints,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  minifySyntax: true,
  logLevel: 'warning',
  // chokidar (watch mode only) is loaded lazily; keep it out of the cold-start path.
  external: ['chokidar'],
  // Bundled CommonJS dependencies (fast-glob) require Node's built-ins.
  banner: { js: "import { createRequire as __odsCreateRequire } from 'node:module'; const require = __odsCreateRequire(import.meta.url);" },
});
/**
 * CommonJS bundles (dist/<name>.cjs) of `entryPoints`, `import.meta.url` standing for the bundle's
 * own file URL.
 */
const cjsEntries = {
  // The thin client, for the executable's entry: Node starts a CommonJS entry a few milliseconds
  // sooner than an ES module one, and the client is on every call's path.
  client: 'src/client-main.ts',
  // The CLI alone and `build` alone: the in-process paths of every command but `daemon`, `lsp`
  // and `build --watch`, run with a V8 code cache on Node versions that have no compile cache of
  // their own (src/compile-cache.ts needs a script, not an ES module).
  cli: 'src/cli-main.ts',
  'build-cli': 'src/build-main.ts',
  // The program of startup snapshots (src/startup-snapshot.ts): `node --build-snapshot` takes one
  // script.
  'startup-snapshot': 'src/startup-snapshot-main.ts',
  // The programs of worker threads (the engine's, the build service's), which their entries
  // (dist/engine-worker.js, dist/service-worker.js) run with a code cache (src/thread-entry.ts).
  'engine-worker-main': 'src/engine-worker-main.ts',
  'service-worker-main': 'src/service-worker-main.ts',
};
await build({
  entryPoints: cjsEntries,
  outExtension: { '.js': '.cjs' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minifySyntax: true,
  logLevel: 'warning',
  // chokidar (watch mode) never loads here: watch runs the ES module bundle.
  external: ['chokidar'],
  define: { 'import.meta.url': '__odsUrl' },
  banner: { js: "const __odsUrl = require('node:url').pathToFileURL(__filename).href;" },
});
// Each thread entry names its bundle's hash (src/thread-entry.ts).
for (const name of ['engine-worker', 'service-worker']) {
  const bundle = createHash('sha256').update(readFileSync(`dist/${name}-main.cjs`)).digest('hex');
  writeFileSync(`dist/${name}.js`, `${readFileSync(`dist/${name}.js`, 'utf8')}// ${name}-main.cjs: sha256 ${bundle}\n`);
}
const version = JSON.parse(readFileSync('package.json', 'utf8')).version;
const hash = createHash('sha256').update(version);
for (const name of Object.keys(entryPoints)) hash.update(readFileSync(`dist/${name}.js`));
for (const name of Object.keys(cjsEntries)) hash.update(readFileSync(`dist/${name}.cjs`));
writeFileSync('dist/build-id.txt', `${version}-${hash.digest('hex').slice(0, 24)}\n`);
