import { EXCERPT_WORDS, MARK_CLOSE, MARK_OPEN, type MarkedTexts } from './excerpt-marks.js';
import type { Instance } from './fts5-instances.js';
import { matchAround } from './fts5-regions.js';
import { matchWhole, type Matched } from './fts5-matched.js';

/**
 * FTS5's snippet() and highlight() (sqlite3.c, `fts5SnippetFunction`, `fts5HighlightCb`) over a
 * text read from the posts table: the same passage, the same marks and the same ellipses. In
 * SQL, each call tokenizes and stems the whole column twice and scores every instance against
 * every other; here only the words around the matches are split (fts5-regions.ts; the whole text
 * when a word holds a letter past ASCII), only words that begin like a query's stem are stemmed,
 * and a window is scored from its own instances. fts5-snippet.test.ts compares both with FTS5.
 */

const ELLIPSIS = '…';

/** Runs of overlapping instances, as FTS5's coalesced instance iterator gives them. */
function coalesced(instances: Instance[]): { start: number; end: number }[] {
  const runs: { start: number; end: number }[] = [];
  for (const { at, size } of instances) {
    const last = runs[runs.length - 1];
    if (last && at <= last.end) last.end = Math.max(last.end, at + size - 1);
    else runs.push({ start: at, end: at + size - 1 });
  }
  return runs;
}

/** First instance at or after token `from` (instances are ordered). */
function firstFrom(instances: Instance[], from: number): number {
  let lo = 0;
  let hi = instances.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (instances[mid]!.at < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** fts5SnippetScore: a window's score (1000 a phrase, 1 a repeat) and where to centre it. */
function score(m: Matched, phrases: number, from: number, words: number) {
  const seen = new Uint8Array(phrases);
  let total = 0;
  let first = -1;
  let last = 0;
  for (let i = firstFrom(m.instances, from); i < m.instances.length; i++) {
    const { phrase, at, size } = m.instances[i]!;
    if (at >= from + words) break;
    total += seen[phrase] ? 1 : 1000;
    seen[phrase] = 1;
    if (first < 0) first = at;
    last = at + size;
  }
  let centred = first - Math.trunc((words - (last - first)) / 2);
  if (centred + words > m.tokens.count) centred = m.tokens.count - words;
  return { total, start: Math.max(0, centred) };
}

/** The first token of the passage snippet() picks: most phrases, then a sentence's start. */
function bestStart(m: Matched, phrases: number, words: number): number {
  const count = m.tokens.count;
  let best = 0;
  let start = 0;
  for (const { at } of m.instances) {
    const own = score(m, phrases, at, words);
    if (own.total > best) [best, start] = [own.total, own.start];
    if (count <= words) continue;
    const sentence = m.sentenceBefore(at);
    if (sentence < 0 || sentence >= at) continue;
    const bonus = score(m, phrases, sentence, words).total + (sentence === 0 ? 120 : 100);
    if (bonus > best) [best, start] = [bonus, sentence];
  }
  return start;
}

/**
 * The text of tokens first..last (all when last < 0) with the instances' runs marked (the
 * highlight callback's rules, to the character), and how far into the text it copied.
 */
function marked(m: Matched, first: number, last: number): [string, number] {
  const { text, tokens } = m;
  const runs = coalesced(m.instances);
  const none = { start: -1, end: -1 };
  let run = 0;
  while (run < runs.length && runs[run]!.start < first) run++;
  let out = '';
  let copied = 0;
  let open = false;
  const end = last < 0 ? tokens.count - 1 : Math.min(last, tokens.count - 1);
  for (let pos = first; pos <= end; pos++) {
    const from = tokens.start[pos]!;
    const to = tokens.end[pos]!;
    const current = runs[run] ?? none;
    if (first > 0 && pos === first) copied = from;
    if (open && (pos <= current.start || current.start < 0) && from > copied) {
      out += MARK_CLOSE;
      open = false;
    }
    if (pos === current.start && !open) {
      out += text.slice(copied, from) + MARK_OPEN;
      copied = from;
      open = true;
    }
    if (pos === current.end) {
      if (!open) out += MARK_OPEN;
      open = true;
      out += text.slice(copied, to);
      copied = to;
      run++;
    }
    if (pos !== last) continue;
    if (open) {
      const next = runs[run] ?? none;
      if (next.start >= 0 && pos >= next.start) [out, copied] = [out + text.slice(copied, to), to];
      out += MARK_CLOSE;
      open = false;
    }
    [out, copied] = [out + text.slice(copied, to), to];
  }
  return [open ? out + MARK_CLOSE : out, copied];
}

/** snippet(…, `words`) of a text with a match: the passage with the most phrases. */
function snippet(m: Matched, phrases: number, words = EXCERPT_WORDS): string {
  const start = bestStart(m, phrases, words);
  const last = start + words - 1;
  const [passage, copied] = marked(m, start, last);
  const tail = last >= m.tokens.count - 1 ? m.text.slice(copied) : ELLIPSIS;
  return (start > 0 ? ELLIPSIS : '') + passage + tail;
}

/** highlight() of a text: all of it, its instances marked. */
function highlight(m: Matched): string {
  const [text, copied] = marked(m, 0, -1);
  return text + m.text.slice(copied);
}

/** The text's instances: found around the candidates when its words are ASCII, else split whole. */
function matched(text: string | null, phrases: string[][]): Matched | null {
  if (!text) return null;
  const around = matchAround(text, phrases);
  return around === undefined ? matchWhole(text, phrases) : around;
}

/**
 * What the SQL excerpt gives for one post (`snippet()` of body and summary, `highlight()` of the
 * title), computed only as far as the first text with a match; null when no text has one.
 */
export function fts5MarkedTexts(post: MarkedTexts, phrases: string[][]): MarkedTexts | null {
  const body = matched(post.body, phrases);
  if (body) return { body: snippet(body, phrases.length), summary: null, title: null };
  const summary = matched(post.summary, phrases);
  if (summary) return { body: null, summary: snippet(summary, phrases.length), title: null };
  const title = matched(post.title, phrases);
  if (!title) return null;
  return { body: null, summary: null, title: highlight(title) };
}
