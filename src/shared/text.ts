/**
 * `text` without the copies of `char` that end it. A loop, not a pattern like `/\/+$/`: that one
 * retries from every character of a run, so a run of 16,000 before another character costs
 * ≈ 125 ms, and request paths and pasted text can hold such runs.
 */
export function withoutTrailing(text: string, char: string): string {
  const code = char.charCodeAt(0);
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === code) end -= 1;
  return text.slice(0, end);
}
