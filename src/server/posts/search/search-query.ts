import { STOP_WORDS } from './stop-words.js';

/** Most terms a query may carry; the rest are dropped so a long paste stays cheap. */
export const MAX_TERMS = 16;

/** A user's search text reduced to words and quoted phrases; never engine syntax. */
export interface SearchQuery {
  /** Each entry is one word, or the words of one quoted phrase. */
  terms: string[][];
}

const WORD = /[\p{L}\p{N}]+/gu;

function wordsOf(text: string): string[] {
  return (text.normalize('NFKC').toLowerCase().match(WORD) ?? []).filter(Boolean);
}

/** A phrase without the stop words at its ends; the ones inside keep the words apart. */
function trimStopWords(words: string[]): string[] {
  let start = 0;
  let end = words.length;
  while (start < end && STOP_WORDS.has(words[start]!)) start++;
  while (end > start && STOP_WORDS.has(words[end - 1]!)) end--;
  return words.slice(start, end);
}

/**
 * Splits search text into quoted phrases and words; operators, punctuation and stop words
 * (outside phrases and at a phrase's ends) are dropped. PostgreSQL drops a phrase's stop words
 * too; FTS5 would walk the position list of "the" (in nearly every post) to match "the cache".
 */
export function parseSearchText(text: string): SearchQuery {
  const terms: string[][] = [];
  const parts = text.split('"');
  parts.forEach((part, index) => {
    // Odd parts sit between a pair of quotes; an unbalanced last quote opens nothing.
    const quoted = index % 2 === 1 && index < parts.length - 1;
    const words = quoted ? trimStopWords(wordsOf(part)) : wordsOf(part);
    if (quoted && words.length > 1) terms.push(words);
    else for (const word of words) if (!STOP_WORDS.has(word)) terms.push([word]);
  });
  return { terms: terms.slice(0, MAX_TERMS) };
}

/**
 * The query as engine text: every word and phrase in double quotes, all required. Both engines
 * read a quoted string as words, never as an operator: FTS5's MATCH (where a bare OR, NOT or NEAR
 * would be one) and PostgreSQL's websearch_to_tsquery (where a bare `or` would make "cats or
 * dogs" match either word).
 */
export function quotedTerms(query: SearchQuery): string {
  return query.terms.map((words) => `"${words.join(' ')}"`).join(' ');
}
