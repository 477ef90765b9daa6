// @ods-ts/ods-backends: the MLIR ODS generators and the ods-tblgen CLI (a drop-in mlir-tblgen).
export { runCli, writeAtomic, VERSION, type CliIO } from './cli.js';
export {
  registerGenerator,
  getGenerator,
  listGenerators,
  type Generator,
  type GeneratorContext,
  type GeneratorOption,
} from './registry.js';
export { generate } from './generate.js';
export { Operator, type Argument } from './ods/operator.js';
export { runBuildCommand, type BuildIO } from './build-command.js';
/** For long-lived hosts that call runCli many times: share include parses between the calls. */
export { shareParsesInProcess } from '@ods-ts/tablegen-core';
export { flushPersistedParses, persistParses, persistedParseCounts } from './parse-cache-file.js';
