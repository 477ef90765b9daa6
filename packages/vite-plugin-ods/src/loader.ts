// The parses behind `?ods=` modules. One parse per input serves every generator imported from
// it (a page importing `?ods=records` and `?ods=dialect-doc` of the same file parses it once),
// and a parse stays valid while the content of every file it read is unchanged. What the engine
// produces for an input is offered here too, so a save that rebuilds the ods.json jobs of a file
// does not parse it a second time for the modules importing it: its parse when the engine runs
// in this thread (see `offer`), the outputs of its jobs when it runs on a worker thread (see
// `offerOutput`).
import {
  FatalError,
  dumpJson,
  parseTableGen,
  printRecords,
  type ParseResult,
} from '@ods-ts/tablegen-core';
import { FileHasher, LruMap, type GenerateFn, type OdsConfig, type OdsJob } from '@ods-ts/ods-engine';

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
  /** Undefined for an entry made of the engine's outputs only (its parse ran on a worker). */
  readonly parse?: ParseResult;
  readonly files: readonly string[];
  readonly hashes: ReadonlyMap<string, string | undefined>;
  readonly outputs: Map<string, { text?: string; error?: string }>;
}

/** Generator names handled without `generate`: `records` is the JSON object of `dump-json`. */
export const BUILTIN_MODULE_GENERATORS = ['records', 'print-records', 'dump-json'] as const;

/**
 * Parses kept, by input. Each holds the records of a whole parse (a dialect with MLIR's includes),
 * and the engine offers one per input it builds: bounded, the least recently used go first (a
 * module asking for one again parses it again).
 */
export const MAX_LOADER_PARSES = 32;

export class OdsModuleLoader {
  private readonly entries = new LruMap<string, Entry>(MAX_LOADER_PARSES);
  private readonly hasher = new FileHasher();
  /** The outputs (keys of `Entry.outputs`) modules have asked for, by input. */
  private readonly requested = new Map<string, Set<string>>();
  /** Parses run (not reused) so far; for tests and the bench. */
  parses = 0;

  /** Inputs whose parse or outputs are kept (for tests). */
  get cachedInputs(): number {
    return this.entries.size;
  }

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

  /** The content hashes of `files` now (before a build, for `offerOutput`). */
  snapshot(files: Iterable<string>): ReadonlyMap<string, string | undefined> {
    const hashes = new Map<string, string | undefined>();
    for (const f of files) hashes.set(f, this.hasher.hash(f));
    return hashes;
  }

  /**
   * The text a job of the engine produced for `input` (read lazily from its output file), so a
   * module asking for the same generator and options does not run it again. `files` are what the
   * job's parse read, `before` their hashes taken before the build started (`snapshot`): the
   * output is kept only when every file still has that hash, i.e. when the parse (on whatever
   * thread) read exactly the bytes the entry records. It joins the parse of `input` that the same
   * build offered, if any, else an entry of outputs only. Only outputs some module has asked for
   * are read.
   */
  offerOutput(
    input: string,
    generator: string,
    args: readonly string[],
    files: readonly string[],
    before: ReadonlyMap<string, string | undefined>,
    read: () => string,
  ): void {
    const aliases = generator === 'dump-json' && args.length === 0 ? ['dump-json', 'records'] : [generator];
    const asked = this.requested.get(input);
    const keys = aliases.map((g) => JSON.stringify([g, args])).filter((k) => asked?.has(k));
    if (!keys.length) return;
    const hashes = new Map<string, string | undefined>();
    for (const f of files) {
      const h = this.hasher.hash(f);
      if (h === undefined || !before.has(f) || before.get(f) !== h) return;
      hashes.set(f, h);
    }
    let entry = this.entries.get(input);
    if (entry && !(entry.files.length === hashes.size && entry.files.every((f) => entry!.hashes.get(f) === hashes.get(f)))) entry = undefined;
    let text: string | undefined;
    for (const key of keys) {
      if (entry?.outputs.has(key)) continue;
      try {
        text ??= read();
      } catch {
        return;
      }
      if (!entry) this.entries.set(input, (entry = { files: [...files], hashes, outputs: new Map() }));
      entry.outputs.set(key, { text });
    }
  }

  private entryFor(parse: ParseResult): Entry {
    const files = [...parse.files];
    // Memoized hashes (keyed by size, mtime, ctime and inode, like the engine's): a save's
    // rebuild re-reads only the saved file, not every include.
    const hashes = new Map<string, string | undefined>();
    for (const f of files) hashes.set(f, this.hasher.hash(f));
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
    const key = JSON.stringify([generator, args]);
    let asked = this.requested.get(input);
    if (!asked) this.requested.set(input, (asked = new Set()));
    asked.add(key);
    const offered = entry?.outputs.get(key);
    if (entry && offered) return { ...offered, files: entry.files, cached };
    let parse = entry?.parse;
    if (!entry || !parse) {
      cached = false;
      const p = this.parse(input);
      if (!p.entry) return { error: p.diagnostics, files: p.failed ? [...p.failed.files] : [input], cached };
      // Outputs offered for the same bytes stay usable.
      if (entry && p.entry.files.length === entry.files.length && p.entry.files.every((f) => p.entry!.hashes.get(f) === entry!.hashes.get(f)))
        for (const [k, o] of entry.outputs) p.entry.outputs.set(k, o);
      entry = p.entry;
      parse = p.entry.parse!;
    }
    const out = this.run(parse, { index: 0, input, generator, args, output: '' });
    entry.outputs.set(key, out);
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
            return dumpJson(parse.records, parse.sources);
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
