// A small LSP client over stdio for the language server's e2e test and bench: starts
// `ods-tblgen lsp --stdio`, sends requests and notifications (vscode-jsonrpc), and waits for the
// diagnostics published for a document.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const ODS_TBLGEN = resolve(ROOT, 'packages/ods-backends/bin/ods-tblgen.js');

export const fileUri = (path) => pathToFileURL(path).href;

/**
 * Start the server in `cwd` and initialize it with `rootPath` as the workspace.
 * `initializationOptions` are passed as they are.
 */
export async function startLsp(rootPath, initializationOptions = {}) {
  const child = spawn(process.execPath, [ODS_TBLGEN, 'lsp', '--stdio'], { cwd: rootPath, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ODS_DAEMON: '0' } });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const conn = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  /** Diagnostics by URI, each publication with the time it arrived. */
  const published = new Map();
  const waiters = [];
  conn.onNotification('textDocument/publishDiagnostics', (p) => {
    const entry = { diagnostics: p.diagnostics, at: performance.now() };
    const list = published.get(p.uri) ?? [];
    list.push(entry);
    published.set(p.uri, list);
    for (const w of [...waiters]) if (w.uri === p.uri && w.test(p.diagnostics)) (waiters.splice(waiters.indexOf(w), 1), w.resolve(entry));
  });
  const logs = [];
  conn.onNotification('window/logMessage', (p) => logs.push(p.message));
  conn.onRequest('window/showDocument', () => ({ success: true }));
  conn.onRequest('workspace/configuration', (p) => p.items.map(() => null));
  conn.listen();
  const init = await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: fileUri(rootPath),
    capabilities: { workspace: { configuration: false } },
    initializationOptions,
  });
  await conn.sendNotification('initialized', {});
  const versions = new Map();
  return {
    child,
    conn,
    init,
    logs,
    published,
    stderr: () => stderr,
    /** Resolves with the next diagnostics of `uri` that pass `test`. */
    diagnostics(uri, test = () => true, timeoutMs = 60_000) {
      return new Promise((resolveFn, reject) => {
        const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} within ${timeoutMs} ms; stderr:\n${stderr}\nlogs:\n${logs.join('\n')}`)), timeoutMs);
        waiters.push({ uri, test, resolve: (e) => (clearTimeout(timer), resolveFn(e)) });
      });
    },
    open(path, text) {
      versions.set(path, 1);
      return conn.sendNotification('textDocument/didOpen', { textDocument: { uri: fileUri(path), languageId: 'tablegen', version: 1, text } });
    },
    /** Replace the whole text of an open document. */
    change(path, text) {
      const version = (versions.get(path) ?? 1) + 1;
      versions.set(path, version);
      return conn.sendNotification('textDocument/didChange', { textDocument: { uri: fileUri(path), version }, contentChanges: [{ text }] });
    },
    request(method, params) {
      return conn.sendRequest(method, params);
    },
    async stop() {
      try {
        await Promise.race([conn.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 5000))]);
        await conn.sendNotification('exit');
      } catch {
        // Already gone.
      }
      await new Promise((r) => {
        if (child.exitCode !== null) return r(undefined);
        const t = setTimeout(() => (child.kill(), r(undefined)), 5000);
        child.on('exit', () => (clearTimeout(t), r(undefined)));
      });
      conn.dispose();
    },
  };
}
