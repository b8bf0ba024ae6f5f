import { initials } from '../../../shared/initials.js';
import type { OwnerLink } from '../../../shared/schemas/brand.js';
import { Picture } from '../../components/ui/picture.js';
import type { OwnerImage } from './owner-image.js';
import { OwnerLinkList } from './owner-link-list.js';

/** The photo's size on every screen (owner.css): small enough for a phone beside the name. */
const PHOTO_SIZES = '4.5rem';

/**
 * The end of a post: who wrote it, with their photo (or initials), role and links. Below the
 * fold, so the photo loads lazily; its width and height are set, so nothing moves when it does.
 */
export function AuthorBox({
  name,
  role,
  photo,
  links,
}: {
  name: string;
  role?: string;
  photo?: OwnerImage;
  links: readonly OwnerLink[];
}) {
  return (
    <footer className="author-box">
      {photo ? (
        <Picture {...photo} className="author-box__photo" alt="" sizes={PHOTO_SIZES} />
      ) : (
        <span className="author-box__photo author-box__photo--initials" aria-hidden="true">
          {initials(name)}
        </span>
      )}
      <div className="author-box__text">
        <p className="author-box__eyebrow">Written by</p>
        <p className="author-box__name">{name}</p>
        {role && <p className="author-box__role">{role}</p>}
        <OwnerLinkList links={links} />
      </div>
    </footer>
  );
}
