// Custom op builders (mlir/TableGen/Builder.h): `OpBuilder<(ins CArg<"T", "dflt">:$x), [{...}]>`.
import { DefInit, type Loc, type Record, StringInit, fatalAt } from '@ods-ts/tablegen-core';

export interface BuilderParameter {
  readonly name: string | undefined;
  readonly cppType: string;
  readonly defaultValue: string | undefined;
}

export class Builder {
  readonly parameters: BuilderParameter[] = [];
  constructor(
    readonly def: Record,
    readonly opDef: Record,
    _loc?: Loc,
  ) {
    const dag = def.getValueAsDag('dagParams');
    const op = dag.operator;
    if (!(op instanceof DefInit) || op.def.getName() !== 'ins') fatalAt(def, "expected 'ins' in builders");
    let seenDefault = false;
    dag.args.forEach((arg, i) => {
      const name = dag.argNames[i]?.value;
      let cppType: string;
      let dflt: string | undefined;
      if (arg instanceof StringInit) cppType = arg.value;
      else if (arg instanceof DefInit) {
        const t = arg.def.getValue('type');
        if (!t) fatalAt(opDef, 'Builder DAG arguments must be either strings or defs which inherit from CArg');
        cppType = arg.def.getValueAsString('type');
        const d = arg.def.getValueAsOptionalString('defaultValue');
        dflt = d === undefined || d === '' ? undefined : d;
      } else fatalAt(opDef, 'Builder DAG arguments must be either strings or defs which inherit from CArg');
      if (dflt !== undefined) seenDefault = true;
      else if (seenDefault) fatalAt(opDef, 'expected an argument with default value after other arguments with default values');
      this.parameters.push({ name, cppType, defaultValue: dflt });
    });
  }
  getBody(): string | undefined {
    const b = this.def.getValueAsOptionalString('body');
    return b === undefined || b === '' ? undefined : b;
  }
  getDeprecatedMessage(): string | undefined {
    const v = this.def.getValue('odsCppDeprecated')?.value;
    return v instanceof StringInit && v.value !== '' ? v.value : undefined;
  }
}
