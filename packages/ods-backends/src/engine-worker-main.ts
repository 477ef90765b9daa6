// Worker-thread entry of the engine: parses and generates in parallel with the main thread.
import { serveWorker } from '@ods-ts/ods-engine';
import { generate } from './generate.js';

serveWorker(generate);
