import type { Kysely } from 'kysely';
import { slugProblem } from '../../shared/slugs.js';
import type { Database } from '../db/schema.js';
import { ContentFileError } from './content-errors.js';
import { SlugHistoryRepository, type StoredAlias } from './slug-history.repository.js';

/** A post file read again by this import: its slug and the aliases its front matter lists. */
interface ReadPost {
  path: string;
  slug: string;
  aliases: string[];
}

/** A file whose slug changed since the store last read it. */
interface Rename {
  path: string;
  from: string;
  to: string;
  /** False when another row held the new slug: the old row is removed once all are written. */
  inPlace: boolean;
}

const fileName = (path: string | null) => path ?? 'a post that came from no file';

/**
 * The import's stage for old slugs, so that no link to a post breaks: an old slug of a renamed
 * file and every `aliases` entry answer 301 to the post; the slugs of pruned posts answer 410
 * until a post or an alias takes them. An alias must be a valid slug that no live post, reserved
 * route or other file's alias holds; an old slug of a renamed file gives way to a post or an
 * alias that claims it (the owner's newer word).
 *
 * Called in this order inside the import's transaction: `readPost` per post file parsed, `settle`
 * once every row is written, `prune` before pruned posts are deleted, `finish` last.
 */
export class SlugHistory {
  private readonly repository: SlugHistoryRepository;
  private readonly read: ReadPost[] = [];
  /** Alias → the file that lists it. */
  private readonly claimed = new Map<string, string>();
  private readonly renames: Rename[] = [];

  constructor(
    db: Kysely<Database>,
    private readonly now: string,
  ) {
    this.repository = new SlugHistoryRepository(db);
  }

  /**
   * Checks a parsed post's aliases on their own and against the other files' so far, and gives
   * a renamed file's stored post its new slug. Returns whether the post was renamed in place
   * (its row is then updated, not created). Throws ContentFileError.
   */
  async readPost(path: string, slug: string, aliases: string[], before?: string): Promise<boolean> {
    const problems: string[] = [];
    for (const alias of aliases) {
      const problem = slugProblem(alias);
      if (problem) problems.push(`alias "${alias}" ${problem}`);
      else if (alias === slug) problems.push(`alias "${alias}" is the post's own slug`);
      else if (this.claimed.has(alias))
        problems.push(`alias "${alias}" is already an alias of ${this.claimed.get(alias)}`);
    }
    if (problems.length) throw new ContentFileError(path, problems);
    for (const alias of aliases) this.claimed.set(alias, path);
    this.read.push({ path, slug, aliases });
    if (before === undefined || before === slug) return false;
    const inPlace = await this.repository.renameInPlace(path, before, slug);
    this.renames.push({ path, from: before, to: slug, inPlace });
    return inPlace;
  }

  /**
   * Once every post row is written: checks the aliases against the store (live slugs, the
   * aliases of files not read again) and stores them with the old slugs of renamed files.
   * `folderSlugs` are the slugs of the folder's files, `prune` whether the others will go.
   */
  async settle(folderSlugs: Map<string, string>, prune: boolean): Promise<ContentFileError[]> {
    const failures: ContentFileError[] = [];
    const fail = (path: string, problem: string) =>
      failures.push(new ContentFileError(path, [problem]));
    const aliasSlugs = [...this.claimed.keys()];
    const livePosts = await this.repository.postsBySlug(aliasSlugs);
    for (const [alias, path] of this.claimed) {
      const owner = folderSlugs.get(alias);
      if (owner) fail(path, `alias "${alias}" is the slug of ${owner}`);
      else if (livePosts.has(alias) && !prune)
        fail(
          path,
          `alias "${alias}" is the slug of ${fileName(livePosts.get(alias)!.path)}, which is still in the store (its file is gone: import with --prune to remove it)`,
        );
    }
    // A store without aliases (most imports, every first one) needs none of these reads.
    const anyStored = await this.repository.hasAliases();
    const readPaths = new Set(this.read.map((post) => post.path));
    // Aliases of files not read again stay: a post's slug or alias may not take one of them.
    const stored = anyStored
      ? await this.repository.aliasesBySlug([...this.read.map((post) => post.slug), ...aliasSlugs])
      : new Map<string, StoredAlias>();
    const heldElsewhere = (slug: string) => {
      const held = stored.get(slug);
      return held?.origin === 'front_matter' && !(held.path !== null && readPaths.has(held.path))
        ? held
        : undefined;
    };
    for (const post of this.read) {
      const held = heldElsewhere(post.slug);
      if (held)
        fail(post.path, `slug "${post.slug}" is already an alias of ${fileName(held.path)}`);
    }
    for (const [alias, path] of this.claimed) {
      const held = heldElsewhere(alias);
      if (held) fail(path, `alias "${alias}" is already an alias of ${fileName(held.path)}`);
    }
    if (failures.length) return failures;

    // The ids of the posts that get an alias: those listing some, and renamed ones.
    const ids = await this.repository.postsBySlug([
      ...this.read.filter((post) => post.aliases.length).map((post) => post.slug),
      ...this.renames.map((rename) => rename.to),
    ]);
    if (anyStored) await this.repository.deleteFrontMatterAliasesOf([...readPaths]);
    for (const rename of this.renames) {
      if (rename.inPlace) continue;
      // Another row held the new slug, so the post was written under a new id: its aliases follow.
      const old = (await this.repository.postsBySlug([rename.from])).get(rename.from);
      if (old?.path === rename.path) {
        await this.repository.moveAliases(old.id, ids.get(rename.to)!.id);
        await this.repository.deleteOldRow(rename.path, rename.from);
      }
    }
    for (const post of this.read) {
      for (const alias of post.aliases)
        await this.repository.setAlias(alias, ids.get(post.slug)!.id, 'front_matter', this.now);
    }
    for (const rename of this.renames) {
      if (this.claimed.has(rename.from) || folderSlugs.has(rename.from)) continue;
      await this.repository.setAlias(rename.from, ids.get(rename.to)!.id, 'renamed', this.now);
    }
    return failures;
  }

  /** Whether a post read was renamed: its old slug now answers differently. */
  get renamed(): boolean {
    return this.renames.length > 0;
  }

  /** Before `--prune` deletes the posts not in `keep`: their public slugs will answer 410. */
  async prune(keep: Set<string>): Promise<void> {
    await this.repository.markRemoved(
      await this.repository.publicSlugsExcept(keep, this.now),
      this.now,
    );
  }

  /** Slugs that a post or alias holds now are no longer gone, nor another post's old slug. */
  async finish(): Promise<void> {
    await this.repository.yieldToLiveSlugs();
  }
}
