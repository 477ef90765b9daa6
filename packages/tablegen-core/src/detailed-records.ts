// The `--print-detailed-records` backend: llvm-tblgen's report of the global variables, classes
// and records with the file:line of each record, field and template argument, the defm chain
// of each record, its direct and (in parentheses) indirect superclasses, and allocation stats.
//
// The stats section counts the values of ods-ts's uniquing pools under llvm's pool names, and
// the bytes llvm's allocator would have used for them (allocator-stats.ts). The parse behind it
// models llvm's allocations (RecordKeeper.modelLlvmAllocations): it also interns the
// intermediate values llvm's pools keep and normal runs skip (an operator with resolved
// operands before it folds, a field read before it folds, each step of a `!foldl`, the names
// of defvars and defsets).
import { allocatorStats } from './allocator-stats.js';
import type { Loc, SourceManager } from './diagnostics.js';
import type { Record, RecordKeeper } from './records.js';

const RULE = '--------------------';

/** The whole `--print-detailed-records` output. */
export function printDetailedRecords(keeper: RecordKeeper, sources: SourceManager): string {
  const where = (loc: Loc | undefined): string => (loc ? sources.shortPosition(loc) : '');
  const heading = (title: string, count: number) => `\n${RULE} ${title} (${count}) ${RULE}\n`;
  const out: string[] = [`DETAILED RECORDS for file ${keeper.inputFilename}\n`];

  const globals = [...keeper.globals.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  out.push(heading('Global Variables', globals.length), '\n');
  for (const name of globals) out.push(`${name} = ${keeper.globals.get(name)!.getAsString()}\n`);

  const classes = keeper.sortedClasses();
  out.push(heading('Classes', classes.length));
  for (const c of classes) {
    out.push(`\n${c.getNameInitAsString()}  |${where(c.locs[0])}|\n`);
    if (c.templateArgs.length === 0) out.push('  Template args: (none)\n');
    else {
      out.push('  Template args:\n');
      for (const ta of c.templateArgs) {
        const v = c.getValueByInit(ta)!;
        out.push(`    ${v.print(false)}  |${where(v.loc)}|\n`);
      }
    }
    out.push(superclasses(c), fields(c, where));
  }

  const defs = keeper.sortedDefs();
  out.push(heading('Records', defs.length));
  for (const d of defs) {
    const name = d.getNameInitAsString();
    out.push(`\n${name === '' ? '""' : name}  |${where(d.locs[0])}|\n`);
    // The defm locations are stored innermost first.
    if (d.locs.length > 1) out.push(`  Defm sequence:${[...d.locs].reverse().map((l) => ` |${where(l)}|`).join('')}\n`);
    out.push(superclasses(d), fields(d, where));
  }

  const stats = keeper.allocationStats();
  out.push(`\n${RULE} Memory Allocation Stats ${RULE}\n`);
  for (const [pool, size] of stats.pools) out.push(`${pool} size = ${size}\n`);
  const memory = allocatorStats(keeper);
  out.push(`Bytes allocated = ${memory.bytesAllocated}\n`, `Total allocator memory = ${memory.totalMemory}\n`);
  out.push(`\nNumber of records instantiated = ${stats.records}\n`);
  out.push(`Number of anonymous records = ${stats.anonymous}\n`);
  return out.join('');
}

function superclasses(r: Record): string {
  const all = r.superClasses;
  if (all.length === 0) return '  Superclasses: (none)\n';
  const direct = new Set(r.directSuperClasses.map(([c]) => c));
  return `  Superclasses:${all.map(([c]) => (direct.has(c) ? ` ${c.getNameInitAsString()}` : ` (${c.getNameInitAsString()})`)).join('')}\n`;
}

function fields(r: Record, where: (loc: Loc | undefined) => string): string {
  if (r.values.length === 0) return '  Fields: (none)\n';
  let out = '  Fields:\n';
  for (const v of r.values) if (!r.isTemplateArg(v.nameInit)) out += `    ${v.print(false)}  |${where(v.loc)}|\n`;
  return out;
}
