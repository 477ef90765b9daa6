// Bundles the ods-tblgen CLI into one ESM file so a cold start loads a single module.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/ods-tblgen.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  minifySyntax: true,
  logLevel: 'warning',
});
