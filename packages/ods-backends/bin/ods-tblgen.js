#!/usr/bin/env -S -u NODE_EXTRA_CA_CERTS node --v8-pool-size=1
// Entry shim: the real CLI is the esbuild bundle in dist/ (built by `npm run build`). This file
// is committed so that the bin exists at `npm ci` time; it costs about 1 ms.
//
// A TableGen run is short (one file per process, as build systems run it): V8's optimizing
// compiler costs more than it saves there (tools/bench: 20-30% less CPU without it over MLIR's
// .td files, the largest ones included), so it is turned off, except for the long-running
// `build` subcommand. Such a run also allocates each function's feedback (the interpreter's
// inline caches) on its first call rather than after several: most of its functions run often
// enough to use them (alternating runs: ArithOps op-defs 10-15% less CPU, LLVMOps op-decls
// about the same, a tiny file ~3 ms more). Changing a V8 flag makes V8 reject Node's built-in code cache for modules
// loaded afterwards: the built-in modules the bundle uses are loaded before the flags are set.
//
// `-u NODE_EXTRA_CA_CERTS` (in the #! line): Node 20 parses that bundle of certificates when it
// starts, before any script runs (about 30 ms for Debian's ca-certificates.crt, set machine-wide
// where a proxy re-signs TLS): ods-tblgen opens no TLS connection, so it never needs them.
//
// `--v8-pool-size=1` (in the #! line: it must be set when the process starts): V8's background
// threads (optimizing compiles, GC) otherwise compete with the build's worker threads for the
// cores; with one, a cold `build` over MLIR's dialects takes ~15% less wall time (tools/bench).
//
// `build` and the build service (`daemon serve`) halve V8's cumulative inlining budget (920 bytes
// of bytecode by default): each worker thread compiles the generators with TurboFan on its own,
// and on two cores that compile time competes with the work; with less inlining a cold build
// over MLIR's dialects takes ~7% less wall time and ~8% less CPU (tools/bench, alternating runs).
// It also makes large functions wait longer before TurboFan takes them
// (`--bytecode-size-allowance-per-tick`, 150 by default: the extra ticks a function needs per that
// many bytes of bytecode): the generators' large emitter functions run a few thousand times per
// build, and compiling them cost more than it saved. One thread's TurboFan time over MLIR's
// dialects drops from 3.4 s to 1.3 s (`--trace-opt`); a cold build takes ~5% less wall time and
// ~7% less CPU. (The flags are client-main.ts's BUILD_V8_FLAGS.)
//
// The thin client first: it sends the run to the warm build service when one runs (and starts
// one for next time when none does), loading no generator code and only the built-in modules it
// needs. Undefined: run in-process. (CommonJS, as bin/package.json says: Node starts a CommonJS
// entry a few milliseconds sooner than an ES module one.)
'use strict';

function inProcess() {
  const sub = process.argv[2];
  // Every command but these three runs the CLI alone (dist/cli.cjs: the language and the
  // generators, no engine or service), with a V8 code cache where Node keeps none itself; `build`
  // without --watch runs dist/build-cli.cjs likewise.
  const cliAlone = client !== undefined && sub !== 'build' && sub !== 'daemon' && sub !== 'lsp';
  const buildAlone = client !== undefined && sub === 'build' && !client.watching(process.argv.slice(3));
  // `build` from a startup snapshot, in a child process, when there is one (src/startup-
  // snapshot.ts); a successful build without the service is noted as a seed of the next snapshot.
  const argv = process.argv.slice(2);
  const viaSnapshot = buildAlone && client.runFromSnapshot !== undefined;
  if (viaSnapshot && !client.serviceEnabled()) process.once('exit', (code) => code === 0 && client.noteRun(argv));
  if (viaSnapshot) {
    const code = client.runFromSnapshot(argv);
    if (code !== undefined) {
      process.exitCode = code;
      return;
    }
  }
  // The built-in modules the code uses are loaded before any V8 flag changes (the CLI alone needs
  // two; the others cost about 12 ms).
  const builtins = cliAlone ? ['node:fs', 'node:path'] : ['node:child_process', 'node:crypto', 'node:fs', 'node:os', 'node:path', 'node:url', 'node:worker_threads'];
  for (const m of builtins) require(m);
  const { setFlagsFromString } = require('node:v8');
  // The language server (`lsp`) is long-running: V8's defaults suit it. The build service
  // (`daemon serve`) lives minutes, and its threads start cold on a build's worth of outputs:
  // it takes `build`'s flags (a 91-project Nx run through it: about a quarter less CPU).
  if (sub !== 'build' && sub !== 'daemon' && sub !== 'lsp') setFlagsFromString('--no-opt --no-lazy-feedback-allocation');
  else if (client && (sub === 'build' || (sub === 'daemon' && process.argv[3] === 'serve'))) setFlagsFromString(client.BUILD_V8_FLAGS);
  // V8's compile cache, where Node has it (22.1 and later): the bundle's compiled code is kept on
  // disk between runs (Node's default folder, or NODE_COMPILE_CACHE). The service does not need it.
  require('node:module').enableCompileCache?.();
  // The code cache's key: the tool build and the V8 flags set above.
  if (cliAlone || buildAlone) {
    const target = client.serviceTarget();
    const [file, flags] = cliAlone ? ['cli.cjs', 'no-opt-feedback'] : ['build-cli.cjs', 'build'];
    client.runCompiled(require('node:path').join(__dirname, '../dist', file), target && `${target.buildId}-${flags}`);
    return;
  }
  const bundle = require('node:url').pathToFileURL(require('node:path').join(__dirname, '../dist/ods-tblgen.js'));
  import(bundle.href).catch((err) => {
    if (err && err.code === 'ERR_MODULE_NOT_FOUND' && err.url === bundle.href) {
      process.stderr.write('ods-tblgen: not built yet; run `npm run build` first\n');
      process.exit(1);
    }
    throw err;
  });
}

let client;
try {
  client = require('../dist/client.cjs');
} catch {
  client = undefined;
}
if (!client) inProcess();
else
  client.runViaService(process.argv.slice(2)).then(
    (code) => (code === undefined ? inProcess() : (process.exitCode = code)),
    () => inProcess(),
  );
