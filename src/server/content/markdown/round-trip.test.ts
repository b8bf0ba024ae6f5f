import { beforeAll, describe, expect, it } from 'vitest';
import { htmlAsMarkdown } from '../../backup/post-document.js';
import { parsePostFile } from '../post-file.js';
import { startHighlighter } from './highlight.js';

beforeAll(startHighlighter);

const FRONT = '---\ntitle: P\ncategory: news\nimage: cover.svg\ndate: 2025-01-01\n---\n';
const parse = (body: string) => parsePostFile('posts/p.md', `${FRONT}${body}`);

/** Every feature of markdown/ in one post, as a writer would use them. */
const BODY = `## Setup

Install it[^why] and run:

\`\`\`bash
npm ci

npm test
\`\`\`

### Options & limits

> [!TIP]
> Costs $5 a month; the mean is $\\bar{x} = \\frac{1}{n}\\sum x_i$.

$$
E = \\frac{a + 4m + b}{6}
$$

| a | b |
|:--|--:|
| 1 | 2 |

- [x] done
- [ ] to do

## Setup

See [the options](#options--limits) and [the site](https://example.com).

[^why]: Because the lock file pins every version.
`;

describe('an exported post (its stored HTML as the body) imported again', () => {
  it('gives the same HTML, text, counts and contents', () => {
    const first = parse(BODY);
    expect(first.toc.map((e) => e.text)).toEqual(['Setup', 'Options & limits', 'Setup']);
    const again = parse(htmlAsMarkdown(first.html));
    expect(again.html).toBe(first.html);
    expect(again.text).toBe(first.text);
    expect(again.toc).toEqual(first.toc);
    expect([again.wordCount, again.readingMinutes]).toEqual([
      first.wordCount,
      first.readingMinutes,
    ]);
  });
});
