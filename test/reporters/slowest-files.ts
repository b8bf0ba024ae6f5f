/**
 * Prints the ten slowest test files of a run (SLOWEST_FILES=n: n of them), with the time each took
 * to import and to run its tests and hooks, so that growth is seen when it happens.
 */
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = Number(process.env.SLOWEST_FILES) || 10;

export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules.map((module) => {
      const { collectDuration, duration } = module.diagnostic();
      return {
        file: relative(process.cwd(), module.moduleId),
        project: module.project.name,
        collect: collectDuration,
        total: collectDuration + duration,
      };
    });
    rows.sort((a, b) => b.total - a.total);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
    const lines = rows
      .slice(0, SHOWN)
      .map(
        (row) =>
          `${seconds(row.total)} ${seconds(row.collect)}  ${row.file}${row.project ? ` (${row.project})` : ''}`,
      );
    console.log(
      `\nSlowest test files (total, of which import):\n${lines.join('\n')}\n` +
        `${rows.length} files, ${seconds(rows.reduce((sum, row) => sum + row.total, 0)).trim()} in all\n`,
    );
  }
}
