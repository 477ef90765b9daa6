// No SPIR-V capability enum: --gen-spirv-capability-implication has nothing to read.
class EnumInfo;
