// The pool sizes of --print-detailed-records with RecordKeeper.modelLlvmAllocations: a modelling
// run interns the intermediate values llvm-tblgen's pools keep (one mechanism per case), and a
// normal run does not, with the same records. Expected numbers: llvm-tblgen-22
// --print-detailed-records on each source.
import { describe, expect, it } from 'vitest';
import { printDetailedRecords } from './detailed-records.js';
import { parseTableGen } from './index.js';
import { printRecords } from './printer.js';

function parse(src: string, modelAllocations: boolean) {
  const r = parseTableGen({ file: 'test.td', text: src, unshared: true, modelAllocations, onDiagnostic: (t) => void t });
  if (!r.ok) throw new Error('parse failed');
  return r;
}

/** The stats section's lines that are not zero-sized pools. */
function stats(src: string, modelAllocations = true): string[] {
  const r = parse(src, modelAllocations);
  const text = printDetailedRecords(r.records, r.sources);
  return text
    .slice(text.indexOf('Memory Allocation Stats'))
    .split('\n')
    .slice(1)
    .filter((l) => l !== '' && !l.endsWith(' size = 0'));
}

/** One pool's size in a stats section. */
function pool(lines: string[], name: string): number {
  const l = lines.find((x) => x.startsWith(`${name} size = `));
  return l ? Number(l.slice(l.indexOf('=') + 2)) : 0;
}

const TAIL = (records: number) => [`Number of records instantiated = ${records}`, 'Number of anonymous records = 0'];

describe('modelling llvm allocations', () => {
  it.each([
    [
      'an operator whose operands resolve is interned before it folds (a paste on a template argument)',
      'class S<string n> { string s = n # "_x"; string t = "p" # n; }\ndef s1 : S<"q">;\n',
      'TheBinOpInitPool',
      ['TheArgumentInitPool size = 1', 'StringInitStringPool size = 15', 'TheBinOpInitPool size = 4', 'TheVarInitPool size = 1', 'Bytes allocated = 1278', 'Total allocator memory = 4096', ...TAIL(2)],
    ],
    [
      'a field read whose record resolves is interned before it folds',
      'class B { int f = 3; }\ndef b : B;\nclass C<B r> { int h = r.f; }\ndef d : C<b>;\ndef e : C<b>;\n',
      'TheFieldInitPool',
      [
        'TheArgumentInitPool size = 1',
        'TheIntInitPool size = 1',
        'StringInitStringPool size = 15',
        'RecordTypePool size = 1',
        'TheVarInitPool size = 1',
        'TheFieldInitPool size = 2',
        'Bytes allocated = 1287',
        'Total allocator memory = 4096',
        ...TAIL(5),
      ],
    ],
    [
      '!foldl interns every accumulator (appending folds included)',
      'def d { list<int> L = [1, 2, 3]; string S = !foldl("", L, acc, e, acc # e # ","); list<int> M = !foldl([]<int>, L, acc, e, acc # [e, e]); }\n',
      'StringInitStringPool',
      [
        'TheIntInitPool size = 3',
        'StringInitStringPool size = 16',
        'TheListInitPool size = 8',
        'TheUnOpInitPool size = 4',
        'TheBinOpInitPool size = 12',
        'TheFoldOpInitPool size = 4',
        'TheVarInitPool size = 4',
        'Bytes allocated = 2844',
        'Total allocator memory = 4096',
        ...TAIL(1),
      ],
    ],
    [
      'a defvar name is a string value',
      'defvar TruePred = 1;\ndef d { int x = 1; }\n',
      'StringInitStringPool',
      ['TheIntInitPool size = 1', 'StringInitStringPool size = 3', 'Bytes allocated = 237', 'Total allocator memory = 4096', ...TAIL(1)],
    ],
    [
      'a defset name is a string value',
      'class I;\ndefset list<I> AllI = {\n  def a : I;\n}\n',
      'StringInitStringPool',
      ['StringInitStringPool size = 7', 'TheListInitPool size = 1', 'RecordTypePool size = 1', 'Bytes allocated = 650', 'Total allocator memory = 4096', ...TAIL(2)],
    ],
  ])('%s', (_what, src, changed, expected) => {
    const modelled = stats(src);
    expect(modelled).toEqual(expected);
    // A normal run skips the intermediate values, with the same records.
    expect(pool(stats(src, false), changed)).toBeLessThan(pool(modelled, changed));
    const plain = parse(src, false);
    const model = parse(src, true);
    expect(printRecords(model.records)).toBe(printRecords(plain.records));
  });

  it('leaves a keeper made afterwards unmodelled', () => {
    const src = 'class S<string n> { string s = n # "_x"; }\ndef s1 : S<"q">;\n';
    const before = pool(stats(src, false), 'TheBinOpInitPool');
    stats(src, true);
    expect(pool(stats(src, false), 'TheBinOpInitPool')).toBe(before);
  });
});
