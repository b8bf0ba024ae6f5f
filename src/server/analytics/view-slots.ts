import type { Device } from './agents.js';
import type { Batch, Cell } from './batch.js';
import { KIND } from './count-kinds.js';
import type { Period } from './periods.js';

/** What a view adds to in one batch and hour: a page's or the site's views and visitors. */
export interface ViewSlot {
  /** The path counted: the page's, OTHER past the day's bound (day-values.ts), '' for the site. */
  path: string;
  views: Cell;
  seen: Set<number>;
}

/**
 * The cells and visitor sets a view adds to, found in the batch once per page and hour instead of
 * on every view (four nested maps a count, a cache miss each on a busy server). A cell stays its
 * batch's for the batch's life, so adding to the one kept is adding to the batch; the slots are
 * forgotten when the batch is taken or the hour ends. A page is kept under its own path only
 * when it was admitted as itself, so the slots are bounded as the day's paths are.
 */
export class ViewSlots {
  private batch: Batch | undefined;
  private hour: Period = '';
  private readonly pages = new Map<string, ViewSlot>();
  private siteSlot: ViewSlot | undefined;
  private readonly devices = new Map<Device, Cell>();

  /** Starts on `batch`'s `hour`, forgetting the slots of any other batch or hour. */
  in(batch: Batch, hour: Period): this {
    if (batch !== this.batch || hour !== this.hour) {
      this.batch = batch;
      this.hour = hour;
      this.pages.clear();
      this.siteSlot = undefined;
      this.devices.clear();
    }
    return this;
  }

  /** The slot of `page` this hour, if it was counted before. */
  known(page: string): ViewSlot | undefined {
    return this.pages.get(page);
  }

  /**
   * The slot of a page counted under `path`, what the day's paths admitted it as (its own path or
   * OTHER), on `day`.
   */
  page(day: Period, path: string): ViewSlot {
    let slot = this.pages.get(path);
    if (slot === undefined) {
      const batch = this.batch!;
      const views = batch.cell(day, KIND.view, path, '');
      slot = { path, views, seen: batch.seenOn(this.hour, path) };
      this.pages.set(path, slot);
    }
    return slot;
  }

  /** The site's views and visitors of the hour. */
  site(): ViewSlot {
    this.siteSlot ??= {
      path: '',
      views: this.batch!.cell(this.hour, KIND.view, '', ''),
      seen: this.batch!.seenOn(this.hour, ''),
    };
    return this.siteSlot;
  }

  /** The hour's views from `device`. */
  device(device: Device): Cell {
    let cell = this.devices.get(device);
    if (cell === undefined) {
      cell = this.batch!.cell(this.hour, KIND.device, '', device);
      this.devices.set(device, cell);
    }
    return cell;
  }
}
