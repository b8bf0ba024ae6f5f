/** A chunk of Vite's build manifest (`.vite/manifest.json`), as far as the server reads it. */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

export type ViteManifest = Record<string, ManifestChunk>;

/** The files a page loads for these manifest entries: each with its static imports, once. */
export interface EntryFiles {
  /** JavaScript files, in the order they were reached. */
  js: string[];
  /** Stylesheets the chunks import. */
  css: string[];
  /** Entries that are not in the manifest. */
  missing: string[];
}

/**
 * Walks the manifest from `entries` through static imports. The server renders the result into
 * every page, and the bundle-size check (`scripts/check-bundle-size.js`) weighs the same files.
 */
export function entryFiles(manifest: ViteManifest, entries: readonly string[]): EntryFiles {
  const js = new Set<string>();
  const css = new Set<string>();
  const missing: string[] = [];
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk) {
      missing.push(name);
      return;
    }
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  entries.forEach(visit);
  return { js: [...js], css: [...css], missing };
}
