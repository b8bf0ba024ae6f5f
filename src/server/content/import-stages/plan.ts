import type { StoredSource } from '../content.repository.js';
import { ContentFileError } from '../post-file.js';

/**
 * What the import does with each file, decided as the files come (the import streams, so the
 * plan is never held whole): an unchanged file keeps its stored post, a parsed one is created
 * or updates the post of its slug, and with prune the posts no file holds are removed.
 */
export class ImportPlan {
  created = 0;
  updated = 0;
  unchanged = 0;
  /** Slug → the file that holds it, for every file read so far. */
  readonly slugs = new Map<string, string>();

  /**
   * `existing`: what the store holds of each file, by path; `slugsBefore`: every stored slug,
   * whether or not a file wrote it.
   */
  constructor(
    private readonly existing: Map<string, StoredSource>,
    private readonly slugsBefore: Set<string>,
  ) {}

  /** The slug the store holds for the file's post, if it has one. */
  storedSlug(path: string): string | undefined {
    return this.existing.get(path)?.slug;
  }

  /** A file skipped by its hash: its stored post stays. Returns the post's slug. */
  keep(path: string): string {
    const stored = this.existing.get(path);
    if (!stored) throw new Error(`${path} was skipped but the store holds no post for it`);
    this.unchanged += 1;
    return stored.slug;
  }

  /** A parsed post to write: it updates the post of its slug, or of its file when renamed in place. */
  write(slug: string, renamedInPlace: boolean): 'created' | 'updated' {
    if (this.slugsBefore.has(slug) || renamedInPlace) {
      this.updated += 1;
      return 'updated';
    }
    this.created += 1;
    return 'created';
  }

  /** Gives the file its slug; throws ContentFileError when another file of the folder has it. */
  claim(slug: string, path: string): void {
    const twin = this.slugs.get(slug);
    if (twin) throw new ContentFileError(path, [`slug "${slug}" is already used by ${twin}`]);
    this.slugs.set(slug, path);
  }

  /** Post rows written by this import. */
  get written(): number {
    return this.created + this.updated;
  }

  /** With prune: the stored slugs that no file of the folder holds. */
  removals(storedSlugs: Iterable<string>): string[] {
    return [...storedSlugs].filter((slug) => !this.slugs.has(slug));
  }
}
