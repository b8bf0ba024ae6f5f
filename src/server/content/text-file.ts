import { ContentFileError } from './content-errors.js';

/** Strict: a byte that is not UTF-8 is an error, not a silent U+FFFD. A leading BOM is dropped. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Where the first invalid UTF-8 sequence of `bytes` starts (RFC 3629), or -1. */
export function invalidUtf8Offset(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) low = 0xa0; // overlong
      if (lead === 0xed) high = 0x9f; // surrogates
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) low = 0x90; // overlong
      if (lead === 0xf4) high = 0x8f; // above U+10FFFF
    } else return i;
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k];
      if (next === undefined || next < (k === 1 ? low : 0x80) || next > (k === 1 ? high : 0xbf))
        return i;
    }
    i += length;
  }
  return -1;
}

/** The 1-based line of a position: newlines before it, plus one. */
export function lineAt(text: string | Uint8Array, position: number): number {
  let line = 1;
  for (let i = 0; i < position; i++) if (text[i] === '\n' || text[i] === 0x0a) line += 1;
  return line;
}

/**
 * The text of a content file (a post or site.yaml), named `path` in errors. Refused: bytes that
 * are not UTF-8, and NUL, which PostgreSQL cannot store in text (SQLite would), so that a folder
 * imports the same into either engine.
 */
export function decodeContentText(bytes: Uint8Array, path: string): string {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    const offset = invalidUtf8Offset(bytes);
    const where = offset === -1 ? '' : ` (byte offset ${offset}, line ${lineAt(bytes, offset)})`;
    throw new ContentFileError(path, [`is not valid UTF-8${where}; save it as UTF-8`]);
  }
  const nul = text.indexOf('\0');
  if (nul !== -1)
    throw new ContentFileError(path, [
      `line ${lineAt(text, nul)}: contains a NUL character (U+0000); remove it`,
    ]);
  return text;
}

/**
 * The first field of parsed YAML holding a NUL (written as an escape, `"\0"` or `"\u0000"`),
 * as `a.b.0`, or undefined. Keys are checked too.
 */
export function fieldWithNul(value: unknown, at = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? at || '(root)' : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const field = at ? `${at}.${key}` : key;
    if (key.includes('\0')) return field;
    const found = fieldWithNul(item, field);
    if (found) return found;
  }
  return undefined;
}
