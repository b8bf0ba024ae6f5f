import { initials } from '../../../shared/initials.js';
import { Picture } from '../../components/ui/picture.js';
import type { OwnerImage } from './owner-image.js';

/** How wide a logo is drawn at most: 2.25rem high, up to four times as wide (owner.css). */
const LOGO_SIZES = '9rem';

/**
 * The top bar's logo, beside the site's title that names the link: the brand's image, or else a
 * monogram of the author's initials. Decoration either way (the title says it).
 */
export function BrandMark({ author, logo }: { author: string; logo?: OwnerImage }) {
  if (logo)
    return <Picture {...logo} className="brand-mark" alt="" sizes={LOGO_SIZES} loading="eager" />;
  return (
    <span className="brand-mark brand-mark--monogram" aria-hidden="true">
      {initials(author)}
    </span>
  );
}
