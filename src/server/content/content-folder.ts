import { readdir } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { ContentFileError, ImportError } from './content-errors.js';

/**
 * The files of a folder of the content (`posts`, `images`) whose names end with `suffix` (or
 * with one of several, as posts' `.md` and `.markdown`).
 *
 * Symbolic links are refused, every one, wherever it points: an import reads only what is in the
 * content folder, and a link could publish as a post or an image any file the importing user may
 * read (a key, a private note). Refusing them all is simpler to state and to check than following
 * the ones that stay inside. A link there, or the folder itself being one, refuses the whole
 * import before anything is written (ImportError), naming each link.
 */
export async function listFiles(
  dir: string,
  suffix: string | readonly string[],
): Promise<string[]> {
  const suffixes = typeof suffix === 'string' ? [suffix] : suffix;
  const contentDir = resolve(dir, '..');
  const named = (path: string) => relative(contentDir, path);
  let entries;
  try {
    const folder = (await readdir(contentDir, { withFileTypes: true })).find(
      (e) => e.name === named(dir),
    );
    if (folder?.isSymbolicLink())
      throw new ImportError([ContentFileError.symbolicLink(named(dir), 'folder')]);
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if (error instanceof ImportError) throw error;
    return [];
  }
  const links = entries
    .filter((e) => e.isSymbolicLink() && !e.name.startsWith('.'))
    .map((e) => named(join(e.parentPath, e.name)))
    .sort();
  if (links.length) throw new ImportError(links.map((link) => ContentFileError.symbolicLink(link)));
  return entries
    .filter(
      (e) => e.isFile() && suffixes.some((s) => e.name.endsWith(s)) && !e.name.startsWith('.'),
    )
    .map((e) => join(e.parentPath, e.name))
    .sort();
}
