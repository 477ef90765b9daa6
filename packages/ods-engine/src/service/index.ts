// The build service: a background process per user and tool build that keeps warm threads for
// the CLI and the Nx executor (server.ts, worker.ts), the thin client (client.ts), the wire
// protocol and the private folder it lives in.
export * from './paths.js';
export * from './protocol.js';
export * from './client.js';
export { startService, ServiceHandle, type ServiceOptions } from './server.js';
export { serveServiceWorker, type ServiceHandlers, type ServiceIO } from './worker.js';
