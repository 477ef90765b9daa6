// The dialect generator end to end: a fresh Nx workspace with the packed packages, `nx add
// @ods-ts/nx-ods` (its init generator), `nx g @ods-ts/nx-ods:dialect foo --dry-run` (writes
// nothing), then for real, and `nx run foo:ods` at once: every output equal to mlir-tblgen-22's,
// and the second run from Nx's cache.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, ensureBuilt, hasTool, mlirIncludeDir, nxTasks, ok, packPackages, run } from './support.js';

const READY = hasTool('mlir-tblgen-22') && mlirIncludeDir() !== undefined;

let base = '';
let ws = '';
const nx = (...args: string[]) => ok('npx', ['nx', ...args], ws);

describe.skipIf(!READY)('nx g @ods-ts/nx-ods:dialect', () => {
  beforeAll(() => {
    ensureBuilt();
    base = mkdtempSync(join(tmpdir(), 'ods-e2e-dialect-'));
    ws = join(base, 'ws');
    createWorkspace(ws, packPackages(join(base, 'tarballs')), { plugins: [], gitignore: 'node_modules\n.nx\n' });
  });

  afterAll(() => {
    if (!base) return;
    if (process.env['ODS_E2E_KEEP'] === '1') console.log(`e2e workspace kept: ${ws}`);
    else rmSync(base, { recursive: true, force: true });
  });

  it('nx add (its init generator) registers the plugin and ignores the engine cache, once', () => {
    // The packed package, as nx add installs it (npm install -D <name>@<spec>), then its init.
    const tgz = readdirSync(join(ws, '.packages')).find((f) => f.startsWith('ods-ts-nx-ods-'))!;
    nx('add', `@ods-ts/nx-ods@file:.packages/${tgz}`);
    nx('g', '@ods-ts/nx-ods:init', '--no-interactive');
    const nxJson = JSON.parse(readFileSync(join(ws, 'nx.json'), 'utf8')) as { plugins: unknown[] };
    expect(nxJson.plugins).toEqual([{ plugin: '@ods-ts/nx-ods', options: { targetName: 'ods' } }]);
    expect(readFileSync(join(ws, '.gitignore'), 'utf8').split('\n').filter((l) => l === '.ods-cache')).toHaveLength(1);
  });

  it('--dry-run lists the files and writes none', () => {
    const r = nx('g', '@ods-ts/nx-ods:dialect', 'foo', '--dry-run', '--no-interactive');
    expect(r.stdout).toContain('CREATE foo/ods.json');
    expect(r.stdout).toContain('CREATE foo/include/Foo/FooOps.td');
    expect(r.stdout + r.stderr).toMatch(/dry.?run/i);
    expect(existsSync(join(ws, 'foo'))).toBe(false);
  });

  it('scaffolds a project whose ods target runs at once, equal to mlir-tblgen-22, then from the cache', () => {
    nx('g', '@ods-ts/nx-ods:dialect', 'foo', '--no-interactive');
    expect(readdirSync(join(ws, 'foo/include/Foo')).sort()).toEqual(['FooAttrs.td', 'FooDialect.td', 'FooOps.td', 'FooTypes.td']);
    const shown = JSON.parse(nx('show', 'project', 'foo', '--json').stdout) as { targets: { ods?: { cache: boolean } } };
    expect(shown.targets.ods?.cache).toBe(true);

    const first = nx('run', 'foo:ods', '--output-style=static');
    expect(first.stdout).toMatch(/ods: 9 outputs: 9 generated/);
    const printed = JSON.parse(ok(join(ws, 'node_modules/.bin/ods-tblgen'), ['build', '--print-config'], join(ws, 'foo')).stdout) as {
      includeDirs: string[];
      jobs: { input: string; generator: string; args?: string[]; output: string }[];
    };
    expect(printed.jobs.map((j) => j.output.slice(join(ws, 'foo/generated').length + 1)).sort()).toEqual(
      ['FooOps.h.inc', 'FooOps.cpp.inc', 'FooOpsTypes.h.inc', 'FooOpsTypes.cpp.inc', 'FooOpsDialect.h.inc', 'FooOpsDialect.cpp.inc', 'FooOpsAttributes.h.inc', 'FooOpsAttributes.cpp.inc', 'FooOps.md'].sort(),
    );
    for (const j of printed.jobs) {
      const ref = run('mlir-tblgen-22', [`--gen-${j.generator}`, ...(j.args ?? []), ...printed.includeDirs.flatMap((d) => ['-I', d]), j.input], ws, process.env);
      expect(ref.code, ref.stderr).toBe(0);
      expect(readFileSync(j.output, 'utf8'), j.output).toBe(ref.stdout);
    }
    const again = run('npx', ['nx', 'run-many', '-t', 'ods', '--output-style=static'], ws);
    expect(again.code).toBe(0);
    expect(nxTasks(again.stdout + again.stderr).cached).toEqual(['foo']);
  });
});
