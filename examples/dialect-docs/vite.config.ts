// The dialect documentation app: the ods.json of the example dialect next door runs when the dev
// server starts (and again, job by job, on every save of a file it reads), and the page imports
// ToyOps.td through `?ods=` queries (see src/main.ts).
import { fileURLToPath } from 'node:url';
import { defineConfig, searchForWorkspaceRoot } from 'vite';
import ods from '@ods-ts/vite-plugin-ods';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  plugins: [ods({ config: '../dialect/ods.json' })],
  server: {
    // The .td files are in the dialect's folder, beside this app: Vite must be allowed to serve
    // them (inside this repository the workspace root covers it; a copy of the two folders
    // needs the second entry).
    fs: { allow: [searchForWorkspaceRoot(here), '../dialect'] },
  },
  build: { target: 'es2022' },
});
