/**
 * A post's `image` when its front matter names none: the field stays a string, as the
 * specification's card has it, and pages draw a tile of the post's initials in its place. Kept
 * apart from the schemas so that the web app takes it without the schema library.
 */
export const NO_IMAGE = '';
