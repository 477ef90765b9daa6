// The pass model (mlir::tblgen::Pass): typed views over records deriving from `PassBase` in
// mlir/Pass/PassBase.td, with their options (`Option`/`ListOption`) and statistics.
import type { Record, RecordKeeper } from '@ods-ts/tablegen-core';
import { derivedDefs, nonEmpty } from './docs-util.js';

/** A pass option: a record deriving from `Option`. */
export class PassOption {
  constructor(readonly def: Record) {}

  /** `cppName`: the C++ member variable. */
  getCppVariableName(): string {
    return this.def.getValueAsString('cppName');
  }
  /** `argument`: the command-line argument. */
  getArgument(): string {
    return this.def.getValueAsString('argument');
  }
  /** `type`: the C++ type (the element type of a list option). */
  getType(): string {
    return this.def.getValueAsString('type');
  }
  /** `defaultValue`; undefined when empty. */
  getDefaultValue(): string | undefined {
    return nonEmpty(this.def.getValueAsString('defaultValue'));
  }
  /** `description`. */
  getDescription(): string {
    return this.def.getValueAsString('description');
  }
  /** `additionalOptFlags`; undefined when empty. */
  getAdditionalFlags(): string | undefined {
    return nonEmpty(this.def.getValueAsString('additionalOptFlags'));
  }
  /** Whether this is a `ListOption`. */
  isListOption(): boolean {
    return this.def.isSubClassOfName('ListOption');
  }
}

/** A pass statistic: a record deriving from `Statistic`. */
export class PassStatistic {
  constructor(readonly def: Record) {}

  /** `cppName`: the C++ member variable. */
  getCppVariableName(): string {
    return this.def.getValueAsString('cppName');
  }
  /** `name`: the displayed name. */
  getName(): string {
    return this.def.getValueAsString('name');
  }
  /** `description`. */
  getDescription(): string {
    return this.def.getValueAsString('description');
  }
}

/** A pass: a record deriving from `PassBase`. */
export class Pass {
  private readonly options: readonly PassOption[];
  private readonly statistics: readonly PassStatistic[];
  private readonly dependentDialects: readonly string[];

  constructor(readonly def: Record) {
    this.options = def.getValueAsListOfDefs('options').map((d) => new PassOption(d));
    this.statistics = def.getValueAsListOfDefs('statistics').map((d) => new PassStatistic(d));
    this.dependentDialects = def.getValueAsListOfStrings('dependentDialects');
  }

  /** Every def of `PassBase`, in LessRecord order. Fatal when the class is not defined. */
  static all(records: RecordKeeper): Pass[] {
    return derivedDefs(records, 'PassBase', true).map((d) => new Pass(d));
  }

  /** The record name, e.g. `Canonicalizer`. */
  getName(): string {
    return this.def.getName();
  }
  /** `argument`: the command-line argument, e.g. `canonicalize`. */
  getArgument(): string {
    return this.def.getValueAsString('argument');
  }
  /** `baseClass`: the C++ base class, e.g. `::mlir::OperationPass<>`. */
  getBaseClass(): string {
    return this.def.getValueAsString('baseClass');
  }
  /** `summary`. */
  getSummary(): string {
    return this.def.getValueAsString('summary');
  }
  /** `description`. */
  getDescription(): string {
    return this.def.getValueAsString('description');
  }
  /** `constructor`: a C++ expression creating the pass, or '' for the generated one. */
  getConstructor(): string {
    return this.def.getValueAsString('constructor');
  }
  /** `dependentDialects`: C++ dialect class names. */
  getDependentDialects(): readonly string[] {
    return this.dependentDialects;
  }
  /** `options`. */
  getOptions(): readonly PassOption[] {
    return this.options;
  }
  /** `statistics`. */
  getStatistics(): readonly PassStatistic[] {
    return this.statistics;
  }
}
