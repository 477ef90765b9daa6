// `?ods=` import queries: `./FooOps.td?ods=dialect-doc&dialect=toy` asks for the output of the
// `dialect-doc` generator run with `--dialect=toy`; `?ods=records` for the records as a JSON
// object (the `--dump-json` shape). Every other parameter becomes a generator option:
// `name=value` gives `--name=value`, a bare `name` gives `--name`, a repeated name repeats the
// option. `optional` is reserved: with it, a generator this build of ods-ts lacks yields `null`
// instead of an error. Vite's own query parameters are ignored.

/** What a `?ods=` query asks for. */
export interface OdsQuery {
  /** `records`, `print-records`, `dump-json` or a `--gen-*` generator name (no `gen-` prefix). */
  readonly generator: string;
  /** Generator options as command-line words, e.g. `--dialect=toy`. */
  readonly args: readonly string[];
  /** Missing generator: export `null` rather than fail. */
  readonly optional: boolean;
}

/** Query parameters Vite adds or interprets itself; never passed to a generator. */
const VITE_PARAMS = new Set(['import', 't', 'v', 'direct', 'raw', 'url', 'inline', 'worker', 'sharedworker', 'used', 'lang.ts']);

/** Splits an id or URL into its path and its query string (without `?`). */
export function splitQuery(id: string): [path: string, query: string] {
  const q = id.indexOf('?');
  return q < 0 ? [id, ''] : [id.slice(0, q), id.slice(q + 1)];
}

/** True when the id or URL carries an `ods` query parameter. */
export function hasOdsQuery(id: string): boolean {
  const [, query] = splitQuery(id);
  return query !== '' && new URLSearchParams(query).has('ods');
}

/** Thrown for a malformed `?ods=` query. */
export class OdsQueryError extends Error {}

/** Parses the query of an `?ods=` id; undefined when it has no `ods` parameter. */
export function parseOdsQuery(id: string): OdsQuery | undefined {
  const [, query] = splitQuery(id);
  if (!query) return undefined;
  const params = new URLSearchParams(query);
  if (!params.has('ods')) return undefined;
  const names = params.getAll('ods');
  if (names.length !== 1) throw new OdsQueryError(`'?ods=' must name exactly one generator (got ${names.length})`);
  const generator = names[0]!.replace(/^(--)?gen-/, '');
  if (!/^[a-z][a-z0-9-]*$/.test(generator))
    throw new OdsQueryError(`'?ods=${names[0]}' does not name a generator (expected e.g. ?ods=records or ?ods=op-decls)`);
  const args: string[] = [];
  let optional = false;
  for (const [key, value] of params) {
    if (key === 'ods' || VITE_PARAMS.has(key)) continue;
    if (key === 'optional') {
      optional = value === '' || value === 'true' || value === '1';
      continue;
    }
    if (!/^[A-Za-z][A-Za-z0-9_.-]*$/.test(key)) throw new OdsQueryError(`'${key}' is not a valid generator option name`);
    args.push(value === '' ? `--${key}` : `--${key}=${value}`);
  }
  return { generator, args, optional };
}
