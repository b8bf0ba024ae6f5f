import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { exists, writeAtomically } from '../images/image-publication.js';

/**
 * The brand's drawn files on disk, in folders of IMAGES_DIR, named by the hash of what they are
 * drawn from (brand-plan.ts): a file found under its name is never drawn again. Files drawn
 * together (an icon's five) are drawn once by whoever asks first while others wait for it.
 */
export class BrandFileStore {
  /** Drawings made by this store (a group of files counts once): what a test of "redraws nothing" counts. */
  drawn = 0;
  private readonly drawing = new Map<string, Promise<string[]>>();

  constructor(private readonly imagesDir: string) {}

  path(folder: string, name: string): string {
    return join(this.imagesDir, folder, name);
  }

  /** The bytes of a file, or undefined when it is not there. */
  read(folder: string, name: string): Promise<Buffer | undefined> {
    return readFile(this.path(folder, name)).catch(() => undefined);
  }

  /**
   * Makes sure every one of `names` is in `folder`: when one is missing, `draw` makes them all
   * and the missing ones are written. Returns the paths written (for an import to remove again
   * when it does not commit).
   */
  async ensure(
    folder: string,
    names: readonly string[],
    draw: () => Promise<Map<string, Buffer>>,
  ): Promise<string[]> {
    const key = `${folder}/${names.join('|')}`;
    const running = this.drawing.get(key);
    if (running) return running.then(() => []);
    const work = this.drawMissing(folder, names, draw);
    this.drawing.set(key, work);
    try {
      return await work;
    } finally {
      this.drawing.delete(key);
    }
  }

  private async drawMissing(
    folder: string,
    names: readonly string[],
    draw: () => Promise<Map<string, Buffer>>,
  ): Promise<string[]> {
    const present = await Promise.all(names.map((name) => exists(this.path(folder, name))));
    if (present.every(Boolean)) return [];
    const files = await draw();
    this.drawn += 1;
    await mkdir(join(this.imagesDir, folder), { recursive: true });
    const written: string[] = [];
    for (const [i, name] of names.entries()) {
      const bytes = files.get(name);
      if (present[i] || !bytes) continue;
      await writeAtomically(this.path(folder, name), bytes);
      written.push(this.path(folder, name));
    }
    return written;
  }

  /**
   * Removes what `folder` holds that `keep` does not name, files and folders (another's temporary
   * files aside).
   */
  async removeExcept(folder: string, keep: (name: string) => boolean): Promise<number> {
    const names = await readdir(join(this.imagesDir, folder)).catch(() => [] as string[]);
    const gone = names.filter((name) => !keep(name) && !name.endsWith('.tmp'));
    await Promise.all(
      gone.map((name) => rm(this.path(folder, name), { recursive: true, force: true })),
    );
    return gone.length;
  }
}
