// The engine's generate callback: the parsed job args it remembers are bounded.
import { describe, expect, it } from 'vitest';
import { parseTableGen } from '@ods-ts/tablegen-core';
import { MAX_PARSED_ARGS, generate, parsedArgsCount } from './generate.js';

describe('generate', () => {
  it('remembers at most MAX_PARSED_ARGS parsed args', () => {
    const fs = { readFile: (p: string) => (p.endsWith('in.td') ? 'def A;\n' : undefined) };
    const parse = parseTableGen({ file: 'in.td', includeDirs: [], macros: [], cwd: '/nowhere', fs, onDiagnostic: () => {} });
    expect(parse.ok).toBe(true);
    for (let i = 0; i < MAX_PARSED_ARGS + 10; i++) {
      try {
        generate(parse, { index: 0, input: '/nowhere/in.td', generator: 'dialect-decls', args: [`-dialect=d${i}`], output: '' });
      } catch {
        // No dialect d<i> in the parse: only the args matter here.
      }
    }
    expect(parsedArgsCount()).toBe(MAX_PARSED_ARGS);
  });
});
