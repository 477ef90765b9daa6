// --gen-enum-decls: the C++ enum classes of `EnumInfo` defs with their conversion function
// declarations, bit-enum operators, specialized attribute classes, FieldParser/operator<<
// specializations and DenseMapInfo.
import { fatalAt } from '@ods-ts/tablegen-core';
import { emitSourceFileHeader } from '../emit.js';
import type { EnumCase, EnumInfo } from '../ods/enum.js';
import { registerGenerator } from '../registry.js';
import { canFormatStringAsKeyword } from '../format/literals.js';
import { allCasesHaveValues, allEnums, makeIdentifier, underlyingOrUnsigned } from './enum-gen-util.js';
import { llvmNamespaceScope } from './gen-util.js';
import { TextWriter } from '../text.js';

// ---------------------------------------------------------------------------------------------
// Fixed text

/** Bit-enum operators. Slots: `e` enum class, `u` underlying type, `valid` the valid bits. */
function bitEnumOperatorsTemplate(e: string, u: string, valid: bigint): string {
  return `
inline constexpr ${e} operator|(${e} a, ${e} b) {
  return static_cast<${e}>(static_cast<${u}>(a) | static_cast<${u}>(b));
}
inline constexpr ${e} operator&(${e} a, ${e} b) {
  return static_cast<${e}>(static_cast<${u}>(a) & static_cast<${u}>(b));
}
inline constexpr ${e} operator^(${e} a, ${e} b) {
  return static_cast<${e}>(static_cast<${u}>(a) ^ static_cast<${u}>(b));
}
inline constexpr ${e} &operator|=(${e} &a, ${e} b) {
    return a = a | b;
}
inline constexpr ${e} &operator&=(${e} &a, ${e} b) {
    return a = a & b;
}
inline constexpr ${e} &operator^=(${e} &a, ${e} b) {
    return a = a ^ b;
}
inline constexpr ${e} operator~(${e} bits) {
  // Ensure only bits that can be present in the enum are set
  return static_cast<${e}>(~static_cast<${u}>(bits) & static_cast<${u}>(${valid}u));
}
inline constexpr bool bitEnumContainsAll(${e} bits, ${e} bit) {
  return (bits & bit) == bit;
}
inline constexpr bool bitEnumContainsAny(${e} bits, ${e} bit) {
  return (static_cast<${u}>(bits) & static_cast<${u}>(bit)) != 0;
}
inline constexpr ${e} bitEnumClear(${e} bits, ${e} bit) {
  return bits & ~bit;
}
inline constexpr ${e} bitEnumSet(${e} bits, ${e} bit, /*optional*/bool value=true) {
  return value ? (bits | bit) : bitEnumClear(bits, bit);
}
  `;
}

/** Generic stringifyEnum. Slots: `ret` return type, `e` enum class, `fn` the stringify function. */
function stringifyEnumTemplate(ret: string, e: string, fn: string): string {
  return `
inline ${ret} stringifyEnum(${e} enumValue) {
  return ${fn}(enumValue);
}
`;
}

/** Generic symbolizeEnum. Slots: `e` enum class, `fn` the string-to-symbol function. */
function symbolizeEnumTemplate(e: string, fn: string): string {
  return `
template <typename EnumType>
::std::optional<EnumType> symbolizeEnum(::llvm::StringRef);

template <>
inline ::std::optional<${e}> symbolizeEnum<${e}>(::llvm::StringRef str) {
  return ${fn}(str);
}
`;
}

/** The specialized IntegerAttr subclass. Slots: `e` enum class, `attr` attribute class. */
function specializedAttrClassTemplate(e: string, attr: string): string {
  return `
class ${attr} : public ::mlir::IntegerAttr {
public:
  using ValueType = ${e};
  using ::mlir::IntegerAttr::IntegerAttr;
  static bool classof(::mlir::Attribute attr);
  static ${attr} get(::mlir::MLIRContext *context, ${e} val);
  ${e} getValue() const;
};
`;
}

/**
 * FieldParser specializations parsing one keyword or string, and the start of operator<<.
 * Slots: `q` qualified enum name, `ns` cppNamespace, `summary`, `cases` the `[a, b]` list.
 */
function keywordParserPrinterStartTemplate(q: string, ns: string, summary: string, cases: string): string {
  return `
namespace mlir {
template <typename T, typename>
struct FieldParser;

template<>
struct FieldParser<${q}, ${q}> {
  template <typename ParserT>
  static FailureOr<${q}> parse(ParserT &parser) {
    // Parse the keyword/string containing the enum.
    std::string enumKeyword;
    auto loc = parser.getCurrentLocation();
    if (failed(parser.parseOptionalKeywordOrString(&enumKeyword)))
      return parser.emitError(loc, "expected keyword for ${summary}");

    // Symbolize the keyword.
    if (::std::optional<${q}> attr = ${ns}::symbolizeEnum<${q}>(enumKeyword))
      return *attr;
    return parser.emitError(loc, "expected one of ${cases} for ${summary}, got: ") << enumKeyword;
  }
};

/// Support for std::optional, useful in attribute/type definition where the enum is
/// used as:
///
///    let parameters = (ins OptionalParameter<"std::optional<TheEnumName>">:$value);
template<>
struct FieldParser<std::optional<${q}>, std::optional<${q}>> {
  template <typename ParserT>
  static FailureOr<std::optional<${q}>> parse(ParserT &parser) {
    // Parse the keyword/string containing the enum.
    std::string enumKeyword;
    auto loc = parser.getCurrentLocation();
    if (failed(parser.parseOptionalKeywordOrString(&enumKeyword)))
      return std::optional<${q}>{};

    // Symbolize the keyword.
    if (::std::optional<${q}> attr = ${ns}::symbolizeEnum<${q}>(enumKeyword))
      return attr;
    return parser.emitError(loc, "expected one of ${cases} for ${summary}, got: ") << enumKeyword;
  }
};
} // namespace mlir

namespace llvm {
inline ::llvm::raw_ostream &operator<<(::llvm::raw_ostream &p, ${q} value) {
  auto valueStr = stringifyEnum(value);
`;
}

/**
 * FieldParser specializations for an unquoted bit enum (keywords joined by the separator), and
 * the start of operator<<. Slots as above plus `sep` the separator and `sepFn` the parser's
 * optional-separator method.
 */
function unquotedBitEnumParserPrinterStartTemplate(
  q: string,
  ns: string,
  summary: string,
  cases: string,
  sep: string,
  sepFn: string,
): string {
  return `
  namespace mlir {
  template <typename T, typename>
  struct FieldParser;

  template<>
  struct FieldParser<${q}, ${q}> {
    template <typename ParserT>
    static FailureOr<${q}> parse(ParserT &parser) {
      ${q} flags = {};
      do {
        // Parse the keyword containing a part of the enum.
        ::llvm::StringRef enumKeyword;
        auto loc = parser.getCurrentLocation();
        if (failed(parser.parseOptionalKeyword(&enumKeyword))) {
          return parser.emitError(loc, "expected keyword for ${summary}");
        }

        // Symbolize the keyword.
        if (::std::optional<${q}> flag = ${ns}::symbolizeEnum<${q}>(enumKeyword)) {
          flags = flags | *flag;
        } else {
          return parser.emitError(loc, "expected one of ${cases} for ${summary}, got: ") << enumKeyword;
        }
      } while (::mlir::succeeded(parser.${sepFn}()));
      return flags;
    }
  };

  /// Support for std::optional, useful in attribute/type definition where the enum is
  /// used as:
  ///
  ///    let parameters = (ins OptionalParameter<"std::optional<TheEnumName>">:$value);
  template<>
  struct FieldParser<std::optional<${q}>, std::optional<${q}>> {
    template <typename ParserT>
    static FailureOr<std::optional<${q}>> parse(ParserT &parser) {
      ${q} flags = {};
      bool firstIter = true;
      do {
        // Parse the keyword containing a part of the enum.
        ::llvm::StringRef enumKeyword;
        auto loc = parser.getCurrentLocation();
        if (failed(parser.parseOptionalKeyword(&enumKeyword))) {
          if (firstIter)
            return std::optional<${q}>{};
          return parser.emitError(loc, "expected keyword for ${summary} after '${sep}'");
        }
        firstIter = false;

        // Symbolize the keyword.
        if (::std::optional<${q}> flag = ${ns}::symbolizeEnum<${q}>(enumKeyword)) {
          flags = flags | *flag;
        } else {
          return parser.emitError(loc, "expected one of ${cases} for ${summary}, got: ") << enumKeyword;
        }
      } while(::mlir::succeeded(parser.${sepFn}()));
      return std::optional<${q}>{flags};
    }
  };
  } // namespace mlir

  namespace llvm {
  inline ::llvm::raw_ostream &operator<<(::llvm::raw_ostream &p, ${q} value) {
    auto valueStr = stringifyEnum(value);
  `;
}

/** llvm::DenseMapInfo specialization. Slots: `q` qualified enum name, `u` storage type. */
function denseMapInfoTemplate(q: string, u: string): string {
  return `
namespace llvm {
template<> struct DenseMapInfo<${q}> {
  using StorageInfo = ::llvm::DenseMapInfo<${u}>;

  static inline ${q} getEmptyKey() {
    return static_cast<${q}>(StorageInfo::getEmptyKey());
  }

  static inline ${q} getTombstoneKey() {
    return static_cast<${q}>(StorageInfo::getTombstoneKey());
  }

  static unsigned getHashValue(const ${q} &val) {
    return StorageInfo::getHashValue(static_cast<${u}>(val));
  }

  static bool isEqual(const ${q} &lhs, const ${q} &rhs) {
    return lhs == rhs;
  }
};
}

`;
}

// ---------------------------------------------------------------------------------------------
// Emission

function emitEnumClass(w: TextWriter, info: EnumInfo, cases: readonly EnumCase[]): void {
  const underlying = info.getUnderlyingType();
  w.write(`// ${info.getSummary()}\n`);
  w.write(`enum class ${info.getEnumClassName()}${underlying === '' ? '' : ` : ${underlying}`} {\n`);
  for (const c of cases) {
    const value = c.getValue();
    w.write(value >= 0n ? `  ${makeIdentifier(c.getSymbol())} = ${value},\n` : `  ${makeIdentifier(c.getSymbol())},\n`);
  }
  w.write('};\n\n');
}

function emitMaxValueFn(w: TextWriter, info: EnumInfo, cases: readonly EnumCase[]): void {
  if (!allCasesHaveValues(cases)) return;
  let max = 0;
  // The maximum is computed on the values truncated to `unsigned` (32 bits).
  for (const c of cases) max = Math.max(max, Number(BigInt.asUintN(32, c.getValue())));
  w.write(`inline constexpr unsigned ${info.getMaxEnumValFnName()}() {\n  return ${max};\n}\n\n`);
}

function emitParserPrinter(w: TextWriter, info: EnumInfo, qualName: string, cppNamespace: string): void {
  if (info.getUnderlyingType() === '' || (info.isEnumAttr() && info.getConstBuilderTemplate().trim() === '')) return;
  const cases = info.getAllCases();
  const nonKeyword = cases.map((c) => !canFormatStringAsKeyword(c.getStr()));
  // mlir-tblgen 22 prints a non-keyword case both quoted and bare (`\"a-b\"a-b`).
  const casesList =
    '[' + cases.map((c, i) => (nonKeyword[i] ? `\\"${c.getStr()}\\"` : '') + c.getStr()).join(', ') + ']';
  const isNewStyleBitEnum = info.isBitEnum() && !info.printBitEnumQuoted();
  if (isNewStyleBitEnum) {
    if (nonKeyword.some((b) => b))
      fatalAt(undefined, `bit enum ${qualName} cannot be printed unquoted with cases that cannot be keywords`);
    const separator = info.getSeparator();
    const trimmed = separator.trim();
    const sepFn =
      trimmed === '|'
        ? 'parseOptionalVerticalBar'
        : trimmed === ','
          ? 'parseOptionalComma'
          : "error, enum separator must be '|' or ','";
    w.write(unquotedBitEnumParserPrinterStartTemplate(qualName, cppNamespace, info.getSummary(), casesList, separator, sepFn));
  } else {
    w.write(keywordParserPrinterStartTemplate(qualName, cppNamespace, info.getSummary(), casesList));
  }

  if (nonKeyword.length > 0 && nonKeyword.every((b) => b)) {
    w.write(`  return p << '"' << valueStr << '"';\n}\n} // namespace llvm\n`);
    return;
  }
  if (nonKeyword.some((b) => b)) {
    w.write('  switch (value) {\n');
    cases.forEach((c, i) => {
      if (!nonKeyword[i]) w.write(`  case ${qualName}::${makeIdentifier(c.getSymbol())}:\n`);
    });
    w.write(`    break;\n  default:\n    return p << '"' << valueStr << '"';\n  }\n`);
  } else if (info.isBitEnum() && !isNewStyleBitEnum) {
    const multiBit = cases.filter((c, i) => {
      const v = BigInt.asUintN(64, c.getValue());
      return v !== 0n && (v & (v - 1n)) !== 0n && !nonKeyword[i];
    });
    if (multiBit.length > 0) {
      w.write('  switch (value) {\n');
      for (const c of multiBit) w.write(`  case ${qualName}::${makeIdentifier(c.getSymbol())}:\n`);
      w.write('    return p << valueStr;\n  default:\n    break;\n  }\n');
    }
    w.write(`  auto underlyingValue = static_cast<std::make_unsigned_t<${qualName}>>(value);\n`);
    w.write(`  if (underlyingValue && !llvm::has_single_bit(underlyingValue))\n    return p << '"' << valueStr << '"';\n`);
  }
  w.write('  return p << valueStr;\n}\n} // namespace llvm\n');
}

function emitEnumDecl(w: TextWriter, info: EnumInfo): void {
  const enumName = info.getEnumClassName();
  const cppNamespace = info.getCppNamespace();
  const underlying = info.getUnderlyingType();
  const symToStr = info.getSymbolToStringFnName();
  const symToStrRet = info.getSymbolToStringFnRetType();
  const cases = info.getAllCases();

  llvmNamespaceScope(w, cppNamespace, () => {
    emitEnumClass(w, info, cases);
    if (allCasesHaveValues(cases))
      w.write(`::std::optional<${enumName}> ${info.getUnderlyingToSymbolFnName()}(${underlyingOrUnsigned(info)});\n`);
    w.write(`${symToStrRet} ${symToStr}(${enumName});\n`);
    w.write(`::std::optional<${enumName}> ${info.getStringToSymbolFnName()}(::llvm::StringRef);\n`);
    if (info.isBitEnum()) w.write(bitEnumOperatorsTemplate(enumName, underlying, info.getValidBits()));
    else emitMaxValueFn(w, info, cases);
    w.write(stringifyEnumTemplate(symToStrRet, enumName, symToStr));
    w.write(symbolizeEnumTemplate(enumName, info.getStringToSymbolFnName()));
    if (info.genSpecializedAttr()) w.write(specializedAttrClassTemplate(enumName, info.getSpecializedAttrClassName()));
  });

  const qualName = `${cppNamespace}::${enumName}`;
  emitParserPrinter(w, info, qualName, cppNamespace);
  w.write(denseMapInfoTemplate(qualName, underlying === '' ? `std::underlying_type_t<${qualName}>` : underlying));
}

export function emitEnumDecls(records: Parameters<typeof allEnums>[0], inputFilename: string): string {
  const w = new TextWriter();
  w.write(emitSourceFileHeader('Enum Utility Declarations', inputFilename));
  for (const info of allEnums(records)) emitEnumDecl(w, info);
  return w.toString();
}

registerGenerator({
  name: 'enum-decls',
  description: 'Generate enum utility declarations',
  run: (ctx) => emitEnumDecls(ctx.records, ctx.inputFilename),
});
