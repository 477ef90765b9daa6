// Shared logic of --gen-{typedef,attrdef}-{decls,defs}: collects the AttrDef/TypeDef records
// and emits the declarations and definitions of their C++ classes.
import type { Record, RecordKeeper } from '@ods-ts/tablegen-core';
import { CodeWriter, emitSourceFileHeader } from '../emit.js';
import { llvmIfDefScope } from './gen-util.js';

/** What differs between the attribute and the type flavours of the generators. */
export interface DefKind {
  /** `Attr` or `Type` (the TableGen class prefix, `AttrDef`/`TypeDef`). */
  readonly defType: 'Attr' | 'Type';
  /** `Attribute` or `Type` (the C++ value class). */
  readonly valueType: 'Attribute' | 'Type';
}

export const ATTR_KIND: DefKind = { defType: 'Attr', valueType: 'Attribute' };
export const TYPE_KIND: DefKind = { defType: 'Type', valueType: 'Type' };

/** Fixed text printed at the top of the declarations (forward declarations of the asm classes). */
const DECL_HEADER = '\nnamespace mlir {\nclass AsmParser;\nclass AsmPrinter;\n} // namespace mlir\n';

/** The def records of `kind`, in definition order. */
export function collectDefRecords(records: RecordKeeper, kind: DefKind): Record[] {
  return [...records.getAllDerivedDefinitionsIfDefined(`${kind.defType}Def`)].sort((a, b) => a.id - b.id);
}

export function emitDefDecls(records: RecordKeeper, kind: DefKind, _selectedDialect: string): string {
  const w = new CodeWriter();
  w.write(emitSourceFileHeader(`${kind.defType}Def Declarations`));
  llvmIfDefScope(w, `GET_${kind.defType.toUpperCase()}DEF_CLASSES`, () => {
    w.write(DECL_HEADER);
    const defs = collectDefRecords(records, kind);
    if (defs.length === 0) return;
  });
  return w.toString();
}

export function emitDefDefs(records: RecordKeeper, kind: DefKind, _selectedDialect: string): string {
  const w = new CodeWriter();
  w.write(emitSourceFileHeader(`${kind.defType}Def Definitions`));
  const defs = collectDefRecords(records, kind);
  if (defs.length === 0) return w.toString();
  return w.toString();
}
