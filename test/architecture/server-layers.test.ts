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

const CASES: Array<{ case: string; file: string; code: string; errors: string[] }> = [
  {
    case: 'refuses a route that builds a repository',
    file: 'src/server/routes/example.ts',
    code: "import { PostsRepository } from '../posts/posts.repository.js';\nexport const r = PostsRepository;\n",
    errors: ['A route reaches the store through a service (app.ctx), not a repository.'],
  },
  {
    case: "lets a route name a repository's type",
    file: 'src/server/routes/example.ts',
    code: "import type { FeedItem } from '../posts/posts.repository.js';\nexport type F = FeedItem;\n",
    errors: [],
  },
  {
    case: "refuses a repository that imports another domain's",
    file: 'src/server/content/example.repository.ts',
    code: "import { TagsRepository } from '../posts/tags.repository.js';\nexport const t = TagsRepository;\n",
    errors: ["A repository must not import another domain's repository."],
  },
  {
    case: "lets a repository import its own domain's",
    file: 'src/server/content/example.repository.ts',
    code: "import { PostTagsRepository } from './post-tags.repository.js';\nexport const t = PostTagsRepository;\n",
    errors: [],
  },
  {
    case: 'refuses a repository that imports a service',
    file: 'src/server/content/example.repository.ts',
    code: "import { importContent } from './import.service.js';\nexport const i = importContent;\n",
    errors: ['A repository must not import a service or a route.'],
  },
  {
    case: 'refuses a service that imports a route',
    file: 'src/server/posts/example.service.ts',
    code: "import { feedRoutes } from '../routes/feeds.js';\nexport const f = feedRoutes;\n",
    errors: ['A service must not import a route.'],
  },
];

describe("the server's layers, as lint enforces them", () => {
  it.each(CASES)('$case', async ({ file, code, errors }) => {
    expect(await layerErrors(file, code)).toEqual(errors);
  });
});
