// Runs one conformance case against our implementation, in-process, and compares it with the
// cached reference output. Used by worker.mjs (one per worker thread) and by run.mjs --in-band.
import { readFileSync } from 'node:fs';
import { firstJsonDiff, firstLine, firstLineDiff, parseJsonExact } from './lib.mjs';

/**
 * @typedef {object} Case
 * @property {string} id
 * @property {string[]} argv     arguments for runCli (no node/script)
 * @property {string} cwd        working directory passed as io.cwd
 * @property {'bytes'|'json'|'diag'} mode  bytes: stdout byte-equal; json: stdout JSON-equal;
 *                                          diag: both fail with the same first stderr line
 * @property {string} refOut     file holding the reference stdout
 * @property {string} refFirstErr first line of the reference stderr (diag mode)
 */

/**
 * @param {{runCli: Function}} impl
 * @param {Case} c
 * @returns {Promise<{id: string, status: 'pass'|'fail', message?: string, ms: number}>}
 */
export async function runCase(impl, c) {
  const t0 = performance.now();
  const out = [];
  const err = [];
  const io = {
    stdout: (text) => void out.push(String(text)),
    stderr: (text) => void err.push(String(text)),
    cwd: c.cwd,
  };
  let code;
  try {
    code = await impl.runCli([...c.argv], io);
  } catch (e) {
    const msg = e instanceof Error ? (e.stack ?? e.message) : String(e);
    return done(c, t0, `runCli threw: ${firstLine(msg)}`, msg);
  }
  // ods-tblgen's CliIO carries latin1 "byte strings" (each char one byte of the output, exactly
  // as the bin writes them); decode them as UTF-8 text for comparison.
  const stdout = Buffer.from(out.join(''), 'latin1').toString('utf8');
  const stderr = Buffer.from(err.join(''), 'latin1').toString('utf8');
  if (typeof code !== 'number') return done(c, t0, `runCli returned ${typeof code}, not an exit code`);

  if (c.mode === 'diag') {
    const want = c.refFirstErr;
    const got = firstLine(stderr);
    if (code === 0) return done(c, t0, `exit code 0, expected failure with: ${JSON.stringify(want)}`);
    if (got !== want) return done(c, t0, `first stderr line differs`, undefined, { expected: JSON.stringify(want), actual: JSON.stringify(got) });
    return done(c, t0);
  }

  if (code !== 0) return done(c, t0, `exit code ${code}: ${JSON.stringify(firstLine(stderr)).slice(0, 200)}`);
  const ref = readFileSync(c.refOut);

  if (c.mode === 'json') {
    let actual;
    try {
      actual = parseJsonExact(stdout);
    } catch (e) {
      return done(c, t0, `our output is not JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
    const d = firstJsonDiff(parseJsonExact(ref.toString('utf8')), actual);
    if (d) return done(c, t0, `first difference at ${d.path}`, undefined, { expected: d.expected, actual: d.actual });
    return done(c, t0);
  }

  const ours = Buffer.from(out.join(''), 'latin1');
  if (ref.equals(ours)) return done(c, t0);
  const d = firstLineDiff(ref.toString('utf8'), stdout);
  if (!d) return done(c, t0, `outputs differ in bytes only (encoding): ${ref.length} vs ${ours.length} bytes`);
  return done(c, t0, `line ${d.line}, column ${d.column}`, undefined, { expected: d.expected, actual: d.actual });
}

function done(c, t0, message, stack, diff) {
  const ms = Math.round(performance.now() - t0);
  if (message === undefined) return { id: c.id, status: 'pass', ms };
  return { id: c.id, status: 'fail', message, ...(diff ?? {}), ...(stack ? { stack } : {}), ms };
}

/** Loads and checks the implementation module (exports runCli, listGenerators). */
export async function loadImpl(url) {
  const mod = await import(url);
  if (typeof mod.runCli !== 'function') throw new Error(`${url} does not export a function runCli`);
  if (typeof mod.listGenerators !== 'function') throw new Error(`${url} does not export a function listGenerators`);
  // Every case runs with the include parses of the earlier cases of its thread shared, as the
  // engine runs: conformance then covers shared parses too (ODS_CONFORMANCE_SHARE=0: unshared).
  if (typeof mod.shareParsesInProcess === 'function') mod.shareParsesInProcess(process.env.ODS_CONFORMANCE_SHARE !== '0');
  return mod;
}
