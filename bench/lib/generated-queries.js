// The fixed query set of the search bench, built from the generated posts' own text: 40 each of
// common words, rare words, quoted phrases, AND words and words that match nothing. Seeded, so
// two runs on the same folder time the same queries.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from './drawn-queries.js';

/** Words of a sample of 300 posts of `folder`, by frequency, and their sentences as word lists. */
function sampleText(folder, pick) {
  const files = readdirSync(join(folder, 'posts')).filter((f) => f.endsWith('.md'));
  const sample = Array.from({ length: 300 }, () => pick(files));
  const counts = new Map();
  const sentences = [];
  for (const file of sample) {
    const text = readFileSync(join(folder, 'posts', file), 'utf8').split(/^---$/m)[2] ?? '';
    for (const line of text.split('\n')) {
      if (!line || /^(#|-|`|const )/.test(line)) continue;
      for (const s of line.split('. ')) sentences.push(s.toLowerCase().match(/\p{L}+/gu) ?? []);
    }
    for (const w of text.toLowerCase().match(/\p{L}{3,}/gu) ?? [])
      counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  const byFrequency = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([w]) => w);
  return { counts, sentences, byFrequency };
}

/** 200 queries [{kind, q}] from the fake posts of `folder`; `stopWords` as the search drops them. */
export function generatedQueries(folder, stopWords) {
  const next = seededRandom(7);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const { counts, sentences, byFrequency } = sampleText(folder, pick);
  // Stop words are dropped from a query before it reaches the index (a search for "the" alone
  // matches nothing), so the common words are the most frequent words a search really looks up.
  const common = byFrequency.filter((w) => !stopWords.has(w)).slice(0, 40);
  const middle = byFrequency.slice(100, 2000);
  const rare = byFrequency.filter((w) => counts.get(w) === 1 && w.length >= 6);

  const queries = [];
  for (let i = 0; i < 40; i++) queries.push({ kind: 'common word', q: common[i % common.length] });
  for (let i = 0; i < 40; i++) queries.push({ kind: 'rare word', q: pick(rare) });
  for (let i = 0; i < 40; i++) {
    const s = pick(sentences.filter((x) => x.length >= 4));
    const len = 2 + (i % 2);
    const at = Math.floor(next() * (s.length - len));
    queries.push({ kind: 'phrase', q: `"${s.slice(at, at + len).join(' ')}"` });
  }
  for (let i = 0; i < 40; i++) {
    const n = 2 + (i % 2);
    queries.push({ kind: 'AND words', q: Array.from({ length: n }, () => pick(middle)).join(' ') });
  }
  for (let i = 0; i < 40; i++) queries.push({ kind: 'no match', q: `zqxw${i}nomatch` });
  return queries;
}
