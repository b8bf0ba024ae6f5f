import { afterEach, describe, expect, it } from 'vitest';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/stores.js';
import { readStats } from '../../cli/stats-command.js';
import type { AnalyticsConfig } from './analytics-config.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { byKey, type CountRow } from './batch.js';
import { OTHER } from './count-kinds.js';
import { FOLD_TOP } from './folds.js';
import { Salts } from './salts.js';
import { keepUp } from './upkeep.js';

const NOW = Date.parse('2026-05-04T12:00:00Z');
const CONFIG: AnalyticsConfig = {
  enabled: true,
  flushMs: 5000,
  hourlyDays: 7,
  dailyDays: 90,
  retentionDays: 730,
  beacon: false,
};
const PATHS = 60;

/**
 * A day of rows as the server writes them: PATHS pages with i + 1 views an hour each (by the day),
 * the site's views and visitors and a search by the hour.
 */
function dayRows(day: string): CountRow[] {
  const rows: CountRow[] = [];
  for (let i = 0; i < PATHS; i++)
    rows.push({
      period: day,
      kind: 'view',
      path: `/p-${i}`,
      value: '',
      count: 24 * (i + 1),
      peak: 0,
    });
  for (let hour = 0; hour < 24; hour++) {
    const period = `${day}T${String(hour).padStart(2, '0')}`;
    const views = (PATHS * (PATHS + 1)) / 2;
    rows.push({ period, kind: 'view', path: '', value: '', count: views, peak: 0 });
    rows.push({ period, kind: 'visitors', path: '', value: '', count: 3, peak: 0 });
    rows.push({ period, kind: 'search', path: '', value: 'words', count: 1, peak: hour });
  }
  return rows.sort(byKey);
}

const VIEWS_A_DAY = 24 * ((PATHS * (PATHS + 1)) / 2);

async function periods(store: TestStore) {
  const rows = await store.store.db
    .selectFrom('analytics_counts')
    .select(['period'])
    .distinct()
    .orderBy('period')
    .execute();
  return rows.map((row) => row.period);
}

describe.each(ENGINES)('keeping the counts small on %s', (engine) => {
  let test: TestStore | undefined;
  afterEach(async () => {
    await test?.drop();
    test = undefined;
  });

  it('folds old hours into days and old days into months, keeps totals, deletes what is past', async () => {
    test = await createTestStore(engine);
    const repository = new AnalyticsRepository(test.store.db);
    const salts = new Salts(repository);
    for (const day of ['2026-01-10', '2026-01-11', '2026-04-20', '2026-05-03'])
      await repository.write(dayRows(day), []);
    await repository.write(
      [{ period: '2024-01-01T00', kind: 'view', path: '', value: '', count: 5, peak: 0 }],
      [],
    );
    for (const day of ['2026-05-03', '2026-05-04']) {
      const hash = await salts.hasher(day);
      await repository.write(
        [],
        [{ hour: `${day}T01`, marks: [{ path: '', visitor: hash('a') }] }],
      );
    }
    const before = await readStats(test.store, 200, NOW);

    // Two processes at once: each row is folded by one of them.
    await Promise.all([
      keepUp(repository, salts, CONFIG, NOW),
      keepUp(new AnalyticsRepository(test.store.db), new Salts(repository), CONFIG, NOW),
    ]);

    const kept = await periods(test);
    expect(kept.filter((p) => p.startsWith('2026-01'))).toEqual(['2026-01']);
    expect(kept.filter((p) => p.startsWith('2026-04'))).toEqual(['2026-04-20']);
    // The last week keeps its hours, and its pages by the day.
    expect(kept.filter((p) => p.startsWith('2026-05-03'))).toHaveLength(25);
    expect(kept.some((p) => p.startsWith('2024'))).toBe(false);

    const after = await readStats(test.store, 200, NOW);
    expect(after.totals).toEqual(before.totals);
    expect(after.totals.views).toBe(4 * VIEWS_A_DAY);
    expect(after.searches).toEqual([{ words: 'words', count: 96, found: 23 }]);
    // A folded day keeps its largest pages and adds the rest up.
    const april = await readStats(test.store, 15, Date.parse('2026-04-30T00:00:00Z'));
    expect(april.pages).toHaveLength(FOLD_TOP.view + 1);
    expect(april.pages.find((p) => p.path === OTHER)?.views).toBe(
      24 * (((PATHS - FOLD_TOP.view) * (PATHS - FOLD_TOP.view + 1)) / 2),
    );
    expect(april.days.find((d) => d.day === '2026-04-20')).toEqual({
      day: '2026-04-20',
      views: VIEWS_A_DAY,
      visitors: 72,
    });

    // The day before's visitor hashes and salt are gone; today's stay.
    const marks = await test.store.db.selectFrom('analytics_visitors').select('day').execute();
    expect(marks.map((m) => m.day)).toEqual(['2026-05-04']);
    const saltDays = await test.store.db.selectFrom('analytics_salts').select('day').execute();
    expect(saltDays.map((s) => s.day)).toEqual(['2026-05-04']);

    // Running it again changes nothing.
    await keepUp(repository, salts, CONFIG, NOW);
    expect(await periods(test)).toEqual(kept);
    expect((await readStats(test.store, 200, NOW)).totals).toEqual(before.totals);
  });
});
