import { createHash } from 'node:crypto';
import { copyFile, lstat, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ContentFileError } from '../content/content-errors.js';
import { SITE_CONFIG_FILE } from '../content/site-config.js';
import { THEME_FILE } from '../brand/theme-stylesheet.js';

/** The folders of a content folder that an import reads, beside site.yaml. */
const FOLDERS = ['posts', 'images'];

/** Files an editor writes beside the real one (swap, backup, lock files): never content. */
const EDITOR_FILE = /(^\.|~$|\.(swp|swx|swo|tmp)$|^#.*#$)/;

/** Whether a name inside the content folder is one an editor writes for itself. */
export const isEditorFile = (name: string): boolean => EDITOR_FILE.test(name);

/**
 * Whether a path below the content folder is one an import reads: site.yaml, theme.css, posts/,
 * images/. The rest (the store and images that a site's postfolio.env keeps in data/) is not
 * watched.
 */
export const isContentPath = (path: string): boolean =>
  [SITE_CONFIG_FILE, THEME_FILE, ...FOLDERS].includes(path.split(/[\\/]/)[0]!);

/** What a file's listing says of it: a change of either means it was saved again. */
const signature = (size: number, mtimeMs: number) => `${size}:${mtimeMs}`;

/**
 * A file whose time is this close to when it was last read may have been saved again within the
 * same tick of the file system's clock (a second on some, 2 s on FAT) with the same size: only its
 * content tells (git calls such an entry "racy").
 */
const RACY_MS = 2_000;

const hashOf = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');

/** A source file as listed. */
interface Listed {
  sig: string;
  mtimeMs: number;
}

/** A source file as last read: its listing, its content's hash and when it was read. */
interface Seen extends Listed {
  hash: string;
  readAt: number;
}

/**
 * A copy of the writer's content folder that dev imports read (`stage`), beside the copy that
 * last imported (`good`). A file that fails to import is put back to its good version in the
 * stage (or taken out, if it never imported), so that everything else the writer saved is shown
 * while the broken file keeps its last good version. The copy is what makes that possible: an
 * import is one transaction, and one bad file refuses it all.
 */
export class ContentStage {
  readonly stageDir: string;
  private readonly goodDir: string;
  /** Each source file as last read. */
  private readonly seen = new Map<string, Seen>();
  /** The files whose stage copy is the source as last read (not put back since). */
  private readonly copied = new Set<string>();

  constructor(
    private readonly sourceDir: string,
    workDir: string,
  ) {
    this.stageDir = join(workDir, 'stage');
    this.goodDir = join(workDir, 'good');
  }

  /**
   * Makes the stage the source folder again: copies what was saved since it was last copied (or
   * put back), removes what is gone. Returns the paths touched and the source's symbolic links,
   * which are never copied (an import refuses them: they could publish any file).
   */
  async sync(): Promise<{ touched: Set<string>; refused: ContentFileError[] }> {
    const touched = new Set<string>();
    const refused: ContentFileError[] = [];
    const source = await this.listSource(refused);
    for (const [path, listed] of source) {
      if (this.copied.has(path) && !(await this.savedSince(path, listed))) continue;
      const target = join(this.stageDir, path);
      await mkdir(dirname(target), { recursive: true });
      const readAt = Date.now();
      // Deleted between the listing and the copy: the next round sees it gone.
      const bytes = await readFile(join(this.sourceDir, path)).catch(() => null);
      if (!bytes) continue;
      await writeFile(target, bytes);
      this.seen.set(path, { ...listed, hash: hashOf(bytes), readAt });
      this.copied.add(path);
      touched.add(path);
    }
    for (const path of this.seen.keys()) if (!source.has(path)) this.seen.delete(path);
    for (const path of await listTree(this.stageDir)) {
      if (source.has(path)) continue;
      await rm(join(this.stageDir, path), { force: true });
      this.copied.delete(path);
      touched.add(path);
    }
    return { touched, refused };
  }

  /**
   * Whether the source folder differs from what the last `sync` read: a file saved, added or
   * removed since. Asked before going idle, as a save can come in while a round runs, or fall
   * between two events that the watcher reports as one.
   */
  async changedSinceSync(): Promise<boolean> {
    const source = await this.listSource([]);
    if (source.size !== this.seen.size) return true;
    for (const [path, listed] of source)
      if (!this.seen.has(path) || (await this.savedSince(path, listed))) return true;
    return false;
  }

  /** Whether the source file `path`, listed as `listed`, is not what was last read of it. */
  private async savedSince(path: string, listed: Listed): Promise<boolean> {
    const seen = this.seen.get(path);
    if (!seen || seen.sig !== listed.sig) return true;
    if (listed.mtimeMs + RACY_MS < seen.readAt) return false;
    const bytes = await readFile(join(this.sourceDir, path)).catch(() => null);
    return !bytes || hashOf(bytes) !== seen.hash;
  }

  /**
   * Puts `path` back to its last good version in the stage, or takes it out if it never
   * imported; the next `sync` copies the writer's version again, so it is retried each round.
   */
  async revert(path: string): Promise<void> {
    this.copied.delete(path);
    const target = join(this.stageDir, path);
    await copyFile(join(this.goodDir, path), target).catch(() => rm(target, { force: true }));
  }

  /** Records the stage's version of `paths` as good: they were just imported. */
  async keep(paths: Iterable<string>): Promise<void> {
    for (const path of paths) {
      const good = join(this.goodDir, path);
      await mkdir(dirname(good), { recursive: true });
      await copyFile(join(this.stageDir, path), good).catch(() => rm(good, { force: true }));
    }
  }

  /** The source's content files (site.yaml, theme.css, posts/, images/) and their signatures. */
  private async listSource(refused: ContentFileError[]): Promise<Map<string, Listed>> {
    const files = new Map<string, Listed>();
    const add = async (path: string) => {
      const info = await lstat(join(this.sourceDir, path)).catch(() => null);
      if (info?.isSymbolicLink()) refused.push(ContentFileError.symbolicLink(path));
      else if (info?.isFile())
        files.set(path, { sig: signature(info.size, info.mtimeMs), mtimeMs: info.mtimeMs });
    };
    await add(SITE_CONFIG_FILE);
    await add(THEME_FILE);
    for (const folder of FOLDERS) {
      const info = await lstat(join(this.sourceDir, folder)).catch(() => null);
      if (info?.isSymbolicLink()) refused.push(ContentFileError.symbolicLink(folder, 'folder'));
      if (!info?.isDirectory()) continue;
      for (const path of await listTree(join(this.sourceDir, folder), folder)) await add(path);
    }
    return files;
  }
}

/** The files (and links) under `dir`, as paths below it prefixed with `prefix`; no editor files. */
async function listTree(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => (e.isFile() || e.isSymbolicLink()) && !isEditorFile(e.name))
    .map((e) => join(prefix, e.parentPath.slice(dir.length), e.name).replace(/^\/+/, ''));
}
