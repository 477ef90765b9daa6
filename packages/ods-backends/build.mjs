// Bundles the ods-tblgen CLI, the engine's worker entry, the build service's thread entry and the
// thin client into single ESM files, so a cold start loads one module; then writes
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
});
const version = JSON.parse(readFileSync('package.json', 'utf8')).version;
const hash = createHash('sha256').update(version);
for (const name of Object.keys(entryPoints)) hash.update(readFileSync(`dist/${name}.js`));
writeFileSync('dist/build-id.txt', `${version}-${hash.digest('hex').slice(0, 24)}\n`);
