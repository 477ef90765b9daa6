// The OpenMP dialect's clause model (mlir/Dialect/OpenMP/OpenMPOpBase.td): clauses are records of
// `OpenMP_Clause` carrying the arguments, assembly format, description and extra declarations
// that the ops of `OpenMP_Op` listing them in `clauses` take over.
import { type DagInit, DefInit, type Record, type RecordKeeper, fatalAt, fatalNoLoc } from '@ods-ts/tablegen-core';

/** Drop each prefix, then each suffix, at most once, in order. */
export function stripPrefixesAndSuffixes(s: string, prefixes: readonly string[], suffixes: readonly string[]): string {
  for (const p of prefixes) if (s.startsWith(p)) s = s.slice(p.length);
  for (const x of suffixes) if (x !== '' && s.endsWith(x)) s = s.slice(0, -x.length);
  return s;
}

/** The constraint def of a clause argument (an attribute, a value type, their wrappers). */
export class ClauseArgConstraint {
  private superClassNames: Set<string> | undefined;
  constructor(readonly def: Record) {}

  /** Whether the def derives from the class of that name. */
  hasSuperClass(name: string): boolean {
    this.superClassNames ??= new Set(this.def.superClassNames());
    return this.superClassNames.has(name);
  }
  /** `baseAttr` of an `OptionalAttr`. */
  getBaseAttr(): ClauseArgConstraint {
    return this.defField('baseAttr');
  }
  /** `elementAttr` of a `TypedArrayAttrBase`. */
  getElementAttr(): ClauseArgConstraint {
    return this.defField('elementAttr');
  }
  /** `storageType` of an attribute. */
  getStorageType(): string {
    return this.def.getValueAsString('storageType');
  }
  /** `returnType` of an attribute. */
  getReturnType(): string {
    return this.def.getValueAsString('returnType');
  }
  private defField(field: string): ClauseArgConstraint {
    const v = this.def.getValue(field)?.value;
    if (!(v instanceof DefInit)) fatalAt(this.def, `expected a record in field '${field}' of '${this.def.getName()}'`);
    return new ClauseArgConstraint(v.def);
  }
}

/** One argument of an `arguments` dag: its `$name` and its constraint def. */
export interface ClauseArgument {
  readonly name: string;
  readonly constraint: ClauseArgConstraint;
}

/** The named `(name, def)` arguments of a dag; a located error for an unnamed or non-def one. */
function dagArguments(owner: Record, dag: DagInit): ClauseArgument[] {
  return dag.args.map((arg, i) => {
    const name = dag.argNames[i]?.value;
    if (name === undefined) fatalAt(owner, `argument #${i} of the arguments of '${owner.getName()}' has no name`);
    if (!(arg instanceof DefInit)) fatalAt(owner, `argument '${name}' of '${owner.getName()}' is not a record: ${arg.getAsString()}`);
    return { name, constraint: new ClauseArgConstraint(arg.def) };
  });
}

/** The `OpenMP_Clause` class (fatal when it is not defined). */
function clauseClass(records: RecordKeeper): Record {
  return records.getClass('OpenMP_Clause') ?? fatalNoLoc("The class 'OpenMP_Clause' is not defined\n");
}

/** A record deriving from `OpenMP_Clause`. */
export class OpenMPClause {
  constructor(
    readonly def: Record,
    /** The `OpenMP_Clause` class. */
    private readonly base: Record,
  ) {}

  /** Every def of `OpenMP_Clause` (fatal when the class is not defined). */
  static all(records: RecordKeeper): OpenMPClause[] {
    const defs = records.getAllDerivedDefinitions('OpenMP_Clause');
    return defs.map((d) => new OpenMPClause(d, clauseClass(records)));
  }

  /**
   * The clause's name: the def's own name when it derives from `OpenMP_Clause` directly, else
   * the name of its first superclass deriving from it; without `OpenMP_` and the suffixes
   * `Skip` and `Clause` (`OpenMP_CollapseClauseSkip` is `Collapse`).
   */
  getClauseName(): string {
    let name = '';
    if (this.def.hasDirectSuperClass(this.base)) name = this.def.getName();
    else {
      for (const [sc] of this.def.superClasses) {
        if (sc.isSubClassOf(this.base)) {
          name = sc.getName();
          break;
        }
      }
    }
    return stripPrefixesAndSuffixes(name, ['OpenMP_'], ['Skip', 'Clause']);
  }
  isAnonymous(): boolean {
    return this.def.isAnonymous();
  }
  /** `arguments`, the dag as written. */
  getArgumentsDag(): DagInit {
    return this.def.getValueAsDag('arguments');
  }
  /** The named arguments of `arguments`. */
  getArguments(): ClauseArgument[] {
    return dagArguments(this.def, this.getArgumentsDag());
  }
  getIgnoreArgs(): boolean {
    return this.def.getValueAsBit('ignoreArgs');
  }
  getIgnoreAsmFormat(): boolean {
    return this.def.getValueAsBit('ignoreAsmFormat');
  }
  getIgnoreDesc(): boolean {
    return this.def.getValueAsBit('ignoreDesc');
  }
  getIgnoreExtraDecl(): boolean {
    return this.def.getValueAsBit('ignoreExtraDecl');
  }
  /** `reqAssemblyFormat`, `optAssemblyFormat`, `description`...; undefined when unset. */
  getOptionalString(field: 'reqAssemblyFormat' | 'optAssemblyFormat' | 'description' | 'extraClassDeclaration'): string | undefined {
    return this.def.getValueAsOptionalString(field);
  }
}

/** A record deriving from `OpenMP_Op`. */
export class OpenMPOp {
  constructor(
    readonly def: Record,
    private readonly clauseBase: Record,
  ) {}

  /** Every def of `OpenMP_Op` (fatal when the class is not defined). */
  static all(records: RecordKeeper): OpenMPOp[] {
    return records.getAllDerivedDefinitions('OpenMP_Op').map((d) => new OpenMPOp(d, clauseClass(records)));
  }

  isAnonymous(): boolean {
    return this.def.isAnonymous();
  }
  /** The def's name without `OpenMP_` and `Op` (`OpenMP_ParallelOp` is `Parallel`). */
  getStrippedName(): string {
    return stripPrefixesAndSuffixes(this.def.getName(), ['OpenMP_'], ['Op']);
  }
  /** `clauseList`: the clauses the op was given. */
  getClauses(): OpenMPClause[] {
    return this.def.getValueAsListOfDefs('clauseList').map((d) => new OpenMPClause(d, this.clauseBase));
  }
  /** `arguments`, the dag as written. */
  getArgumentsDag(): DagInit {
    return this.def.getValueAsDag('arguments');
  }
  /** `assemblyFormat`, `description`, `extraClassDeclaration`...; undefined when unset. */
  getOptionalString(field: 'assemblyFormat' | 'description' | 'extraClassDeclaration'): string | undefined {
    return this.def.getValueAsOptionalString(field);
  }
}
