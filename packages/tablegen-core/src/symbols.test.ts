// The parser's SymbolSink: definitions and references with their locations, for editors.
import { describe, expect, it } from 'vitest';
import { type Loc, type SymbolKind, type SymbolSink, encodeBytes, overlayFileSystem, parseTableGen } from './index.js';

interface Event {
  readonly what: 'define' | 'reference';
  readonly kind: SymbolKind;
  readonly name: string;
  readonly at: string;
  readonly target?: string;
}

function events(src: string, files: { [p: string]: string } = {}): Event[] {
  const out: Event[] = [];
  const fs = overlayFileSystem(new Map(Object.entries(files).map(([p, t]) => [`/v/${p}`, encodeBytes(t)])), { readFile: () => undefined });
  let result: ReturnType<typeof parseTableGen> | undefined;
  const where = (l: Loc | undefined) => {
    if (!l) return undefined;
    const p = result!.sources.position(l);
    return `${p.file}:${p.line}:${p.col}`;
  };
  const raw: [string, SymbolKind, string, Loc, Loc | undefined][] = [];
  const sink: SymbolSink = {
    define: (kind, name, loc) => void raw.push(['define', kind, name, loc, undefined]),
    reference: (kind, name, loc, target) => void raw.push(['reference', kind, name, loc, target]),
  };
  result = parseTableGen({ file: 'test.td', text: encodeBytes(src), cwd: '/v', fs, symbols: sink });
  expect(result.ok, result.diagnostics.firstErrorLine()).toBe(true);
  for (const [what, kind, name, loc, target] of raw) {
    const t = where(target);
    out.push({ what: what as Event['what'], kind, name, at: where(loc)!, ...(t ? { target: t } : {}) });
  }
  return out;
}

describe('SymbolSink', () => {
  it('reports classes, defs, template arguments, fields and their uses', () => {
    const ev = events(['class A<int n> {', '  int f = n;', '}', 'def X : A<1> {', '  let f = 2;', '}', 'def Y { A a = X; }'].join('\n'));
    expect(ev).toEqual([
      { what: 'define', kind: 'class', name: 'A', at: 'test.td:1:7' },
      { what: 'define', kind: 'templateArg', name: 'n', at: 'test.td:1:13' },
      { what: 'define', kind: 'field', name: 'f', at: 'test.td:2:7' },
      { what: 'reference', kind: 'templateArg', name: 'n', at: 'test.td:2:11', target: 'test.td:1:13' },
      { what: 'define', kind: 'def', name: 'X', at: 'test.td:4:5' },
      { what: 'reference', kind: 'class', name: 'A', at: 'test.td:4:9', target: 'test.td:1:7' },
      { what: 'reference', kind: 'field', name: 'f', at: 'test.td:5:7', target: 'test.td:2:7' },
      { what: 'define', kind: 'def', name: 'Y', at: 'test.td:7:5' },
      { what: 'reference', kind: 'class', name: 'A', at: 'test.td:7:9', target: 'test.td:1:7' },
      { what: 'define', kind: 'field', name: 'a', at: 'test.td:7:11' },
      { what: 'reference', kind: 'def', name: 'X', at: 'test.td:7:15', target: 'test.td:4:5' },
    ]);
  });

  it('reports defvars, multiclasses and defsets, and uses in included files', () => {
    const ev = events(['include "inc.td"', 'defvar v = 3;', 'multiclass M { def _a : B; }', 'defset list<B> S = { defm m : M; }', 'def Z { int i = v; }'].join('\n'), {
      'inc.td': 'class B;\n',
    });
    expect(ev).toContainEqual({ what: 'define', kind: 'class', name: 'B', at: 'inc.td:1:7' });
    expect(ev).toContainEqual({ what: 'define', kind: 'defvar', name: 'v', at: 'test.td:2:8' });
    expect(ev).toContainEqual({ what: 'define', kind: 'multiclass', name: 'M', at: 'test.td:3:12' });
    expect(ev).toContainEqual({ what: 'reference', kind: 'class', name: 'B', at: 'test.td:3:25', target: 'inc.td:1:7' });
    expect(ev).toContainEqual({ what: 'define', kind: 'defset', name: 'S', at: 'test.td:4:16' });
    expect(ev).toContainEqual({ what: 'reference', kind: 'multiclass', name: 'M', at: 'test.td:4:31', target: 'test.td:3:12' });
    expect(ev).toContainEqual({ what: 'reference', kind: 'defvar', name: 'v', at: 'test.td:5:17' });
  });

  it('gives local defvars their declaration', () => {
    const ev = events('def D {\n  defvar w = 1;\n  int i = w;\n}');
    expect(ev).toContainEqual({ what: 'reference', kind: 'defvar', name: 'w', at: 'test.td:3:11', target: 'test.td:2:10' });
  });
});
