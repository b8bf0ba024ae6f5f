import { describe, expect, it } from 'vitest';
import type { StatsSummary } from '../shared/schemas/stats.js';
import { sparkline, statsText } from './stats-text.js';

const summary: StatsSummary = {
  from: '2026-05-01',
  to: '2026-05-03',
  totals: { views: 17, visitors: 6, untracked: 2, bots: 9 },
  days: [
    { day: '2026-05-01', views: 0, visitors: 0 },
    { day: '2026-05-02', views: 4, visitors: 2 },
    { day: '2026-05-03', views: 13, visitors: 4 },
  ],
  hours: [],
  pages: [
    { path: '/a-post', views: 12, visitors: 5 },
    { path: '/posts', views: 5, visitors: 3 },
  ],
  referrers: [{ name: 'news.example', count: 3 }],
  sources: [],
  devices: [{ name: 'mobile', count: 10 }],
  searches: [{ words: 'sqlite', count: 4, found: 2 }],
  unfound: [{ words: 'quokka\u001b[2J', count: 2, found: 0 }],
  missing: [{ path: '/old', count: 3, referrers: [{ name: 'blog.example', count: 3 }] }],
  feeds: [{ path: '/rss.xml', fetches: 20, subscribers: 42, readers: [] }],
  bots: [{ name: 'Googlebot', count: 9 }],
  gate: { attempts: 5, unlocks: 2 },
  contact: { messages: 1 },
};

describe('postfolio stats in the terminal', () => {
  it('draws a sparkline: the tallest bar for the largest value, a blank for none', () => {
    expect(sparkline([0, 1, 2, 4, 8])).toBe(' ▁▂▄█');
    expect(sparkline([0, 0])).toBe('  ');
  });

  it('prints every section with its figures, and no escape sequence a visitor typed', () => {
    const text = statsText(summary);
    expect(text).toContain('Readers from 2026-05-01 to 2026-05-03 (UTC)');
    expect(text).toMatch(/views\s+17 {2} ▃█/);
    expect(text).toMatch(/\/a-post\s+12\s+5/);
    expect(text).toMatch(/news\.example\s+3/);
    expect(text).toMatch(/sqlite\s+4\s+2/);
    expect(text).toContain('Searches that found nothing');
    expect(text).toMatch(/quokka\uFFFD\[2J\s+2/);
    expect(text).not.toContain('\u001b');
    expect(text).toMatch(/\/old\s+3\s+blog\.example/);
    expect(text).toMatch(/\/rss\.xml\s+20\s+42/);
    expect(text).toContain('Employer gate: 5 attempts, 2 unlocked');
    expect(text).toContain('Contact messages: 1');
    expect(text).toMatch(/Googlebot\s+9/);
    expect(text).toContain('Sources (utm_source)\n  none');
  });
});
