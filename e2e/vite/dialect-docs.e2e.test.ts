// The Vite plugin end to end: the dialect-docs example app and the example dialect copied to a
// temp folder, `vite` started on 127.0.0.1, the page opened in headless Chromium (playwright-core
// driving Debian's /usr/bin/chromium), then:
// - the ops table lists the ops of ToyOps.td;
// - a new op saved into ToyOps.td appears through HMR, without a full reload (a marker set on
//   `window` survives), and the outputs of the dialect's ods.json are regenerated on disk, equal
//   to mlir-tblgen-22's output for the generators ods-ts has (ToyDialect.td's job untouched);
// - a syntax error shows Vite's error overlay naming the file:line:col mlir-tblgen-22 reports,
//   and the fix clears it, still without a reload.
// Screenshots go to e2e/out/. Skipped when chromium or mlir-tblgen-22 is missing.
//
// Like the Nx e2e: records and JSON must equal the reference tools'; a `--gen-*` output that
// differs from mlir-tblgen-22 (a generator bug, not the plugin's) is reported, and must then equal
// what `ods-tblgen` prints for the same command, unless ODS_E2E_STRICT=1, which fails on it.
// ODS_E2E_KEEP=1 keeps the temp folder.
import { expandedConfig } from '../ods-config.js';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  ODS_TBLGEN,
  OUT,
  chromiumPath,
  copyExample,
  ensureBuilt,
  hasTool,
  launchChromium,
  mlirIncludeDir,
  readLatin1,
  referenceErrorLocation,
  sleep,
  startVite,
  type DevServer,
} from './support.js';

const MLIR = mlirIncludeDir();
const STRICT = process.env['ODS_E2E_STRICT'] === '1';
const READY = chromiumPath() !== undefined && hasTool('mlir-tblgen-22') && hasTool('llvm-tblgen-22') && MLIR !== undefined;

interface Job {
  input: string;
  generator: string;
  args?: string[];
  output: string;
}

const NEW_OP = `
//===----------------------------------------------------------------------===//
// toy.mul (added by the e2e test)
//===----------------------------------------------------------------------===//

def Toy_MulOp : Toy_Op<"mul", [Pure, SameOperandsAndResultType]> {
  let summary = "element-wise multiplication";
  let description = [{
    \`\`\`mlir
    %2 = toy.mul %0, %1 : tensor<2xf64>
    \`\`\`
  }];
  let arguments = (ins F64Tensor:$lhs, F64Tensor:$rhs);
  let results = (outs F64Tensor:$result);
  let assemblyFormat = "$lhs \`,\` $rhs attr-dict \`:\` type($result)";
}

`;

describe.skipIf(!READY)('vite:ods dev server with the dialect-docs app', () => {
  let example: ReturnType<typeof copyExample>;
  let server: DevServer;
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  let context: BrowserContext;
  let page: Page;
  let opsTd: string;
  let original: string;
  let jobs: Job[];
  let includeDirs: string[];
  const consoleLines: string[] = [];

  beforeAll(async () => {
    ensureBuilt();
    mkdirSync(OUT, { recursive: true });
    example = copyExample();
    opsTd = join(example.dialect, 'include/Toy/ToyOps.td');
    original = readFileSync(opsTd, 'utf8');
    // The jobs as ods-tblgen expands ods.json (the dialect preset, the glob).
    const cfg = expandedConfig(example.dialect);
    jobs = cfg.jobs;
    includeDirs = cfg.includeDirs.includes(MLIR!) ? cfg.includeDirs : [...cfg.includeDirs, MLIR!];
    server = await startVite(example.app);
    browser = await launchChromium();
    context = browser.context;
    page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => consoleLines.push(`pageerror: ${e.message}`));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (process.env['ODS_E2E_KEEP'] !== '1') example?.cleanup();
  });

  /** What the dev server and the page said, for failure messages. */
  const transcript = () => `--- vite ---\n${server.output()}\n--- page ---\n${consoleLines.join('\n')}`;

  /** Waits for `selector`, failing at once (with the overlay's text) if Vite shows an error. */
  async function waitForPage(selector: string, timeout: number): Promise<void> {
    await page.waitForSelector(`${selector}, vite-error-overlay`, { timeout }).catch((e: Error) => {
      throw new Error(`${e.message}\n${transcript()}`);
    });
    if (await page.locator('vite-error-overlay').count()) {
      const text = await page.locator('vite-error-overlay .window').innerText();
      throw new Error(`Vite shows an error instead of ${selector}:\n${text}\n${transcript()}`);
    }
  }

  const tableOps = () => page.$$eval('#ops-table tbody tr', (rows) => rows.map((r) => (r as HTMLElement).dataset['op'] ?? ''));

  /** Op mnemonics of a .td text, as `toy.<name>`, sorted. */
  const opsOf = (td: string) => [...td.matchAll(/^def \w+ : Toy_Op<"([\w.]+)"/gm)].map((m) => `toy.${m[1]}`).sort();

  /** The reference command of a job: mlir-tblgen-22 (llvm-tblgen-22 for --dump-json, which mlir-tblgen lacks). */
  function reference(job: Job): { tool: string; args: string[] } {
    const common = [...includeDirs.flatMap((d) => ['-I', d]), job.input];
    if (job.generator === 'print-records') return { tool: 'mlir-tblgen-22', args: common };
    if (job.generator === 'dump-json') return { tool: 'llvm-tblgen-22', args: ['--dump-json', ...common] };
    return { tool: 'mlir-tblgen-22', args: [`--gen-${job.generator}`, ...(job.args ?? []), ...common] };
  }

  it('lists the ops of ToyOps.td in the ops table', async () => {
    await page.goto(server.url);
    await waitForPage('#ops-table tbody tr', 60_000);
    expect(await tableOps()).toEqual(opsOf(original));
    // Every op has its section in the doc body too.
    for (const op of opsOf(original)) expect(await page.locator(`section.op-card[data-op="${op}"]`).count()).toBe(1);
    // Let the dependency optimizer settle (it may reload the page once on a cold start).
    await sleep(1000);
    await page.waitForSelector('#ops-table tbody tr');
    await page.evaluate(() => {
      (window as unknown as { __e2eMarker: string }).__e2eMarker = 'still here';
    });
  });

  it('shows a new op through HMR, without a reload, and regenerates the outputs on disk', async () => {
    const outputs = jobs.map((j) => join(example.dialect, j.output));
    const before = new Map(outputs.map((o) => [o, statSync(o).mtimeMs]));
    const bootedAt = await page.evaluate(() => (window as unknown as { __dialectDocs?: { bootedAt: number } }).__dialectDocs?.bootedAt);
    const edited = original.replace(/^#endif \/\/ TOY_OPS_TD/m, `${NEW_OP}#endif // TOY_OPS_TD`);
    expect(edited).not.toBe(original);
    writeFileSync(opsTd, edited);

    await waitForPage('#ops-table tr[data-op="toy.mul"]', 30_000);
    expect(await tableOps()).toEqual(opsOf(edited));
    expect(await page.locator('section.op-card[data-op="toy.mul"]').count()).toBe(1);
    expect(await page.locator('#ops-table tr[data-op="toy.mul"] .new').count()).toBe(1);
    // No full reload: the marker and the boot time survive, the page counted one update.
    expect(await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker)).toBe('still here');
    expect(await page.evaluate(() => (window as unknown as { __dialectDocs?: { bootedAt: number } }).__dialectDocs?.bootedAt)).toBe(bootedAt);
    // (One save may reach the page as more than one update: an editor's write is not atomic.)
    expect(Number(await page.evaluate(() => document.documentElement.dataset['revision']))).toBeGreaterThanOrEqual(1);
    await page.screenshot({ path: join(OUT, 'dialect-docs.png'), fullPage: true });
    await page.screenshot({ path: join(OUT, 'dialect-docs-top.png') });

    // Every job reading ToyOps.td was re-run (the dev server writes the outputs before it updates
    // the page), the others were not.
    const n = jobs.filter((j) => j.input.endsWith('ToyOps.td')).length;
    const rebuilt = [...server.output().matchAll(/ods: (\d+) outputs?: (\d+) generated, (\d+) unchanged, (\d+) up to date(, \d+ failed)?/g)].at(-1);
    expect(rebuilt?.[5], `no job fails\n${transcript()}`).toBeUndefined();
    expect(rebuilt?.slice(1, 5).map(Number), transcript()).toEqual([n, Number(rebuilt?.[2]), n - Number(rebuilt?.[2]), 0]);
    const { listGenerators } = await import('@ods-ts/ods-backends');
    const known = new Set(listGenerators());
    const differences: string[] = [];
    for (const job of jobs) {
      const out = join(example.dialect, job.output);
      // Outputs whose bytes change are rewritten (the records do: a new def); the others (a
      // dialect declaration does not list ops) keep their mtime, and so do those of other inputs.
      const rewritten = statSync(out).mtimeMs > before.get(out)!;
      if (job.input.endsWith('ToyOps.td') && (job.generator === 'print-records' || job.generator === 'dump-json'))
        expect(rewritten, `${job.output} rewritten`).toBe(true);
      if (!job.input.endsWith('ToyOps.td')) expect(rewritten, `${job.output} does not read ToyOps.td`).toBe(false);
      if (job.generator !== 'print-records' && job.generator !== 'dump-json' && !known.has(job.generator)) continue;
      const ref = reference(job);
      const r = spawnSync(ref.tool, ref.args, { cwd: example.dialect, encoding: 'latin1', maxBuffer: 1 << 28 });
      const cmd = `${ref.tool} ${ref.args.join(' ')}`;
      expect(r.status, `${cmd}: ${r.stderr}`).toBe(0);
      const mine = readLatin1(out);
      if (job.generator === 'dump-json') expect(JSON.parse(mine), job.output).toEqual(JSON.parse(r.stdout));
      else if (job.generator === 'print-records' || STRICT || mine === r.stdout) expect(mine, `${job.output} differs from ${cmd}`).toBe(r.stdout);
      else {
        const a = mine.split('\n');
        const b = r.stdout.split('\n');
        const i = a.findIndex((l, k) => l !== b[k]);
        differences.push(`${job.output} (--gen-${job.generator}) differs from mlir-tblgen-22 at line ${i + 1}:\n  ods-ts: ${a[i]}\n  mlir:   ${b[i]}`);
        // The dev server must still have written exactly what the CLI prints.
        const cli = spawnSync(process.execPath, [ODS_TBLGEN, ...ref.args], { cwd: example.dialect, encoding: 'latin1', maxBuffer: 1 << 28 });
        expect(mine, `${job.output} differs from ods-tblgen ${ref.args.join(' ')}`).toBe(cli.stdout);
      }
    }
    if (differences.length) console.warn(`generator outputs that differ from mlir-tblgen-22 (set ODS_E2E_STRICT=1 to fail):\n${differences.join('\n')}`);
    expect(readLatin1(join(example.dialect, jobs.find((j) => j.generator === 'print-records' && j.input.endsWith('ToyOps.td'))!.output))).toContain(
      'def Toy_MulOp',
    );
  });

  it('shows a syntax error in the overlay at the right file:line:col, and clears it on the fix', async () => {
    const good = readFileSync(opsTd, 'utf8');
    const broken = good.replace('let summary = "element-wise multiplication";', 'let summary = ;');
    expect(broken).not.toBe(good);
    // Where mlir-tblgen-22 reports the error.
    writeFileSync(join(example.dialect, 'broken.td'), broken);
    const ref = referenceErrorLocation('mlir-tblgen-22', [...includeDirs.flatMap((d) => ['-I', d]), 'broken.td'], example.dialect);
    expect(ref).toBeDefined();

    await sleep(150); // two saves of one file within 50 ms are one change for chokidar
    writeFileSync(opsTd, broken);
    const overlay = page.locator('vite-error-overlay');
    await overlay.waitFor({ state: 'attached', timeout: 30_000 }).catch((e: Error) => {
      throw new Error(`${e.message}\n${transcript()}`);
    });
    const file = (await page.locator('vite-error-overlay .file').textContent()) ?? '';
    expect(file).toBe(`${opsTd}:${ref!.line}:${ref!.column}`);
    expect((await page.locator('vite-error-overlay .message-body').textContent()) ?? '').toContain(ref!.message);
    expect((await page.locator('vite-error-overlay .plugin').textContent()) ?? '').toContain('vite:ods');
    expect((await page.locator('vite-error-overlay .frame').textContent()) ?? '').toContain('let summary = ;');
    await page.screenshot({ path: join(OUT, 'dialect-docs-error.png') });
    // The dev server is still up.
    expect((await fetch(server.url)).ok).toBe(true);

    const revision = Number(await page.evaluate(() => document.documentElement.dataset['revision']));
    await sleep(150);
    writeFileSync(opsTd, good);
    await overlay.waitFor({ state: 'detached', timeout: 30_000 }).catch((e: Error) => {
      throw new Error(`${e.message}\n${transcript()}`);
    });
    await page.waitForFunction((r) => Number(document.documentElement.dataset['revision']) > r, revision, { timeout: 30_000 });
    expect(await tableOps()).toEqual(opsOf(good));
    expect(await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker)).toBe('still here');
  });
});
