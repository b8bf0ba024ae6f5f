import cliProgress from 'cli-progress';

/** What a long step calls as it goes: `done` items of `total`. */
export type ProgressCallback = (done: number, total: number) => void;

/** Where progress is written: stderr, so that stdout stays the command's answer. */
export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface ProgressOptions {
  output?: ProgressOutput;
  /** Milliseconds on a clock that only moves forward; tests move it by hand. */
  now?: () => number;
}

/** A rate is measured over about this much of the latest time: a stage that slows down shows it. */
const RATE_WINDOW_MS = 10_000;
/** Samples are this far apart, and no rate is given before this much time: it would be noise. */
const SAMPLE_MS = 1_000;

/** Items a second over the latest RATE_WINDOW_MS (or since the start), and the time left at that pace. */
export class RateMeter {
  readonly #now: () => number;
  readonly #samples: Array<{ at: number; done: number }>;

  constructor(now: () => number, startedAt = now()) {
    this.#now = now;
    this.#samples = [{ at: startedAt, done: 0 }];
  }

  record(done: number): void {
    const at = this.#now();
    if (at - this.#samples.at(-1)!.at >= SAMPLE_MS) this.#samples.push({ at, done });
    // The oldest sample kept is the newest one at least a window old.
    while (this.#samples.length > 2 && at - this.#samples[1]!.at >= RATE_WINDOW_MS)
      this.#samples.shift();
  }

  /** Items a second; undefined before a second has passed. */
  rate(done: number): number | undefined {
    const first = this.#samples[0]!;
    const elapsed = this.#now() - first.at;
    return elapsed < SAMPLE_MS ? undefined : ((done - first.done) * 1000) / elapsed;
  }

  /** Seconds left at the current rate; undefined while there is none. */
  secondsLeft(done: number, total: number): number | undefined {
    const rate = this.rate(done);
    return rate ? Math.max(0, (total - done) / rate) : undefined;
  }
}

/** 0.4 s, 9.9 s, 184 s. */
export function formatSeconds(seconds: number): string {
  return seconds < 10 ? `${seconds.toFixed(1)} s` : `${Math.round(seconds)} s`;
}

/** 543/s, 3.8/s. */
export function formatRate(perSecond: number): string {
  return `${perSecond >= 10 ? Math.round(perSecond) : perSecond.toFixed(1)}/s`;
}

/** 42 s, 3 min 05 s, 1 h 02 min. */
export function formatTimeLeft(seconds: number): string {
  const s = Math.ceil(seconds);
  const two = (n: number) => String(n).padStart(2, '0');
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${two(Math.floor((s % 3600) / 60))} min`;
  if (s >= 60) return `${Math.floor(s / 60)} min ${two(s % 60)} s`;
  return `${s} s`;
}

interface Stage {
  what: string;
  startedAt: number;
  meter: RateMeter;
  bar?: cliProgress.SingleBar;
  done: number;
  total: number;
}

/**
 * Progress of a command's long stages. On a terminal, a bar redrawn in place with done/total,
 * the rate and the time left; elsewhere nothing while a stage runs. Either way each stage ends
 * on one line, `import: 100000 post files read in 184 s (543/s)`. A stage's time runs from the
 * end of the stage before (or the reporter's making), or from its own report of 0 done.
 */
export class Progress {
  readonly #command: string;
  readonly #output: ProgressOutput;
  readonly #now: () => number;
  #current?: Stage;
  #lastEnd: number;

  constructor(command: string, options: ProgressOptions = {}) {
    this.#command = command;
    this.#output = options.output ?? process.stderr;
    this.#now = options.now ?? (() => performance.now());
    this.#lastEnd = this.#now();
  }

  /** The callback of one stage, named by what its items go through: `stage('post files read')`. */
  stage(what: string): ProgressCallback {
    let stage: Stage | undefined;
    return (done, total) => {
      stage ??= this.#begin(what, done === 0 ? this.#now() : this.#lastEnd);
      stage.done = done;
      stage.total = total;
      stage.meter.record(done);
      if (this.#output.isTTY && done < total) stage.bar ??= this.#bar(stage);
      stage.bar?.setTotal(total);
      stage.bar?.update(done);
      if (done >= total && this.#current === stage) this.#end(stage);
    };
  }

  /** Stops a stage left unfinished (a failed step): its bar is cleared, no line is written. */
  close(): void {
    this.#current?.bar?.stop();
    this.#current = undefined;
  }

  #begin(what: string, startedAt: number): Stage {
    this.close();
    const stage: Stage = {
      what,
      startedAt,
      meter: new RateMeter(this.#now, startedAt),
      done: 0,
      total: 0,
    };
    this.#current = stage;
    return stage;
  }

  #bar(stage: Stage): cliProgress.SingleBar {
    const bar = new cliProgress.SingleBar({
      stream: this.#output as NodeJS.WritableStream,
      clearOnComplete: true,
      format: (options, params) => this.#barLine(stage, options, params.progress),
    });
    bar.start(stage.total, stage.done);
    return bar;
  }

  /** `import: post files read [=====-----] 45000/100000 · 543/s · 3 min 05 s left` */
  #barLine(stage: Stage, options: cliProgress.Options, progress: number): string {
    const rate = stage.meter.rate(stage.done);
    const left = stage.meter.secondsLeft(stage.done, stage.total);
    return [
      `${this.#command}: ${stage.what} [${cliProgress.Format.BarFormat(progress, options)}]`,
      ` ${stage.done}/${stage.total}`,
      rate === undefined ? '' : ` · ${formatRate(rate)}`,
      left === undefined ? '' : ` · ${formatTimeLeft(left)} left`,
    ].join('');
  }

  #end(stage: Stage): void {
    this.close();
    this.#lastEnd = this.#now();
    const seconds = (this.#lastEnd - stage.startedAt) / 1000;
    const rate = seconds > 0 && stage.total > 0 ? ` (${formatRate(stage.total / seconds)})` : '';
    this.#output.write(
      `${this.#command}: ${stage.total} ${stage.what} in ${formatSeconds(seconds)}${rate}\n`,
    );
  }
}
