// The CLI's run memo (what the build service's threads turn on): a run on a remembered parse or
// output prints and writes exactly what a fresh run does, and any change to a file the parse read
// (the input, an include, a path probed and missing before) makes it parse again.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shareParsesInProcess } from '@ods-ts/tablegen-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memoizeRuns, runCli, runMemoStats } from '../cli.js';

let dir: string;

function run(argv: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = runCli(argv, { stdout: (t) => (out += t), stderr: (t) => (err += t), cwd: dir });
  return { code, out, err };
}

/** The same run with the memo off: what every remembered run must equal. */
function fresh(argv: string[]): { code: number; out: string; err: string } {
  memoizeRuns(false);
  try {
    return run(argv);
  } finally {
    memoizeRuns(true);
  }
}

const write = (p: string, text: string) => {
  mkdirSync(join(dir, p, '..'), { recursive: true });
  writeFileSync(join(dir, p), text);
};

describe('the run memo of a long-lived CLI host', () => {
  beforeAll(() => shareParsesInProcess(true));
  afterAll(() => shareParsesInProcess(false));
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ods-run-memo-'));
    write('inc/base.td', 'class Base<int v> { int value = v; }\n');
    write('main.td', 'include "base.td"\ndef a : Base<1>;\ndef b : Base<2>;\n');
    memoizeRuns(true);
    runMemoStats.parseHits = runMemoStats.outputHits = 0;
  });
  afterEach(() => {
    memoizeRuns(false);
    rmSync(dir, { recursive: true, force: true });
  });

  it('reuses the parse for another action and the output for the same one', () => {
    const records = run(['-I', 'inc', 'main.td']);
    const json = run(['--dump-json', '-I', 'inc', 'main.td']);
    expect(runMemoStats.parseHits).toBe(1);
    const again = run(['-I', 'inc', 'main.td', '-o', 'out.txt']);
    expect(runMemoStats.outputHits).toBe(1);
    expect(records).toEqual(fresh(['-I', 'inc', 'main.td']));
    expect(json).toEqual(fresh(['--dump-json', '-I', 'inc', 'main.td']));
    expect(again.code).toBe(0);
    expect(readFileSync(join(dir, 'out.txt'), 'latin1')).toBe(records.out);
  });

  it('parses again when the input or an include changes', () => {
    run(['-I', 'inc', 'main.td']);
    write('main.td', 'include "base.td"\ndef c : Base<3>;\n');
    expect(run(['-I', 'inc', 'main.td'])).toEqual(fresh(['-I', 'inc', 'main.td']));
    write('inc/base.td', 'class Base<int v> { int value = !add(v, 10); }\n');
    const changed = run(['-I', 'inc', 'main.td']);
    expect(changed.out).toContain('int value = 13;');
    expect(runMemoStats.parseHits).toBe(0);
  });

  it('parses again when a file appears where the include was looked for first', () => {
    run(['-I', 'inc', 'main.td']);
    // `include "base.td"` is looked up in the working directory before -I inc.
    write('base.td', 'class Base<int v> { string value = "here"; }\n');
    const shadowed = run(['-I', 'inc', 'main.td']);
    expect(shadowed.out).toContain('string value = "here";');
    expect(shadowed).toEqual(fresh(['-I', 'inc', 'main.td']));
  });

  it('keeps no run that reported anything, so its messages come every time', () => {
    write('warn.td', 'class T<int unused> { int x = 1; }\ndef t : T<1>;\n');
    const first = run(['warn.td']);
    expect(first.err).toContain('unused template argument');
    expect(run(['warn.td'])).toEqual(first);
    expect(runMemoStats.parseHits + runMemoStats.outputHits).toBe(0);
  });

  it('keeps runs with other options, include paths or macros apart', () => {
    write('m.td', 'include "base.td"\n#ifdef X\ndef x : Base<1>;\n#endif\n');
    const plain = run(['-I', 'inc', 'm.td']);
    const withX = run(['-I', 'inc', '-DX', 'm.td']);
    expect(withX.out).not.toBe(plain.out);
    expect(withX).toEqual(fresh(['-I', 'inc', '-DX', 'm.td']));
    expect(runMemoStats.parseHits).toBe(0);
  });

  it('never remembers standard input', () => {
    const io = { stdout: () => undefined, stderr: () => undefined, cwd: dir, stdin: () => 'def s;\n' };
    expect(runCli(['-'], io)).toBe(0);
    expect(runCli(['-'], io)).toBe(0);
    expect(runMemoStats.parseHits + runMemoStats.outputHits).toBe(0);
  });
});
