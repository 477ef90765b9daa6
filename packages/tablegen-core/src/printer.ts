// The `--print-records` backend: classes then defs, each sorted by name, in llvm-tblgen's format.
import type { Record, RecordKeeper } from './records.js';

/** One record as llvm's `operator<<(raw_ostream&, const Record&)` prints it. */
export function printRecord(r: Record): string {
  let out = r.getNameInitAsString();
  if (r.templateArgs.length > 0) {
    out += '<';
    out += r.templateArgs.map((ta) => r.getValueByInit(ta)!.print(false)).join(', ');
    out += '>';
  }
  out += ' {';
  if (r.superClasses.length > 0) {
    out += '\t//';
    for (const [sc] of r.superClasses) out += ' ' + sc.getNameInitAsString();
  }
  out += '\n';
  for (const v of r.values) {
    if (v.isNonconcreteOK() && !r.isTemplateArg(v.nameInit)) out += '  ' + v.print(true);
  }
  for (const v of r.values) {
    if (!v.isNonconcreteOK() && !r.isTemplateArg(v.nameInit)) out += '  ' + v.print(true);
  }
  return out + '}\n';
}

/** The whole `--print-records` output. */
export function printRecords(keeper: RecordKeeper): string {
  const parts: string[] = ['------------- Classes -----------------\n'];
  for (const c of keeper.sortedClasses()) parts.push('class ', printRecord(c));
  parts.push('------------- Defs -----------------\n');
  for (const d of keeper.sortedDefs()) parts.push('def ', printRecord(d));
  return parts.join('');
}
