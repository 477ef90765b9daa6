// --gen-opt-rst (llvm-tblgen's): a reStructuredText page of a driver's options (OptParser.td),
// a section per option group (in the order of an llvm::StringMap of the groups' names, the
// ungrouped options under OPTIONS), an `.. option::` directive per option with its meta variable
// and its help text, the accepted values spelled out.
import { fatalAt } from '@ods-ts/tablegen-core';
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { type Option, OptionGroup, sortedOptions } from '../ods/option.js';
import { LlvmStringMap } from '../string-map-order.js';
import { TextWriter, escapeString, trimAscii } from '../text.js';

/** The section of options without a group. */
const UNGROUPED = 'options';

const upper = (s: string) => s.replace(/[a-z]/g, (c) => c.toUpperCase());

/** The help paragraph of an option: its help text ending in a period, then its values. */
function helpParagraph(o: Option, metaVar: string): string {
  let help = '';
  const text = o.getHelpText();
  if (text !== undefined) {
    help = trimAscii(text);
    if (help !== '' && !help.endsWith('.')) help += '.';
  }
  const values = o.getValues();
  if (values !== undefined) {
    const list = values.split(',').filter((v) => v !== '');
    if (list.length === 0) fatalAt(o.def, `option '${o.def.getName()}' has no Values to list`);
    const last = list.pop()!;
    help += ` ${metaVar} must be '${list.length > 0 ? `${list.join("', '")}' or '` : ''}${last}'.`;
  }
  return help;
}

function run(ctx: GeneratorContext): string {
  const options = sortedOptions(ctx.records);
  const byGroup = new LlvmStringMap<Option[]>();
  for (const d of ctx.records.getAllDerivedDefinitions('OptionGroup')) byGroup.tryEmplace(new OptionGroup(d).getName(), []);
  for (const o of options) byGroup.tryEmplace(o.getGroup()?.getName() ?? UNGROUPED, []).push(o);

  const out = new TextWriter();
  for (const [name, members] of byGroup.entries()) {
    const title = upper(name);
    out.write(`${title}\n${'-'.repeat(title.length)}\n\n`);
    for (const o of members) {
      const metaVar = o.getMetaVarName() ?? (o.getValues() !== undefined ? '<value>' : '');
      out.write(`.. option:: ${o.getPrefixedName()}${metaVar !== '' ? `=${escapeString(metaVar)}` : ''}\n\n`);
      const help = helpParagraph(o, metaVar);
      if (help !== '') out.write(` ${escapeString(help)}\n\n`);
    }
  }
  return out.toString();
}

registerGenerator({ name: 'opt-rst', description: 'Generate option RST', run });
