// --gen-pass-decls: per-pass option structs, `create*` declarations, the `impl::*Base` CRTP
// base classes and the registration functions, each behind its own GEN_PASS_* macro.
import type { GeneratorContext } from '../registry.js';
import { asciiUpper, trim } from '../ods/docs-util.js';
import { TextWriter } from '../text.js';
import { Pass, type PassOption } from '../ods/pass.js';
import { registerGenerator } from '../registry.js';

const RULE = '//===----------------------------------------------------------------------===//';

/** A section banner: the rule, `// <title>`, the rule. */
function banner(title: string): string {
  return `${RULE}\n// ${title}\n${RULE}\n`;
}

/**
 * The start of the pass base class, up to its TypeID declaration.
 * Slots: `name` the pass record name, `base` its C++ base class, `argument` its command-line
 * argument, `summary` its one-line description, `dialects` the `registry.insert<...>()` lines
 * (already joined, may be empty).
 */
function baseClassBeginTemplate(s: {
  name: string;
  base: string;
  argument: string;
  summary: string;
  dialects: string;
}): string {
  const { name, base, argument, summary, dialects } = s;
  return `
template <typename DerivedT>
class ${name}Base : public ${base} {
public:
  using Base = ${name}Base;

  ${name}Base() : ${base}(::mlir::TypeID::get<DerivedT>()) {}
  ${name}Base(const ${name}Base &other) : ${base}(other) {}
  ${name}Base& operator=(const ${name}Base &) = delete;
  ${name}Base(${name}Base &&) = delete;
  ${name}Base& operator=(${name}Base &&) = delete;
  ~${name}Base() = default;

  /// Returns the command-line argument attached to this pass.
  static constexpr ::llvm::StringLiteral getArgumentName() {
    return ::llvm::StringLiteral("${argument}");
  }
  ::llvm::StringRef getArgument() const override { return "${argument}"; }

  ::llvm::StringRef getDescription() const override { return R"PD(${summary})PD"; }

  /// Returns the derived pass name.
  static constexpr ::llvm::StringLiteral getPassName() {
    return ::llvm::StringLiteral("${name}");
  }
  ::llvm::StringRef getName() const override { return "${name}"; }

  /// Support isa/dyn_cast functionality for the derived pass class.
  static bool classof(const ::mlir::Pass *pass) {
    return pass->getTypeID() == ::mlir::TypeID::get<DerivedT>();
  }

  /// A clone method to create a copy of this pass.
  std::unique_ptr<::mlir::Pass> clonePass() const override {
    return std::make_unique<DerivedT>(*static_cast<const DerivedT *>(this));
  }

  /// Return the dialect that must be loaded in the context before this pass.
  void getDependentDialects(::mlir::DialectRegistry &registry) const override {
    ${dialects}
  }

  /// Explicitly declare the TypeID for this class. We declare an explicit private
  /// instantiation because Pass classes should only be visible by the current
  /// library.
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(${name}Base<DerivedT>)

`;
}

/** `impl::create<Name>(...)` forward declaration (slot `params`: the parameter list). */
function implCreateDeclTemplate(name: string, params: string): string {
  return `
namespace impl {
  std::unique_ptr<::mlir::Pass> create${name}(${params});
} // namespace impl
`;
}

/** The friend `create<Name>` defined in the base class (slots: parameters, constructor args). */
function friendCreateDefTemplate(name: string, params: string, args: string): string {
  return `
  friend std::unique_ptr<::mlir::Pass> create${name}(${params}) {
    return std::make_unique<DerivedT>(${args});
  }
`;
}

/** The public `create<Name>` forwarding to `impl::create<Name>` (slots as above). */
function createDefTemplate(name: string, params: string, args: string): string {
  return `
std::unique_ptr<::mlir::Pass> create${name}(${params}) {
  return impl::create${name}(${args});
}
`;
}

/** The two registration functions of one pass (slot `ctor`: the C++ expression creating it). */
function passRegistrationTemplate(name: string, ctor: string): string {
  const macro = `GEN_PASS_REGISTRATION_${asciiUpper(name)}`;
  return `
${banner(`${name} Registration`)}#ifdef ${macro}

inline void register${name}() {
  ::mlir::registerPass([]() -> std::unique_ptr<::mlir::Pass> {
    return ${ctor};
  });
}

// Old registration code, kept for temporary backwards compatibility.
inline void register${name}Pass() {
  ::mlir::registerPass([]() -> std::unique_ptr<::mlir::Pass> {
    return ${ctor};
  });
}

#undef ${macro}
#endif // ${macro}
`;
}

/** The start of the group registration function (slot `group`: the `--name` value). */
function groupRegistrationBeginTemplate(group: string): string {
  return `
${banner(`${group} Registration`)}
inline void register${group}Passes() {
`;
}

function declMacro(pass: Pass): string {
  return `GEN_PASS_DECL_${asciiUpper(pass.getName())}`;
}

/** The C++ expression creating the pass: its `constructor`, or the generated `create<Name>()`. */
export function passConstructorCall(pass: Pass): string {
  const ctor = pass.getConstructor();
  return ctor !== '' ? ctor : `create${pass.getName()}()`;
}

function optionStructType(opt: PassOption): string {
  return opt.isListOption() ? `::llvm::SmallVector<${opt.getType()}>` : opt.getType();
}

function emitPassDecls(w: TextWriter, pass: Pass): void {
  const name = pass.getName();
  const macro = declMacro(pass);
  const options = pass.getOptions();
  w.write(`#ifdef ${macro}\n`);
  if (options.length > 0) {
    w.write(`struct ${name}Options {\n`);
    for (const opt of options) {
      const def = opt.getDefaultValue();
      w.write(`  ${optionStructType(opt)} ${opt.getCppVariableName()}${def !== undefined ? ` = ${def}` : ''};\n`);
    }
    w.write('};\n');
  }
  if (pass.getConstructor() === '') {
    w.write(`std::unique_ptr<::mlir::Pass> create${name}();\n`);
    if (options.length > 0) w.write(`std::unique_ptr<::mlir::Pass> create${name}(${name}Options options);\n`);
  }
  w.write(`#undef ${macro}\n#endif // ${macro}\n`);
}

function emitOptionMembers(w: TextWriter, pass: Pass): void {
  for (const opt of pass.getOptions()) {
    let line = `  ::mlir::Pass::${opt.isListOption() ? 'ListOption' : 'Option'}<${opt.getType()}> `;
    line += `${opt.getCppVariableName()}{*this, "${opt.getArgument()}", ::llvm::cl::desc(R"PO(${trim(opt.getDescription())})PO")`;
    const def = opt.getDefaultValue();
    if (def !== undefined) line += `, ::llvm::cl::init(${def})`;
    const flags = opt.getAdditionalFlags();
    if (flags !== undefined) line += `, ${flags}`;
    w.write(`${line}};\n`);
  }
  for (const stat of pass.getStatistics()) {
    w.write(
      `  ::mlir::Pass::Statistic ${stat.getCppVariableName()}{this, "${stat.getName()}", R"PS(${trim(stat.getDescription())})PS"};\n`,
    );
  }
}

function emitPassDefs(w: TextWriter, pass: Pass): void {
  const name = pass.getName();
  const macro = `GEN_PASS_DEF_${asciiUpper(name)}`;
  const defaultCtors = pass.getConstructor() === '';
  const hasOptions = pass.getOptions().length > 0;
  const optParams = `${name}Options options`;
  w.write(`#ifdef ${macro}\n`);
  if (defaultCtors) {
    w.write(implCreateDeclTemplate(name, ''));
    if (hasOptions) w.write(implCreateDeclTemplate(name, optParams));
  }
  w.write('namespace impl {\n');
  w.write(
    baseClassBeginTemplate({
      name,
      base: pass.getBaseClass(),
      argument: pass.getArgument(),
      summary: trim(pass.getSummary()),
      dialects: pass
        .getDependentDialects()
        .map((d) => `registry.insert<${d}>();`)
        .join('\n    '),
    }),
  );
  if (hasOptions) {
    w.write(`  ${name}Base(${optParams}) : ${name}Base() {\n`);
    for (const opt of pass.getOptions()) {
      const v = opt.getCppVariableName();
      w.write(`    ${v} = std::move(options.${v});\n`);
    }
    w.write('  }\n');
  }
  w.write('protected:\n');
  emitOptionMembers(w, pass);
  w.write('private:\n');
  if (defaultCtors) {
    w.write(friendCreateDefTemplate(name, '', ''));
    if (hasOptions) w.write(friendCreateDefTemplate(name, optParams, 'std::move(options)'));
  }
  w.write('};\n} // namespace impl\n');
  if (defaultCtors) {
    w.write(createDefTemplate(name, '', ''));
    if (hasOptions) w.write(createDefTemplate(name, optParams, 'std::move(options)'));
  }
  w.write(`#undef ${macro}\n#endif // ${macro}\n`);
}

function emitRegistrations(w: TextWriter, passes: readonly Pass[], group: string): void {
  w.write('#ifdef GEN_PASS_REGISTRATION\n// Generate registrations for all passes.\n');
  for (const p of passes) w.write(`#define GEN_PASS_REGISTRATION_${asciiUpper(p.getName())}\n`);
  w.write('#endif // GEN_PASS_REGISTRATION\n');
  for (const p of passes) w.write(passRegistrationTemplate(p.getName(), passConstructorCall(p)));
  w.write('#ifdef GEN_PASS_REGISTRATION\n');
  w.write(groupRegistrationBeginTemplate(group));
  for (const p of passes) w.write(`  register${p.getName()}();\n`);
  w.write('}\n#undef GEN_PASS_REGISTRATION\n#endif // GEN_PASS_REGISTRATION\n');
}

function run(ctx: GeneratorContext): string {
  const passes = Pass.all(ctx.records);
  const groupOpt = ctx.options.get('name');
  const group = typeof groupOpt === 'string' ? groupOpt : '';
  const w = new TextWriter();
  w.write("/* Autogenerated by mlir-tblgen; don't manually edit */\n\n");
  w.write('#ifdef GEN_PASS_DECL\n// Generate declarations for all passes.\n');
  for (const p of passes) w.write(`#define ${declMacro(p)}\n`);
  w.write('#undef GEN_PASS_DECL\n#endif // GEN_PASS_DECL\n');
  for (const p of passes) {
    w.write(`\n${banner(p.getName())}`);
    emitPassDecls(w, p);
    emitPassDefs(w, p);
  }
  emitRegistrations(w, passes, group);
  w.write(
    '#ifdef GEN_PASS_CLASSES\n#error "GEN_PASS_CLASSES is deprecated; use per-pass macros"\n' +
      '#undef GEN_PASS_CLASSES\n#endif // GEN_PASS_CLASSES\n',
  );
  return w.toString();
}

registerGenerator({
  name: 'pass-decls',
  description: 'Generate pass declarations',
  options: [{ name: 'name', kind: 'string', description: 'The name of this group of passes' }],
  run,
});
