import { findInstances, type Instance } from './fts5-instances.js';
import { startsSentence, tokenize, type Tokens } from './fts5-tokens.js';

/** A text with the query's instances in it, as snippet() and highlight() read it. */
export interface Matched {
  text: string;
  /** Tokens by position; `count` is the text's number of tokens. */
  tokens: Tokens;
  /** Ordered by position, then by phrase. */
  instances: Instance[];
  /**
   * The last sentence start at or before token `at` (asked in increasing order), or -1 when
   * the passage from it could hold no instance.
   */
  sentenceBefore(at: number): number;
}

/** The text split whole, every token a position of its own; null without an instance. */
export function matchWhole(text: string, phrases: string[][]): Matched | null {
  const tokens = tokenize(text);
  const instances = findInstances(text, tokens, phrases);
  if (instances.length === 0) return null;
  let sentence = 0;
  let scanned = 0;
  const sentenceBefore = (at: number) => {
    for (; scanned <= at; scanned++) if (startsSentence(text, tokens, scanned)) sentence = scanned;
    return sentence;
  };
  return { text, tokens, instances, sentenceBefore };
}
