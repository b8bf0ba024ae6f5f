import type { ExcerptSegment } from '../../../shared/schemas/api.js';

/**
 * The markers the engines put around a matched word. Private-use characters, not HTML: the
 * engines' output is split on them into runs of plain text, which the page renders as text, so
 * nothing of a post or a query is ever read as markup.
 */
export const MARK_OPEN = '\uE000';
export const MARK_CLOSE = '\uE001';

/** Words (FTS5: tokens) an excerpt holds at most. */
export const EXCERPT_WORDS = 24;

/** The text an engine may choose an excerpt from, best first: body, summary, title. */
export interface MarkedTexts {
  body: string | null;
  summary: string | null;
  title: string | null;
}

/** Whether the engine marked a match in `text`. */
const marked = (text: string | null): text is string => !!text && text.includes(MARK_OPEN);

/**
 * The first of body, summary and title in which the engine marked a match, as runs of text;
 * null when none (a match the engine's excerpt did not reach).
 */
export function excerptOf(texts: MarkedTexts): ExcerptSegment[] | null {
  const text = [texts.body, texts.summary, texts.title].find(marked);
  return text === undefined ? null : segments(text);
}

/** Splits marked text into runs; stray or nested markers are dropped, never shown. */
export function segments(text: string): ExcerptSegment[] {
  const runs: ExcerptSegment[] = [];
  let mark = false;
  let current = '';
  const flush = () => {
    const last = runs[runs.length - 1];
    if (current && last?.mark === mark) last.text += current;
    else if (current) runs.push({ text: current, mark });
    current = '';
  };
  for (const char of text) {
    if (char === MARK_OPEN || char === MARK_CLOSE) {
      flush();
      mark = char === MARK_OPEN;
    } else current += char;
  }
  flush();
  return runs.map((run) => ({ text: run.text.replace(/\s+/g, ' '), mark: run.mark }));
}
