// The `@ods-ts/nx-ods:generate` executor: runs ods.json jobs (or inline jobs given in
// project.json) through the same engine as `ods-tblgen build`. When the build service may run
// (see ods-tblgen's `daemon`), the task goes to its warm threads and this process loads only the
// thin client; otherwise, or when the service does not answer, it runs here.
import { join, resolve } from 'node:path';
import type { ExecutorContext } from '@nx/devkit';

export interface GenerateExecutorOptions {
  config?: string;
  includeDirs?: string[];
  mlirIncludeDir?: string;
  macros?: string[];
  jobs?: { input: string; generator: string; args?: string[]; output: string }[];
  /** Dialect presets, as in ods.json. */
  dialects?: Record<string, unknown>[];
  cacheDir?: string;
  parallel?: number;
  /**
   * Set by the plugin on the inferred target and not read here: the tool version and a hash of
   * the project's .td files outside the workspace, in the options so that Nx's task hash covers
   * them.
   */
  externalTdHash?: string;
}

/** The task as `ods-tblgen build` arguments, run in the workspace root. */
export function buildArgs(options: GenerateExecutorOptions, context: ExecutorContext, projectName = context.projectName): string[] {
  const projectRoot = projectName ? (context.projectsConfigurations?.projects[projectName]?.root ?? '') : '';
  const expand = (p: string) => p.replaceAll('{projectRoot}', projectRoot).replaceAll('{workspaceRoot}', context.root);
  const args: string[] = [];
  if (options.jobs || options.dialects) {
    // Inline jobs: paths relative to the project root, as if written in its project.json.
    const spec = { includeDirs: options.includeDirs, mlirIncludeDir: options.mlirIncludeDir, macros: options.macros, jobs: options.jobs ?? [], dialects: options.dialects };
    args.push('--config', join(context.root, projectRoot, 'project.json'), '--config-json', JSON.stringify(spec));
  } else {
    args.push('--config', resolve(context.root, expand(options.config ?? `${projectRoot}/ods.json`)));
  }
  // Paths in executor options are relative to the workspace root, as everywhere in Nx.
  if (options.cacheDir) args.push('--cache-dir', resolve(context.root, expand(options.cacheDir)));
  if (options.parallel !== undefined) args.push('--jobs', String(options.parallel));
  return args;
}

export default async function generateExecutor(options: GenerateExecutorOptions, context: ExecutorContext): Promise<{ success: boolean }> {
  const args = buildArgs(options, context);
  const { runBuildThroughService, printOutput } = await import('@ods-ts/ods-backends/client');
  const viaService = await runBuildThroughService(args, context.root);
  if (viaService) {
    printOutput(viaService);
    return { success: viaService.code === 0 };
  }
  return { success: (await runInProcess(args, context.root)) === 0 };
}

/** `ods-tblgen build <args>` in this process (its worker threads run ods-backends' bundled engine worker). */
export async function runInProcess(args: readonly string[], cwd: string, io?: { stdout(t: string): void; stderr(t: string): void }): Promise<number> {
  const { runBuildCommand } = await import('@ods-ts/ods-backends/build');
  const out = io ?? {
    stdout: (t: string) => void process.stdout.write(Buffer.from(t, 'latin1')),
    stderr: (t: string) => void process.stderr.write(Buffer.from(t, 'latin1')),
  };
  return runBuildCommand(args, { ...out, cwd });
}
