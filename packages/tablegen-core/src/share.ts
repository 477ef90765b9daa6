// Shared include parses: parses that begin with the same includes share their evaluation.
//
// The state of a parse between two top-level objects is its records, multiclasses and type
// aliases (the keeper and the parser), its macros, buffers and dependencies. Take an `include`
// entered just after one top-level object and left just before the next: the state after it is
// a function of the state before it, of what it read (every file and every probed path, with
// the bytes found) and of the answers of the macro tests it made. A ParseCache keeps that state
// after the include, a Snapshot, keyed by the snapshot before it and the file name written in
// the directive. Every parse starts at the empty root snapshot; while it only takes such
// includes, it knows which snapshot it is at, and at the next include it can look one up:
// when the snapshot's reads give the same bytes and its macro tests the same answers, the
// parse restores the snapshot instead of parsing the file (the lexer goes back to just after
// the directive). Parses of dialects that all begin with `include "mlir/IR/OpBase.td"` so
// evaluate OpBase.td once.
//
// Sharing the records of a snapshot between parses needs: one uniquing pool of values for all
// of them (ValuePools; values are immutable, and the one value with per-parse state, the def a
// `Class<args>` value instantiates, keeps it in the keeper), buffer ids unique among them
// (BufferIds, so that a location means the same in each), and records that never change once
// in a snapshot (Record.frozen; redefining a shared empty class throws SharedStateConflict and
// the parse is run again without sharing). An include that reports any diagnostic (a warning,
// a `dump`) is not kept, so a restored snapshot never hides a message.
import { BufferIds, type DiagnosticEngine, type Loc, type SourceBuffer, type SourceManager } from './diagnostics.js';
import type { IncludeEvent, Lexer } from './lexer.js';
import type { Parser, ParserState } from './parser.js';
import { type KeeperState, type RecordKeeper, ValuePools } from './records.js';
import type { IncludeResolver } from './sources.js';

/** The state after an include, and what it depended on. */
interface Snapshot {
  readonly id: number;
  readonly keeper: KeeperState | undefined;
  readonly parser: ParserState | undefined;
  /**
   * Every read made from the directive to the end of the file: path and bytes (or undefined). A
   * relative path is checked in the working directory of the parse that looks the snapshot up:
   * parses in different folders (one per Nx project, CMake's build folders) share snapshots
   * whose reads give the same bytes in each.
   */
  readonly reads: readonly (readonly [string, string | undefined])[];
  /** Macros tested before the include defined them, with the answer. */
  readonly tested: ReadonlyMap<string, boolean>;
  /** Macros the include defined (they were not defined before it). */
  readonly defines: readonly string[];
  /** The buffers opened; the first is the included file (its include location is the parse's). */
  readonly buffers: readonly { readonly buf: SourceBuffer; readonly includeLoc: Loc | undefined }[];
  /** Dependencies (depfile names) added, in order. */
  readonly deps: readonly string[];
}

/** Shared values, and entries of snapshot maps, past which a cache starts afresh (bounds memory). */
const MAX_SHARED_VALUES = 4_000_000;
const MAX_SNAPSHOT_ENTRIES = 2_000_000;

/**
 * Include parses shared by the parses of one process that have the same working directory and
 * include path (`matches`). Pass it as `ParseOptions.cache`.
 */
export class ParseCache {
  pools = new ValuePools();
  bufferIds = new BufferIds();
  private memo = new Map<string, Snapshot>();
  private nextId = 1;
  readonly root: Snapshot = { id: 0, keeper: undefined, parser: undefined, reads: [], tested: new Map(), defines: [], buffers: [], deps: [] };
  /** Includes restored from a snapshot, and includes parsed and kept. */
  hits = 0;
  stored = 0;
  /** Entries of the keeper maps the snapshots hold. */
  private entries = 0;

  constructor(readonly includeDirs: readonly string[]) {}

  /**
   * Whether a parse with this include path can use the cache (in any working directory: reads
   * of relative paths are checked in the parse's own).
   */
  matches(includeDirs: readonly string[]): boolean {
    return includeDirs.length === this.includeDirs.length && includeDirs.every((d, i) => d === this.includeDirs[i]);
  }

  /** Forget everything once the pools are large (called before a parse starts). */
  trim(): void {
    if (this.pools.size < MAX_SHARED_VALUES && this.entries < MAX_SNAPSHOT_ENTRIES) return;
    this.entries = 0;
    this.pools = new ValuePools();
    this.bufferIds = new BufferIds();
    this.memo.clear();
  }

  lookup(from: Snapshot, filename: string): Snapshot | undefined {
    return this.memo.get(`${from.id}\0${filename}`);
  }

  store(from: Snapshot, filename: string, s: Omit<Snapshot, 'id'>): Snapshot {
    const snap = { ...s, id: this.nextId++ };
    const k = s.keeper;
    if (k && k !== from.keeper) this.entries += k.classes.length + k.defs.length + k.globals.length + k.instantiations.length + k.varDefLocs.length;
    this.memo.set(`${from.id}\0${filename}`, snap);
    this.stored++;
    return snap;
  }
}

type Enter = IncludeEvent & { kind: 'enter' };

/** An include entered at a boundary, not left yet. */
interface Candidate {
  readonly event: Enter;
  readonly from: Snapshot;
  /** The versions of the keeper and the parser when it began. */
  readonly keeperVersion: number;
  readonly parserVersion: number;
}

/** The sharing side of one parse: the parser calls `boundary` between top-level objects. */
export class SharedParse {
  /** The snapshot the parse is at, or undefined once it parsed something of its own. */
  private state: Snapshot | undefined;
  /** The snapshot whose records the keeper holds (`state`, or one before it: see materialize). */
  private held: Snapshot | undefined;
  private open: Candidate[] = [];
  /** Include events looked at so far. */
  private seen = 0;
  private parser: Parser | undefined;

  constructor(
    private readonly cache: ParseCache,
    private readonly lexer: Lexer,
    private readonly keeper: RecordKeeper,
    private readonly sources: SourceManager,
    private readonly includes: IncludeResolver,
    private readonly diags: DiagnosticEngine,
  ) {
    this.state = this.held = cache.root;
    lexer.includeEvents = [];
    lexer.prep.log = [];
    includes.reads = [];
  }

  attach(parser: Parser): void {
    this.parser = parser;
  }

  /**
   * Between top-level objects: `afterObject` when one was just parsed (the lexer holds the next
   * token). Completes the includes that just ended, and restores a snapshot for an include
   * that just began when one is valid.
   */
  boundary(afterObject: boolean): void {
    if (afterObject) this.state = this.held = undefined;
    const events = this.lexer.includeEvents!;
    for (let i = this.seen; i < events.length; i = this.seen) {
      const e = events[i]!;
      this.seen = i + 1;
      const now = e.seq === this.lexer.seq;
      if (e.kind === 'exit') {
        let k = this.open.length - 1;
        while (k >= 0 && this.open[k]!.event.buffer !== e.buffer) k--;
        if (k < 0) continue;
        const c = this.open[k]!;
        this.open.length = k;
        // An include that ended inside an object is no snapshot. The diagnostics are counted
        // now, not when the lexer left the file: the last object of the file was completed after
        // the lexer looked past its end (its unused template arguments are reported then).
        if (now) {
          this.materialize();
          this.state = this.held = this.complete(c, e.after.sources, e.after.deps, e.after.reads, e.after.macros, this.diags.diagnostics.length);
        }
        continue;
      }
      if (!now || !this.state) continue;
      const snap = this.cache.lookup(this.state, e.filename);
      if (snap && this.diags.diagnostics.length === e.before.diags && this.holds(snap, e)) {
        this.lexer.rewindInclude(e);
        this.replay(snap, e);
        this.state = snap;
        this.seen = events.length;
        this.lexer.lex();
        continue;
      }
      // No snapshot, or a stale one: the file is parsed, and kept if it ends at a boundary.
      this.materialize();
      this.open.push({ event: e, from: this.state, keeperVersion: this.keeper.version, parserVersion: this.parser!.version });
    }
    this.materialize();
  }

  /**
   * Bring the keeper and the parser to the snapshot the parse is at. (Snapshots restored one
   * after the other, as the includes at the top of a file are, are restored once.)
   */
  private materialize(): void {
    const s = this.state;
    const held = this.held;
    if (!s || !held || s === held) return;
    if (s.keeper && s.keeper !== held.keeper) this.keeper.restore(s.keeper);
    if (s.parser && s.parser !== held.parser) this.parser!.restoreSharedState(s.parser);
    this.held = s;
  }

  /** The snapshot after an include that began and ended at boundaries, or undefined. */
  private complete(c: Candidate, sources: number, deps: number, reads: number, macros: number, diags: number): Snapshot | undefined {
    const b = c.event.before;
    if (diags !== b.diags) return undefined;
    const tested = new Map<string, boolean>();
    const defines: string[] = [];
    for (const m of this.lexer.prep.log!.slice(b.macros, macros)) {
      if (!m.tested) defines.push(m.name);
      else if (!tested.has(m.name) && !defines.includes(m.name)) tested.set(m.name, m.defined);
    }
    const buffers = this.sources.buffers.slice(b.sources, sources).map((buf) => ({ buf, includeLoc: this.sources.includeLoc(buf.id) }));
    // An include that added nothing (most often one whose guard macro is already defined)
    // shares the state it began with.
    const same = this.keeper.version === c.keeperVersion;
    this.keeper.shareValues();
    return this.cache.store(c.from, c.event.filename, {
      keeper: same ? c.from.keeper : this.keeper.snapshot(),
      parser: this.parser!.version === c.parserVersion ? c.from.parser : this.parser!.sharedState(),
      reads: this.includes.reads!.slice(b.reads, reads),
      tested,
      defines,
      buffers,
      deps: this.includes.dependenciesSince(b.deps).slice(0, deps - b.deps),
    });
  }

  /**
   * Whether a snapshot holds at the directive of `e`: the same macro answers, and the same bytes
   * in every read. (The lexer is already in the file: the macros it defined since are ignored.)
   */
  private holds(s: Snapshot, e: Enter): boolean {
    const prep = this.lexer.prep;
    const since = new Set<string>();
    const log = prep.log!;
    for (let i = e.before.macros; i < log.length; i++) if (!log[i]!.tested) since.add(log[i]!.name);
    const definedAt = (name: string) => prep.defined.has(name) && !since.has(name);
    for (const [name, was] of s.tested) if (definedAt(name) !== was) return false;
    for (const name of s.defines) if (definedAt(name)) return false;
    const fs = this.includes.fs;
    for (const [path, text] of s.reads) if (fs.readFile(this.includes.abs(path)) !== text) return false;
    return true;
  }

  /**
   * With the lexer just after the directive of `e`, take in what a snapshot that holds read and
   * opened (its records follow in `materialize`). Its reads and macro tests are logged like the
   * parse it replaces would have, so that the includes around this one record what they depend on.
   */
  private replay(s: Snapshot, e: Enter): void {
    const prep = this.lexer.prep;
    for (const [name, was] of s.tested) prep.log!.push({ name, tested: true, defined: was });
    for (const r of s.reads) this.includes.reads!.push(r);
    s.buffers.forEach((b, i) => this.sources.register(b.buf, i === 0 ? e.includeLoc : b.includeLoc));
    for (const d of s.deps) this.includes.addDependency(d);
    for (const name of s.defines) {
      prep.defined.add(name);
      prep.log!.push({ name, tested: false, defined: true });
    }
    this.cache.hits++;
  }
}

/** The caches of this thread by include path (see processParseCache). */
const processCaches = new Map<string, ParseCache>();
let processWide = false;

/**
 * At most this many caches per thread, the least recently used dropped first: a long-lived
 * thread (the build service, a dev server) sees ever new include paths.
 */
const MAX_PROCESS_CACHES = 6;

/** The ParseCache of this thread for an include path (whatever the working directory). */
export function processParseCache(includeDirs: readonly string[]): ParseCache {
  const key = JSON.stringify(includeDirs);
  let c = processCaches.get(key);
  if (c) processCaches.delete(key);
  else c = new ParseCache(includeDirs);
  processCaches.set(key, c);
  if (processCaches.size > MAX_PROCESS_CACHES) processCaches.delete(processCaches.keys().next().value!);
  return c;
}

/**
 * Make every `parseTableGen` of this thread without a `cache` option use processParseCache: for
 * long-lived processes that parse many inputs through APIs that do not pass a cache (the
 * conformance harness runs the CLI in-process). The engine always shares.
 */
export function shareParsesInProcess(on = true): void {
  processWide = on;
  if (!on) processCaches.clear();
}

/** Includes restored from, and kept in, this thread's caches so far (processParseCache). */
export function processParseCacheCounts(): { hits: number; stored: number } {
  let hits = 0;
  let stored = 0;
  for (const c of processCaches.values()) {
    hits += c.hits;
    stored += c.stored;
  }
  return { hits, stored };
}

/** The cache a parse without an explicit one uses, if any. */
export function defaultParseCache(includeDirs: readonly string[]): ParseCache | undefined {
  return processWide ? processParseCache(includeDirs) : undefined;
}
