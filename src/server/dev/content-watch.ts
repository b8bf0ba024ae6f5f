import { basename, relative } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { isContentPath, isEditorFile } from './content-stage.js';

export interface ContentWatchOptions {
  /**
   * Whether the folder differs from what the last round read. Asked once the watcher is ready (a
   * save before it was is seen no other way) and after each round before going idle (a save
   * during a round, or one the watcher folded into an earlier event, is seen no other way).
   */
  changed?: () => Promise<boolean>;
  /** A burst of saves ends after this long without another (ms). */
  quietMs?: number;
  /** A burst that goes on is cut after this long, so a busy folder still shows progress (ms). */
  maxWaitMs?: number;
}

/**
 * Editors write a file several times when saving it (a backup, the file, its metadata): 40 ms
 * holds most bursts together and keeps well inside the second a save may take to show.
 */
const QUIET_MS = 40;
const MAX_WAIT_MS = 250;

/**
 * chokidar drops a file's `change` that comes within this long of its previous one, with no
 * trailing event: a save in that window after a round has gone idle is seen by one more look.
 */
const EVENT_THROTTLE_MS = 50;

/**
 * Watches a content folder (chokidar: native events, atomic saves seen as one change) and runs
 * `round` once per burst of changes, never two at once: a change during a round runs one more
 * round after it. What changed does not matter: each round looks at the whole folder. Events
 * only wake it: chokidar drops a file's second `change` within 50 ms of its first, so before going
 * idle it asks `changed` whether the folder still differs from what the last round read, and
 * asks again once those 50 ms have passed.
 */
export class ContentWatch {
  private watcher: FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;
  private burstStart: number | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;
  /** When the watcher last reported a change (performance.now()). */
  private lastEventAt = -Infinity;
  private readonly quietMs: number;
  private readonly maxWaitMs: number;
  private readonly changed: () => Promise<boolean>;

  constructor(
    private readonly dir: string,
    private readonly round: () => Promise<void>,
    options: ContentWatchOptions = {},
  ) {
    this.quietMs = options.quietMs ?? QUIET_MS;
    this.maxWaitMs = options.maxWaitMs ?? MAX_WAIT_MS;
    this.changed = options.changed ?? (() => Promise.resolve(false));
  }

  /** Resolves once the folder is watched; a change since the last round runs a round. */
  async start(): Promise<void> {
    const watcher = watch(this.dir, {
      ignoreInitial: true,
      ignored: (path) =>
        path !== this.dir &&
        (isEditorFile(basename(path)) || !isContentPath(relative(this.dir, path))),
    });
    this.watcher = watcher;
    watcher.on('all', () => {
      this.lastEventAt = performance.now();
      this.schedule();
    });
    await new Promise<void>((resolve, reject) => {
      watcher.once('ready', resolve);
      watcher.once('error', reject);
    });
    if (!this.timer && !this.running && (await this.changed())) this.schedule();
  }

  /** Resolves once no round runs and none is waiting (tests). */
  async settled(): Promise<void> {
    while (this.running || this.timer) {
      await (this.running ?? new Promise((resolve) => setTimeout(resolve, this.quietMs)));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.watcher?.close();
    await this.running;
  }

  private schedule(): void {
    const now = performance.now();
    this.burstStart ??= now;
    clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(this.quietMs, this.burstStart + this.maxWaitMs - now));
    this.timer = setTimeout(() => this.fire(), wait);
  }

  /** Runs a round (after `changed` says one is needed, when `checkFirst`), or one more after this. */
  private fire(checkFirst = false): void {
    this.timer = undefined;
    this.burstStart = undefined;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      if (checkFirst && !(await this.changed().catch(() => false))) return;
      do {
        this.again = false;
        await this.round();
        // A change the events did not wake us for is still a change. Set, never cleared here: an
        // event that fires while the folder is compared has set it already.
        if (!this.again && !this.timer && (await this.changed().catch(() => false)))
          this.again = true;
      } while (this.again);
    })().finally(() => {
      this.running = undefined;
      this.lookAfterThrottle();
    });
  }

  /**
   * Idle within chokidar's throttle of the last event: a save now would wake nobody, so the folder
   * is compared once more when that window has passed.
   */
  private lookAfterThrottle(): void {
    const since = performance.now() - this.lastEventAt;
    if (this.closed || this.timer || since >= EVENT_THROTTLE_MS) return;
    this.timer = setTimeout(() => this.fire(true), EVENT_THROTTLE_MS - since);
  }
}
