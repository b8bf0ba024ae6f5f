import { executionAsyncResource } from 'node:async_hooks';

/** The tick object kept for the life of the process; see keepTickShape. */
let keptTick: object | undefined;

/**
 * Keeps one of `process.nextTick`'s tick objects alive for the life of the process, so that the
 * hidden classes (maps) of its shape never die. Node 24 builds each tick with computed keys
 * (`{ [async_id_symbol]: …, [trigger_async_id_symbol]: …, [async_context_frame]: …, callback,
 * args }`), and V8 13.6's Runtime_DefineKeyedOwnPropertyInLiteral remembers the map it saw for
 * each key weakly; when a full GC runs while no tick object is alive, those maps die, and the next
 * tick finds the remembered map cleared, takes that for a second map and marks the site
 * megamorphic for good: from then on optimized nextTick defines every property of every tick
 * through that runtime call (16 calls, about 21 k instructions, an answer). The bundled server met
 * such a GC while loading its plugins, at every start. Resolves once the tick is kept.
 */
export function keepTickShape(): Promise<void> {
  if (keptTick) return Promise.resolve();
  return new Promise((resolve) =>
    // Inside a nextTick callback the execution's resource is the tick object itself.
    process.nextTick(() => {
      keptTick = executionAsyncResource();
      resolve();
    }),
  );
}

/** The kept tick object, for the test. */
export const keptTickObject = (): object | undefined => keptTick;
