// Helpers shared by the SPIR-V generators (--gen-spirv-*): the enums they walk and the
// namespace blocks the enum availability generators write around each enum.
import type { RecordKeeper } from '@ods-ts/tablegen-core';
import { EnumInfo } from '../ods/enum.js';
import type { TextSink } from '../text.js';
import { llvmNamespaceScope } from './gen-util.js';

/** Every `EnumInfo` def in record-name order; fatal when the class is not defined. */
export function spirvEnums(records: RecordKeeper): EnumInfo[] {
  return records.getAllDerivedDefinitions('EnumInfo').map((d) => new EnumInfo(d));
}

/** `body` inside the enum's C++ namespace (llvm::NamespaceEmitter). */
export function inEnumNamespace(w: TextSink, info: EnumInfo, body: () => void): void {
  llvmNamespaceScope(w, info.getCppNamespace(), body);
}
