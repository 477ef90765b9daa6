// --gen-spirv-attr-utils: `attributeName<Enum>()`, the snake_case attribute name of each enum.
import { emitSourceFileHeader } from '../emit.js';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { TextWriter } from '../text.js';
import { convertToSnakeFromCamelCase } from '../ods/dialect.js';
import { spirvEnums } from './spirv-gen-util.js';

const GUARD = 'MLIR_DIALECT_SPIRV_IR_ATTR_UTILS_H';

/** The specialization of attributeName for one enum class. */
function attributeNameTemplate(enumName: string): string {
  return `template <> inline StringRef attributeName<${enumName}>() {
  static constexpr const char attrName[] = "${convertToSnakeFromCamelCase(enumName)}";
  return attrName;
}
`;
}

function run(ctx: GeneratorContext): string {
  const out = new TextWriter();
  out.write(emitSourceFileHeader('SPIR-V Attribute Utilities', ctx.inputFilename));
  const enums = spirvEnums(ctx.records);
  out.write(`#ifndef ${GUARD}_\n#define ${GUARD}_\n`);
  out.write('template <typename EnumClass> inline constexpr StringRef attributeName();\n');
  for (const info of enums) out.write(attributeNameTemplate(info.getEnumClassName()));
  // The closing comment names the guard without its trailing underscore, as the reference does.
  out.write(`#endif // ${GUARD}\n`);
  return out.toString();
}

registerGenerator({ name: 'spirv-attr-utils', description: 'Generate SPIR-V attribute utility definitions', run });
