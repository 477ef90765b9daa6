// --gen-spirv-serialization: the SPIR-V binary (de)serializer of each SPIR-V op
// (Serializer::processOp / Deserializer::processOp), and the functions dispatching an op, an
// opcode or an extended instruction to them.
import { fatalAt } from '@ods-ts/tablegen-core';
import { emitSourceFileHeader } from '../emit.js';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { Attribute, NamedAttribute } from '../ods/attribute.js';
import type { Argument } from '../ods/operator.js';
import { SpirvOp, enumOfAttr, getSpirvOps, isConstantIdEnumAttr, isSpirvEnumAttr } from '../ods/spirv.js';
import { LlvmStringMap } from '../string-map-order.js';
import { type TextSink, TextWriter } from '../text.js';

/** The attribute serialized for an argument: an optional attribute's base attribute. */
function serializedAttr(attr: Attribute): Attribute {
  return attr.isOptional() ? attr.getBaseAttr() : attr;
}

/** The qualified C++ class of an enum attribute's specialized attribute and of its enum. */
function enumAttrNames(attr: Attribute): { attrClass: string; enumClass: string } {
  const info = enumOfAttr(attr);
  const enumClass = `${info.getCppNamespace()}::${info.getEnumClassName()}`;
  return { attrClass: `${enumClass}Attr`, enumClass };
}

/** A type or (non-SPIR-V) enum attribute, serialized as the <id> of a type. */
function isTypeIdAttr(attr: Attribute): boolean {
  return attr.def.isSubClassOfName('EnumAttrInfo') || attr.isTypeAttr();
}

/**
 * The attribute a non-operand argument is serialized as. The reference reads a property
 * argument as if it were an attribute (its def in place of an attribute's): an I32Prop then
 * fails on its missing `isOptional` field, at the property's def.
 */
function argAttribute(op: SpirvOp, arg: Exclude<Argument, { kind: 'operand' }>): NamedAttribute {
  if (arg.kind === 'attribute') return arg.value;
  const def = arg.value.prop.def;
  if (def === undefined) fatalAt(op.def, `unhandled argument '${arg.value.name}' in SPIR-V serialization generation`);
  return new NamedAttribute(arg.value.name, new Attribute(def));
}

// ---------------------------------------------------------------------------------------------
// Serialization
// ---------------------------------------------------------------------------------------------

/** Appends the words of attribute `name` of `op` to `operands`. */
function emitAttrSerialization(out: TextSink, op: SpirvOp, tabs: string, attr: Attribute, name: string): void {
  out.write(`${tabs}if (auto attr = op->getAttr("${name}")) {\n`);
  const defName = attr.getAttrDefName();
  if (isConstantIdEnumAttr(attr)) {
    const { attrClass } = enumAttrNames(attr);
    out.write(
      `${tabs}  operands.push_back(prepareConstantInt(op.getLoc(), Builder(op).getI32IntegerAttr(static_cast<uint32_t>(::llvm::cast<${attrClass}>(attr).getValue()))));\n`,
    );
  } else if (isSpirvEnumAttr(attr)) {
    const { attrClass } = enumAttrNames(attr);
    out.write(`${tabs}  operands.push_back(static_cast<uint32_t>(::llvm::cast<${attrClass}>(attr).getValue()));\n`);
  } else if (defName === 'I32ArrayAttr') {
    out.write(`${tabs}  for (auto attrElem : llvm::cast<ArrayAttr>(attr)) {\n`);
    out.write(`${tabs}    operands.push_back(static_cast<uint32_t>(llvm::cast<IntegerAttr>(attrElem).getValue().getZExtValue()));\n`);
    out.write(`${tabs}  }\n`);
  } else if (defName === 'I32Attr') {
    out.write(`${tabs}  operands.push_back(static_cast<uint32_t>(llvm::cast<IntegerAttr>(attr).getValue().getZExtValue()));\n`);
  } else if (isTypeIdAttr(attr)) {
    out.write(`${tabs}  uint32_t attrTypeID = 0;\n`);
    out.write(`${tabs}  if (failed(processType(op.getLoc(), llvm::cast<TypeAttr>(attr).getValue(), attrTypeID))) {\n`);
    out.write(`${tabs}    return failure();\n${tabs}  }\n`);
    out.write(`${tabs}  operands.push_back(attrTypeID);\n`);
  } else {
    fatalAt(op.def, `unhandled attribute type in SPIR-V serialization generation : '${defName}'`);
  }
  out.write(`${tabs}}\n`);
}

/** Serializes the operands and attributes in the order the op's arguments list them. */
function emitArgsSerialization(out: TextSink, op: SpirvOp): void {
  const args = op.op.arguments;
  const firstAttr = args.findIndex((a) => a.kind === 'attribute');
  const operandsFirst = firstAttr < 0 || args.slice(firstAttr).every((a) => a.kind === 'attribute');
  if (operandsFirst) {
    // Every operand precedes every attribute: one loop serializes the operands.
    if (op.op.getNumOperands() !== 0) {
      out.write('  for (Value operand : op->getOperands()) {\n    auto id = getValueID(operand);\n');
      out.write('    assert(id && "use before def!");\n    operands.push_back(id);\n  }\n');
    }
    for (const a of op.op.attributes) {
      emitAttrSerialization(out, op, '  ', serializedAttr(a.attr), a.name);
      out.write(`  elidedAttrs.push_back("${a.name}");\n`);
    }
    return;
  }
  let operandNum = 0;
  for (const arg of args) {
    out.write('  {\n');
    if (arg.kind === 'operand') {
      out.write(`    for (auto arg : op.getODSOperands(${operandNum})) {\n      auto argID = getValueID(arg);\n`);
      out.write(`      if (!argID) {\n        return emitError(op.getLoc(), "operand #${operandNum} has a use before def");\n      }\n`);
      out.write('      operands.push_back(argID);\n    }\n');
      operandNum++;
    } else {
      const attr = argAttribute(op, arg);
      emitAttrSerialization(out, op, '    ', serializedAttr(attr.attr), attr.name);
      out.write(`    elidedAttrs.push_back("${attr.name}");\n`);
    }
    out.write('  }\n');
  }
}

const RESULT_SERIALIZATION = `  uint32_t resultID = 0;
  uint32_t resultTypeID = 0;
  if (failed(processType(op.getLoc(), op.getType(), resultTypeID))) {
    return failure();
  }
  operands.push_back(resultTypeID);
  resultID = getNextID();
  valueIDMap[op.getResult()] = resultID;
  operands.push_back(resultID);
`;

/** The attributes that are no instruction operand become decorations of the result. */
const DECORATION_SERIALIZATION = `  for (auto attr : op->getAttrs()) {
    if (llvm::is_contained(elidedAttrs, attr.getName())) {      continue;
    }
    if (failed(processDecoration(op.getLoc(), resultID, attr))) {
      return failure();
    }
  }
`;

/** Whether the op's instruction is built by processOpWithoutGrammarAttr. */
function hasNoGrammarAttr(op: SpirvOp): boolean {
  return op.op.attributes.length === 0 && op.op.getNumVariableLengthOperands() === 0;
}

function emitSerializationFn(out: TextSink, op: SpirvOp): void {
  if (!op.autogenSerialization()) return;
  const cls = op.op.getQualCppClassName();
  out.write(`template <> LogicalResult\nSerializer::processOp<${cls}>(${cls} op) {\n`);
  if (hasNoGrammarAttr(op)) {
    const [set, opcode] = op.isExtInstOp()
      ? [op.getExtendedInstSetName(), `${op.getExtendedInstOpcode()}`]
      : ['', `static_cast<uint32_t>(spirv::Opcode::${op.getSpirvOpName()})`];
    out.write(`  return processOpWithoutGrammarAttr(op, "${set}", ${opcode});\n}\n\n`);
    return;
  }
  out.write('  SmallVector<uint32_t, 4> operands;\n  SmallVector<StringRef, 2> elidedAttrs;\n');
  const oneResult = op.op.getNumResults() === 1;
  if (oneResult) out.write(RESULT_SERIALIZATION);
  emitArgsSerialization(out, op);
  if (op.isExtInstOp()) {
    out.write(
      `  (void)encodeExtensionInstruction(op, "${op.getExtendedInstSetName()}", ${op.getExtendedInstOpcode()}, operands);\n`,
    );
  } else {
    out.write('  (void)emitDebugLine(functionBody, op.getLoc());\n');
    out.write(`  (void)encodeInstructionInto(functionBody, spirv::Opcode::${op.getSpirvOpName()}, operands);\n`);
  }
  if (oneResult) out.write(DECORATION_SERIALIZATION);
  out.write('  return success();\n}\n\n');
}

// ---------------------------------------------------------------------------------------------
// Deserialization
// ---------------------------------------------------------------------------------------------

/** Reads attribute `name` from the next word(s) into `attributes` (`tabs` is 4 spaces). */
function emitAttrDeserialization(out: TextSink, op: SpirvOp, tabs: string, attr: Attribute, name: string): void {
  const defName = attr.getAttrDefName();
  if (isConstantIdEnumAttr(attr)) {
    const { attrClass, enumClass } = enumAttrNames(attr);
    out.write(
      `${tabs}attributes.push_back(opBuilder.getNamedAttr("${name}", opBuilder.getAttr<${attrClass}>(static_cast<${enumClass}>(getConstantInt(words[wordIndex++]).getValue().getZExtValue()))));\n`,
    );
  } else if (isSpirvEnumAttr(attr)) {
    const { attrClass, enumClass } = enumAttrNames(attr);
    out.write(
      `${tabs}  attributes.push_back(opBuilder.getNamedAttr("${name}", opBuilder.getAttr<${attrClass}>(static_cast<${enumClass}>(words[wordIndex++]))));\n`,
    );
  } else if (defName === 'I32ArrayAttr') {
    out.write(`${tabs}SmallVector<Attribute, 4> attrListElems;\n${tabs}while (wordIndex < words.size()) {\n`);
    out.write(`${tabs}  attrListElems.push_back(opBuilder.getI32IntegerAttr(words[wordIndex++]));\n${tabs}}\n`);
    out.write(`${tabs}attributes.push_back(opBuilder.getNamedAttr("${name}", opBuilder.getArrayAttr(attrListElems)));\n`);
  } else if (defName === 'I32Attr') {
    out.write(`${tabs}attributes.push_back(opBuilder.getNamedAttr("${name}", opBuilder.getI32IntegerAttr(words[wordIndex++])));\n`);
  } else if (isTypeIdAttr(attr)) {
    out.write(`${tabs}attributes.push_back(opBuilder.getNamedAttr("${name}", TypeAttr::get(getType(words[wordIndex++]))));\n`);
  } else {
    fatalAt(op.def, `unhandled attribute type in deserialization generation : '${name}'`);
  }
}

function resultDeserialization(cls: string): string {
  return `  {
    if (wordIndex >= words.size()) {
      return emitError(unknownLoc, "expected result type <id> while deserializing ${cls}");
    }
    auto ty = getType(words[wordIndex]);
    if (!ty) {
      return emitError(unknownLoc, "unknown type result <id> : ") << words[wordIndex];
    }
    resultTypes.push_back(ty);
    wordIndex++;
    if (wordIndex >= words.size()) {
      return emitError(unknownLoc, "expected result <id> while deserializing ${cls}");
    }
  }
  valueID = words[wordIndex++];
`;
}

function emitArgsDeserialization(out: TextSink, op: SpirvOp): void {
  const args = op.op.arguments;
  args.forEach((arg, i) => {
    if (arg.kind === 'operand') {
      const variable = arg.value.isVariableLength();
      if (variable && i !== args.length - 1) {
        fatalAt(op.def, "SPIR-V ops can have Variadic<..> or Optional<...> arguments only if it's the last argument");
      }
      out.write(variable ? '  for (; wordIndex < words.size(); ++wordIndex) {\n' : '  if (wordIndex < words.size()) {\n');
      out.write('    auto arg = getValue(words[wordIndex]);\n    if (!arg) {\n');
      out.write('      return emitError(unknownLoc, "unknown result <id> : ") << words[wordIndex];\n    }\n');
      out.write('    operands.push_back(arg);\n');
      if (!variable) out.write('    wordIndex++;\n');
      out.write('  }\n');
    } else {
      const attr = argAttribute(op, arg);
      out.write('  if (wordIndex < words.size()) {\n');
      emitAttrDeserialization(out, op, '    ', serializedAttr(attr.attr), attr.name);
      out.write('  }\n');
    }
  });
  const cls = op.op.getQualCppClassName();
  out.write('  if (wordIndex != words.size()) {\n');
  out.write(
    `    return emitError(unknownLoc, "found more operands than expected when deserializing ${cls}, only ") << wordIndex << " of " << words.size() << " processed";\n`,
  );
  out.write('  }\n\n');
}

const DECORATION_DESERIALIZATION = `  if (decorations.count(valueID)) {
    auto attrs = decorations[valueID].getAttrs();
    attributes.append(attrs.begin(), attrs.end());
  }
`;

function emitDeserializationFn(out: TextSink, op: SpirvOp): void {
  if (!op.autogenSerialization()) return;
  const cls = op.op.getQualCppClassName();
  out.write(`template <> LogicalResult\nDeserializer::processOp<${cls}>(ArrayRef<uint32_t> words) {\n`);
  const numResults = op.op.getNumResults();
  if (hasNoGrammarAttr(op)) {
    const hasResult = numResults !== 0 ? 'true' : 'false';
    out.write(
      `  return processOpWithoutGrammarAttr(words, "${op.op.getOperationName()}", ${hasResult}, ${op.op.getNumOperands()});\n}\n\n`,
    );
    return;
  }
  out.write('  SmallVector<Type, 1> resultTypes;\n  size_t wordIndex = 0; (void)wordIndex;\n  uint32_t valueID = 0; (void)valueID;\n');
  if (numResults === 1) out.write(resultDeserialization(cls));
  else if (numResults !== 0) fatalAt(op.def, 'SPIR-V ops can have only zero or one result');
  out.write('  SmallVector<Value, 4> operands;\n  SmallVector<NamedAttribute, 4> attributes;\n');
  emitArgsDeserialization(out, op);
  if (numResults === 1) out.write(DECORATION_DESERIALIZATION);
  out.write('  Location loc = createFileLineColLoc(opBuilder);\n');
  out.write(`  auto op = ${cls}::create(opBuilder, loc, resultTypes, operands, attributes); (void)op;\n`);
  if (numResults === 1) out.write('  valueMap[valueID] = op.getResult();\n\n');
  out.write('  if (op.hasTrait<OpTrait::IsTerminator>())\n    (void)clearDebugLine();\n  return success();\n}\n\n');
}

// ---------------------------------------------------------------------------------------------
// Dispatch
// ---------------------------------------------------------------------------------------------

const SERIALIZATION_DISPATCH_END = `  return op->emitError("unhandled operation serialization");
}

`;

const DESERIALIZATION_DISPATCH_END = `  default:
    ;
  }
  auto opcodeString = spirv::stringifyOpcode(opcode);
  if (!opcodeString.empty()) {
    return emitError(unknownLoc, "unhandled deserialization of ") << opcodeString;
  } else {
   return emitError(unknownLoc, "unhandled opcode ") << static_cast<uint32_t>(opcode);
  }
}
`;

/** Dispatches an extended instruction to its op's deserializer, by set name then opcode. */
function emitExtendedSetDispatch(out: TextSink, ctx: GeneratorContext): void {
  out.write(
    'LogicalResult spirv::Deserializer::dispatchToExtensionSetAutogenDeserialization(StringRef extensionSetName, uint32_t instructionID, ArrayRef<uint32_t> words) {\n',
  );
  // The cases of each set, in llvm::StringMap order of the set names.
  const sets = new LlvmStringMap<TextWriter>();
  for (const def of ctx.records.getAllDerivedDefinitions('SPIRV_ExtInstOp')) {
    if (!def.getValueAsBit('autogenSerialization')) continue;
    const op = new SpirvOp(def);
    const name = op.getExtendedInstSetName();
    let w = sets.get(name);
    if (w === undefined) {
      w = sets.tryEmplace(name, new TextWriter());
      w.write(`  if (extensionSetName == "${name}") {\n    switch (instructionID) {\n`);
    }
    w.write(`    case ${op.getExtendedInstOpcode()}:\n      return processOp<${op.op.getQualCppClassName()}>(words);\n`);
  }
  for (const w of sets.values()) {
    out.write(w.toString());
    out.write('    default:\n');
    out.write(
      '      return emitError(unknownLoc, "unhandled deserializations of ") << instructionID << " from extension set " << extensionSetName;\n',
    );
    out.write('    }\n  }\n');
  }
  out.write('  return emitError(unknownLoc, "unhandled deserialization of extended instruction set extensionSetName");\n}\n');
}

function run(ctx: GeneratorContext): string {
  const header = emitSourceFileHeader('SPIR-V Serialization Utilities/Functions', ctx.inputFilename);
  const serFns = new TextWriter();
  const deserFns = new TextWriter();
  const serDispatch = new TextWriter();
  const deserDispatch = new TextWriter();
  serDispatch.write('LogicalResult Serializer::dispatchToAutogenSerialization(Operation *op) {\n');
  deserDispatch.write(
    'LogicalResult spirv::Deserializer::dispatchToAutogenDeserialization(spirv::Opcode opcode, ArrayRef<uint32_t> words) {\n  switch (opcode) {\n',
  );
  for (const op of getSpirvOps(ctx.records)) {
    emitSerializationFn(serFns, op);
    emitDeserializationFn(deserFns, op);
    const cls = op.op.getQualCppClassName();
    if (op.hasOpcode() || op.isExtInstOp()) {
      serDispatch.write(`  if (isa<${cls}>(op)) {\n    return processOp(cast<${cls}>(op));\n  }\n`);
    }
    if (op.hasOpcode()) {
      deserDispatch.write(`  case spirv::Opcode::${op.getSpirvOpName()}:\n    return processOp<${cls}>(words);\n`);
    }
  }
  serDispatch.write(SERIALIZATION_DISPATCH_END);
  deserDispatch.write(DESERIALIZATION_DISPATCH_END);
  emitExtendedSetDispatch(deserDispatch, ctx);

  const out = new TextWriter();
  out.write(header);
  out.write('#ifdef GET_SERIALIZATION_FNS\n\n');
  out.write(serFns.toString());
  out.write(serDispatch.toString());
  out.write('#endif // GET_SERIALIZATION_FNS\n\n');
  out.write('#ifdef GET_DESERIALIZATION_FNS\n\n');
  out.write(deserFns.toString());
  out.write(deserDispatch.toString());
  out.write('#endif // GET_DESERIALIZATION_FNS\n\n');
  return out.toString();
}

registerGenerator({
  name: 'spirv-serialization',
  description: 'Generate SPIR-V (de)serialization utilities and functions',
  run,
});
