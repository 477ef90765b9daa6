// The `@ods-ts/nx-ods:generate` executor: runs ods.json jobs (or inline jobs given in
// project.json) through the same engine as `ods-tblgen build`.
import { join } from 'node:path';
import type { ExecutorContext } from '@nx/devkit';
import { ConfigError, OdsEngine, loadConfig, resolveConfig, summaryLine, type OdsConfig } from '@ods-ts/tablegen-core';
import { generate, listGenerators, VERSION } from '@ods-ts/ods-backends';

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
  const expand = (p: string) => p.replace('{projectRoot}', projectRoot).replace('{workspaceRoot}', context.root);
  let config: OdsConfig;
  try {
    if (options.jobs) {
      const virtualPath = join(context.root, projectRoot, 'project.json');
      config = resolveConfig(
        { includeDirs: options.includeDirs, mlirIncludeDir: options.mlirIncludeDir, macros: options.macros, jobs: options.jobs },
        virtualPath,
        { knownGenerators: listGenerators(), cacheDir: options.cacheDir ? expand(options.cacheDir) : undefined },
      );
    } else {
      const configPath = join(context.root, expand(options.config ?? `${projectRoot}/ods.json`));
      config = loadConfig(configPath, { knownGenerators: listGenerators(), cacheDir: options.cacheDir ? join(context.root, expand(options.cacheDir)) : undefined });
    }
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(e.message + '\n');
      return { success: false };
    }
    throw e;
  }
  const engine = new OdsEngine(config, {
    generate,
    toolVersion: VERSION,
    jobs: options.parallel,
    workerScript: new URL(import.meta.resolve('@ods-ts/ods-backends').replace(/index\.js$/, 'engine-worker.js')),
  });
  const s = await engine.build();
  if (s.diagnostics) process.stderr.write(Buffer.from(s.diagnostics, 'latin1'));
  for (const o of s.outcomes) if (o.error && !s.diagnostics.includes(o.error)) process.stderr.write(Buffer.from(o.error, 'latin1'));
  process.stdout.write(`ods: ${summaryLine(s)}\n`);
  return { success: s.failed === 0 };
}
