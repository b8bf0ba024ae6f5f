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
  tags: readonly (string | number)[];
  /** `wordsOf` its name and summary. */
  words: Words;
}

/** Distinct words as sorted numbers (`wordsOf`). */
export type Words = Uint32Array;

/** What a shared tag, the same category and wholly alike words each weigh in a candidate's score. */
const WEIGHTS = { tag: 3, category: 2, words: 4 };

/** A word of three letters or digits or more. */
const WORD = /[\p{L}\p{N}]{3,}/gu;

/**
 * A word as a number: 32-bit FNV-1a of its UTF-16 code units. Two words share a number about
 * once in four billion pairs, which at worst nudges one ranking; comparing numbers in two sorted
 * arrays reads a few cache lines where sets of strings read every word's string and hash slot
 * (a post view ranks ≈ 50 candidates of ≈ 25 words each).
 */
function wordNumber(word: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** The words a title and summary are compared by: lowercase, no stop words, no short ones. */
export function wordsOf(text: string): Words {
  const words = text.toLowerCase().match(WORD) ?? [];
  const numbers = new Uint32Array(words.length);
  let count = 0;
  for (const word of words) if (!STOP_WORDS.has(word)) numbers[count++] = wordNumber(word);
  const sorted = numbers.subarray(0, count).sort();
  let distinct = 0;
  for (let i = 0; i < count; i++)
    if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[distinct++] = sorted[i]!;
  return sorted.subarray(0, distinct);
}

/**
 * How alike two sets of words are: the share of all their words they have in common (Jaccard).
 * The merge steps without branches: which list advances is a coin toss the CPU mispredicts half
 * the time, and a branching merge took twice as long (41 candidates of ≈ 25 words, in a loop:
 * 11.5 against 20.6 µs).
 */
function likeness(a: Words, b: Words): number {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return 0;
  let common = 0;
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    const x = a[i]!;
    const y = b[j]!;
    common += +(x === y);
    i += +(x <= y);
    j += +(y <= x);
  }
  return common / (n + m - common);
}

/** How many of `tags` are among `of` (both a few tags long). */
function sharedTags(tags: readonly (string | number)[], of: readonly (string | number)[]): number {
  let shared = 0;
  for (const tag of tags) if (of.includes(tag)) shared += 1;
  return shared;
}

/**
 * A post as `rankRelated` reads it, with its words. Every candidate built here has
 * one V8 shape: ranking reads each field of ≈ 50 candidates a post view, and objects of many
 * shapes (rows of different queries, spreads of them) made those reads megamorphic: a quarter of
 * the ranking's time in inline-cache misses (perf).
 */
export function rankedCandidate(
  post: Omit<RankedCandidate, 'tags' | 'words'>,
  tags: readonly (string | number)[],
): RankedCandidate {
  return {
    id: post.id,
    name: post.name,
    slug: post.slug,
    image: post.image,
    summary: post.summary,
    category_id: post.category_id,
    published_at: post.published_at,
    tags,
    words: wordsOf(`${post.name} ${post.summary}`),
  };
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
  const { words, tags, category_id: category } = post;
  const seen = new Set<number>([post.id]);
  const scored: Array<{ candidate: RankedCandidate; score: number }> = [];
  for (const candidate of candidates) {
    if (seen.has(candidate.id)) continue;
    seen.add(candidate.id);
    const shared = sharedTags(candidate.tags, tags);
    const sameCategory = candidate.category_id === category;
    if (shared === 0 && !sameCategory) continue;
    const score =
      WEIGHTS.tag * shared +
      (sameCategory ? WEIGHTS.category : 0) +
      WEIGHTS.words * likeness(words, candidate.words);
    scored.push({ candidate, score });
  }
  const newer = (a: RankedCandidate, b: RankedCandidate) =>
    a.published_at === b.published_at ? b.id - a.id : a.published_at < b.published_at ? 1 : -1;
  scored.sort((a, b) => b.score - a.score || newer(a.candidate, b.candidate));
  return scored
    .slice(0, limit)
    .map(({ candidate: { name, slug, image } }) => ({ name, slug, image }));
}
