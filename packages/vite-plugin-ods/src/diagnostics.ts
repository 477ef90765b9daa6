// TableGen diagnostics (LLVM's `file:line:col: error: message` text, as the engine and the parser
// report them) turned into the error objects Vite and Rolldown understand:
// `{ message, id, loc: { file, line, column }, frame }`, which Vite's overlay shows with a link to
// the file. Lines and columns are 1-based, as in LLVM's own diagnostics.
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';

/** The location of a diagnostic, with an absolute file path. */
export interface DiagnosticLoc {
  file: string;
  line: number;
  column: number;
}

/** The shape given to `this.error(...)` and sent to Vite's error overlay. */
export interface OdsErrorInfo {
  message: string;
  id?: string;
  loc?: DiagnosticLoc;
  frame?: string;
}

const LOCATED = /^(.+?):(\d+):(\d+): (error|warning|note|remark): (.*)$/;
const UNLOCATED = /^(error|warning|note|remark): (.*)$/;

interface Line {
  readonly severity: string;
  readonly message: string;
  readonly loc?: DiagnosticLoc;
  /**
   * The source line and caret printed under a diagnostic without a file location (e.g. an op
   * assembly-format error, whose line is a line of the format string).
   */
  readonly context: string[];
}

function scan(text: string, baseDir: string): Line[] {
  const out: Line[] = [];
  for (const raw of text.split('\n')) {
    const m = LOCATED.exec(raw);
    if (m) {
      const file = isAbsolute(m[1]!) ? m[1]! : resolve(baseDir, m[1]!);
      out.push({ severity: m[4]!, message: m[5]!, loc: { file, line: Number(m[2]), column: Number(m[3]) }, context: [] });
      continue;
    }
    const u = UNLOCATED.exec(raw);
    if (u) out.push({ severity: u[1]!, message: u[2]!, context: [] });
    else if (raw !== '' && !raw.startsWith('Included from ') && out.length > 0 && !out[out.length - 1]!.loc) out[out.length - 1]!.context.push(raw);
  }
  return out;
}

/** Warnings of a diagnostics text, one line each (`file:line:col: warning: message`). */
export function warningLines(text: string): string[] {
  return text.split('\n').filter((l) => LOCATED.test(l) && / warning: /.test(l));
}

/** A code frame in Vite's style: two lines of context, the line, a caret under the column. */
export function codeFrame(source: string, line: number, column: number): string {
  const lines = source.split(/\r?\n/);
  const first = Math.max(1, line - 2);
  const last = Math.min(lines.length, line + 2);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const text = lines[n - 1] ?? '';
    out.push(`${String(n).padStart(width)} | ${text}`);
    if (n === line) {
      // Keep the tabs of the line so the caret lines up whatever the tab width.
      const lead = text.slice(0, Math.max(0, column - 1)).replace(/[^\t]/g, ' ');
      out.push(`${' '.repeat(width)} | ${lead}^`);
    }
  }
  return out.join('\n');
}

function readSource(file: string): string | undefined {
  try {
    return Buffer.from(readFileSync(file)).toString('utf8');
  } catch {
    return undefined;
  }
}

/** TableGen texts are latin1 byte strings of UTF-8: decode them for display. */
export function decodeLatin1(text: string): string {
  return /[\u0080-\u00ff]/.test(text) ? Buffer.from(text, 'latin1').toString('utf8') : text;
}

/**
 * The error object for a failed parse or generator run: the first error's message and location,
 * its notes appended to the message, a code frame read from the file. `fallbackId` names the
 * module when the error has no location (e.g. an unknown generator option).
 */
export function toErrorInfo(diagnostics: string, baseDir: string, fallbackId: string): OdsErrorInfo {
  const text = decodeLatin1(diagnostics);
  const lines = scan(text, baseDir);
  const firstIndex = lines.findIndex((l) => l.severity === 'error');
  const first = firstIndex >= 0 ? lines[firstIndex]! : undefined;
  if (!first) {
    const message = text.trim() || 'ods-tblgen failed';
    return { message, id: fallbackId };
  }
  let message = [first.message, ...first.context].join('\n');
  // Notes right after the error belong to it (e.g. "instantiated from multiclass").
  let noteLoc: DiagnosticLoc | undefined;
  for (let i = firstIndex + 1; i < lines.length && lines[i]!.severity === 'note'; i++) {
    const n = lines[i]!;
    noteLoc ??= n.loc;
    message += `\n${n.loc ? `${n.loc.file}:${n.loc.line}:${n.loc.column}: ` : ''}note: ${[n.message, ...n.context].join('\n')}`;
  }
  const errorCount = lines.filter((l) => l.severity === 'error').length;
  if (errorCount > 1) message += `\n(and ${errorCount - 1} more error${errorCount > 2 ? 's' : ''})`;
  // An error without a location (e.g. in an op's assembly format) is shown at its first
  // located note (the op).
  const loc = first.loc ?? noteLoc;
  if (!loc) return { message, id: fallbackId };
  const source = readSource(loc.file);
  return {
    message,
    id: loc.file,
    loc,
    frame: source === undefined ? undefined : codeFrame(source, loc.line, loc.column),
  };
}
