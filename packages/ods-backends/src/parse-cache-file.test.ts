// Include parses kept on disk by the CLI alone (parse-cache-file.ts), through the executable as
// CMake runs it (ODS_DAEMON=false): the first call on an input saves its includes in the private
// folder, the next calls restore them, an edited include is never restored, a damaged file is
// ignored, and ODS_PARSE_CACHE=false turns it off. Outputs are the same in every case.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/ods-tblgen.js', import.meta.url));
const BUILT = existsSync(fileURLToPath(new URL('../dist/cli.cjs', import.meta.url)));
let dir: string;

const BASE = `#ifndef BASE_TD
#define BASE_TD
class Base<int n> { int value = n; string where = "base"; }
def b0 : Base<0>;
multiclass M<int n> { def _a : Base<n>; def _b : Base<!add(n, 1)>; }
#endif
`;
const MAIN = 'include "base.td"\ndef own : Base<8>;\ndefm m : M<3>;\ndef anon { Base b = Base<5>; }\n';

function run(env: NodeJS.ProcessEnv = {}): string {
  const r = spawnSync(BIN, ['--print-records', '-I', 'inc', 'main.td'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, ODS_DAEMON: 'false', ODS_DAEMON_DIR: join(dir, 'private'), ODS_PARSE_CACHE: 'true', ...env },
  });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout;
}

const parsesDir = () => join(dir, 'private', 'parses');
const files = () => (existsSync(parsesDir()) ? readdirSync(parsesDir()).filter((f) => f.endsWith('.parses')) : []);

describe.skipIf(!BUILT)('include parses kept on disk by the CLI alone', () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ods-parse-cache-'));
    writeFileSync(join(dir, 'main.td'), MAIN);
    mkdirSync(join(dir, 'inc'));
    writeFileSync(join(dir, 'inc', 'base.td'), BASE);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('saves the includes of the first call in the private folder and restores them in the next', () => {
    const plain = run({ ODS_PARSE_CACHE: 'false' });
    expect(files()).toEqual([]);
    expect(plain).toContain('def own');
    expect(run()).toBe(plain);
    const [file] = files();
    expect(file).toMatch(/\.parses$/);
    expect(statSync(join(parsesDir(), file!)).mode & 0o777).toBe(0o600);
    expect(statSync(parsesDir()).mode & 0o777).toBe(0o700);
    const before = statSync(join(parsesDir(), file!)).ino;
    // Restored: nothing new to save, the file is not written again (a save renames a new file).
    expect(run()).toBe(plain);
    expect(files()).toEqual([file]);
    expect(statSync(join(parsesDir(), file!)).ino).toBe(before);
  });

  it('never restores an edited include: it is parsed again, and the stale file dropped then made anew', () => {
    writeFileSync(join(dir, 'inc', 'base.td'), BASE.replace('"base"', '"edited"'));
    const edited = run({ ODS_PARSE_CACHE: 'false' });
    expect(edited).toContain('"edited"');
    expect(run()).toBe(edited);
    expect(files()).toEqual([]);
    expect(run()).toBe(edited);
    expect(files()).toHaveLength(1);
    expect(run()).toBe(edited);
  });

  it('ignores a damaged file and replaces it', () => {
    const [file] = files();
    writeFileSync(join(parsesDir(), file!), 'garbage');
    const plain = run({ ODS_PARSE_CACHE: 'false' });
    expect(run()).toBe(plain);
    expect(statSync(join(parsesDir(), file!)).size).toBeGreaterThan(100);
    expect(run()).toBe(plain);
  });
});
