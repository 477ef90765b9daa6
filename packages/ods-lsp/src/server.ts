// The language server: `ods-tblgen lsp --stdio`. Keeps an analysis per open document (debounced
// on edits), publishes its diagnostics (and those it finds in included files), and answers the
// requests of features.ts, the `ods/preview` request and the `ods.preview` command.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { type FileSystem, encodeBytes, overlayFileSystem, shareParsesInProcess } from '@ods-ts/tablegen-core';
import {
  type CodeLensParams,
  type CompletionParams,
  type Connection,
  type DefinitionParams,
  type Diagnostic,
  DidChangeWatchedFilesNotification,
  type DocumentLinkParams,
  type DocumentSymbolParams,
  type HoverParams,
  type ReferenceParams,
  type TextDocumentPositionParams,
  type InitializeResult,
  ProposedFeatures,
  TextDocumentSyncKind,
  TextDocuments,
  createConnection,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { type Analysis, analyze } from './analysis.js';
import {
  codeLenses,
  completionsAt,
  definitionAt,
  documentLinks,
  documentSymbols,
  hoverAt,
  referencesTo,
  toLocation,
} from './features.js';
import { LineIndex, pathToUri, uriToPath } from './positions.js';
import { preview, type PreviewResult } from './preview.js';
import { type ClientSettings, type FileSettings, forgetConfigs, settingsFor } from './settings.js';

/** The `ods/preview` request's parameters. */
export interface PreviewParams {
  readonly textDocument: { readonly uri: string };
  readonly generator: string;
  readonly args?: readonly string[];
}

export const PREVIEW_REQUEST = 'ods/preview';
export const PREVIEW_COMMAND = 'ods.preview';

const DEFAULT_DEBOUNCE_MS = 150;

interface DocState {
  /** The analysis of the document's current version, when up to date. */
  analysis: Analysis | undefined;
  analysedVersion: number;
  /** The last analysis whose parse succeeded (completion and hover use it while typing). */
  lastGood: Analysis | undefined;
  timer: NodeJS.Timeout | undefined;
}

function asSettings(v: unknown): ClientSettings {
  if (typeof v !== 'object' || v === null) return {};
  const o = v as { [k: string]: unknown };
  const inner = typeof o['ods'] === 'object' && o['ods'] !== null ? (o['ods'] as { [k: string]: unknown }) : o;
  const strings = (x: unknown) => (Array.isArray(x) ? x.filter((e): e is string => typeof e === 'string') : undefined);
  const s: { -readonly [K in keyof ClientSettings]: ClientSettings[K] } = {};
  const dirs = strings(inner['includeDirs']);
  if (dirs) s.includeDirs = dirs;
  const macros = strings(inner['macros']);
  if (macros) s.macros = macros;
  if (typeof inner['mlirIncludeDir'] === 'string') s.mlirIncludeDir = inner['mlirIncludeDir'];
  if (typeof inner['debounceMs'] === 'number') s.debounceMs = inner['debounceMs'];
  return s;
}

/** Wire the server to a connection (tests may pass their own). */
export function createServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const states = new Map<string, DocState>();
  /** Diagnostics each analysed document contributes, by target URI. */
  const contributions = new Map<string, Map<string, Diagnostic[]>>();
  let client: ClientSettings = {};
  let root: string | undefined;
  let pullConfiguration = false;
  let watchFiles = false;

  const log = (msg: string) => connection.console.error(msg);

  const stateOf = (uri: string): DocState => {
    let s = states.get(uri);
    if (!s) states.set(uri, (s = { analysis: undefined, analysedVersion: -1, lastGood: undefined, timer: undefined }));
    return s;
  };

  const overlay = (): FileSystem => {
    const files = new Map<string, string>();
    for (const d of documents.all()) {
      const p = uriToPath(d.uri);
      if (p) files.set(p, encodeBytes(d.getText()));
    }
    return overlayFileSystem(files);
  };

  const settingsOf = (path: string): FileSettings => settingsFor(path, client, root);

  const publish = (targets: Iterable<string>) => {
    for (const target of targets) {
      const own = states.get(target)?.analysis && contributions.get(target);
      let diags: Diagnostic[];
      if (own) diags = own.get(target) ?? [];
      else {
        diags = [];
        for (const [source, byTarget] of contributions) if (source !== target) diags.push(...(byTarget.get(target) ?? []));
      }
      void connection.sendDiagnostics({ uri: target, diagnostics: diags });
    }
  };

  /** Analyse a document now (if its analysis is out of date); returns the analysis. */
  const analyseNow = (uri: string): Analysis | undefined => {
    const doc = documents.get(uri);
    const path = uriToPath(uri);
    if (!doc || !path) return undefined;
    const st = stateOf(uri);
    if (st.timer) {
      clearTimeout(st.timer);
      st.timer = undefined;
    }
    if (st.analysis && st.analysedVersion === doc.version) return st.analysis;
    let a: Analysis;
    try {
      a = analyze(path, doc.getText(), settingsOf(path), overlay());
    } catch (e) {
      log(`ods-lsp: analysis of ${path} failed: ${e instanceof Error ? e.message : String(e)}`);
      return st.analysis;
    }
    st.analysis = a;
    st.analysedVersion = doc.version;
    if (a.parse?.ok || (a.parse?.parsed ?? false)) st.lastGood = a;
    const old = contributions.get(uri);
    contributions.set(uri, new Map(a.diagnostics));
    const targets = new Set<string>([...(old?.keys() ?? []), ...a.diagnostics.keys()]);
    publish(targets);
    return a;
  };

  /** Open documents that read this one see its unsaved text: analyse them again. */
  const reanalyseDependents = (uri: string) => {
    const path = uriToPath(uri);
    if (!path) return;
    for (const [other, os] of states)
      if (other !== uri && os.analysis?.bytesOf(path) !== undefined) {
        os.analysedVersion = -1;
        schedule(other, client.debounceMs ?? DEFAULT_DEBOUNCE_MS);
      }
  };

  const schedule = (uri: string, delay: number): void => {
    const st = stateOf(uri);
    if (st.timer) clearTimeout(st.timer);
    st.timer = setTimeout(() => {
      st.timer = undefined;
      const before = st.analysis;
      const a = analyseNow(uri);
      if (a && a !== before) reanalyseDependents(uri);
    }, delay);
  };

  /** The analysis for a request: the current text's. */
  const current = (uri: string): Analysis | undefined => analyseNow(uri) ?? states.get(uri)?.analysis;
  /** The analysis for completion and hover: the current one, else the last that parsed. */
  const usable = (uri: string): Analysis | undefined => {
    const a = current(uri);
    return a?.parse?.ok ? a : (states.get(uri)?.lastGood ?? a);
  };

  /** The analysis of a request's document (`pick`: current or usable) and the byte offset. */
  const located = (p: TextDocumentPositionParams, pick: (uri: string) => Analysis | undefined) => {
    const a = pick(p.textDocument.uri);
    if (!a) return undefined;
    const path = uriToPath(p.textDocument.uri) ?? '';
    const ix = a.lines(path) ?? new LineIndex(a.bytes);
    return { a, path, offset: ix.offset(p.position) };
  };

  const runPreview = (params: PreviewParams): PreviewResult => {
    const path = uriToPath(params.textDocument.uri);
    if (!path) return { text: '', stderr: `ods-lsp: not a file URI: ${params.textDocument.uri}\n`, exitCode: 1 };
    return preview(path, params.generator, params.args ?? [], settingsOf(path), overlay());
  };

  /** A handler that never throws: a bug answers null and is logged. */
  const safe =
    <P, R>(name: string, fn: (p: P) => R) =>
    (p: P): R | null => {
      try {
        return fn(p);
      } catch (e) {
        log(`ods-lsp: ${name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
        return null;
      }
    };

  connection.onInitialize((params): InitializeResult => {
    client = asSettings(params.initializationOptions);
    const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined;
    root = folder ? uriToPath(folder) : undefined;
    pullConfiguration = params.capabilities.workspace?.configuration === true;
    watchFiles = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        definitionProvider: true,
        referencesProvider: true,
        hoverProvider: true,
        completionProvider: { triggerCharacters: [':', '$', ' ', ','] },
        documentSymbolProvider: true,
        documentLinkProvider: { resolveProvider: false },
        codeLensProvider: { resolveProvider: false },
        executeCommandProvider: { commands: [PREVIEW_COMMAND] },
      },
      serverInfo: { name: 'ods-lsp' },
    };
  });

  const refreshAll = () => {
    for (const d of documents.all()) {
      stateOf(d.uri).analysedVersion = -1;
      schedule(d.uri, 0);
    }
  };

  /** Take settings over the initialization options, and analyse the open documents again. */
  const applySettings = (v: unknown) => {
    if (!v) return;
    client = { ...client, ...asSettings(v) };
    refreshAll();
  };
  const pullSettings = () => {
    if (pullConfiguration) connection.workspace.getConfiguration('ods').then(applySettings, () => undefined);
  };

  connection.onInitialized(() => {
    pullSettings();
    // A changed ods.json (or .td on disk) changes the settings and the texts read.
    if (watchFiles)
      void connection.client
        .register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/ods.json' }, { globPattern: '**/*.td' }] })
        .catch(() => undefined);
  });

  connection.onDidChangeConfiguration((change) => {
    const s = change.settings as unknown;
    if (s && typeof s === 'object' && 'ods' in s) applySettings(s);
    else pullSettings();
  });

  connection.onDidChangeWatchedFiles(() => {
    forgetConfigs();
    refreshAll();
  });

  documents.onDidOpen((e) => schedule(e.document.uri, 0));
  documents.onDidChangeContent((e) => schedule(e.document.uri, client.debounceMs ?? DEFAULT_DEBOUNCE_MS));
  documents.onDidSave(() => forgetConfigs());
  documents.onDidClose((e) => {
    const st = states.get(e.document.uri);
    if (st?.timer) clearTimeout(st.timer);
    states.delete(e.document.uri);
    const old = contributions.get(e.document.uri);
    contributions.delete(e.document.uri);
    publish(new Set([e.document.uri, ...(old?.keys() ?? [])]));
    // Those that read it now read the file on disk.
    reanalyseDependents(e.document.uri);
  });

  connection.onDefinition(
    safe('definition', (p: DefinitionParams) => {
      const at = located(p, current);
      const def = at && definitionAt(at.a, at.path, at.offset);
      return def ? (toLocation(at.a, def) ?? null) : null;
    }),
  );

  connection.onReferences(
    safe('references', (p: ReferenceParams) => {
      const at = located(p, current);
      const def = at && definitionAt(at.a, at.path, at.offset);
      if (!at || !def) return [];
      const others = [...states.values()].map((s) => s.analysis);
      const all = [at.a, ...others.filter((x): x is Analysis => x !== undefined && x !== at.a)];
      return referencesTo(all, def, p.context.includeDeclaration);
    }),
  );

  connection.onHover(
    safe('hover', (p: HoverParams) => {
      const at = located(p, usable);
      return (at && hoverAt(at.a, at.path, at.offset)) ?? null;
    }),
  );

  connection.onCompletion(
    safe('completion', (p: CompletionParams) => {
      const doc = documents.get(p.textDocument.uri);
      const a = usable(p.textDocument.uri);
      if (!doc || !a) return [];
      const bytes = encodeBytes(doc.getText());
      return completionsAt(a, bytes, new LineIndex(bytes).offset(p.position));
    }),
  );

  connection.onDocumentSymbol(
    safe('documentSymbol', (p: DocumentSymbolParams) => {
      const a = current(p.textDocument.uri);
      return a ? documentSymbols(a) : [];
    }),
  );

  connection.onDocumentLinks(
    safe('documentLinks', (p: DocumentLinkParams) => {
      const doc = documents.get(p.textDocument.uri);
      const path = uriToPath(p.textDocument.uri);
      if (!doc || !path) return [];
      const s = settingsOf(path);
      return documentLinks(encodeBytes(doc.getText()), s.cwd, s.includeDirs);
    }),
  );

  connection.onCodeLens(
    safe('codeLens', (p: CodeLensParams) => {
      const a = usable(p.textDocument.uri);
      return a ? codeLenses(a, p.textDocument.uri) : [];
    }),
  );

  connection.onRequest(
    PREVIEW_REQUEST,
    safe('preview', (p: PreviewParams) => runPreview(p)),
  );

  connection.onExecuteCommand(async (p) => {
    if (p.command !== PREVIEW_COMMAND) return null;
    try {
      const params = p.arguments?.[0] as PreviewParams;
      const result = runPreview(params);
      // Show it: a file beside the system's temporary files, opened by the client.
      const dir = join(tmpdir(), 'ods-lsp-preview');
      mkdirSync(dir, { recursive: true });
      const name = `${basename(uriToPath(params.textDocument.uri) ?? 'preview')}.${params.generator}.inc`;
      const file = join(dir, name);
      writeFileSync(file, result.exitCode === 0 ? result.text : result.stderr);
      await connection.window.showDocument({ uri: pathToUri(file), takeFocus: true }).catch(() => undefined);
      return result;
    } catch (e) {
      log(`ods-lsp: ${PREVIEW_COMMAND} failed: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    }
  });

  documents.listen(connection);
}

/** `ods-tblgen lsp [--stdio]`: serve on standard input and output. */
export function startServer(argv: readonly string[]): void {
  const unknown = argv.filter((a) => a !== '--stdio' && !a.startsWith('--clientProcessId'));
  if (unknown.length > 0) {
    process.stderr.write(`ods-tblgen lsp: unknown option '${unknown[0]}' (usage: ods-tblgen lsp --stdio)\n`);
    process.exitCode = 1;
    return;
  }
  // Every parse of the server (the analyses, the CLI runs of the previews) shares include parses.
  shareParsesInProcess(true);
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  // Nothing may write to stdout but the protocol.
  console.log = (...args: unknown[]) => connection.console.log(args.map(String).join(' '));
  process.on('uncaughtException', (e) => connection.console.error(`ods-lsp: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`));
  createServer(connection);
  connection.listen();
}
