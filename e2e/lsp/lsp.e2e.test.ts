// The language server end to end: `ods-tblgen lsp --stdio` as a process, driven over stdio with
// vscode-jsonrpc, on a copy of examples/dialect (MLIR's installed tree needed: skipped without).
// Needs `npm run build` first.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMlirIncludeDir } from '@ods-ts/ods-engine';
// @ts-expect-error: a plain .mjs helper shared with tools/bench/lsp-bench.mjs
import { ODS_TBLGEN, fileUri, startLsp } from '../../tools/bench/lsp-client.mjs';

const mlir = findMlirIncludeDir();

interface Position {
  line: number;
  character: number;
}
interface Diag {
  message: string;
  severity: number;
  range: { start: Position; end: Position };
  relatedInformation?: { message: string; location: { uri: string } }[];
}

function positionOf(text: string, needle: string, delta = 0): Position {
  const i = text.indexOf(needle);
  if (i < 0) throw new Error(`no ${needle}`);
  const before = text.slice(0, i + delta);
  const line = before.split('\n').length - 1;
  return { line, character: before.length - before.lastIndexOf('\n') - 1 };
}

describe.skipIf(!mlir)('ods-tblgen lsp --stdio', () => {
  let dir: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the helper is untyped JavaScript
  let lsp: any;
  let ops: string;
  let text: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ods-lsp-e2e-'));
    cpSync(fileURLToPath(new URL('../../examples/dialect', import.meta.url)), dir, {
      recursive: true,
      filter: (p) => !p.includes('generated') && !p.includes('.ods-cache') && !p.includes('node_modules'),
    });
    ops = join(dir, 'include/Toy/ToyOps.td');
    text = readFileSync(ops, 'utf8');
    lsp = await startLsp(dir);
  });
  afterAll(async () => {
    await lsp?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('publishes no diagnostics for the example, then the errors of an edit as you type', async () => {
    expect(lsp.init.capabilities.definitionProvider).toBe(true);
    const clean = lsp.diagnostics(fileUri(ops));
    await lsp.open(ops, text);
    expect((await clean).diagnostics).toEqual([]);
    // An assembly-format error (op-decls job), then a parse error, on unsaved text.
    const broken = text.replace('let assemblyFormat = "$lhs', 'let assemblyFormat = "$nope');
    const fmt = lsp.diagnostics(fileUri(ops), (d: Diag[]) => d.length > 0);
    await lsp.change(ops, broken);
    const [d] = (await fmt).diagnostics as Diag[];
    expect(d.message).toBe('expected variable to refer to an argument, region, result, or successor');
    expect(d.range.start).toEqual(positionOf(broken, '$nope'));
    expect(d.relatedInformation?.[0]?.message).toBe('in custom assembly format for this operation');
    const typo = text.replace('def Toy_AddOp : Toy_Op<', 'def Toy_AddOp : Toy_Opp<');
    const parse = lsp.diagnostics(fileUri(ops), (ds: Diag[]) => ds.some((x) => x.message.includes('Toy_Opp')));
    await lsp.change(ops, typo);
    const [p] = (await parse).diagnostics as Diag[];
    expect(p.message).toBe("Couldn't find class 'Toy_Opp'");
    expect(p.range.start).toEqual(positionOf(typo, 'Toy_Opp'));
    // Every prefix-ish half-typed text: the server keeps answering.
    for (const n of [10, 500, 1234, 2500, 4000]) await lsp.change(ops, text.slice(0, n));
    const back = lsp.diagnostics(fileUri(ops), (ds: Diag[]) => ds.length === 0);
    await lsp.change(ops, text);
    await back;
  });

  it('navigates: definition into included files and MLIR, references, symbols, links', async () => {
    const uri = fileUri(ops);
    const def = await lsp.request('textDocument/definition', { textDocument: { uri }, position: positionOf(text, 'Toy_Op<"constant"', 2) });
    expect(def.uri).toBe(fileUri(join(dir, 'include/Toy/ToyDialect.td')));
    const pure = await lsp.request('textDocument/definition', { textDocument: { uri }, position: positionOf(text, 'Pure]', 1) });
    expect(pure.uri.startsWith(fileUri(mlir!))).toBe(true);
    const refs = await lsp.request('textDocument/references', { textDocument: { uri }, position: positionOf(text, 'Toy_Op<"constant"', 2), context: { includeDeclaration: false } });
    expect(refs.length).toBeGreaterThan(5);
    const symbols = await lsp.request('textDocument/documentSymbol', { textDocument: { uri } });
    expect(symbols.map((s: { name: string }) => s.name)).toContain('Toy_ConstantOp');
    const links = await lsp.request('textDocument/documentLink', { textDocument: { uri } });
    expect(links.map((l: { target: string }) => l.target)).toContain(fileUri(join(mlir!, 'mlir/IR/OpBase.td')));
  });

  it('hovers, completes and shows code lenses', async () => {
    const uri = fileUri(ops);
    const hover = await lsp.request('textDocument/hover', { textDocument: { uri }, position: positionOf(text, 'Toy_ConstantOp', 3) });
    expect(hover.contents.value).toContain('**toy.constant** — a dense f64 tensor constant');
    expect(hover.contents.value).toContain('C++ class: `::mlir::toy::ConstantOp`');
    const lenses = await lsp.request('textDocument/codeLens', { textDocument: { uri } });
    expect(lenses.map((l: { command: { title: string } }) => l.command.title)).toContain('preview op-decls');
    const fmt = positionOf(text, 'let assemblyFormat = "$lhs', 23);
    const items = await lsp.request('textDocument/completion', { textDocument: { uri }, position: fmt });
    expect(items.map((i: { label: string }) => i.label)).toEqual(expect.arrayContaining(['lhs', 'rhs', 'result']));
  });

  it('previews what the CLI prints, byte for byte', async () => {
    const uri = fileUri(ops);
    const { text: out } = await lsp.request('ods/preview', { textDocument: { uri }, generator: 'op-decls', args: [] });
    const cli = spawnSync(process.execPath, [ODS_TBLGEN, '--gen-op-decls', `-I${join(dir, 'include')}`, `-I${mlir}`, 'include/Toy/ToyOps.td'], {
      cwd: dir,
      encoding: 'utf8',
      // In-process: no build service started for the next run.
      env: { ...process.env, ODS_DAEMON: '0' },
    });
    expect(cli.status).toBe(0);
    expect(out).toBe(cli.stdout);
  });

  it('shows the unsaved errors of an open included file in it and at the include line of its includer', async () => {
    const dialect = join(dir, 'include/Toy/ToyDialect.td');
    const src = readFileSync(dialect, 'utf8');
    const opened = lsp.diagnostics(fileUri(dialect));
    await lsp.open(dialect, src);
    await opened;
    const broken = src.replace('def Toy_Dialect : Dialect', 'def Toy_Dialect : Dialectt');
    const own = lsp.diagnostics(fileUri(dialect), (d: Diag[]) => d.length > 0);
    const includer = lsp.diagnostics(fileUri(ops), (d: Diag[]) => d.length > 0);
    await lsp.change(dialect, broken);
    expect(((await own).diagnostics as Diag[])[0]!.message).toBe("Couldn't find class 'Dialectt'");
    const [atInclude] = (await includer).diagnostics as Diag[];
    expect(atInclude!.message).toBe("Couldn't find class 'Dialectt'");
    expect(atInclude!.range.start.line).toBe(positionOf(text, 'include "Toy/ToyDialect.td"').line);
    expect(atInclude!.relatedInformation?.[0]?.location.uri).toBe(fileUri(dialect));
    const fixed = lsp.diagnostics(fileUri(ops), (d: Diag[]) => d.length === 0);
    await lsp.change(dialect, src);
    await fixed;
  });

  it('works on a file outside every ods.json (MLIR from llvm-config)', async () => {
    const lone = join(tmpdir(), `ods-lsp-lone-${process.pid}.td`);
    const src = 'include "mlir/IR/OpBase.td"\ndef T : Dialect { let name = "t"; }\ndef T_Op : Op<T, "x">;\n';
    writeFileSync(lone, src);
    try {
      const got = lsp.diagnostics(fileUri(lone));
      await lsp.open(lone, src);
      expect((await got).diagnostics).toEqual([]);
    } finally {
      rmSync(lone, { force: true });
    }
  });
});
