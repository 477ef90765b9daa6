// `nx g @ods-ts/nx-ods:dialect <name>`: an Nx project holding an MLIR dialect's .td skeleton
// (<Name>Dialect.td, <Name>Ops.td, <Name>Types.td, <Name>Attrs.td under include/<Name>/) and an
// ods.json with one dialect preset, so that `nx run <name>:ods` generates at once what CMake's
// add_mlir_dialect (plus attributes and docs) would. Registers the plugin when it is not yet.
import { fileURLToPath } from 'node:url';
import {
  addProjectConfiguration,
  formatFiles,
  generateFiles,
  getProjects,
  joinPathFragments,
  names,
  normalizePath,
  offsetFromRoot,
  writeJson,
  type GeneratorCallback,
  type Tree,
} from '@nx/devkit';
import { initGenerator } from '../init/generator.js';

export interface DialectGeneratorSchema {
  name: string;
  directory?: string;
  cppNamespace?: string;
  tags?: string;
  skipFormat?: boolean;
}

/** The templates (kept in src/, beside the schema, for both the sources and dist/). */
const FILES = fileURLToPath(new URL('../../../src/generators/dialect/files', import.meta.url));

export interface NormalizedDialectOptions {
  projectName: string;
  projectRoot: string;
  /** The dialect's name in MLIR (`let name`). */
  dialect: string;
  /** The prefix of the .td files and defs (`Foo` for `foo`). */
  className: string;
  cppNamespace: string;
  tags: string[];
}

export function normalizeDialectOptions(tree: Tree, options: DialectGeneratorSchema): NormalizedDialectOptions {
  const name = (options.name ?? '').trim();
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(name))
    throw new Error(`The dialect name '${name}' is not valid: use letters, digits, '-' and '_', starting with a letter.`);
  const projectName = names(name).fileName;
  if (getProjects(tree).has(projectName)) throw new Error(`A project named '${projectName}' already exists.`);
  const projectRoot = normalizePath(options.directory?.trim() || projectName).replace(/^\.\/|\/$/g, '');
  if (projectRoot.startsWith('../') || projectRoot.startsWith('/')) throw new Error(`The directory '${options.directory}' is outside the workspace.`);
  if (tree.exists(joinPathFragments(projectRoot, 'ods.json')) || tree.exists(joinPathFragments(projectRoot, 'project.json')))
    throw new Error(`The folder '${projectRoot}' already holds a project.`);
  const dialect = name.replace(/-/g, '_').toLowerCase();
  const cppNamespace = options.cppNamespace?.trim() || `::mlir::${dialect}`;
  if (!/^(::)?[A-Za-z_]\w*(::[A-Za-z_]\w*)*$/.test(cppNamespace)) throw new Error(`The C++ namespace '${cppNamespace}' is not valid.`);
  const tags = (options.tags ?? '').split(',').map((t) => t.trim()).filter(Boolean);
  return { projectName, projectRoot, dialect, className: names(name).className, cppNamespace, tags };
}

/** The project's ods.json: one dialect preset (add_mlir_dialect's outputs, attributes and docs). */
export function dialectOdsJson(o: NormalizedDialectOptions): object {
  return {
    $schema: joinPathFragments(offsetFromRoot(o.projectRoot), 'node_modules/@ods-ts/ods-engine/ods.schema.json'),
    includeDirs: ['include'],
    dialects: [{ name: o.dialect, input: `include/${o.className}/${o.className}Ops.td`, outputDir: 'generated', attributes: true, docs: true }],
  };
}

export async function dialectGenerator(tree: Tree, options: DialectGeneratorSchema): Promise<GeneratorCallback> {
  const o = normalizeDialectOptions(tree, options);
  const init = await initGenerator(tree, { skipFormat: true });
  addProjectConfiguration(tree, o.projectName, {
    root: o.projectRoot,
    projectType: 'library',
    sourceRoot: joinPathFragments(o.projectRoot, 'include'),
    // The `ods` target is inferred from ods.json by the plugin.
    targets: {},
    tags: o.tags,
  });
  writeJson(tree, joinPathFragments(o.projectRoot, 'ods.json'), dialectOdsJson(o));
  generateFiles(tree, FILES, o.projectRoot, {
    ...o,
    guard: o.dialect.toUpperCase(),
    template: '',
  });
  if (!options.skipFormat) await formatFiles(tree);
  return init;
}

export default dialectGenerator;

