// `ods-tblgen build`'s command line read once for the command and for the startup snapshot.
import { describe, expect, it } from 'vitest';
import { buildArgs } from './build-args.js';

describe('buildArgs', () => {
  it('takes a value after `=` or as the next word, for the options that have one', () => {
    expect(buildArgs(['-c', 'a.json', '--jobs=2', '--watch', '--cache-key', 'k', '--print-config'])).toEqual([
      { arg: '-c', name: '-c', value: 'a.json' },
      { arg: '--jobs=2', name: '--jobs', value: '2' },
      { arg: '--watch', name: '--watch', value: undefined },
      { arg: '--cache-key', name: '--cache-key', value: 'k' },
      { arg: '--print-config', name: '--print-config', value: undefined },
    ]);
  });

  it('never takes an option as the value of a flag, and has no value past the end', () => {
    expect(buildArgs(['--watch', '--config']).map((a) => [a.name, a.value])).toEqual([
      ['--watch', undefined],
      ['--config', undefined],
    ]);
  });
});
