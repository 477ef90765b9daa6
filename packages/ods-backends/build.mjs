// Bundles the ods-tblgen CLI (and the engine's worker entry) into single ESM files, so a cold
// start loads one module.
import { build } from 'esbuild';

await build({
  entryPoints: { 'ods-tblgen': 'src/main.ts', 'engine-worker': 'src/engine-worker.ts' },
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
