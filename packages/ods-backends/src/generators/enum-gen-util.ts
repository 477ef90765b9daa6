// Helpers shared by --gen-enum-decls and --gen-enum-defs.
import type { RecordKeeper } from '@ods-ts/tablegen-core';
import { EnumCase, EnumInfo } from '../ods/enum.js';
import { derivedDefinitions } from './gen-util.js';

/** A C++ identifier for an enumerant symbol: a leading digit gets a `_` prefix. */
export function makeIdentifier(symbol: string): string {
  return /^[0-9]/.test(symbol) ? `_${symbol}` : symbol;
}

/** Every `EnumInfo` def, sorted by record name. */
export function allEnums(records: RecordKeeper): EnumInfo[] {
  return derivedDefinitions(records, 'EnumInfo').map((d) => new EnumInfo(d));
}

/** The case whose value is 0, if any (the "all bits unset" case of a bit enum). */
export function allBitsUnsetCase(cases: readonly EnumCase[]): EnumCase | undefined {
  return cases.find((c) => c.getValue() === 0n);
}

/** Whether every case has an explicit (non-negative) value. */
export function allCasesHaveValues(cases: readonly EnumCase[]): boolean {
  return cases.every((c) => c.getValue() >= 0n);
}

/** `underlyingType`, or `unsigned` when it is empty. */
export function underlyingOrUnsigned(info: EnumInfo): string {
  const t = info.getUnderlyingType();
  return t === '' ? 'unsigned' : t;
}
