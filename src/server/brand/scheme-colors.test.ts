import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BACKGROUNDS,
  DEFAULT_ACCENT_TOKENS,
  SCHEMES,
  TEXT_TOKENS,
  type Scheme,
} from './scheme-colors.js';

const APP_CSS = readFileSync(new URL('../../web/styles/app.css', import.meta.url), 'utf8');

/** The custom properties app.css sets on :root in a scheme (dark: its media block's). */
function tokensOf(scheme: Scheme): Map<string, string> {
  const light = APP_CSS.match(/^:root \{([^}]*)\}/m)![1]!;
  const dark = APP_CSS.match(/@media \(prefers-color-scheme: dark\) \{\s*:root \{([^}]*)\}/)![1]!;
  const read = (block: string) =>
    [...block.matchAll(/--([\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name!, value!.trim()]);
  return new Map([...read(light), ...(scheme === 'dark' ? read(dark) : [])] as [string, string][]);
}

describe("the scheme colours the brand module measures with (app.css's)", () => {
  it.each(SCHEMES)('are the %s scheme of app.css: backgrounds and the demo accent', (scheme) => {
    const tokens = tokensOf(scheme);
    for (const bg of BACKGROUNDS[scheme]) expect(tokens.get(bg.token), bg.token).toBe(bg.color);
    for (const [name, value] of Object.entries({
      ...DEFAULT_ACCENT_TOKENS[scheme],
      ...TEXT_TOKENS[scheme],
    }))
      expect(tokens.get(name), name).toBe(value);
  });
});
