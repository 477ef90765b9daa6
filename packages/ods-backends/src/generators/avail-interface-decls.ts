// --gen-avail-interface-decls: the op interface declared for each kind of availability.
import { emitSourceFileHeader, splitNamespace } from '../emit.js';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { type Availability, getAvailabilityInterfaces } from '../ods/availability.js';
import { trim } from '../ods/docs-util.js';
import { TextWriter } from '../text.js';

/** The query method's signature inside the Concept and models (slots: return type, name). */
function querySignature(a: Availability): string {
  return `${a.getQueryFnRetType()} ${a.getQueryFnName()}(const Concept *impl, Operation *tblgen_opaque_op) const`;
}

/** A Model/FallbackModel class forwarding the query to the concrete op. */
function modelTemplate(modelClass: string, iface: string, a: Availability): string {
  return `  template<typename ConcreteOp>
  class ${modelClass} : public Concept {
  public:
    using Interface = ${iface};
    ${querySignature(a)} final {
      auto op = llvm::cast<ConcreteOp>(tblgen_opaque_op);
      (void)op;
      return op.${a.getQueryFnName()}();
    }
  };
`;
}

/** The interface's traits struct (Concept, models) and its class (slots from the spec). */
function interfaceDeclTemplate(a: Availability): string {
  const iface = a.getInterfaceClassName();
  const traits = `${iface}Traits`;
  return `class ${iface};

namespace detail {
struct ${traits} {
  class Concept {
  public:
    virtual ~Concept() = default;
    virtual ${querySignature(a)} = 0;
  };

${modelTemplate('Model', iface, a)}${modelTemplate('FallbackModel', iface, a)}  template<typename ConcreteModel, typename ConcreteOp>
  class ExternalModel : public FallbackModel<ConcreteOp> {};
};
} // namespace detail

/*
${trim(a.getInterfaceDescription())}
*/
class ${iface} : public OpInterface<${iface}, detail::${traits}> {
public:
  using OpInterface<${iface}, detail::${traits}>::OpInterface;
  ${a.getQueryFnRetType()} ${a.getQueryFnName()}();
};

`;
}

function run(ctx: GeneratorContext): string {
  const out = new TextWriter();
  out.write(emitSourceFileHeader('Availability Interface Declarations', ctx.inputFilename));
  for (const a of getAvailabilityInterfaces(ctx.records)) {
    const ns = splitNamespace(a.getInterfaceClassNamespace()).join('::');
    if (ns !== '') out.write(`namespace ${ns} {\n\n`);
    out.write(interfaceDeclTemplate(a));
    if (ns !== '') out.write(`\n} // namespace ${ns}\n`);
  }
  return out.toString();
}

registerGenerator({
  name: 'avail-interface-decls',
  description: 'Generate availability interface declarations',
  run,
});
