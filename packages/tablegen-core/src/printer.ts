// The `--print-records` backend: classes then defs, each sorted by name, in llvm-tblgen's format.
import { type Record, type RecordKeeper, fatalAt } from './records.js';

/** One record as llvm's `operator<<(raw_ostream&, const Record&)` prints it. */
export function printRecord(r: Record): string {
  let out = r.getNameInitAsString();
  if (r.templateArgs.length > 0) {
    out += '<';
    out += r.templateArgs.map((ta) => r.getValueByInit(ta)!.print(false)).join(', ');
    out += '>';
  }
  out += ' {';
  if (r.directSuperClasses.length > 0) out += '\t// ' + r.superClassNames().join(' ');
  out += '\n';
  // Indexed loops (a cold for-of allocates an iterator result per field); a def has no
  // template arguments to leave out.
  const values = r.values;
  const hasArgs = r.templateArgs.length > 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v.isNonconcreteOK() && !(hasArgs && r.isTemplateArg(v.nameInit))) out += '  ' + v.print(true);
  }
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!v.isNonconcreteOK() && !(hasArgs && r.isTemplateArg(v.nameInit))) out += '  ' + v.print(true);
  }
  return out + '}\n';
}

/**
 * One record, or a fatal error located at it when its values nest too deeply to print (a
 * stack overflow) or its text exceeds the longest string JavaScript can build.
 */
function printRecordChecked(r: Record): string {
  try {
    if (!r.frozen) return printRecord(r);
    let text = sharedText.get(r);
    if (text === undefined) sharedText.set(r, (text = printRecord(r)));
    return text;
  } catch (e) {
    if (e instanceof RangeError) fatalAt(r, `record is too large or too deeply nested to print (${e.message})`);
    throw e;
  }
}

/**
 * The text of shared records (Record.frozen: they never change), kept while the record lives: a
 * dev server or watch that prints an input's records on every save prints only the input's own
 * again (OpBase.td and the interfaces are most of the output, the same text every time).
 */
const sharedText = new WeakMap<Record, string>();

/** The longest string V8 can build (2^29 - 24 UTF-16 units on 64-bit). */
const MAX_OUTPUT_LENGTH = 2 ** 29 - 24;

/** The whole `--print-records` output. */
export function printRecords(keeper: RecordKeeper): string {
  const parts: string[] = ['------------- Classes -----------------\n'];
  let length = parts[0]!.length;
  const add = (kind: string, r: Record): void => {
    const text = printRecordChecked(r);
    length += kind.length + text.length;
    if (length > MAX_OUTPUT_LENGTH) fatalAt(r, `the output is too large (more than ${MAX_OUTPUT_LENGTH} characters)`);
    parts.push(kind, text);
  };
  for (const c of keeper.sortedClasses()) add('class ', c);
  parts.push('------------- Defs -----------------\n');
  for (const d of keeper.sortedDefs()) add('def ', d);
  return parts.join('');
}
