/** The files under the client folder a Vite manifest names (scripts, stylesheets, assets). */
export function filesNamedBy(manifestFile: string): Set<string>;
/** Before a client build: remembers its manifest as the previous one. */
export function save(dir: string): void;
/** After it: removes the files of `assets/` that neither manifest names; returns them. */
export function prune(dir: string): string[];
