// @ods-ts/nx-ods: the Nx plugin of ods-ts. It is meant to infer TableGen/ODS targets for Nx
// projects that hold `.td` files (running the ods-tblgen generators with Nx caching on the
// `.td` inputs and the generated `.inc` outputs). This module names the plugin for Nx's
// `plugins` list in nx.json; the target inference itself is not part of this release.

/** The name under which the plugin is listed in nx.json `plugins`. */
export const pluginName = '@ods-ts/nx-ods';

/** What the plugin does, for `nx show` style listings and documentation. */
export const description =
  'Infers TableGen/ODS generation targets (ods-tblgen --gen-*) for Nx projects with .td sources.';
