// The parses behind `?ods=` modules. One parse per input serves every generator imported from
// it (a page importing `?ods=records` and `?ods=dialect-doc` of the same file parses it once),
// and a parse stays valid while the content of every file it read is unchanged. The engine's own
// parse of an input is offered here too (see `offer`), so a save that rebuilds the ods.json jobs
// of a file does not parse it a second time for the modules importing it.
import {
  FatalError,
  FileHasher,
  parseTableGen,
  printRecords,
  recordsToJson,
  writeJson,
  type GenerateFn,
  type OdsConfig,
  type OdsJob,
  type ParseResult,
} from '@ods-ts/tablegen-core';

/** The outcome of one `?ods=` module. */
export interface ModuleOutput {
  /** The generated text (latin1 byte string, as ods-tblgen writes it) when it succeeded. */
  readonly text?: string;
  /** LLVM-style diagnostics when the parse or the generator failed. */
  readonly error?: string;
  /** The generator does not exist in this build of ods-ts. */
  readonly missingGenerator?: boolean;
  /** Absolute paths of the input and every file its parse read (what the module depends on). */
  readonly files: readonly string[];
  /** The parse was reused rather than run for this request. */
  readonly cached: boolean;
}

interface Entry {
  readonly parse: ParseResult;
  readonly files: readonly string[];
  readonly hashes: ReadonlyMap<string, string | undefined>;
  readonly outputs: Map<string, { text?: string; error?: string }>;
}

/** Generator names handled without `generate`: `records` is the JSON object of `dump-json`. */
export const BUILTIN_MODULE_GENERATORS = ['records', 'print-records', 'dump-json'] as const;

export class OdsModuleLoader {
  private readonly entries = new Map<string, Entry>();
  private readonly hasher = new FileHasher();
  /** Parses run (not reused) so far; for tests and the bench. */
  parses = 0;

  constructor(
    private config: OdsConfig,
    private readonly generate: GenerateFn,
    private readonly hasGenerator: (name: string) => boolean,
  ) {}

  /** A new ods.json: include folders or macros may differ, so every parse is dropped. */
  setConfig(config: OdsConfig): void {
    this.config = config;
    this.entries.clear();
  }

  /** Drop the parses that read one of `files` (and forget their hashes). */
  invalidate(files: Iterable<string>): void {
    const set = new Set(files);
    for (const f of set) this.hasher.forget(f);
    for (const [input, e] of this.entries) if (e.files.some((f) => set.has(f))) this.entries.delete(input);
  }

  /**
   * Offer a successful parse of `input` made with this config's include folders and macros (the
   * engine's, through its generate callback). It replaces the cached one unless it is the same.
   */
  offer(input: string, parse: ParseResult): void {
    if (!parse.ok || this.entries.get(input)?.parse === parse) return;
    this.entries.set(input, this.entryFor(parse));
  }

  /**
   * The text a job of the engine produced for `input` (read lazily from its output file), kept
   * with the parse of `input` that the same build offered, so a module asking for the same
   * generator and options does not run it again. Ignored when there is no such parse.
   */
  offerOutput(input: string, generator: string, args: readonly string[], read: () => string): void {
    const entry = this.entries.get(input);
    if (!entry) return;
    const keys = generator === 'dump-json' && args.length === 0 ? ['dump-json', 'records'] : [generator];
    let text: string | undefined;
    for (const g of keys) {
      const key = JSON.stringify([g, args]);
      if (entry.outputs.has(key)) continue;
      try {
        text ??= read();
      } catch {
        return;
      }
      entry.outputs.set(key, { text });
    }
  }

  private entryFor(parse: ParseResult): Entry {
    const files = [...parse.files];
    const hashes = new Map<string, string | undefined>();
    for (const f of files) {
      this.hasher.forget(f);
      hashes.set(f, this.hasher.hash(f));
    }
    return { parse, files, hashes, outputs: new Map() };
  }

  private isValid(e: Entry): boolean {
    for (const [f, h] of e.hashes) if (this.hasher.hash(f) !== h) return false;
    return true;
  }

  private parse(input: string): { entry?: Entry; failed?: ParseResult; diagnostics: string } {
    const cwd = this.config.baseDir;
    const rel = input.startsWith(cwd + '/') ? input.slice(cwd.length + 1) : input;
    let diagnostics = '';
    this.parses++;
    const parse = parseTableGen({
      file: rel,
      includeDirs: this.config.includeDirs,
      macros: this.config.macros,
      cwd,
      onDiagnostic: (t) => {
        diagnostics += t;
      },
    });
    if (!parse.ok) return { failed: parse, diagnostics: diagnostics || `error: could not parse ${rel}\n` };
    const entry = this.entryFor(parse);
    this.entries.set(input, entry);
    return { entry, diagnostics };
  }

  /** Run `generator` (with generator options `args`) on `input` (absolute path). */
  load(input: string, generator: string, args: readonly string[]): ModuleOutput {
    const builtin = (BUILTIN_MODULE_GENERATORS as readonly string[]).includes(generator);
    if (!builtin && !this.hasGenerator(generator)) return { missingGenerator: true, files: [input], cached: false };
    let entry = this.entries.get(input);
    let cached = true;
    if (entry && !this.isValid(entry)) {
      this.entries.delete(input);
      entry = undefined;
    }
    if (!entry) {
      cached = false;
      const p = this.parse(input);
      if (!p.entry) return { error: p.diagnostics, files: p.failed ? [...p.failed.files] : [input], cached };
      entry = p.entry;
    }
    const key = JSON.stringify([generator, args]);
    let out = entry.outputs.get(key);
    if (!out) {
      out = this.run(entry.parse, { index: 0, input, generator, args, output: '' });
      entry.outputs.set(key, out);
    }
    return { ...out, files: entry.files, cached };
  }

  /** Like the engine's runGroup for one job: the job's own diagnostics, errors never thrown. */
  private run(parse: ParseResult, job: OdsJob): { text?: string; error?: string } {
    let jobDiags = '';
    const prevSink = parse.diagnostics.sink;
    parse.diagnostics.sink = (t) => {
      jobDiags += t;
    };
    const before = parse.diagnostics.errorCount;
    try {
      const text = parse.records.with(() => {
        switch (job.generator) {
          case 'records':
          case 'dump-json':
            return writeJson(recordsToJson(parse.records, parse.sources));
          case 'print-records':
            return printRecords(parse.records);
          default:
            return this.generate(parse, job);
        }
      });
      if (parse.diagnostics.errorCount > before) return { error: jobDiags || `error: ${job.generator} failed\n` };
      return { text };
    } catch (e) {
      if (e instanceof FatalError) return { error: jobDiags || `error: ${e.message}\n` };
      return { error: `error: internal error in ${job.generator}: ${(e as Error).message}\n` };
    } finally {
      parse.diagnostics.sink = prevSink;
    }
  }
}
