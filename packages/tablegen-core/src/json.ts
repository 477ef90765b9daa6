// The `--dump-json` backend: every def as a JSON object, in llvm-tblgen's JSONBackend layout.
import type { SourceManager } from './diagnostics.js';
import {
  BitInit,
  BitsInit,
  DagInit,
  DefInit,
  type Init,
  IntInit,
  ListInit,
  type Record,
  type RecordKeeper,
  StringInit,
  UnsetInit,
  VarBitInit,
  VarInit,
  fatalAt,
  fatalNoLoc,
} from './records.js';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A value as JSON (unset is null, bits are arrays, records/dags are `kind` objects). */
export function initToJson(i: Init): JsonValue {
  if (i instanceof UnsetInit) return null;
  if (i instanceof BitInit) return i.value ? 1 : 0;
  if (i instanceof BitsInit) return i.bits.map(initToJson);
  if (i instanceof IntInit) return bigintToJson(i.value);
  if (i instanceof StringInit) return i.value;
  if (i instanceof ListInit) return i.elements.map(initToJson);
  const obj: { [key: string]: JsonValue } = { printable: i.getAsString() };
  if (i instanceof DefInit) {
    obj['kind'] = 'def';
    obj['def'] = i.def.getName();
    return obj;
  }
  if (i instanceof VarInit) {
    obj['kind'] = 'var';
    obj['var'] = i.name;
    return obj;
  }
  if (i instanceof VarBitInit && i.bitVar instanceof VarInit) {
    obj['kind'] = 'varbit';
    obj['var'] = i.bitVar.name;
    obj['index'] = i.bitNum;
    return obj;
  }
  if (i instanceof DagInit) {
    obj['kind'] = 'dag';
    obj['operator'] = initToJson(i.operator);
    if (i.opName) obj['name'] = i.opName.value;
    obj['args'] = i.args.map((a, k) => [initToJson(a), i.argNames[k] ? i.argNames[k]!.value : null]);
    return obj;
  }
  obj['kind'] = 'complex';
  return obj;
}

/** Integers outside the safe range are emitted as their exact decimal text (see writeJson). */
const bigIntMarker = new Map<string, bigint>();
function bigintToJson(v: bigint): JsonValue {
  if (v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(v);
  const key = `\u0000bigint:${v}`;
  bigIntMarker.set(key, v);
  return key;
}

/** The `--dump-json` document as a value (`dumpJson` writes the same document as text). */
export function recordsToJson(keeper: RecordKeeper, sources: SourceManager): { [key: string]: JsonValue } {
  const root: { [key: string]: JsonValue } = { '!tablegen_json_version': 1 };
  const defs = keeper.sortedDefs();
  for (const d of defs) root[d.getNameInitAsString()] = defToJson(d, sources);
  root['!instanceof'] = instancesOf(keeper, defs);
  return root;
}

/**
 * The `--dump-json` output: writeJson(recordsToJson(...)), with the text of each shared record
 * (Record.frozen: it never changes) written once and kept while the record lives. A dev server or
 * watch that runs this on every save then writes only the input's own records: OpBase.td and
 * the interfaces, most of the document, are the same text every time.
 */
export function dumpJson(keeper: RecordKeeper, sources: SourceManager): string {
  const defs = keeper.sortedDefs();
  const entries: [string, string][] = [
    ['!tablegen_json_version', '1'],
    ['!instanceof', writeJsonText(instancesOf(keeper, defs))],
  ];
  for (const d of defs) {
    let text = d.frozen ? sharedDefText.get(d) : undefined;
    if (text === undefined) {
      text = writeJsonText(defToJson(d, sources), d);
      if (d.frozen) sharedDefText.set(d, text);
    }
    entries.push([d.getNameInitAsString(), text]);
  }
  // The order writeJson gives an object's keys (JavaScript's string order).
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const out: string[] = ['{'];
  for (let i = 0; i < entries.length; i++) {
    if (i) out.push(',');
    out.push(quote(entries[i]![0]), ':', entries[i]![1]);
  }
  out.push('}\n');
  try {
    return out.join('');
  } catch (e) {
    if (e instanceof RangeError) fatalNoLoc(`the JSON output is too large or too deeply nested (${e.message})`);
    throw e;
  }
}

/** The JSON text of shared records' objects (see dumpJson). */
const sharedDefText = new WeakMap<Record, string>();

/** One def's object of the document. */
function defToJson(d: Record, sources: SourceManager): { [key: string]: JsonValue } {
  const obj: { [key: string]: JsonValue } = {};
  const fields: string[] = [];
  for (const v of d.values) {
    if (d.isTemplateArg(v.nameInit)) continue;
    if (v.isNonconcreteOK()) fields.push(v.name);
    obj[v.name] = initToJsonChecked(v.value, d);
  }
  obj['!fields'] = fields;
  obj['!superclasses'] = d.superClassNames();
  obj['!name'] = d.getNameInitAsString();
  obj['!anonymous'] = d.isAnonymous();
  obj['!locs'] = d.locs.map((l) => sources.shortPosition(l));
  return obj;
}

/** `!instanceof`: each class (every one the keeper has, and every superclass named) with its defs (`defs`: sorted). */
function instancesOf(keeper: RecordKeeper, defs: readonly Record[]): { [key: string]: JsonValue } {
  const instances = new Map<string, string[]>();
  for (const c of keeper.classes.values()) instances.set(c.getNameInitAsString(), []);
  for (const d of defs) {
    const name = d.getNameInitAsString();
    for (const n of d.superClassNames()) {
      let list = instances.get(n);
      if (!list) instances.set(n, (list = []));
      list.push(name);
    }
  }
  const inst: { [key: string]: JsonValue } = {};
  for (const k of [...instances.keys()].sort()) inst[k] = instances.get(k)!;
  return inst;
}

/** A field value as JSON, or a fatal error located at its record if it nests too deeply. */
function initToJsonChecked(i: Init, rec: Record): JsonValue {
  try {
    return initToJson(i);
  } catch (e) {
    if (e instanceof RangeError) fatalAt(rec, `record is too large or too deeply nested to write as JSON (${e.message})`);
    throw e;
  }
}

/** Serialize like llvm::json: compact, object keys sorted, then a newline. */
export function writeJson(v: JsonValue): string {
  return writeJsonText(v) + '\n';
}

/** writeJson without the final newline; `at`: the def `v` is the object of (its errors are located there). */
function writeJsonText(v: JsonValue, at?: Record): string {
  const parts: string[] = [];
  try {
    write(v, parts);
    return parts.join('');
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    if (at) fatalAt(at, `record is too large or too deeply nested to write as JSON (${e.message})`);
    fatalNoLoc(`the JSON output is too large or too deeply nested (${e.message})`);
  }
}

function write(v: JsonValue, out: string[]): void {
  if (v === null) out.push('null');
  else if (typeof v === 'boolean' || typeof v === 'number') out.push(String(v));
  else if (typeof v === 'string') {
    const big = bigIntMarker.get(v);
    out.push(big !== undefined ? big.toString() : quote(v));
  } else if (Array.isArray(v)) {
    out.push('[');
    for (let i = 0; i < v.length; i++) {
      if (i) out.push(',');
      write(v[i]!, out);
    }
    out.push(']');
  } else {
    out.push('{');
    const keys = Object.keys(v).sort();
    for (let i = 0; i < keys.length; i++) {
      if (i) out.push(',');
      out.push(quote(keys[i]!), ':');
      write(v[keys[i]!]!, out);
    }
    out.push('}');
  }
}

/** Characters llvm::json escapes in strings. */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\u007f]/;

/** llvm::json string quoting: escapes `"`, `\\` and control characters. */
function quote(s: string): string {
  // Most strings (names, code, descriptions) have nothing to escape.
  if (!NEEDS_ESCAPE.test(s)) return `"${s}"`;
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 34) out += '\\"';
    else if (c === 92) out += '\\\\';
    else if (c < 0x20 || c === 0x7f) {
      if (c === 10) out += '\\n';
      else if (c === 9) out += '\\t';
      else if (c === 13) out += '\\r';
      else if (c === 8) out += '\\b';
      else if (c === 12) out += '\\f';
      else out += '\\u' + c.toString(16).padStart(4, '0');
    } else out += s[i];
  }
  return out + '"';
}
