import { copyFile, lstat, mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ContentFileError } from '../content/content-errors.js';
import { SITE_CONFIG_FILE } from '../content/site-config.js';

/** The folders of a content folder that an import reads, beside site.yaml. */
const FOLDERS = ['posts', 'images'];

/** Files an editor writes beside the real one (swap, backup, lock files): never content. */
const EDITOR_FILE = /(^\.|~$|\.(swp|swx|swo|tmp)$|^#.*#$)/;

/** Whether a name inside the content folder is one an editor writes for itself. */
export const isEditorFile = (name: string): boolean => EDITOR_FILE.test(name);

/** What a file was when it was copied: a change of either means it was saved again. */
const signature = (size: number, mtimeMs: number) => `${size}:${mtimeMs}`;

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
  /** The signature of each source file as last copied into the stage. */
  private readonly copied = new Map<string, string>();

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
    for (const [path, sig] of source) {
      if (this.copied.get(path) === sig) continue;
      const target = join(this.stageDir, path);
      await mkdir(dirname(target), { recursive: true });
      await copyFile(join(this.sourceDir, path), target).then(
        () => {
          this.copied.set(path, sig);
          touched.add(path);
        },
        // Deleted between the listing and the copy: the next round sees it gone.
        () => {},
      );
    }
    for (const path of await listTree(this.stageDir)) {
      if (source.has(path)) continue;
      await rm(join(this.stageDir, path), { force: true });
      this.copied.delete(path);
      touched.add(path);
    }
    return { touched, refused };
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

  /** The source's content files (site.yaml, posts/, images/) and their signatures. */
  private async listSource(refused: ContentFileError[]): Promise<Map<string, string>> {
    const files = new Map<string, string>();
    const add = async (path: string) => {
      const info = await lstat(join(this.sourceDir, path)).catch(() => null);
      if (info?.isSymbolicLink()) refused.push(ContentFileError.symbolicLink(path));
      else if (info?.isFile()) files.set(path, signature(info.size, info.mtimeMs));
    };
    await add(SITE_CONFIG_FILE);
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
