#!/usr/bin/env node
// Entry shim: the real CLI is the esbuild bundle in dist/ (built by `npm run build`).
import('../dist/ods-tblgen.js').catch((err) => {
  if (err && err.code === 'ERR_MODULE_NOT_FOUND') {
    process.stderr.write('ods-tblgen: not built yet; run `npm run build` first\n');
    process.exit(1);
  }
  throw err;
});
