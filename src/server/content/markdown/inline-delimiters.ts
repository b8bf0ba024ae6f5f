/**
 * Open emphasis delimiters of one character (`*`, `_` or `~`), paired as CommonMark pairs them:
 * a closer takes from the nearest opener. Only pairs nest, so an opener that is never closed (a
 * pointer's `*p`, a blank to fill in, `____.`) adds no depth.
 *
 * Marked tries each run that may open as an opener, searching on for its closer at most as far
 * as the last run that may close (`lastCloser`): `work` counts the characters of those searches.
 * An opener paired with a closer of its own length (`*so*`, `2*3*4`) costs the distance between
 * them, as Marked pairs those alike; every other try is counted at its most, since Marked's
 * pairing of runs of other lengths differs from CommonMark's (its rule of three).
 */
export class Delimiters {
  /** Characters of each open run not yet matched, innermost last. */
  private readonly open: number[] = [];
  /** The deepest pair closed inside each open run. */
  private readonly inner: number[] = [];
  private readonly at: number[] = [];
  private readonly length: number[] = [];
  /** Where the tries counted at their most start. */
  private readonly longest: number[] = [];
  deepest = 0;
  work = 0;

  /** A run that may close; returns its characters left unmatched. */
  close(count: number, position: number): number {
    const length = count;
    while (count > 0 && this.open.length) {
      const top = this.open.length - 1;
      const taken = Math.min(this.open[top]!, count);
      const depth = this.inner[top]! + taken;
      this.deepest = Math.max(this.deepest, depth);
      count -= taken;
      this.open[top] = this.open[top]! - taken;
      if (this.open[top] === 0) {
        if (this.length[top] === length) this.work += position - this.at[top]!;
        else this.longest.push(this.at[top]!);
        this.open.pop();
        this.inner.pop();
        this.at.pop();
        this.length.pop();
        if (top > 0) this.inner[top - 1] = Math.max(this.inner[top - 1]!, depth);
      } else this.inner[top] = depth;
    }
    return count;
  }

  /** A run that may open, with `count` of its characters left after what it closed. */
  opens(count: number, position: number): void {
    if (count === 0) return; // it closed: Marked does not try it as an opener
    this.open.push(count);
    this.inner.push(0);
    this.at.push(position);
    this.length.push(count);
  }

  /** The text ended: what Marked's searches cost in all. */
  finish(lastCloser: () => number): number {
    for (const at of this.at) this.longest.push(at);
    if (this.longest.length === 0) return this.work;
    const last = lastCloser();
    for (const at of this.longest) this.work += Math.max(0, last - at);
    return this.work;
  }
}

/**
 * Where each code span of an inline text ends, by where it starts: a run of backticks closes at
 * the next run of the same length. One pass, so a text of many unmatched runs stays linear.
 */
export function codeSpans(text: string): Map<number, number> {
  const runs: Array<[start: number, length: number]> = [];
  for (let i = text.indexOf('`'); i !== -1; i = text.indexOf('`', i)) {
    if (i > 0 && text.charCodeAt(i - 1) === 92 /* \ */) {
      i += 1;
      continue;
    }
    let end = i + 1;
    while (text.charCodeAt(end) === 96) end++;
    runs.push([i, end - i]);
    i = end;
  }
  const spans = new Map<number, number>();
  const nextOfLength = new Map<number, number>();
  const closerOf: number[] = [];
  for (let r = runs.length - 1; r >= 0; r--) {
    closerOf[r] = nextOfLength.get(runs[r]![1]) ?? -1;
    nextOfLength.set(runs[r]![1], r);
  }
  for (let r = 0; r < runs.length; r++) {
    const closer = closerOf[r]!;
    if (closer === -1) continue;
    spans.set(runs[r]![0], runs[closer]![0] + runs[closer]![1]);
    r = closer;
  }
  return spans;
}
