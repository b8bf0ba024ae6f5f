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

/**
 * Splits search text into quoted phrases and words; operators, punctuation and stop words
 * (outside phrases) are dropped.
 */
export function parseSearchText(text: string): SearchQuery {
  const terms: string[][] = [];
  const parts = text.split('"');
  parts.forEach((part, index) => {
    // Odd parts sit between a pair of quotes; an unbalanced last quote opens nothing.
    const quoted = index % 2 === 1 && index < parts.length - 1;
    const words = wordsOf(part);
    if (quoted && words.length > 1) terms.push(words);
    else for (const word of words) if (!STOP_WORDS.has(word)) terms.push([word]);
  });
  return { terms: terms.slice(0, MAX_TERMS) };
}

/** The query as an FTS5 MATCH expression: every word and phrase quoted, all required. */
export function toFts5Match(query: SearchQuery): string {
  return query.terms.map((words) => `"${words.join(' ')}"`).join(' ');
}

/**
 * The query as text for PostgreSQL's websearch_to_tsquery. Every term is quoted, as for FTS5:
 * a bare word `or` would be read as the OR operator there, so "cats or dogs" would match either.
 */
export function toWebsearchText(query: SearchQuery): string {
  return query.terms.map((words) => `"${words.join(' ')}"`).join(' ');
}
