import { isAbsolute, relative, sep } from 'node:path';
import { ContentFileError, ImportError } from '../content/content-errors.js';
import { importContent, type ImportSummary } from '../content/import.service.js';
import type { Store } from '../db/connection.js';
import { ContentStage } from './content-stage.js';
import type { DevProblem } from './dev-events.js';

export interface DevImportResult {
  /** The import that was committed; absent when nothing could be imported. */
  summary?: ImportSummary;
  /** Every problem of the writer's files; those files keep their last good version. */
  problems: DevProblem[];
  /** The content paths saved, added or removed since the last round. */
  touched: string[];
}

/**
 * Putting one bad file back can uncover another (a post whose category the broken site.yaml
 * had added): a few rounds of putting back, then everything changed is put back at once.
 */
const MAX_ATTEMPTS = 4;

/** `line 12`, `at line 12, column 3`, or a leading `12:` / `12:3:` of a problem. */
const LINE_IN_PROBLEM = /^(\d+)(?::\d+)?: |\bline (\d+)\b/;
/** A file named with its line, `posts/a.md:3` or `posts/a.md:3:7`. */
const FILE_WITH_LINE = /^(.*?):(\d+)(?::\d+)?$/;

/** Each problem of a refused file as the writer reads it: file, line when known, problem. */
export function devProblems(error: ContentFileError, contentDir: string): DevProblem[] {
  const named = isAbsolute(error.file) ? relative(contentDir, error.file) : error.file;
  const withLine = FILE_WITH_LINE.exec(named);
  const file = withLine ? withLine[1]! : named;
  // The import names the line of a problem beside it when it knows it, else in its words.
  const lines = (error as { lines?: readonly (number | undefined)[] }).lines ?? [];
  return error.problems.map((problem, i) => {
    const match = LINE_IN_PROBLEM.exec(problem);
    const line = Number(lines[i] ?? withLine?.[2] ?? match?.[1] ?? match?.[2]) || undefined;
    return { file, ...(line ? { line } : {}), problem };
  });
}

/**
 * The import of `postfolio dev`: the writer's folder is copied into a stage and imported with
 * prune, so that a deleted or renamed file disappears. A file the import refuses is reported
 * and put back to its last good version (content-stage.ts), and the rest is imported without
 * it: one broken post never holds back the others, and never takes the site down.
 */
export class DevImporter {
  private readonly stage: ContentStage;

  constructor(
    private readonly store: Store,
    private readonly options: { contentDir: string; workDir: string; imagesDir: string },
  ) {
    this.stage = new ContentStage(options.contentDir, options.workDir);
  }

  /** Whether the writer's folder differs from what the last round read. */
  changedSinceRound(): Promise<boolean> {
    return this.stage.changedSinceSync();
  }

  /** One round: the folder as saved now, imported as far as it can be. */
  async run(): Promise<DevImportResult> {
    const { touched, refused } = await this.stage.sync();
    const changed = [...touched].sort();
    const problems = new Map<string, DevProblem>();
    const report = (failure: ContentFileError) => {
      for (const problem of devProblems(failure, this.stage.stageDir))
        problems.set(`${problem.file}\0${problem.problem}`, problem);
    };
    refused.forEach(report);
    for (let attempt = 1; ; attempt++) {
      try {
        const summary = await importContent(this.store, {
          contentDir: this.stage.stageDir,
          imagesDir: this.options.imagesDir,
          prune: true,
        });
        await this.stage.keep(touched);
        // Named by their place in the site folder, not in its staged copy.
        const stage = `${this.stage.stageDir}${sep}`;
        const warnings = summary.warnings.map((w) =>
          w.startsWith(stage) ? w.slice(stage.length) : w,
        );
        return {
          summary: { ...summary, warnings },
          problems: [...problems.values()],
          touched: changed,
        };
      } catch (error) {
        if (!(error instanceof ImportError)) throw error;
        error.failures.forEach(report);
        const named = error.failures
          .map((failure) => devProblems(failure, this.stage.stageDir)[0]?.file ?? '')
          .filter((file) => touched.has(file));
        // Nothing saved this round is to blame (or it keeps failing): show the last good site.
        const putBack = attempt < MAX_ATTEMPTS && named.length ? named : [...touched];
        if (putBack.length === 0) return { problems: [...problems.values()], touched: changed };
        for (const file of putBack) {
          await this.stage.revert(file);
          touched.delete(file);
        }
      }
    }
  }
}
