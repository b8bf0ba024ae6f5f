/**
 * Values computed from the content and kept until it changes (`clear()`, called when the content
 * version moves). Concurrent askers share one computation; a failed one is not kept. With a
 * `limit`, the value kept longest makes room for a new one.
 */
export class ContentMemo<K, V> {
  private readonly values = new Map<K, Promise<V>>();

  constructor(private readonly limit = Infinity) {}

  get(key: K, compute: () => Promise<V>): Promise<V> {
    let value = this.values.get(key);
    if (!value) {
      const computing = compute();
      value = computing;
      if (this.values.size >= this.limit) this.values.delete(this.values.keys().next().value!);
      this.values.set(key, computing);
      computing.catch(() => {
        if (this.values.get(key) === computing) this.values.delete(key);
      });
    }
    return value;
  }

  clear(): void {
    this.values.clear();
  }

  /** Drops the values whose keys `drop` names. */
  dropWhere(drop: (key: K) => boolean): void {
    for (const key of [...this.values.keys()]) if (drop(key)) this.values.delete(key);
  }
}
