// --gen-avail-interface-defs: the query method of each availability op interface.
import { emitSourceFileHeader } from '../emit.js';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { getAvailabilityInterfaces } from '../ods/availability.js';
import { TextWriter } from '../text.js';

function run(ctx: GeneratorContext): string {
  const out = new TextWriter();
  out.write(emitSourceFileHeader('Availability Interface Definitions', ctx.inputFilename));
  for (const a of getAvailabilityInterfaces(ctx.records)) {
    let ns = a.getInterfaceClassNamespace();
    if (ns.startsWith('::')) ns = ns.slice(2);
    const fn = a.getQueryFnName();
    out.write(`${a.getQueryFnRetType()} ${ns !== '' ? `${ns}::` : ''}${a.getInterfaceClassName()}::${fn}() {\n`);
    out.write(`  return getImpl()->${fn}(getImpl(), getOperation());\n}\n`);
  }
  return out.toString();
}

registerGenerator({ name: 'avail-interface-defs', description: 'Generate op interface definitions', run });
