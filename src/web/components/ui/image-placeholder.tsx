import { initials } from '../../../shared/initials.js';
import './image-placeholder.css';

/**
 * What stands where a product, post or category has no image: a tile of the accent with the
 * initials of its name, drawn by the stylesheet alone (no style attribute under the CSP). `tone`
 * (0 to 3) varies the tile's pattern so that neighbours differ. Decoration: the name is beside it.
 */
export function ImagePlaceholder({ name, className }: { name: string; className?: string }) {
  return (
    <div
      className={`image-placeholder image-placeholder--${toneOf(name)} ${className ?? ''}`.trim()}
      aria-hidden="true"
    >
      <span>{initials(name)}</span>
    </div>
  );
}

/** One of four patterns, by the name's letters: the same name always draws the same tile. */
export function toneOf(name: string): number {
  let sum = 0;
  for (const char of name) sum = (sum * 31 + char.codePointAt(0)!) % 997;
  return sum % 4;
}
