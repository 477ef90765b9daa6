import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_SCANNED_FILES, ScanSession, resolveInclude, scanIncludes, scannedFileCount } from './scan.js';
import { tempTree, type TempTree } from './__fixtures__/helpers.js';

let t: TempTree;
afterEach(() => t?.remove());

describe('static include scan', () => {
  it('follows includes transitively, once each, searching cwd then the include folders in order', () => {
    t = tempTree({
      'main.td': 'include "a.td"\ninclude "lib/b.td"\n  include "a.td"\n',
      'a.td': 'include "common.td"\n',
      'inc1/lib/b.td': 'include "common.td"\n',
      'inc2/lib/b.td': '// shadowed by inc1\n',
      'inc2/common.td': 'class C;\n',
    });
    const r = scanIncludes(t.path('main.td'), [t.path('inc1'), t.path('inc2')], t.dir);
    expect(r.files).toEqual([t.path('main.td'), t.path('a.td'), t.path('inc1/lib/b.td'), t.path('inc2/common.td')]);
    expect(r.missing).toEqual([]);
  });

  it('ignores includes in comments and reports unresolved ones', () => {
    t = tempTree({
      'main.td': '// include "no1.td"\n/* include "no2.td"\ninclude "no3.td" */\ninclude "gone.td"\ndef X { string s = "include \\"no4.td\\""; }\n',
    });
    const r = scanIncludes(t.path('main.td'), [], t.dir);
    expect(r.files).toEqual([t.path('main.td')]);
    expect(r.missing).toEqual([{ from: t.path('main.td'), name: 'gone.td' }]);
  });

  it('scans both branches of #ifdef (a superset of what a parse reads)', () => {
    t = tempTree({ 'main.td': '#ifdef X\ninclude "x.td"\n#else\ninclude "y.td"\n#endif\n', 'x.td': '', 'y.td': '' });
    expect(scanIncludes(t.path('main.td'), [], t.dir).files).toEqual([t.path('main.td'), t.path('x.td'), t.path('y.td')]);
  });

  it('resolves relative include folders against cwd and skips folders', () => {
    t = tempTree({ 'inc/x.td': '', 'dir.td/.keep': '' });
    expect(resolveInclude('x.td', ['inc'], t.dir)).toBe(t.path('inc/x.td'));
    expect(resolveInclude('dir.td', [], t.dir)).toBeUndefined();
    expect(resolveInclude(t.path('inc/x.td'), [], '/')).toBe(t.path('inc/x.td'));
  });

  it('sees an edited file again (its include names are remembered by stat stamp)', () => {
    t = tempTree({ 'main.td': 'include "a.td"\n', 'a.td': '', 'b.td': '' });
    expect(scanIncludes(t.path('main.td'), [], t.dir).files).toEqual([t.path('main.td'), t.path('a.td')]);
    writeFileSync(t.path('main.td'), 'include "b.td"\n');
    // Even with the same size and mtime, the change time differs.
    const later = new Date(Date.now() + 2000);
    utimesSync(t.path('main.td'), later, later);
    expect(scanIncludes(t.path('main.td'), [], t.dir).files).toEqual([t.path('main.td'), t.path('b.td')]);
  });

  it('a session resolves each include once per include path, each project its own working folder first', () => {
    t = tempTree({ 'p1/main.td': 'include "shared.td"\n', 'p2/main.td': 'include "shared.td"\n', 'p2/shared.td': '', 'inc/shared.td': 'include "deep.td"\n', 'inc/deep.td': '' });
    const session = new ScanSession();
    const one = scanIncludes(t.path('p1/main.td'), [t.path('inc')], t.path('p1'), undefined, session);
    const two = scanIncludes(t.path('p2/main.td'), [t.path('inc')], t.path('p2'), undefined, session);
    expect(one.files).toEqual([t.path('p1/main.td'), t.path('inc/shared.td'), t.path('inc/deep.td')]);
    // p2's own shared.td shadows the include folder's, as in a parse run there.
    expect(two.files).toEqual([t.path('p2/main.td'), t.path('p2/shared.td')]);
  });

  it('a session finds a nested name in the working folder when its first folder is there, and ./ and ../ names', () => {
    t = tempTree({
      'p1/main.td': 'include "mlir/IR/X.td"\ninclude "./here.td"\ninclude "../up.td"\n',
      'p1/mlir/IR/X.td': '',
      'p1/here.td': '',
      'up.td': '',
      'p2/main.td': 'include "mlir/IR/X.td"\n',
      'p2/mlir/other.td': '',
      'inc/mlir/IR/X.td': '',
    });
    const session = new ScanSession();
    const one = scanIncludes(t.path('p1/main.td'), [t.path('inc')], t.path('p1'), undefined, session);
    const two = scanIncludes(t.path('p2/main.td'), [t.path('inc')], t.path('p2'), undefined, session);
    expect(one.files).toEqual([t.path('p1/main.td'), t.path('p1/mlir/IR/X.td'), t.path('p1/here.td'), t.path('up.td')]);
    // p2 has a mlir folder, without IR/X.td in it: the include folder's.
    expect(two.files).toEqual([t.path('p2/main.td'), t.path('inc/mlir/IR/X.td')]);
  });
});

describe('include names remembered', () => {
  it('stay at MAX_SCANNED_FILES files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ods-scan-cap-'));
    try {
      const n = MAX_SCANNED_FILES + 10;
      for (let i = 0; i < n; i++) writeFileSync(join(dir, `f${i}.td`), '');
      writeFileSync(join(dir, 'top.td'), Array.from({ length: n }, (_, i) => `include "f${i}.td"\n`).join(''));
      expect(scanIncludes(join(dir, 'top.td'), [], dir).files).toHaveLength(n + 1);
      expect(scannedFileCount()).toBe(MAX_SCANNED_FILES);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
