/**
 * Visitor text made safe for a terminal: escape sequences could otherwise move the cursor,
 * rewrite earlier lines or set the window title of whoever reads it.
 */
export const printable = (text: string) =>
  // eslint-disable-next-line no-control-regex -- the controls are what is replaced
  text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '\uFFFD');
