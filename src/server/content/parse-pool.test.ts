import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postFile } from '../../../test/helpers/content-fixture.js';
import { loadPost } from './load-post.js';
import { startParserThreads } from './parse-pool.js';
import { ContentFileError } from './post-file.js';

// Threads run the compiled worker; `npm test` builds before it runs the tests.
const builtWorker = new URL('../../../dist/server/content/parse-worker.js', import.meta.url);
if (!existsSync(builtWorker)) throw new Error('Run `npm run build` first');

const dir = mkdtempSync(join(tmpdir(), 'postfolio-parse-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, body: string) {
  const date = '2025-05-01';
  writeFileSync(
    join(dir, name),
    postFile({ slug: name.replace('.md', ''), title: name, category: 'news', body, date }),
  );
  return { file: join(dir, name), path: `posts/${name}` };
}

describe('parser threads', () => {
  it('name the file that stopped a thread, and go on with the others on a new thread', async () => {
    // Half a million emphasis tokens: far more than a thread of this small heap can hold.
    const huge = write('huge.md', '*a* '.repeat(500_000));
    const sources = ['one.md', 'two.md', 'three.md'].map((name) =>
      write(name, `A short post called ${name}.`),
    );
    const loader = startParserThreads(1, builtWorker, {
      maxOldGenerationSizeMb: 48,
      maxYoungGenerationSizeMb: 4,
    });
    try {
      // One thread: the three small files wait behind the huge one on the same thread.
      const results = await Promise.allSettled([huge, ...sources].map((s) => loader.load(s)));
      const [stopped, ...rest] = results;
      expect(stopped?.status).toBe('rejected');
      const error = (stopped as PromiseRejectedResult).reason as Error;
      expect(error).toBeInstanceOf(ContentFileError);
      expect(error.message).toBe(
        'posts/huge.md: is too large to parse (the parser ran out of memory)',
      );
      expect(rest.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const titles = rest.map(
        (r) => (r as PromiseFulfilledResult<{ post?: { title: string } }>).value.post?.title,
      );
      expect(titles).toEqual(['one.md', 'two.md', 'three.md']);
      // And the replacement thread keeps taking work.
      const later = await loader.load(write('later.md', 'Still parsing.'));
      expect(later.post?.html).toContain('Still parsing.');
    } finally {
      await loader.close();
    }
  }, 60_000);

  it('colour code in a new thread as in this process, answering in the order asked', async () => {
    // The thread's first post with code waits for its highlighter to start; those after wait too.
    const code = write('code.md', '```ts\nconst answer: number = 42;\n```');
    const plain = ['after-one.md', 'after-two.md'].map((name) => write(name, `No code: ${name}.`));
    const loader = startParserThreads(1, builtWorker);
    const answered: string[] = [];
    try {
      const [coloured] = await Promise.all(
        [code, ...plain].map((source) =>
          loader.load(source).then((loaded) => {
            answered.push(loaded.post!.title);
            return loaded;
          }),
        ),
      );
      expect(coloured!.post!.html).toMatch(
        /<pre class="shiki"[^>]*><code class="language-ts"><span/,
      );
      expect(coloured!.post!.html).toBe((await loadPost(code)).post!.html);
      expect(answered).toEqual(['code.md', 'after-one.md', 'after-two.md']);
    } finally {
      await loader.close();
    }
  });
});
