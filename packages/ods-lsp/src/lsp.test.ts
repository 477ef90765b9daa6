// The language features on small in-memory files, and on MLIR's installed tree (skipped when
// absent): diagnostics as the CLI words them, definitions, references, hover, completion,
// symbols, links, lenses, the preview, and robustness on half-typed text.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '@ods-ts/ods-backends';
import { type OdsJob, findMlirIncludeDir } from '@ods-ts/ods-engine';
import { type FileSystem, decodeBytes, encodeBytes, nodeFileSystem, overlayFileSystem } from '@ods-ts/tablegen-core';
import { analyze } from './analysis.js';
import { codeLenses, completionsAt, definitionAt, documentLinks, documentSymbols, hoverAt, occurrenceAt, definitionOf, referencesTo } from './features.js';
import { LineIndex, pathToUri } from './positions.js';
import { preview } from './preview.js';
import { type FileSettings, settingsFor } from './settings.js';

const CWD = '/v';
const memFs = (files: { [p: string]: string }): FileSystem =>
  overlayFileSystem(new Map(Object.entries(files).map(([p, t]) => [`${CWD}/${p}`, encodeBytes(t)])), { readFile: () => undefined });
const settings = (jobs: OdsJob[] = [], includeDirs: string[] = []): FileSettings => ({ cwd: CWD, includeDirs, macros: [], jobs });

/** Offset of the `n`th occurrence of `needle` in `text` (plus `delta`). */
const at = (text: string, needle: string, delta = 0) => {
  const i = text.indexOf(needle);
  if (i < 0) throw new Error(`no ${needle}`);
  return i + delta;
};

const mlir = findMlirIncludeDir();

describe('diagnostics', () => {
  it('reports a parse error where and as the CLI does', () => {
    const src = 'class A;\ndef X : B;\n';
    const a = analyze(`${CWD}/test.td`, src, settings(), memFs({}));
    const d = a.diagnostics.get(pathToUri(`${CWD}/test.td`))!;
    expect(d).toHaveLength(1);
    expect(d[0]!.message).toBe("Couldn't find class 'B'");
    expect(d[0]!.range.start).toEqual({ line: 1, character: 8 });
    expect(d[0]!.severity).toBe(1);
  });

  it('reports an error of an included file in that file and at the include line', () => {
    const a = analyze(`${CWD}/test.td`, 'class A;\ninclude "inc.td"\n', settings(), memFs({ 'inc.td': '\ndef Y : Nope;\n' }));
    const inInc = a.diagnostics.get(pathToUri(`${CWD}/inc.td`))!;
    expect(inInc[0]!.message).toBe("Couldn't find class 'Nope'");
    expect(inInc[0]!.range.start).toEqual({ line: 1, character: 8 });
    const inMain = a.diagnostics.get(pathToUri(`${CWD}/test.td`))!;
    expect(inMain[0]!.message).toBe("Couldn't find class 'Nope'");
    expect(inMain[0]!.range.start.line).toBe(1);
    expect(inMain[0]!.relatedInformation?.[0]?.location.uri).toBe(pathToUri(`${CWD}/inc.td`));
  });

  it('maps notes to related information', () => {
    const src = 'multiclass M<int n> {\n  def _a { int x = n; }\n  assert !eq(n, 1), "n must be 1";\n}\ndefm m : M<2>;\n';
    const a = analyze(`${CWD}/test.td`, src, settings(), memFs({}));
    const d = a.diagnostics.get(pathToUri(`${CWD}/test.td`))!;
    expect(d[0]!.message).toBe('assertion failed: n must be 1');
    expect(a.parse!.diagnostics.diagnostics[0]!.notes.length).toBe(d[0]!.relatedInformation?.length ?? 0);
  });

  it('never throws on any prefix of a file (half-typed text)', () => {
    const src = readFileSync(fileURLToPath(new URL('../../../examples/dialect/include/Toy/ToyTypes.td', import.meta.url)), 'utf8');
    const s = settings([], mlir ? [fileURLToPath(new URL('../../../examples/dialect/include', import.meta.url)), mlir] : []);
    for (let n = 0; n <= src.length; n += 37) {
      const a = analyze(`${CWD}/test.td`, src.slice(0, n), s, nodeFileSystem);
      expect(a.diagnostics.has(pathToUri(`${CWD}/test.td`))).toBe(true);
    }
  });
});

describe('navigation', () => {
  const inc = 'class Base<int w> {\n  int width = w;\n}\n';
  const src = [
    'include "inc.td"',
    'defvar Size = 4;',
    'class C<int n> : Base<n> {',
    '  int twice = !mul(n, 2);',
    '}',
    'def X : C<Size> {',
    '  let width = 8;',
    '}',
    'def Y { C c = X; int t = X.twice; }',
    'multiclass MC { def _x : C<1>; }',
    'defm m : MC;',
    '',
  ].join('\n');
  const path = `${CWD}/test.td`;
  const a = analyze(path, src, settings(), memFs({ 'inc.td': inc }));
  const defAt = (needle: string, delta = 0) => definitionAt(a, path, at(src, needle, delta));

  it('goes to classes in included files, defs, defvars, template arguments and fields', () => {
    expect(a.ok).toBe(true);
    expect(defAt(': Base', 3)).toEqual({ file: `${CWD}/inc.td`, offset: at(inc, 'Base') });
    expect(defAt('C<Size>', 3)).toEqual({ file: path, offset: at(src, 'Size') });
    expect(defAt('C<Size>')).toEqual({ file: path, offset: at(src, 'C<int') });
    expect(defAt('!mul(n', 5)).toEqual({ file: path, offset: at(src, 'n>') });
    expect(defAt('let width', 5)).toEqual({ file: `${CWD}/inc.td`, offset: at(inc, 'width') });
    expect(defAt('= X;', 2)).toEqual({ file: path, offset: at(src, 'X :') });
    expect(defAt('defm m : MC', 10)).toEqual({ file: path, offset: at(src, 'MC {') });
  });

  it('finds references', () => {
    const o = occurrenceAt(a, path, at(src, 'C<int'))!;
    const refs = referencesTo([a], definitionOf(a, o)!, true);
    expect(refs.map((r) => r.range.start.line).sort()).toEqual([2, 5, 8, 9]);
  });

  it('outlines defs, classes and multiclasses', () => {
    expect(documentSymbols(a).map((s) => s.name)).toEqual(['C', 'X', 'Y', 'MC', '_x']);
  });

  it('hovers a def with its fields and classes, a class with its template arguments', () => {
    const h = hoverAt(a, path, at(src, 'X :'))!;
    const text = (h.contents as { value: string }).value;
    expect(text).toContain('Classes: Base, C');
    expect(text).toContain('int width = 8;');
    expect(text).toContain('int twice = 8;');
    const hc = (hoverAt(a, path, at(src, 'C<Size>'))!.contents as { value: string }).value;
    expect(hc).toContain('class C<int C:n = ?>');
  });

  it('completes class names after a colon and fields after let', () => {
    const typed = src + 'def Z : B';
    const labels = completionsAt(a, encodeBytes(typed), typed.length).map((c) => c.label);
    expect(labels).toEqual(expect.arrayContaining(['Base', 'C']));
    const inLet = src + 'def W : C<1> {\n  let ';
    expect(completionsAt(a, encodeBytes(inLet), inLet.length)).toEqual([]);
    const inX = src.replace('  let width = 8;', '  let w');
    const labels2 = completionsAt(a, encodeBytes(inX), at(inX, 'let w', 5)).map((c) => c.label);
    expect(labels2).toEqual(expect.arrayContaining(['width', 'twice']));
  });

  it('links include lines', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ods-lsp-'));
    writeFileSync(join(dir, 'inc.td'), inc);
    const links = documentLinks(encodeBytes(src), dir, []);
    expect(links).toEqual([{ range: { start: { line: 0, character: 9 }, end: { line: 0, character: 15 } }, target: pathToUri(join(dir, 'inc.td')) }]);
    rmSync(dir, { recursive: true });
  });
});

describe('positions', () => {
  it('counts UTF-16 columns over UTF-8 bytes', () => {
    const ix = new LineIndex(encodeBytes('// é𝄞\ndef X;'));
    expect(ix.position(encodeBytes('// é𝄞').length)).toEqual({ line: 0, character: 6 });
    expect(ix.offset({ line: 0, character: 6 })).toBe(encodeBytes('// é𝄞').length);
    expect(ix.offset({ line: 1, character: 4 })).toBe(encodeBytes('// é𝄞\ndef ').length);
  });
});

describe.skipIf(!mlir)('with MLIR installed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ods-lsp-dialect-'));
  cpSync(fileURLToPath(new URL('../../../examples/dialect', import.meta.url)), dir, { recursive: true, filter: (p) => !p.includes('generated') && !p.includes('.ods-cache') });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const ops = join(dir, 'include/Toy/ToyOps.td');
  const text = readFileSync(ops, 'utf8');

  it('takes the include folders and jobs of the ods.json whose jobs read the file', () => {
    const s = settingsFor(ops, {}, undefined);
    expect(s.configPath).toBe(join(dir, 'ods.json'));
    expect(s.includeDirs).toEqual([join(dir, 'include'), mlir]);
    expect(s.jobs.map((j) => j.generator)).toContain('op-decls');
    // An included file that is no job's input still gets the config's folders.
    expect(settingsFor(join(dir, 'include/Toy/ToyDialect.td'), {}, undefined).cwd).toBe(dir);
    // Outside every ods.json: the client's folders, then MLIR's.
    const lone = join(tmpdir(), 'lone.td');
    expect(settingsFor(lone, { includeDirs: ['/x'] }, undefined).includeDirs).toEqual(['/x', mlir]);
  });

  it('reports the assembly-format errors of the op-decls job as the CLI does', () => {
    const broken = text.replace(/let assemblyFormat = "\$lhs/, 'let assemblyFormat = "$nope');
    expect(broken).not.toBe(text);
    const a = analyze(ops, broken, settingsFor(ops, {}, undefined), nodeFileSystem);
    writeFileSync(join(dir, 'broken.td'), broken);
    let stderr = '';
    runCli(['--gen-op-decls', `-I${join(dir, 'include')}`, `-I${mlir}`, 'broken.td'], { stdout: () => {}, stderr: (t) => void (stderr += t), cwd: dir });
    // The CLI prints the error in the format's own buffer (no file position): the LSP puts it
    // on the variable in the string, with the op as related information.
    const first = decodeBytes(stderr).split('\n')[0]!;
    const d = a.diagnostics.get(pathToUri(ops))![0]!;
    expect(first).toBe(`error: ${d.message}`);
    const ix = new LineIndex(encodeBytes(broken));
    expect(d.range.start).toEqual(ix.position(at(encodeBytes(broken), '$nope')));
    expect(d.relatedInformation?.[0]?.message).toBe('in custom assembly format for this operation');
  });

  it('hovers an op with its name, summary and C++ class; completes $-variables; lenses op defs', () => {
    const s = settingsFor(ops, {}, undefined);
    const a = analyze(ops, text, s, nodeFileSystem);
    expect(a.ok).toBe(true);
    const bytes = encodeBytes(text);
    const h = (hoverAt(a, ops, at(bytes, 'Toy_ConstantOp'))!.contents as { value: string }).value;
    expect(h).toContain('**toy.constant** — a dense f64 tensor constant');
    expect(h).toContain('C++ class: `::mlir::toy::ConstantOp`');
    const fmt = at(bytes, 'let assemblyFormat = "$lhs', 22);
    const labels = completionsAt(a, bytes, fmt + 1).map((c) => c.label);
    expect(labels).toEqual(expect.arrayContaining(['lhs', 'rhs', 'result']));
    expect(codeLenses(a, pathToUri(ops)).map((l) => l.command!.title)).toContain('preview op-defs');
    expect(definitionAt(a, ops, at(bytes, 'Toy_Op<"constant"'))!.file).toBe(join(dir, 'include/Toy/ToyDialect.td'));
  });

  it('answers every request on mangled text (bytes deleted here and there), without internal errors', () => {
    const s = settingsFor(ops, {}, undefined);
    let seed = 7;
    const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
    for (let k = 0; k < 12; k++) {
      const i = rnd(text.length);
      const t = text.slice(0, i) + text.slice(i + 1 + rnd(8));
      const a = analyze(ops, t, s, nodeFileSystem);
      const b = encodeBytes(t);
      for (let j = 0; j < 10; j++) {
        const o = rnd(b.length);
        hoverAt(a, ops, o);
        completionsAt(a, b, o);
        definitionAt(a, ops, o);
      }
      documentSymbols(a);
      codeLenses(a, pathToUri(ops));
      for (const ds of a.diagnostics.values()) for (const d of ds) expect(d.message).not.toContain('internal error');
    }
  });

  it('previews exactly what the CLI prints, on the unsaved text', () => {
    const s = settingsFor(ops, {}, undefined);
    const edited = text.replace('Toy_Op<"constant"', 'Toy_Op<"konstant"');
    const fs = overlayFileSystem(new Map([[ops, encodeBytes(edited)]]));
    const p = preview(ops, 'op-defs', [], s, fs);
    expect(p.exitCode).toBe(0);
    mkdirSync(join(dir, 'edited'), { recursive: true });
    writeFileSync(ops + '.saved', text);
    writeFileSync(ops, edited);
    let out = '';
    runCli(['--gen-op-defs', `-I${join(dir, 'include')}`, `-I${mlir}`, 'include/Toy/ToyOps.td'], { stdout: (t) => void (out += t), stderr: () => {}, cwd: dir });
    writeFileSync(ops, text);
    expect(p.text).toBe(decodeBytes(out));
    expect(p.text).toContain('toy.konstant');
  });
});
