// Files of the tool's private folder (the build service's, 0700): caches and state that only this
// user may read or write, each written whole or not at all.
import { writeFileAtomic } from '@ods-ts/ods-engine/atomic-write';

/** Write `file` atomically (the engine's temp file and rename), readable by its owner only. */
export function writePrivateFile(file: string, data: string | Uint8Array): void {
  writeFileAtomic(file, data, 'utf8', 0o600);
}
