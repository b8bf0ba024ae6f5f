/**
 * Where a page carries its hydration data: a JSON data block that is a direct child of `<body>`,
 * after the app's root. Post HTML lives inside the root, so no content can stand in for it, and
 * the client never looks it up by id (an id is what content could clobber).
 */
export const HYDRATION_DATA_SELECTOR = 'body > script[type="application/json"][data-hydration]';

/** The data block for `json`, which must already be escaped for a script context. */
export function hydrationDataTag(escapedJson: string): string {
  return `<script type="application/json" data-hydration>${escapedJson}</script>`;
}
