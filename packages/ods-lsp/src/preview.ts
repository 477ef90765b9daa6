// Generated-code preview: what `ods-tblgen --gen-<generator> <args> -I<dir>... -D<macro>... <file>`
// prints, run in the file's working directory (its ods.json's folder), on the unsaved texts.
// The CLI itself runs (in-process, with the editor's texts as its file system), so the text is
// byte-identical to the command's output.
import { runCli } from '@ods-ts/ods-backends';
import { normalizeGenerator } from '@ods-ts/ods-engine';
import { type FileSystem, decodeBytes } from '@ods-ts/tablegen-core';
import { parseCacheFor } from './analysis.js';
import type { FileSettings } from './settings.js';

export interface PreviewResult {
  /** The output (stdout), decoded from UTF-8. */
  readonly text: string;
  /** The diagnostics the CLI printed (stderr), empty on success. */
  readonly stderr: string;
  readonly exitCode: number;
}

const BUILTIN: { readonly [g: string]: string } = { 'print-records': '--print-records', 'dump-json': '--dump-json' };

/** The command line of a preview (without the program name). */
export function previewArgv(path: string, generator: string, args: readonly string[], settings: FileSettings): string[] {
  const g = normalizeGenerator(generator);
  const rel = path.startsWith(settings.cwd + '/') ? path.slice(settings.cwd.length + 1) : path;
  return [
    BUILTIN[g] ?? `--gen-${g}`,
    ...args,
    ...settings.includeDirs.map((d) => `-I${d}`),
    ...settings.macros.map((m) => `-D${m}`),
    rel,
  ];
}

export function preview(path: string, generator: string, args: readonly string[], settings: FileSettings, fs: FileSystem): PreviewResult {
  // The CLI's parse takes the process's shared parses for its settings (shareParsesInProcess).
  parseCacheFor(settings);
  let out = '';
  let err = '';
  const exitCode = runCli(previewArgv(path, generator, args, settings), {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    cwd: settings.cwd,
    fs,
  });
  return { text: decodeBytes(out), stderr: decodeBytes(err), exitCode };
}
