// --gen-dialect-interface-decls: C++ classes of `DialectInterface` defs (virtual methods with
// optional default bodies over mlir::DialectInterface::Base).
import type { RecordKeeper } from '@ods-ts/tablegen-core';
import { CodeWriter, emitSourceFileHeader } from '../emit.js';
import { cppTypeWithSpace, rtrim } from '../ods/docs-util.js';
import { Interface, getInterfaceDefinitions } from '../ods/interface.js';
import { registerGenerator } from '../registry.js';
import { llvmNamespaceScope } from './gen-util.js';
import { TextWriter } from '../text.js';
import { summaryAndDescComments } from './interface-gen-util.js';

/** The class head. Slot: `name` the interface class. */
function dialectInterfaceClassHead(name: string): string {
  return `class ${name} : public ::mlir::DialectInterface::Base<${name}> {\npublic:\n  ${name}(::mlir::Dialect *dialect) : Base(dialect) {}\n`;
}

function emitMethods(iface: Interface): string {
  const methods = iface.getMethods();
  if (methods.length === 0) return '';
  const w = new CodeWriter().indent(2);
  // mlir-tblgen 22 starts the method list with the indentation of an empty line.
  let out = '  ';
  for (const m of methods) {
    const desc = m.getDescription();
    if (desc !== undefined) {
      w.write('\n');
      const trimmed = rtrim(desc, ' \t');
      w.printReindented(trimmed, '/// ');
      if (!trimmed.endsWith('\n')) w.write('\n');
    } else {
      w.write('\n');
    }
    const args = m
      .getArguments()
      .map((a) => `${a.type} ${a.name}`)
      .join(', ');
    w.write(`virtual ${cppTypeWithSpace(m.getReturnType())}${m.getName()}(${args}) const {`);
    const body = m.getBody();
    if (body !== undefined) {
      w.write('\n');
      w.scope(() => w.write(body), 2);
      w.write('\n');
    }
    w.write('}\n');
  }
  out += w.toString();
  return out;
}

export function emitDialectInterfaceDecls(records: RecordKeeper): string {
  const w = new TextWriter();
  w.write(emitSourceFileHeader('Dialect Interface Declarations'));
  const defs = [...getInterfaceDefinitions(records, 'Dialect')].sort((a, b) => a.id - b.id);
  for (const def of defs) {
    const iface = new Interface(def);
    llvmNamespaceScope(w, iface.getCppNamespace(), () => {
      w.write(summaryAndDescComments('', iface.getDescription() ?? '', true));
      w.write(dialectInterfaceClassHead(iface.getName()));
      w.write(emitMethods(iface));
      w.write('};\n');
    });
  }
  return w.toString();
}

registerGenerator({
  name: 'dialect-interface-decls',
  description: 'Generate dialect interface declarations.',
  run: (ctx) => emitDialectInterfaceDecls(ctx.records),
});
