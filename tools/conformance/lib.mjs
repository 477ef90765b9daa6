// Pure helpers of the conformance harness (no I/O except where a function says so), kept apart
// from run.mjs so that they can be unit-tested (lib.test.ts).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Suites, in table order. A case's group is its suite, or `gen:<generator>` for suite `gen`. */
export const SUITES = ['records', 'json', 'detailed-records', 'gen'];

/** The suite (and group) of `--print-detailed-records`. */
export const DETAILED = 'detailed-records';

export const README_BEGIN = '<!-- conformance:begin -->';
export const README_END = '<!-- conformance:end -->';

const MAX_SHOWN = 200;

/**
 * Parses the command line of run.mjs. Throws an Error with a usage message on bad input.
 * @param {string[]} argv arguments after the script name
 */
export function parseArgs(argv) {
  const opts = {
    ratchet: false,
    updateRatchet: false,
    writeReadme: false,
    filter: /** @type {string[]} */ ([]),
    suites: /** @type {string[]} */ ([]),
    jobs: 0,
    impl: '',
    manifest: '',
    corpus: '',
    timeout: 120,
    inBand: false,
    persisted: false,
    detailedAll: false,
    quiet: false,
    help: false,
  };
  const value = (i, name) => {
    if (i + 1 >= argv.length) throw new Error(`${name} needs a value`);
    return argv[i + 1];
  };
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i];
    let inline;
    const eq = arg.indexOf('=');
    if (arg.startsWith('--') && eq > 0) {
      inline = arg.slice(eq + 1);
      arg = arg.slice(0, eq);
    }
    const take = () => {
      if (inline !== undefined) return inline;
      const v = value(i, arg);
      i++;
      return v;
    };
    switch (arg) {
      case '--ratchet': opts.ratchet = true; break;
      case '--update-ratchet': opts.updateRatchet = true; break;
      case '--write-readme': opts.writeReadme = true; break;
      case '--in-band': opts.inBand = true; break;
      case '--detailed-all': opts.detailedAll = true; break;
      case '--via-service': opts.viaService = true; break;
      case '--persisted': opts.persisted = true; break;
      case '--quiet': case '-q': opts.quiet = true; break;
      case '--help': case '-h': opts.help = true; break;
      case '--filter': opts.filter.push(take()); break;
      case '--suite': {
        for (const s of take().split(',')) {
          if (!SUITES.includes(s)) throw new Error(`--suite must be one of ${SUITES.join(', ')} (got '${s}')`);
          if (!opts.suites.includes(s)) opts.suites.push(s);
        }
        break;
      }
      case '--jobs': case '-j': {
        const v = take();
        const n = Number(v);
        if (!Number.isInteger(n) || n < 1) throw new Error(`--jobs needs a positive integer (got '${v}')`);
        opts.jobs = n;
        break;
      }
      case '--timeout': {
        const v = take();
        const n = Number(v);
        if (!(n > 0)) throw new Error(`--timeout needs a positive number of seconds (got '${v}')`);
        opts.timeout = n;
        break;
      }
      case '--impl': opts.impl = take(); break;
      case '--manifest': opts.manifest = take(); break;
      case '--corpus': opts.corpus = take(); break;
      default:
        throw new Error(`unknown argument '${argv[i]}'`);
    }
  }
  if (opts.suites.length === 0) opts.suites = [...SUITES];
  return opts;
}

export const USAGE = `usage: node tools/conformance/run.mjs [options]

Compares ods-tblgen with llvm-tblgen-22 / mlir-tblgen-22 over MLIR's own .td tree.

  --suite records|json|detailed-records|gen
                            run only these suites (repeatable, or comma-separated)
  --filter <substring>      run only cases whose id contains the substring (repeatable: any)
  --jobs, -j <n>            parallel workers/processes (default: os.availableParallelism())
  --timeout <seconds>       per-case time limit for our implementation (default 120)
  --impl <path>             module exporting runCli/listGenerators
                            (default: env ODS_CONFORMANCE_IMPL, else packages/ods-backends/dist/index.js)
  --manifest <path>         the case manifest (default: env ODS_CONFORMANCE_MANIFEST, else the
                            committed lists tools/conformance/cases/*.tsv, plus the rows of
                            <repo>/../shared/conformance/*.tsv when that folder exists)
  --corpus <dir>            also derive cases for the .td files of a folder outside the
                            repository (default: env ODS_CONFORMANCE_CORPUS): each ODS generator
                            on each top-level .td file, with -I <dir> -I <include dir>; local
                            only (groups corpus:<generator>, never in the ratchet or README);
                            cases the reference rejects are not counted; skipped when absent
  --ratchet                 exit 1 if a case listed in tools/conformance/ratchet.json fails
  --update-ratchet          rewrite ratchet.json with the current passes
  --write-readme            replace the conformance table in README.md (full runs only)
  --detailed-all            run every case of suite detailed-records, not only its CI sample
                            (implied by --write-readme)
  --in-band                 run our implementation on the main thread (debugging)
  --via-service             run every case through ods-tblgen's build service (started in a
                            private folder for the run, stopped after it)
  --persisted               run every case with include parses kept on disk, as the CLI alone
                            keeps them (in a private folder for the run): each input's first
                            case saves them, its later cases restore them
  --quiet, -q               no progress lines
`;

/** The group (table row) of a case. */
export function groupOf(suite, generator) {
  return suite === 'gen' ? `gen:${generator}` : suite;
}

/** A case's key within its group: the file, plus the manifest's extra argument if any. */
export function caseKey(file, args) {
  return args.length ? `${file} ${args.join(' ')}` : file;
}

/** A case's id, unique over all suites: `<group> <key>`. */
export function caseId(group, key) {
  return `${group} ${key}`;
}

/** Parses the manifest TSV (header line first) into rows. */
export function parseManifest(text) {
  const lines = text.split('\n').filter((l) => l.length > 0);
  if (lines.length === 0) return [];
  const header = lines[0].split('\t');
  const col = (name) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`manifest has no '${name}' column`);
    return i;
  };
  const [iFile, iGen, iArgs] = [col('file'), col('generator'), col('args')];
  const iTrivial = header.indexOf('trivial');
  // Optional: `llvm-tblgen` for rows of llvm-tblgen's backends (default: mlir-tblgen).
  const iTool = header.indexOf('tool');
  return lines.slice(1).map((line) => {
    const f = line.split('\t');
    const row = {
      file: f[iFile],
      generator: f[iGen],
      // Several options may share the column, separated by spaces (the extra generators').
      args: f[iArgs] ? f[iArgs].split(' ').filter(Boolean) : [],
      trivial: iTrivial >= 0 ? f[iTrivial] === '1' : false,
    };
    if (iTool >= 0 && f[iTool] === 'llvm-tblgen') row.tool = 'llvm-tblgen';
    return row;
  });
}

/** A manifest file name under this prefix is a fixture of tools/conformance/fixtures/, not of the include tree. */
export const FIXTURE_PREFIX = 'fixtures/';

/**
 * Where a manifest row runs: the folder its file is relative to (the include tree `inc`, or the
 * fixtures folder, run with `-I <inc>`), the file, the include folder, and the reference tool.
 */
export function rowLocation(row, inc, repo) {
  const fixture = row.file.startsWith(FIXTURE_PREFIX);
  return {
    fixture,
    base: fixture ? join(repo, 'tools/conformance/fixtures') : inc,
    file: fixture ? row.file.slice(FIXTURE_PREFIX.length) : row.file,
    include: fixture ? inc : '.',
    tool: row.tool === 'llvm-tblgen' ? 'llvm-tblgen-22' : 'mlir-tblgen-22',
  };
}

/** A file-system-safe, collision-free cache name for a case. */
export function cacheName(group, key) {
  const hash = createHash('sha1').update(`${group}\0${key}`).digest('hex').slice(0, 10);
  const readable = key.replace(/[^A-Za-z0-9._=-]+/g, '_').slice(-120);
  return `${group.replace(/[^A-Za-z0-9._-]+/g, '_')}/${readable}.${hash}`;
}

/** Shortens `s` to about MAX_SHOWN characters around column `col` (0-based). */
export function clip(s, col = 0) {
  if (s.length <= MAX_SHOWN) return s;
  const start = Math.max(0, Math.min(col - 60, s.length - MAX_SHOWN));
  const head = start > 0 ? '…' : '';
  const tail = start + MAX_SHOWN < s.length ? '…' : '';
  return head + s.slice(start, start + MAX_SHOWN) + tail;
}

/**
 * First difference between two texts, by line.
 * @returns {null | {line: number, column: number, expected: string, actual: string}}
 *   1-based line and column; `expected`/`actual` are the clipped lines, or `<EOF>`.
 */
export function firstLineDiff(expected, actual) {
  if (expected === actual) return null;
  const e = expected.split('\n');
  const a = actual.split('\n');
  const n = Math.max(e.length, a.length);
  for (let i = 0; i < n; i++) {
    if (e[i] === a[i]) continue;
    const el = e[i];
    const al = a[i];
    let col = 0;
    if (el !== undefined && al !== undefined) {
      while (col < el.length && col < al.length && el[col] === al[col]) col++;
    }
    // A missing final newline shows up as '' vs <EOF> on the last line.
    return {
      line: i + 1,
      column: col + 1,
      expected: el === undefined ? '<EOF>' : clip(JSON.stringify(el), col),
      actual: al === undefined ? '<EOF>' : clip(JSON.stringify(al), col),
    };
  }
  return null;
}

/** The first line of a text, without a trailing '\r'. */
export function firstLine(text) {
  const nl = text.indexOf('\n');
  const line = nl < 0 ? text : text.slice(0, nl);
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

const BIG = '\u0000bigint';

/**
 * JSON.parse that keeps integers beyond 2^53 exact (TableGen's ints are 64-bit): such literals
 * become `{"\u0000bigint": "<digits>"}` before parsing, identically on both sides of a compare.
 */
export function parseJsonExact(text) {
  const rewritten = text.replace(/"(?:[^"\\]|\\.)*"|(?<![\d.eE+-])-?\d{16,}(?![.eE\d])/g, (m) =>
    m[0] === '"' ? m : `{"\\u0000bigint":"${BigInt(m).toString()}"}`,
  );
  return JSON.parse(rewritten);
}

const isBig = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && Object.hasOwn(v, BIG);

function showJson(v) {
  if (v === undefined) return '<absent>';
  if (isBig(v)) return v[BIG];
  return clip(JSON.stringify(v, (_k, x) => (isBig(x) ? Number(x[BIG]) : x)));
}

function pathPart(key) {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

/**
 * First difference between two parsed JSON values (objects compare without regard to key order).
 * @returns {null | {path: string, expected: string, actual: string}}
 */
export function firstJsonDiff(expected, actual, path = '$') {
  if (expected === actual) return null;
  const kind = (v) => (isBig(v) ? 'bigint' : Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v);
  const te = kind(expected);
  const ta = kind(actual);
  if (te === 'bigint' && ta === 'bigint' && expected[BIG] === actual[BIG]) return null;
  if (te !== ta || te !== 'array' && te !== 'object') {
    return { path, expected: showJson(expected), actual: showJson(actual) };
  }
  if (te === 'array') {
    const n = Math.min(expected.length, actual.length);
    for (let i = 0; i < n; i++) {
      const d = firstJsonDiff(expected[i], actual[i], `${path}[${i}]`);
      if (d) return d;
    }
    if (expected.length !== actual.length) {
      return {
        path: `${path}.length`,
        expected: `${expected.length}` + (expected.length > n ? ` (next: ${showJson(expected[n])})` : ''),
        actual: `${actual.length}` + (actual.length > n ? ` (next: ${showJson(actual[n])})` : ''),
      };
    }
    return null;
  }
  const ek = Object.keys(expected);
  for (const k of ek) {
    if (!Object.hasOwn(actual, k)) return { path: path + pathPart(k), expected: showJson(expected[k]), actual: '<absent>' };
    const d = firstJsonDiff(expected[k], actual[k], path + pathPart(k));
    if (d) return d;
  }
  for (const k of Object.keys(actual)) {
    if (!Object.hasOwn(expected, k)) return { path: path + pathPart(k), expected: '<absent>', actual: showJson(actual[k]) };
  }
  return null;
}

/** Sort order of groups in tables: records, json, detailed-records, generators by name, then corpus groups. */
export function compareGroups(a, b) {
  const rank = (g) => (g === 'records' ? 0 : g === 'json' ? 1 : g === DETAILED ? 2 : g.startsWith(CORPUS_PREFIX) ? 4 : 3);
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * Counts per group. `results` are {group, status} with status 'pass' | 'fail' | 'missing'.
 * @returns {{rows: Array<{group: string, total: number, pass: number, fail: number, missing: number}>, total: {group: string, total: number, pass: number, fail: number, missing: number}}}
 */
export function summarize(results) {
  const map = new Map();
  const total = { group: 'total', total: 0, pass: 0, fail: 0, missing: 0 };
  for (const r of results) {
    let row = map.get(r.group);
    if (!row) map.set(r.group, (row = { group: r.group, total: 0, pass: 0, fail: 0, missing: 0 }));
    row.total++;
    row[r.status]++;
    total.total++;
    total[r.status]++;
  }
  const rows = [...map.values()].sort((x, y) => compareGroups(x.group, y.group));
  return { rows, total };
}

/** Plain-text table for the terminal. */
export function textTable(summary) {
  const all = [...summary.rows, summary.total];
  const w = Math.max(5, ...all.map((r) => r.group.length));
  const num = (n) => String(n).padStart(6);
  const line = (r) => `${r.group.padEnd(w)} ${num(r.total)} ${num(r.pass)} ${num(r.fail)} ${num(r.missing)}`;
  const head = `${'group'.padEnd(w)} ${'total'.padStart(6)} ${'pass'.padStart(6)} ${'fail'.padStart(6)} ${'miss'.padStart(6)}`;
  const rule = '-'.repeat(head.length);
  return [head, rule, ...summary.rows.map(line), rule, line(summary.total)].join('\n');
}

function pct(pass, total) {
  return total === 0 ? '–' : `${((100 * pass) / total).toFixed(1)}%`;
}

/** Markdown table for README.md. */
export function markdownTable(summary, referenceLabel) {
  const out = [
    `Reference: ${referenceLabel}. Cases: every \`.td\` under \`include/mlir\` for \`--print-records\``,
    `(\`records\`) and \`--dump-json\` (\`json\`); for \`--print-detailed-records\` (\`detailed-records\`)`,
    `those, \`llvm/IR/Intrinsics.td\` and the conformance fixtures; and every manifest row per`,
    `\`--gen-*\` generator.`,
    '',
    '| Suite / generator | Cases | Pass | Fail | Missing | Pass rate |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of summary.rows) {
    const name = r.group.startsWith('gen:') ? `\`--gen-${r.group.slice(4)}\`` : `\`${r.group}\``;
    out.push(`| ${name} | ${r.total} | ${r.pass} | ${r.fail} | ${r.missing} | ${pct(r.pass, r.total)} |`);
  }
  const t = summary.total;
  out.push(`| **Total** | **${t.total}** | **${t.pass}** | **${t.fail}** | **${t.missing}** | **${pct(t.pass, t.total)}** |`);
  return out.join('\n');
}

/** Replaces the text between the README markers; throws if they are missing. */
export function replaceBetweenMarkers(text, content) {
  const b = text.indexOf(README_BEGIN);
  const e = text.indexOf(README_END);
  if (b < 0 || e < 0 || e < b) throw new Error(`README.md lacks ${README_BEGIN} … ${README_END}`);
  return `${text.slice(0, b + README_BEGIN.length)}\n${content}\n${text.slice(e)}`;
}

/**
 * The ratchet file's content: {reference, groups: {<group>: [sorted keys]}}.
 * Groups and keys of cases that were not run (`ranIds` lacks them) are kept from `previous`;
 * those that ran are replaced by the current passes.
 */
export function updatedRatchet(previous, results, ranIds, referenceLabel) {
  const groups = new Map();
  for (const [g, keys] of Object.entries(previous?.groups ?? {})) {
    for (const k of keys) {
      if (ranIds.has(caseId(g, k))) continue;
      if (!groups.has(g)) groups.set(g, new Set());
      groups.get(g).add(k);
    }
  }
  for (const r of results) {
    if (r.status !== 'pass') continue;
    if (!groups.has(r.group)) groups.set(r.group, new Set());
    groups.get(r.group).add(r.key);
  }
  const sorted = {};
  for (const g of [...groups.keys()].sort(compareGroups)) {
    const keys = [...groups.get(g)].sort();
    if (keys.length) sorted[g] = keys;
  }
  return { reference: referenceLabel, groups: sorted };
}

/**
 * Cases of the ratchet that did not pass now. Only cases selected for this run are checked;
 * a ratchet case that was selected but not found among the run's cases (e.g. its generator is no
 * longer listed, so it is 'missing') counts as a regression.
 * @param {{groups?: Record<string, string[]>}} ratchet
 * @param {Map<string, {status: string}>} byId results of this run
 * @param {(id: string, group: string) => boolean} selected whether the run's suite/filter covers an id
 */
export function ratchetRegressions(ratchet, byId, selected) {
  const out = [];
  for (const [g, keys] of Object.entries(ratchet?.groups ?? {})) {
    for (const k of keys) {
      const id = caseId(g, k);
      if (!selected(id, g)) continue;
      const r = byId.get(id);
      if (!r) out.push({ id, status: 'absent' });
      else if (r.status !== 'pass') out.push({ id, status: r.status });
    }
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The manifests a run reads by default: the lists committed under tools/conformance/cases/ (facts
 * about the installed MLIR 22 tree: which files, generators and options the reference accepts),
 * then any list in `../shared/conformance/` beside the repository, which may add cases.
 */
export function defaultManifests(repo) {
  const lists = [];
  for (const dir of [join(repo, 'tools/conformance/cases'), join(repo, '../shared/conformance')]) {
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).sort()) if (f.endsWith('.tsv')) lists.push(join(dir, f));
  }
  return lists;
}

/** The rows of several manifests, each (file, generator, args) once, in first-seen order. */
export function readManifests(paths) {
  const seen = new Set();
  const rows = [];
  for (const path of paths) {
    for (const row of parseManifest(readFileSync(path, 'utf8'))) {
      const key = `${row.generator}\t${row.file}\t${row.args.join(' ')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push(row);
    }
  }
  return rows;
}

/** Group prefix of the cases derived for a --corpus folder (local only: no ratchet, no README). */
export const CORPUS_PREFIX = 'corpus:';

/** Whether a group is one of a --corpus folder's. */
export function isCorpusGroup(group) {
  return group.startsWith(CORPUS_PREFIX);
}

/**
 * The ODS generators tried on every file of a --corpus folder, each with the option that selects
 * a dialect (passed when the folder defines exactly one dialect), or '' when it has none.
 */
export const CORPUS_GENERATORS = [
  ['op-decls', ''], ['op-defs', ''], ['op-doc', ''],
  ['dialect-decls', '-dialect'], ['dialect-defs', '-dialect'], ['dialect-doc', '-dialect'],
  ['attrdef-decls', '--attrdefs-dialect'], ['attrdef-defs', '--attrdefs-dialect'], ['attrdef-doc', ''],
  ['typedef-decls', '--typedefs-dialect'], ['typedef-defs', '--typedefs-dialect'], ['typedef-doc', ''],
  ['enum-decls', ''], ['enum-defs', ''], ['enum-doc', ''],
  ['op-interface-decls', ''], ['op-interface-defs', ''], ['op-interface-docs', ''],
  ['attr-interface-decls', ''], ['attr-interface-defs', ''], ['attr-interface-docs', ''],
  ['type-interface-decls', ''], ['type-interface-defs', ''], ['type-interface-docs', ''],
  ['attr-constraint-decls', ''], ['attr-constraint-defs', ''],
  ['type-constraint-decls', ''], ['type-constraint-defs', ''],
  ['rewriters', ''], ['python-enum-bindings', ''], ['python-op-bindings', '-bind-dialect'],
];

/** Names of the dialects a .td text defines (`def X : Dialect { ... let name = "n"; ... }`). */
export function dialectNamesIn(text) {
  const names = [];
  const re = /\bdef\s+\w+\s*:\s*Dialect\s*\{([^}]*)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const n = /\blet\s+name\s*=\s*"([^"]*)"/.exec(m[1]);
    if (n && !names.includes(n[1])) names.push(n[1]);
  }
  return names;
}

/**
 * The cases of a --corpus folder: every generator of CORPUS_GENERATORS on every file, with the
 * dialect-selecting option when `dialects` holds exactly one name (python-op-bindings needs it).
 * @param {string[]} files the folder's top-level .td files (names relative to it)
 * @param {string[]} dialects the dialect names the folder defines
 * @returns {Array<{file: string, generator: string, args: string[]}>}
 */
export function corpusCases(files, dialects) {
  const rows = [];
  for (const file of files) {
    for (const [generator, selector] of CORPUS_GENERATORS) {
      const args = selector && dialects.length === 1 ? [`${selector}=${dialects[0]}`] : [];
      if (selector === '-bind-dialect' && args.length === 0) continue;
      rows.push({ file, generator, args });
    }
  }
  return rows;
}

/**
 * The installed inputs of suite detailed-records that every run (and so CI) checks; the other
 * ~270 run with --detailed-all (about 5 minutes of CPU). Chosen by V8 block coverage of
 * tablegen-core's parser, evaluator, records, detailed-records and allocator-stats modules over
 * all inputs: with the fixtures below, these run 1,673 of the 1,676 blocks that the whole suite
 * runs (the other 3: a hash collision in the value pools, met by one intrinsics fixture;
 * `Intrinsics.td` is the only input with a `defset`, a `!listflatten`, a multiclass inheriting
 * another...), plus the three largest outputs (NVVMOps, SPIRVOps, SPIRVStructureOps).
 */
export const DETAILED_SAMPLE = new Set([
  'llvm/IR/Intrinsics.td',
  'mlir/Dialect/Func/TransformOps/FuncTransformOps.td',
  'mlir/Dialect/LLVMIR/LLVMIntrinsicOps.td',
  'mlir/Dialect/LLVMIR/NVVMOps.td',
  'mlir/Dialect/LLVMIR/ROCDLOps.td',
  'mlir/Dialect/LLVMIR/XeVMOps.td',
  'mlir/Dialect/Math/Transforms/Passes.td',
  'mlir/Dialect/NVGPU/IR/NVGPU.td',
  'mlir/Dialect/OpenMP/OpenMPOpBase.td',
  'mlir/Dialect/OpenMP/OpenMPOps.td',
  'mlir/Dialect/OpenMP/OpenMPOpsInterfaces.td',
  'mlir/Dialect/SCF/Transforms/Passes.td',
  'mlir/Dialect/SPIRV/IR/SPIRVMeshOps.td',
  'mlir/Dialect/SPIRV/IR/SPIRVOps.td',
  'mlir/Dialect/SPIRV/IR/SPIRVStructureOps.td',
  'mlir/Dialect/SparseTensor/IR/SparseTensorTypes.td',
  'mlir/Dialect/Tensor/IR/TensorBase.td',
  'mlir/Dialect/Transform/IR/TransformOps.td',
  'mlir/IR/Properties.td',
  'mlir/IR/Utils.td',
  'mlir/Interfaces/SideEffectInterfaces.td',
  'mlir/Rewrite/PassUtil.td',
  'mlir/Target/LLVMIR/Transforms/Passes.td',
]);

/**
 * Fixture folders outside the sample: each of their files includes all of `Intrinsics.td` (6 s
 * or more apiece for ours, 21 MB of output), which the sample runs once as itself.
 */
export const DETAILED_SAMPLE_SKIPS = ['fixtures/intrinsics/', 'fixtures/intrinsic-impl/'];

/**
 * Whether a case of suite detailed-records (its key) is in the sample every run checks: every
 * fixture but those of DETAILED_SAMPLE_SKIPS, and the installed files of DETAILED_SAMPLE.
 */
export function detailedInSample(key) {
  if (key.startsWith(FIXTURE_PREFIX)) return !DETAILED_SAMPLE_SKIPS.some((d) => key.startsWith(d));
  return DETAILED_SAMPLE.has(key);
}
