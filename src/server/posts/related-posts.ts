import type { RelatedPost } from '../../shared/schemas/api.js';
import { STOP_WORDS } from './search/stop-words.js';

/** A post ranked as related to another: its own fields and what it shares with that post. */
export interface RankedCandidate extends RelatedPost {
  id: number;
  name: string;
  summary: string;
  category_id: number;
  published_at: string;
  /** Its tags (any stable key: an id or a slug); only those it shares with the post count. */
  tags: readonly string[];
  /** `wordsOf` its name and summary, when already known. */
  words?: ReadonlySet<string>;
}

/** What a shared tag, the same category and wholly alike words each weigh in a candidate's score. */
const WEIGHTS = { tag: 3, category: 2, words: 4 };

/** A word of three letters or digits or more. */
const WORD = /[\p{L}\p{N}]{3,}/gu;

/** The words a title and summary are compared by: lowercase, no stop words, no short ones. */
export function wordsOf(text: string): Set<string> {
  const words = new Set<string>();
  for (const word of text.toLowerCase().match(WORD) ?? [])
    if (!STOP_WORDS.has(word)) words.add(word);
  return words;
}

/** How alike two sets of words are: the share of all their words they have in common (Jaccard). */
function likeness(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let common = 0;
  for (const word of a) if (b.has(word)) common += 1;
  return common / (a.size + b.size - common);
}

/**
 * The candidates most related to `post`, best first: each shared tag and the same category add
 * to a candidate's score, and the likeness of their titles and summaries decides between
 * candidates that share as much; then the newest. Only candidates sharing a tag or the category
 * are ranked: words alone never make a post related.
 */
export function rankRelated(
  post: RankedCandidate,
  candidates: readonly RankedCandidate[],
  limit: number,
): RelatedPost[] {
  const words = wordsOf(`${post.name} ${post.summary}`);
  const tags = new Set(post.tags);
  const seen = new Set<number>([post.id]);
  const scored: Array<{ candidate: RankedCandidate; score: number }> = [];
  for (const candidate of candidates) {
    if (seen.has(candidate.id)) continue;
    seen.add(candidate.id);
    const shared = candidate.tags.filter((tag) => tags.has(tag)).length;
    const sameCategory = candidate.category_id === post.category_id;
    if (shared === 0 && !sameCategory) continue;
    const score =
      WEIGHTS.tag * shared +
      (sameCategory ? WEIGHTS.category : 0) +
      WEIGHTS.words *
        likeness(words, candidate.words ?? wordsOf(`${candidate.name} ${candidate.summary}`));
    scored.push({ candidate, score });
  }
  const newer = (a: RankedCandidate, b: RankedCandidate) =>
    a.published_at === b.published_at ? b.id - a.id : a.published_at < b.published_at ? 1 : -1;
  scored.sort((a, b) => b.score - a.score || newer(a.candidate, b.candidate));
  return scored
    .slice(0, limit)
    .map(({ candidate: { name, slug, image } }) => ({ name, slug, image }));
}
