// `nx g @ods-ts/nx-ods:init` (what `nx add @ods-ts/nx-ods` runs): registers the plugin in nx.json,
// once, keeping the other plugins and the options already given, and adds the engine's cache
// folder (.ods-cache) to .gitignore.
import { formatFiles, readNxJson, updateNxJson, type GeneratorCallback, type Tree } from '@nx/devkit';

export const PLUGIN_NAME = '@ods-ts/nx-ods';
export const CACHE_FOLDER = '.ods-cache';

export interface InitGeneratorSchema {
  targetName?: string;
  skipFormat?: boolean;
}

/** Is the plugin in nx.json's plugins (as a name or as `{ plugin, options }`)? */
export function hasOdsPlugin(tree: Tree): boolean {
  return (readNxJson(tree)?.plugins ?? []).some((p) => (typeof p === 'string' ? p : p.plugin) === PLUGIN_NAME);
}

function registerPlugin(tree: Tree, targetName: string): void {
  const nxJson = readNxJson(tree) ?? {};
  if (hasOdsPlugin(tree)) return;
  nxJson.plugins = [...(nxJson.plugins ?? []), { plugin: PLUGIN_NAME, options: { targetName } }];
  updateNxJson(tree, nxJson);
}

function ignoreCache(tree: Tree): void {
  const text = tree.exists('.gitignore') ? (tree.read('.gitignore', 'utf-8') ?? '') : '';
  const listed = text.split(/\r?\n/).some((l) => ['.ods-cache', '.ods-cache/', '/.ods-cache', '**/.ods-cache', '**/.ods-cache/'].includes(l.trim()));
  if (listed) return;
  const sep = text === '' || text.endsWith('\n') ? '' : '\n';
  tree.write('.gitignore', `${text}${sep}\n# ods-ts engine cache\n${CACHE_FOLDER}\n`.replace(/^\n/, ''));
}

export async function initGenerator(tree: Tree, options: InitGeneratorSchema = {}): Promise<GeneratorCallback> {
  registerPlugin(tree, options.targetName ?? 'ods');
  ignoreCache(tree);
  if (!options.skipFormat) await formatFiles(tree);
  return () => undefined;
}

export default initGenerator;
