// --gen-enum-doc: Markdown documentation of every ODS enum: its summary and a table of cases.
import type { GeneratorContext } from '../registry.js';
import { registerGenerator } from '../registry.js';
import { derivedDefs, emitSummary } from '../ods/docs-util.js';
import { type TextSink, TextWriter } from '../text.js';
import { EnumInfo } from '../ods/enum.js';
import { DOC_BANNER } from './interface-docs-util.js';

export function emitEnumDoc(out: TextSink, info: EnumInfo): void {
  out.write(`\n### ${info.getEnumClassName()}\n`);
  emitSummary(out, info.getSummary());
  out.write('\n#### Cases:\n\n| Symbol | Value | String |\n| :----: | :---: | ------ |\n');
  for (const c of info.getAllCases()) out.write(`| ${c.getSymbol()} | \`${c.getValue()}\` | ${c.getStr()} |\n`);
}

function run(ctx: GeneratorContext): string {
  const out = new TextWriter();
  out.write(DOC_BANNER);
  for (const def of derivedDefs(ctx.records, 'EnumInfo', true)) emitEnumDoc(out, new EnumInfo(def));
  return out.toString();
}

registerGenerator({ name: 'enum-doc', description: 'Generate dialect enum documentation', run });
