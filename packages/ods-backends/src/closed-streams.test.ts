// A closed stdout (`ods-tblgen ... | head -1`): the built executable ends quietly with the status
// of a death by SIGPIPE, like the reference, never with an EPIPE stack trace: the CLI alone, the
// ES module bundle (`build --watch`) and a closed stderr.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { SIGPIPE_STATUS } from './closed-streams.js';

const BIN = fileURLToPath(new URL('../bin/ods-tblgen.js', import.meta.url));
const BUILT = existsSync(fileURLToPath(new URL('../dist/ods-tblgen.js', import.meta.url)));

let dir: string;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Many records: their --print-records text is far larger than a pipe's buffer. */
const BIG_TD = `class X { string s = "${'x'.repeat(60)}"; }\n${Array.from({ length: 5000 }, (_, i) => `def D${i} : X;\n`).join('')}`;

/**
 * Run the executable in `dir`, close the stream `closed` (1 or 2) once `closeAfter` lines came on
 * it, and collect what the other stream got and the exit status.
 */
function runClosing(args: string[], closed: 1 | 2, closeAfter: number): Promise<{ code: number | null; signal: string | null; lines: string[]; other: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ODS_DAEMON: 'false' } });
  const [watched, other] = closed === 1 ? [child.stdout, child.stderr] : [child.stderr, child.stdout];
  let text = '';
  let otherText = '';
  other.on('data', (d: Buffer) => void (otherText += d.toString('latin1')));
  watched.on('data', (d: Buffer) => {
    text += d.toString('latin1');
    if (text.split('\n').length > closeAfter) watched.destroy();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) =>
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, lines: text.split('\n').slice(0, closeAfter), other: otherText });
    }),
  );
}

describe.skipIf(!BUILT)('a closed stdout or stderr', () => {
  it('ends --print-records quietly, as the reference ends on SIGPIPE', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ods-closed-'));
    writeFileSync(join(dir, 'big.td'), BIG_TD);
    const r = await runClosing(['big.td'], 1, 1);
    expect(r).toEqual({ code: SIGPIPE_STATUS, signal: null, lines: ['------------- Classes -----------------'], other: '' });
  });

  it('ends quietly when stderr is closed', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ods-closed-'));
    // One error whose quoted source line is larger than a pipe's buffer.
    writeFileSync(join(dir, 'bad.td'), `def ${'A'.repeat(200_000)} : Nope;\n`);
    const r = await runClosing(['bad.td'], 2, 0);
    expect(r.code).toBe(SIGPIPE_STATUS);
    expect(r.other).toBe('');
  });

  it('ends `build --watch` quietly when its output is closed', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ods-closed-'));
    mkdirSync(join(dir, 'td'));
    writeFileSync(join(dir, 'td/A.td'), 'class X;\ndef A : X;\n');
    writeFileSync(join(dir, 'td/B.td'), 'class X;\ndef B : X;\n');
    const jobs = ['A', 'B'].map((n) => ({ input: `td/${n}.td`, generator: 'print-records', output: `gen/${n}.txt` }));
    writeFileSync(join(dir, 'ods.json'), JSON.stringify({ includeDirs: ['td'], jobs }));
    const r = await runClosing(['build', '--watch', '--jobs', '1'], 1, 1);
    expect(r.lines).toEqual([`ods: 2 jobs from ${join(dir, 'ods.json')}`]);
    expect(r).toMatchObject({ code: SIGPIPE_STATUS, signal: null, other: '' });
  });
});
