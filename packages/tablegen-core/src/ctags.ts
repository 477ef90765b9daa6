// The `-gen-ctags` backend of llvm-tblgen: a ctags index of the classes and defs, each at the
// file and line of its first location (a class also at each of its forward declarations), sorted
// by name, then file, then line.
import type { Loc, SourceManager } from './diagnostics.js';
import type { RecordKeeper } from './records.js';

/** The whole `-gen-ctags` output. */
export function emitCTags(keeper: RecordKeeper, sources: SourceManager): string {
  const tags: { name: string; file: string; line: number }[] = [];
  const add = (name: string, loc: Loc | undefined): void => {
    const at = loc ? sources.position(loc) : undefined;
    tags.push({ name, file: at?.file ?? '', line: at?.line ?? 0 });
  };
  for (const [name, r] of keeper.classes) {
    add(name, r.locs[0]);
    for (const loc of r.forwardDeclarationLocs) add(name, loc);
  }
  for (const [name, r] of keeper.defs) add(name, r.locs[0]);
  // Byte order of the names, then of the files, then the lines.
  const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  tags.sort((a, b) => cmp(a.name, b.name) || cmp(a.file, b.file) || a.line - b.line);
  let out = '!_TAG_FILE_FORMAT\t1\t/original ctags format/\n!_TAG_FILE_SORTED\t1\t/0=unsorted, 1=sorted, 2=foldcase/\n';
  for (const t of tags) out += `${t.name}\t${t.file}\t${t.line}\n`;
  return out;
}
