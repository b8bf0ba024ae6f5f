/** "5 min read"; nothing for a post whose length was not counted (0). */
export function readingTime(minutes: number | undefined): string | null {
  return minutes ? `${minutes} min read` : null;
}
