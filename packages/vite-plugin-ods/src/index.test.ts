import { describe, expect, it } from 'vitest';
import odsPlugin, { validateOptions } from './index.js';

describe('vite:ods', () => {
  it('creates the plugin object', () => {
    expect(odsPlugin()).toEqual({ name: 'vite:ods', enforce: 'pre' });
    expect(odsPlugin({ includeDirs: ['include'], defines: ['FOO'], generator: 'op-decls', generatorArgs: ['--dialect=toy'] }).name).toBe('vite:ods');
  });

  it('rejects invalid options', () => {
    expect(() => validateOptions(null)).toThrow(/must be an object/);
    expect(() => validateOptions({ includeDir: [] })).toThrow(/unknown option 'includeDir'/);
    expect(() => validateOptions({ includeDirs: 'include' })).toThrow(/includeDirs/);
    expect(() => validateOptions({ defines: ['1X'] })).toThrow(/macro name/);
    expect(() => validateOptions({ generator: '--gen-op-decls' })).toThrow(/generator/);
  });
});
