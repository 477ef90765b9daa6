import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'tools/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**', 'tools/conformance/out/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    passWithNoTests: true,
    // Tests run in-process unless they ask for the build service (and then in a folder of their own),
    // and make no startup snapshots in the background unless they ask for them likewise.
    env: { ODS_DAEMON: 'false', ODS_SNAPSHOT: 'false', ODS_PARSE_CACHE: 'false' },
  },
});
