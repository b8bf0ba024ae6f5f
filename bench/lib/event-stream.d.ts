// Types of event-stream.js, for the tests that use it.
export function readEvents<T = unknown>(
  body: AsyncIterable<Uint8Array>,
  onData: (data: T) => void,
): Promise<void>;
