// The `-gen-ctags` backend of llvm-tblgen: a ctags index of the classes and defs, each at the
// file and line of its first location, sorted by name.
import type { SourceManager } from './diagnostics.js';
import type { RecordKeeper } from './records.js';

/** The whole `-gen-ctags` output. */
export function emitCTags(keeper: RecordKeeper, sources: SourceManager): string {
  const tags: [string, string][] = [];
  for (const [name, r] of [...keeper.classes, ...keeper.defs]) {
    const loc = r.locs[0];
    const at = loc ? sources.position(loc) : undefined;
    tags.push([name, at ? `${at.file}\t${at.line}` : '']);
  }
  // Byte order of the names (a stable sort keeps a class before a def of the same name).
  tags.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  let out = '!_TAG_FILE_FORMAT\t1\t/original ctags format/\n!_TAG_FILE_SORTED\t1\t/0=unsorted, 1=sorted, 2=foldcase/\n';
  for (const [name, where] of tags) out += `${name}\t${where}\n`;
  return out;
}
