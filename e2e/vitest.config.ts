// End-to-end tests (`npm run e2e`): real Nx workspaces built from the packed packages (e2e/nx),
// a real Vite dev server and browser (e2e/vite). Slow; not part of the unit test run.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.e2e.test.ts'],
    exclude: ['**/node_modules/**', 'e2e/out/**'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // Each suite drives whole processes (npm, nx, dev servers): run the files one at a time.
    fileParallelism: false,
    passWithNoTests: true,
  },
});
