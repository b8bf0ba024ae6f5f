/** Answers up to this many bytes are encoded through the scratch space; longer ones directly. */
const SCRATCH_BYTES = 256 * 1024;
const scratch = Buffer.allocUnsafeSlow(SCRATCH_BYTES);
const encoder = new TextEncoder();

/**
 * The UTF-8 bytes of an answer's text, in a buffer of their own. `Buffer.from(text)` walks the
 * text twice, once to measure it and once to write it, and a page holding any character past
 * Latin-1 is a two-byte string, slow on both walks: 140 against 68 µs for a 57 KB post page.
 * Encoding into scratch space walks it once; the copy out is a memcpy. Synchronous, so the one
 * scratch buffer serves every request.
 */
export function utf8Bytes(text: string): Buffer {
  const { read, written } = encoder.encodeInto(text, scratch);
  if (read < text.length) return Buffer.from(text);
  const bytes = Buffer.allocUnsafeSlow(written);
  scratch.copy(bytes, 0, 0, written);
  return bytes;
}
