// @ods-ts/ods-lsp: the TableGen/ODS language server (`ods-tblgen lsp --stdio`) and its parts.
export { analyze, parseCacheFor, type Analysis, type FileLoc, type Occurrence } from './analysis.js';
export * from './features.js';
export { preview, previewArgv, type PreviewResult } from './preview.js';
export { settingsFor, forgetConfigs, type ClientSettings, type FileSettings } from './settings.js';
export { LineIndex, pathToUri, uriToPath } from './positions.js';
export { createServer, startServer, PREVIEW_COMMAND, PREVIEW_REQUEST, type PreviewParams } from './server.js';
