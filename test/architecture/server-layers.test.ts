import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The import rules' messages for `code` as if it were the file at `filePath`. */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (
    result!.messages
      .filter((m) => /no-restricted-imports$/.test(m.ruleId ?? ''))
      // ESLint puts the import before the rule's message.
      .map((m) => m.message.replace(/^.* import is restricted from being used by a pattern\. /, ''))
  );
}

describe("the server's layers, as lint enforces them", () => {
  it('refuses a route that builds a repository, and lets it name a type of one', async () => {
    expect(
      await layerErrors(
        'src/server/routes/example.ts',
        "import { PostsRepository } from '../posts/posts.repository.js';\nexport const r = PostsRepository;\n",
      ),
    ).toEqual(['A route reaches the store through a service (app.ctx), not a repository.']);
    expect(
      await layerErrors(
        'src/server/routes/example.ts',
        "import type { FeedItem } from '../posts/posts.repository.js';\nexport type F = FeedItem;\n",
      ),
    ).toEqual([]);
  });

  it("refuses a repository that imports another domain's, a service or a route", async () => {
    const file = 'src/server/content/example.repository.ts';
    expect(
      await layerErrors(
        file,
        "import { TagsRepository } from '../posts/tags.repository.js';\nexport const t = TagsRepository;\n",
      ),
    ).toEqual(["A repository must not import another domain's repository."]);
    expect(
      await layerErrors(
        file,
        "import { PostTagsRepository } from './post-tags.repository.js';\nexport const t = PostTagsRepository;\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        file,
        "import { importContent } from './import.service.js';\nexport const i = importContent;\n",
      ),
    ).toEqual(['A repository must not import a service or a route.']);
  });

  it('refuses a service that imports a route', async () => {
    expect(
      await layerErrors(
        'src/server/posts/example.service.ts',
        "import { feedRoutes } from '../routes/feeds.js';\nexport const f = feedRoutes;\n",
      ),
    ).toEqual(['A service must not import a route.']);
  });
});
