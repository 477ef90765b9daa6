// The engine's worker threads (started by engine-worker.ts): parse and generate in parallel with
// the main thread.
import { serveWorker } from '@ods-ts/ods-engine';
import { generate } from './generate.js';

serveWorker(generate);
