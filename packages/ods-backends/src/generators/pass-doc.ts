// --gen-pass-doc: Markdown documentation of every pass, sorted by command-line argument.
import type { GeneratorContext } from '../registry.js';
import { emitDescription, emitSummary } from '../ods/docs-util.js';
import { TextWriter } from '../text.js';
import { Pass } from '../ods/pass.js';
import { registerGenerator } from '../registry.js';
import { DOC_BANNER } from './interface-docs-util.js';

/** A fenced two-column listing: `<key><padding> : <description>` per row. */
function emitAlignedTable(w: TextWriter, title: string, rows: readonly (readonly [string, string])[]): void {
  if (rows.length === 0) return;
  w.write(`\n#### ${title}\n\n\`\`\`\n`);
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, d] of rows) w.write(`${k}${' '.repeat(width - k.length)} : ${d}\n`);
  w.write('```\n');
}

function emitPassDoc(w: TextWriter, pass: Pass): void {
  w.write(`\n### \`-${pass.getArgument()}\`\n`);
  emitSummary(w, pass.getSummary());
  emitDescription(w, pass.getDescription());
  emitAlignedTable(
    w,
    'Options',
    pass.getOptions().map((o) => [`-${o.getArgument()}`, o.getDescription()] as const),
  );
  emitAlignedTable(
    w,
    'Statistics',
    pass.getStatistics().map((s) => [s.getName(), s.getDescription()] as const),
  );
}

function run(ctx: GeneratorContext): string {
  const passes = Pass.all(ctx.records);
  // Sorted by argument (byte order); equal arguments keep their record-name order.
  const sorted = [...passes].sort((a, b) => {
    const x = a.getArgument();
    const y = b.getArgument();
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const w = new TextWriter();
  w.write(DOC_BANNER);
  for (const p of sorted) emitPassDoc(w, p);
  return w.toString();
}

registerGenerator({ name: 'pass-doc', description: 'Generate pass documentation', run });
