// The ODS `Dialect` class (mlir/IR/DialectBase.td) as a typed view over its record, with the
// dialect selection rules shared by every `--dialect=`-aware generator.
import {
  DagInit,
  FatalError,
  type Record,
  type RecordKeeper,
  StringInit,
  activeDiagnostics,
  fatalAt,
} from '@ods-ts/tablegen-core';
import { splitNamespace } from '../emit.js';
import { derivedDefinitions } from '../generators/gen-util.js';

/** A string field, or '' when it is unset or not a string (mlir's getAsStringOrEmpty). */
export function stringOrEmpty(def: Record, field: string): string {
  const v = def.getValue(field)?.value;
  return v instanceof StringInit ? v.value : '';
}

/**
 * Report an unlocated message the way mlir-tblgen writes to `llvm::errs()` (no `error:` prefix)
 * and unwind: the generator fails with exit status 1.
 */
export function failPlain(message: string): never {
  const d = activeDiagnostics();
  if (d) {
    d.errorCount++;
    d.sink?.(message.endsWith('\n') ? message : message + '\n');
  }
  throw new FatalError({ severity: 'error', loc: undefined, message, notes: [] });
}

/** One discardable attribute of a dialect: `(ins Attr:$name)`. */
export interface DiscardableAttribute {
  /** The attribute name as written (snake_case), e.g. `workgroup_attribution`. */
  readonly name: string;
  /** The C++ type, the unquoted text of the dag argument. */
  readonly cppType: string;
}

export class Dialect {
  /** usePropertiesForAttributes, read on each use of an op's attributes. */
  private usesProperties: boolean | undefined;
  constructor(readonly def: Record) {}

  /** `name`: the dialect namespace in the IR (`arith`). */
  getName(): string {
    return this.def.getValueAsString('name');
  }
  /** `cppNamespace`, as written (e.g. `::mlir::arith`). */
  getCppNamespace(): string {
    return this.def.getValueAsString('cppNamespace');
  }
  /** The namespace without leading `::`, `a::b` (what namespace scopes print). */
  getCppNamespaceNested(): string {
    return splitNamespace(this.getCppNamespace()).join('::');
  }
  /** The C++ class: the record name with every `_` removed (`Arith_Dialect` → `ArithDialect`). */
  getCppClassName(): string {
    return this.def.getName().replaceAll('_', '');
  }
  /** The fully qualified class name, `::mlir::arith::ArithDialect` style. */
  getQualifiedCppClassName(): string {
    const ns = this.getCppNamespace();
    return ns === '' ? this.getCppClassName() : `${ns}::${this.getCppClassName()}`;
  }
  getSummary(): string {
    return stringOrEmpty(this.def, 'summary');
  }
  getDescription(): string {
    return stringOrEmpty(this.def, 'description');
  }
  getDependentDialects(): string[] {
    return this.def.getValueAsListOfStrings('dependentDialects');
  }
  /** `extraClassDeclaration`, undefined when empty. */
  getExtraClassDeclaration(): string | undefined {
    const s = this.def.getValueAsString('extraClassDeclaration');
    return s === '' ? undefined : s;
  }
  hasCanonicalizer(): boolean {
    return this.def.getValueAsBit('hasCanonicalizer');
  }
  hasConstantMaterializer(): boolean {
    return this.def.getValueAsBit('hasConstantMaterializer');
  }
  hasNonDefaultDestructor(): boolean {
    return this.def.getValueAsBit('hasNonDefaultDestructor');
  }
  hasOperationAttrVerify(): boolean {
    return this.def.getValueAsBit('hasOperationAttrVerify');
  }
  hasRegionArgAttrVerify(): boolean {
    return this.def.getValueAsBit('hasRegionArgAttrVerify');
  }
  hasRegionResultAttrVerify(): boolean {
    return this.def.getValueAsBit('hasRegionResultAttrVerify');
  }
  hasOperationInterfaceFallback(): boolean {
    return this.def.getValueAsBit('hasOperationInterfaceFallback');
  }
  useDefaultAttributePrinterParser(): boolean {
    return this.def.getValueAsBit('useDefaultAttributePrinterParser');
  }
  useDefaultTypePrinterParser(): boolean {
    return this.def.getValueAsBit('useDefaultTypePrinterParser');
  }
  isExtensible(): boolean {
    return this.def.getValueAsBit('isExtensible');
  }
  usePropertiesForAttributes(): boolean {
    return (this.usesProperties ??= this.def.getValueAsBit('usePropertiesForAttributes'));
  }
  /** `discardableAttrs` as a dag, `(ins ...)`. */
  getDiscardableAttributesDag(): DagInit {
    return this.def.getValueAsDag('discardableAttrs');
  }
  /** The named entries of `discardableAttrs`; an unnamed one is a located fatal error. */
  getDiscardableAttributes(): DiscardableAttribute[] {
    const dag = this.getDiscardableAttributesDag();
    return dag.args.map((arg, i) => {
      const name = dag.argNames[i]?.value ?? '';
      if (name === '') fatalAt(this.def, 'discardable attributes must be named');
      return { name, cppType: arg.getAsUnquotedString() };
    });
  }

  equals(other: Dialect | undefined): boolean {
    return other !== undefined && other.def === this.def;
  }
}

/**
 * Every `Dialect` def of the file, sorted by record name. With `requireClass`, a file that does
 * not define the `Dialect` class is an error ("The class 'Dialect' is not defined"), as in
 * mlir-tblgen's dialect generators.
 */
export function getAllDialects(records: RecordKeeper, requireClass = false): Dialect[] {
  // The core reports an undefined class.
  if (requireClass && !records.getClass('Dialect')) records.getAllDerivedDefinitions('Dialect');
  return derivedDefinitions(records, 'Dialect').map((d) => new Dialect(d));
}

/**
 * mlir-tblgen's findDialectToGenerate: the only dialect when there is one and `--dialect` is not
 * given, else the one named by `--dialect`; otherwise an error message and failure.
 */
export function findDialectToGenerate(dialects: readonly Dialect[], selected: string | undefined): Dialect {
  if (dialects.length === 0) failPlain('no dialect was found');
  if (dialects.length === 1 && selected === undefined) return dialects[0]!;
  if (selected === undefined) failPlain("when more than 1 dialect is present, one must be selected via '-dialect'");
  const found = dialects.find((d) => d.getName() === selected);
  if (!found) failPlain("selected dialect with '-dialect' does not exist");
  return found;
}

/**
 * convertToCamelFromSnakeCase(name, true) by name: generators ask it for the same operand and
 * attribute names (getters, setters) many times per op.
 */
const capitalizedCamel = new Map<string, string>();

/** `snake_case` → `camelCase` / `CamelCase` (llvm::convertToCamelFromSnakeCase). */
export function convertToCamelFromSnakeCase(input: string, capitalizeFirst: boolean): string {
  if (!capitalizeFirst) return camelFromSnake(input, false);
  let out = capitalizedCamel.get(input);
  if (out === undefined) capitalizedCamel.set(input, (out = camelFromSnake(input, true)));
  return out;
}

function camelFromSnake(input: string, capitalizeFirst: boolean): string {
  if (input === '') return '';
  const first = input[0]!;
  let out = capitalizeFirst && /[a-z]/.test(first) ? first.toUpperCase() : first;
  for (let i = 1; i < input.length; i++) {
    const c = input[i]!;
    if (c === '_' && i + 1 < input.length && /[a-z]/.test(input[i + 1]!)) {
      out += input[i + 1]!.toUpperCase();
      i++;
      continue;
    }
    out += c;
  }
  return out;
}

/**
 * llvm::convertToSnakeFromCamelCase: lower-case every letter and insert `_` before an upper-case
 * letter that follows a lower-case letter or digit, and inside a run of capitals before the one
 * that starts a new word (`OPName` → `op_name`). ASCII only.
 */
export function convertToSnakeFromCamelCase(input: string): string {
  const isUpper = (c: string | undefined): boolean => c !== undefined && c >= 'A' && c <= 'Z';
  const isLower = (c: string | undefined): boolean => c !== undefined && c >= 'a' && c <= 'z';
  const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
  let out = '';
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    out += isUpper(c) ? c.toLowerCase() : c;
    if (isUpper(c) && isUpper(input[i + 1]) && isLower(input[i + 2])) out += '_';
    if ((isLower(c) || isDigit(c)) && isUpper(input[i + 1])) out += '_';
  }
  return out;
}
