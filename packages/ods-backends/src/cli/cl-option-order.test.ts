// The model of llvm::cl's option map order (./cl-option-order.ts): every name it lists is one
// ods-tblgen accepts, each option is visited once, and the one-letter options come in the order
// measured on both tools (by "Did you mean" for an argument equally far from all of them).
import { describe, expect, it } from 'vitest';
import { buildParser, defaultArgs } from './options.js';
import { denseMapOrder, nearestOrder, toolOptionNames, type ReferenceTool } from './cl-option-order.js';

const TOOLS: ReferenceTool[] = ['mlir-tblgen', 'llvm-tblgen'];

describe('cl option map order', () => {
  it('lists only names ods-tblgen accepts, each once', () => {
    const parser = buildParser(defaultArgs(), { stdout() {}, stderr() {} }, 'test');
    for (const tool of TOOLS) {
      const names = toolOptionNames(tool);
      expect(new Set(names).size).toBe(names.length);
      expect(names.filter((n) => !parser.map.has(n))).toEqual([]);
      const visited = nearestOrder(tool).flatMap((e) => e.names);
      expect([...visited].sort()).toEqual([...names].sort());
    }
  });

  it('orders the one-letter options h, d, D, o, I in both tools', () => {
    for (const tool of TOOLS) {
      const letters = nearestOrder(tool).flatMap((e) => e.names).filter((n) => n.length === 1);
      expect(letters).toEqual(['h', 'd', 'D', 'o', 'I']);
    }
  });

  it('keeps each key once and grows past three quarters full', () => {
    const keys = Array.from({ length: 200 }, (_, i) => `k${i}`);
    const order = denseMapOrder([...keys, 'k1', 'k2']);
    expect([...order].sort()).toEqual([...keys].sort());
  });

  it('visits a literal group once, its values in value order, without `=value`', () => {
    const groups = nearestOrder('llvm-tblgen').filter((e) => e.names.length > 1);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.names.slice(0, 3)).toEqual(['gen-arm-target-def', 'gen-attrs', 'gen-directive-decl']);
    expect(groups[0]!.permitValue).toBe(false);
  });
});
