// Worker entry for the engine's tests (bundled with esbuild by the tests).
import { serveWorker } from '../worker.js';
import { testGenerate } from './test-generator.js';

serveWorker(testGenerate);
