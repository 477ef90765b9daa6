// The `@ods-ts/nx-ods:generate` executor: runs ods.json jobs (or inline jobs given in
// project.json) through the same engine as `ods-tblgen build`.
import { join, resolve } from 'node:path';
import type { ExecutorContext } from '@nx/devkit';
import {
  ConfigError,
  OdsEngine,
  loadConfig,
  resolveConfig,
  summaryLine,
  type OdsConfig,
} from '@ods-ts/ods-engine';
import { listGenerators, VERSION } from '@ods-ts/ods-backends';

export interface GenerateExecutorOptions {
  config?: string;
  includeDirs?: string[];
  mlirIncludeDir?: string;
  macros?: string[];
  jobs?: { input: string; generator: string; args?: string[]; output: string }[];
  cacheDir?: string;
  parallel?: number;
}

export default async function generateExecutor(options: GenerateExecutorOptions, context: ExecutorContext): Promise<{ success: boolean }> {
  const projectRoot = context.projectName ? (context.projectsConfigurations?.projects[context.projectName]?.root ?? '') : '';
  const expand = (p: string) => p.replaceAll('{projectRoot}', projectRoot).replaceAll('{workspaceRoot}', context.root);
  // Paths in executor options are relative to the workspace root, as everywhere in Nx.
  const cacheDir = options.cacheDir ? resolve(context.root, expand(options.cacheDir)) : undefined;
  let config: OdsConfig;
  try {
    if (options.jobs) {
      const virtualPath = join(context.root, projectRoot, 'project.json');
      config = resolveConfig(
        { includeDirs: options.includeDirs, mlirIncludeDir: options.mlirIncludeDir, macros: options.macros, jobs: options.jobs },
        virtualPath,
        { knownGenerators: listGenerators(), cacheDir },
      );
    } else {
      const configPath = resolve(context.root, expand(options.config ?? `${projectRoot}/ods.json`));
      config = loadConfig(configPath, { knownGenerators: listGenerators(), cacheDir });
    }
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(e.message + '\n');
      return { success: false };
    }
    throw e;
  }
  // Generation runs on worker threads of ods-backends' bundled engine worker: the very code the
  // CLI runs and the engine's cache fingerprints (no `generate` from this process).
  const engine = new OdsEngine(config, {
    toolVersion: VERSION,
    jobs: options.parallel,
    workerScript: new URL(import.meta.resolve('@ods-ts/ods-backends').replace(/index\.js$/, 'engine-worker.js')),
  });
  let s;
  try {
    s = await engine.build();
  } finally {
    await engine.close();
  }
  if (s.diagnostics) process.stderr.write(Buffer.from(s.diagnostics, 'latin1'));
  for (const o of s.outcomes) if (o.error && !s.diagnostics.includes(o.error)) process.stderr.write(Buffer.from(o.error, 'latin1'));
  process.stdout.write(`ods: ${summaryLine(s)} (${Math.round(s.ms)} ms)\n`);
  return { success: s.failed === 0 };
}
