import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { siteFixture } from '../../../test/helpers/content-fixture.js';
import { accentShortfall } from '../brand/accent.js';
import { ContentFileError } from './content-errors.js';
import { loadSiteConfig } from './site-config.js';

const dir = mkdtempSync(join(tmpdir(), 'postfolio-site-accent-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** site.yaml with this `brand.accent`, and the line each of its colours is written on. */
function siteWithAccent(accent: Record<string, string>) {
  const text = stringify({ ...siteFixture({ news: 'News' }), brand: { accent } });
  const lines = text.split('\n');
  const lineOf = (scheme: string) =>
    lines.findIndex(
      (line, i) =>
        line.trim().startsWith(`${scheme}:`) &&
        lines.slice(0, i).some((l) => l.trim() === 'accent:'),
    ) + 1;
  const file = join(dir, `site-${Object.values(accent).join('-').replaceAll('#', '')}.yaml`);
  writeFileSync(file, text);
  return { file, lineOf };
}

describe('site.yaml brand.accent', () => {
  it('takes accents that read at WCAG AA in their schemes', async () => {
    const { file } = siteWithAccent({ light: '#c0392b', dark: '#ff8a80' });
    expect((await loadSiteConfig(file)).brand?.accent).toEqual({
      light: '#c0392b',
      dark: '#ff8a80',
    });
  });

  it('refuses a low-contrast accent at its line, with the ratio and a colour that passes', async () => {
    const { file, lineOf } = siteWithAccent({ light: '#7aa7d9', dark: '#7db4ff' });
    const error = await loadSiteConfig(file).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ContentFileError);
    const { message, lines, problems } = error as ContentFileError;
    expect(problems).toHaveLength(1);
    expect(lines).toEqual([lineOf('light')]);
    expect(message).toMatch(
      new RegExp(
        `^${file}:${lineOf('light')}: brand\\.accent\\.light "#7aa7d9" reads at 2\\.\\d:1 as text on .* WCAG AA asks 4\\.5:1\\. A nearby colour that passes: #[0-9a-f]{6} \\(4\\.\\d:1\\)$`,
      ),
    );
    const suggested = message.match(/passes: (#[0-9a-f]{6})/)![1]!;
    expect(accentShortfall(suggested, 'light')).toBeUndefined();
    // The suggestion, written back, is taken.
    expect(
      (await loadSiteConfig(siteWithAccent({ light: suggested }).file)).brand?.accent?.light,
    ).toBe(suggested);
  });

  it('names each scheme that fails on its own line', async () => {
    const { file, lineOf } = siteWithAccent({ light: '#ffeb3b', dark: '#303f9f' });
    const error = (await loadSiteConfig(file).catch((e: unknown) => e)) as ContentFileError;
    expect(error.lines).toEqual([lineOf('light'), lineOf('dark')]);
    expect(error.problems[1]).toMatch(
      /^brand\.accent\.dark "#303f9f" reads at \d(\.\d)?:1 as text on/,
    );
  });
});
