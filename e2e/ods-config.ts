// The jobs of an ods.json as `ods-tblgen build --print-config` expands them (presets, globs), with
// paths relative to the config's folder, as the e2e tests compare them with the reference tools.
import { spawnSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../packages/ods-backends/bin/ods-tblgen.js', import.meta.url));

export interface ExpandedJob {
  input: string;
  generator: string;
  args?: string[];
  output: string;
}

export function expandedConfig(dir: string, config = 'ods.json'): { includeDirs: string[]; jobs: ExpandedJob[] } {
  const r = spawnSync(process.execPath, [BIN, 'build', '--print-config', '--config', join(dir, config)], {
    encoding: 'utf8',
    env: { ...process.env, ODS_DAEMON: 'false' },
  });
  if (r.status !== 0) throw new Error(`ods-tblgen build --print-config failed: ${r.stderr}`);
  const cfg = JSON.parse(r.stdout) as { includeDirs: string[]; jobs: ExpandedJob[] };
  const rel = (p: string) => relative(dir, p);
  return {
    includeDirs: cfg.includeDirs.map((d) => (d.startsWith(dir + '/') ? rel(d) : d)),
    jobs: cfg.jobs.map((j) => ({ ...j, input: rel(j.input), output: rel(j.output) })),
  };
}
