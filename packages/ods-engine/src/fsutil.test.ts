import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { FileHasher, hashText, writeFileAtomic, writeFileIfChanged } from './fsutil.js';
import { tempTree, tick, type TempTree } from './__fixtures__/helpers.js';

let t: TempTree;
afterEach(() => t?.remove());

describe('writeFileAtomic', () => {
  it('creates folders, writes bytes exactly and leaves no temp file', () => {
    t = tempTree();
    const p = t.path('a/b/out.inc');
    writeFileAtomic(p, 'caf\xe9\n'); // latin1 byte string
    expect(t.read('a/b/out.inc')).toBe('caf\xe9\n');
    writeFileAtomic(p, new Uint8Array([1, 2, 3]));
    expect([...Buffer.from(t.read('a/b/out.inc'), 'latin1')]).toEqual([1, 2, 3]);
    expect(readdirSync(t.path('a/b'))).toEqual(['out.inc']);
  });

  it('gives the new file the mode asked for, whatever the old one had', () => {
    t = tempTree({ 'private.json': 'old' });
    chmodSync(t.path('private.json'), 0o644);
    writeFileAtomic(t.path('private.json'), '{"\u00e9":1}', 'utf8', 0o600);
    expect(statSync(t.path('private.json')).mode & 0o777).toBe(0o600);
    expect(readFileSync(t.path('private.json'), 'utf8')).toBe('{"\u00e9":1}');
  });

  it('reports a folder that cannot be made, leaving nothing behind', () => {
    t = tempTree({ 'a-file': 'x' });
    expect(() => writeFileAtomic(t.path('a-file/out.inc'), 'new')).toThrow(/ENOTDIR|EEXIST/);
    expect(readdirSync(t.path('.'))).toEqual(['a-file']);
  });

  it('replaces the file in one rename: the old inode is never truncated', async () => {
    t = tempTree({ 'out.txt': 'old' });
    const { openSync, readSync, closeSync } = await import('node:fs');
    const fd = openSync(t.path('out.txt'), 'r'); // a reader holding the old file
    writeFileAtomic(t.path('out.txt'), 'new content');
    const buf = Buffer.alloc(16);
    const n = readSync(fd, buf, 0, 16, 0);
    closeSync(fd);
    expect(buf.subarray(0, n).toString()).toBe('old');
    expect(t.read('out.txt')).toBe('new content');
  });

  it('keeps the old file and cleans up when the write fails', () => {
    if (process.getuid?.() === 0) return; // root ignores permissions
    t = tempTree({ 'ro/out.txt': 'old' });
    chmodSync(t.path('ro'), 0o555);
    try {
      expect(() => writeFileAtomic(t.path('ro/out.txt'), 'new')).toThrow();
      expect(t.read('ro/out.txt')).toBe('old');
      expect(readdirSync(t.path('ro'))).toEqual(['out.txt']);
    } finally {
      chmodSync(t.path('ro'), 0o755);
    }
  });
});

describe('writeFileIfChanged', () => {
  it('writes only when the bytes differ, keeping the mtime otherwise', async () => {
    t = tempTree();
    expect(writeFileIfChanged(t.path('o.txt'), 'x')).toBe(true);
    const m = t.mtime('o.txt');
    await tick();
    expect(writeFileIfChanged(t.path('o.txt'), 'x')).toBe(false);
    expect(t.mtime('o.txt')).toBe(m);
    expect(writeFileIfChanged(t.path('o.txt'), 'y')).toBe(true);
    expect(t.read('o.txt')).toBe('y');
  });
});

describe('FileHasher', () => {
  it('hashes contents, notices rewrites and missing files', async () => {
    t = tempTree({ 'f.td': 'one' });
    const h = new FileHasher();
    expect(h.hash(t.path('f.td'))).toBe(hashText('one'));
    await tick();
    writeFileSync(t.path('f.td'), 'two');
    expect(h.hash(t.path('f.td'))).toBe(hashText('two'));
    expect(h.hash(t.path('nope.td'))).toBeUndefined();
    expect(h.hash(t.path('f.td/below'))).toBeUndefined(); // ENOTDIR
    expect(h.hash(t.dir)).toBeUndefined(); // a folder is not a file
    expect(existsSync(t.path('f.td'))).toBe(true);
  });

  it('notices a same-size rewrite with a forced identical mtime (ctime/inode differ)', async () => {
    t = tempTree({ 'f.td': 'aaa' });
    const { statSync, utimesSync, renameSync } = await import('node:fs');
    const h = new FileHasher();
    h.hash(t.path('f.td'));
    const st = statSync(t.path('f.td'));
    writeFileSync(t.path('g.td'), 'bbb');
    renameSync(t.path('g.td'), t.path('f.td'));
    utimesSync(t.path('f.td'), st.atime, st.mtime);
    expect(h.hash(t.path('f.td'))).toBe(hashText('bbb'));
  });
});

describe('FileHasher memory', () => {
  it('keeps at most MAX_ENTRIES files', () => {
    const h = new FileHasher();
    const stamps: { [path: string]: [number, number, number, number, string] } = {};
    for (let i = 0; i < FileHasher.MAX_ENTRIES + 10; i++) stamps[`/nowhere/f${i}.td`] = [1, 2, 3, i, 'h'];
    h.loadStamps(stamps);
    expect(h.size).toBe(FileHasher.MAX_ENTRIES);
    expect(Object.keys(h.stamps(['/nowhere/f0.td', `/nowhere/f${FileHasher.MAX_ENTRIES + 9}.td`]))).toEqual([`/nowhere/f${FileHasher.MAX_ENTRIES + 9}.td`]);
  });
});
