// ODS constraints (mlir/TableGen/Constraint.h): type constraints of operands and results, region
// and successor constraints, with their predicate and C++ type.
import { DefInit, type Record, StringInit } from '@ods-ts/tablegen-core';
import { trimAscii } from '../text.js';

/** The value of a string field trimmed of ASCII whitespace, or '' (mlir's getValueAsString helper). */
export function trimmedString(def: Record, field: string): string {
  const v = def.getValue(field)?.value;
  return v instanceof StringInit ? trimAscii(v.value) : '';
}

/** The common part of every constraint: its def, predicate and summary. */
export class Constraint {
  constructor(readonly def: Record) {}
  /** The `predicate` def, undefined when there is none (the null predicate). */
  getPredicateDef(): Record | undefined {
    const v = this.def.getValue('predicate')?.value;
    return v instanceof DefInit ? v.def : undefined;
  }
  getSummary(): string {
    const v = this.def.getValue('summary')?.value;
    if (v instanceof StringInit && v.value !== '') return v.value;
    return this.def.getName();
  }
  getDescription(): string {
    const v = this.def.getValue('description')?.value;
    return v instanceof StringInit ? v.value : '';
  }
  /** `cppFunctionName` when set (uniqued constraint functions may use it). */
  getDefName(): string {
    return this.def.getName();
  }
}

/** A TypeConstraint, possibly wrapped in Optional/Variadic/VariadicOfVariadic. */
export class TypeConstraint extends Constraint {
  /** Memoized class tests: generators ask them of each operand and result many times. */
  private optional: boolean | undefined;
  private variadic: boolean | undefined;
  private variadicOfVariadic: boolean | undefined;
  isOptional(): boolean {
    return (this.optional ??= this.def.isSubClassOfName('Optional'));
  }
  isVariadic(): boolean {
    return (this.variadic ??= this.def.isSubClassOfName('Variadic'));
  }
  isVariadicOfVariadic(): boolean {
    return (this.variadicOfVariadic ??= this.def.isSubClassOfName('VariadicOfVariadic'));
  }
  isVariableLength(): boolean {
    return this.isOptional() || this.isVariadic();
  }
  /** The segment size attribute of a VariadicOfVariadic. */
  getVariadicOfVariadicSegmentSizeAttr(): string {
    return this.def.getValueAsString('segmentAttrName');
  }
  getCppType(): string {
    return this.def.getValueAsString('cppType');
  }
  /**
   * `builderCall`, when the type can be built from nothing: the text as written (a call spanning
   * several lines keeps its line breaks and indentation); undefined when empty.
   */
  getBuilderCall(): string | undefined {
    let base = this.def;
    if (this.isVariableLength()) {
      const b = this.def.getValue('baseType')?.value;
      if (b instanceof DefInit) base = b.def;
    }
    const v = base.getValue('builderCall')?.value;
    return v instanceof StringInit && v.value !== '' ? v.value : undefined;
  }
}

/** An operand or result: its name (maybe empty) and type constraint. */
export class NamedTypeConstraint {
  constructor(
    readonly name: string,
    readonly constraint: TypeConstraint,
  ) {}
  hasPredicate(): boolean {
    return this.constraint.getPredicateDef() !== undefined;
  }
  isOptional(): boolean {
    return this.constraint.isOptional();
  }
  isVariadic(): boolean {
    return this.constraint.isVariadic();
  }
  isVariadicOfVariadic(): boolean {
    return this.constraint.isVariadicOfVariadic();
  }
  isVariableLength(): boolean {
    return this.constraint.isVariableLength();
  }
}

/** A region constraint (`AnyRegion`, `SizedRegion<1>`, `VariadicRegion<...>`). */
export class RegionConstraint extends Constraint {
  isVariadic(): boolean {
    return this.def.isSubClassOfName('VariadicRegion');
  }
}

export class NamedRegion {
  constructor(
    readonly name: string,
    readonly constraint: RegionConstraint,
  ) {}
  isVariadic(): boolean {
    return this.constraint.isVariadic();
  }
}

/** A successor constraint (`AnySuccessor`, `VariadicSuccessor<...>`). */
export class SuccessorConstraint extends Constraint {
  isVariadic(): boolean {
    return this.def.isSubClassOfName('VariadicSuccessor');
  }
}

export class NamedSuccessor {
  constructor(
    readonly name: string,
    readonly constraint: SuccessorConstraint,
  ) {}
  isVariadic(): boolean {
    return this.constraint.isVariadic();
  }
}
