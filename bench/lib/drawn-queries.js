// Search queries drawn at random from the bodies of the posts in a store, as a reader would type
// what they remember of a post: one to three consecutive words, a quarter of the longer ones in
// quotes. A new seed each run (BENCH_SEED replays one), so no fixed list can be tuned for.
import { sql } from 'kysely';

/** A seeded generator of numbers in [0, 1). */
export function seededRandom(seed) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** The seed of this run: BENCH_SEED, or a new one. */
export function drawSeed() {
  return Number(process.env.BENCH_SEED ?? Math.floor(Math.random() * 2 ** 31));
}

/**
 * The lower-cased words of `column` (body_text, title) of published posts drawn at random by
 * `next`, a post a draw (a draft or a missing id is a draw that yields nothing), for at most
 * `draws` draws; the caller stops asking when it has enough.
 */
export async function* drawnPostWords(db, column, next, draws) {
  const { rows } = await sql`SELECT max(id) AS max FROM posts`.execute(db);
  const maxId = Number(rows[0].max);
  for (let draw = 0; draw < draws; draw++) {
    const id = 1 + Math.floor(next() * maxId);
    const post = await sql`SELECT ${sql.ref(column)} AS text FROM posts
      WHERE id = ${id} AND draft = 0`.execute(db);
    if (post.rows[0]) yield post.rows[0].text.toLowerCase().match(/\p{L}+/gu) ?? [];
  }
}

/** `count` queries [{kind, q}] drawn from the published posts of `store` (a Store of src/server/db). */
export async function drawQueries(store, count, seed) {
  const next = seededRandom(seed);
  const queries = [];
  for await (const words of drawnPostWords(store.db, 'body_text', next, count * 20)) {
    if (words.length < 4) continue;
    const length = 1 + Math.floor(next() * 3);
    const at = Math.floor(next() * (words.length - length));
    const picked = words.slice(at, at + length);
    const quoted = length > 1 && next() < 0.25;
    queries.push({
      kind: quoted ? `"${length} words"` : `${length} word${length > 1 ? 's' : ''}`,
      q: quoted ? `"${picked.join(' ')}"` : picked.join(' '),
    });
    if (queries.length === count) break;
  }
  return queries;
}
