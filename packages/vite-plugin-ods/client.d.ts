// Types of `?ods=` imports. Add `"types": ["@ods-ts/vite-plugin-ods/client"]` to a tsconfig, or
// `/// <reference types="@ods-ts/vite-plugin-ods/client" />` to a .d.ts of the app.

/** A value in the `--dump-json` shape of llvm-tblgen. */
type OdsJsonValue =
  | null
  | boolean
  | number
  | string
  | OdsJsonValue[]
  | { kind: 'def'; def: string; printable: string }
  | { kind: 'var'; var: string; printable: string }
  | { kind: 'varbit'; var: string; index: number; printable: string }
  | { kind: 'dag'; operator: OdsJsonValue; args: [OdsJsonValue, string | null][]; printable: string }
  | { kind: 'complex'; printable: string }
  | { [field: string]: OdsJsonValue };

/** One def of `?ods=records`: its fields, plus the `!name`, `!superclasses`... entries. */
interface OdsJsonRecord {
  '!name': string;
  '!anonymous': boolean;
  '!superclasses': string[];
  '!fields': string[];
  '!locs': string[];
  [field: string]: OdsJsonValue;
}

/** `?ods=records`: every def by name, `!instanceof` (class name to def names) and `!tablegen_json_version`. */
interface OdsRecords {
  '!instanceof': { [className: string]: string[] };
  '!tablegen_json_version': number;
  [defName: string]: OdsJsonRecord | { [className: string]: string[] } | number;
}

declare module '*?ods=records' {
  const records: OdsRecords;
  export default records;
}

/** A generator that may be missing from this build of ods-ts: `null` then. */
declare module '*&optional' {
  const text: string | null;
  export default text;
}
