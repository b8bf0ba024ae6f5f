import { Type } from 'typebox';

/** Control characters, whitespace (Unicode's too) and backslashes: never part of a written URL. */
const UNSAFE_IN_URL = /[\s\p{Cc}\p{Cf}\\]/u;

/** How an error shows a value: quoted and escaped, and cut when long. */
export function shown(value: string): string {
  const quoted = JSON.stringify(value.length > 120 ? `${value.slice(0, 120)}…` : value);
  // JSON leaves format characters such as U+202E as they are; a terminal would act on them.
  return quoted.replace(/\p{Cf}/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function isAbsoluteHttpUrl(value: string): boolean {
  // After the scheme, a host must follow: `https:///x` and `https:/x` are read as another host.
  if (!/^https?:\/\/[^/]/i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === ''
  );
}

/** Site-relative: one slash, then not a second one (`//host`) nor a backslash (`/\host`). */
const isSitePath = (value: string) => value.startsWith('/') && !/^\/[/\\]/.test(value);

const isMailto = (value: string) => /^mailto:[^@]+@[^@]+$/i.test(value);

export interface UrlRules {
  /** Site paths (`/resume`) allowed: false for the site's own address. */
  paths?: boolean;
  mailto?: boolean;
}

/**
 * Why a URL written in the content is refused, or undefined when it is fine: an absolute
 * http(s) URL with a host, a path starting with exactly one `/`, or (when allowed) `mailto:`.
 * Browsers read `//host/x` and `/\host/x` as links to another host, so neither is a path.
 */
export function urlProblem(value: string, rules: UrlRules = {}): string | undefined {
  const { paths = true, mailto = false } = rules;
  const fine =
    !UNSAFE_IN_URL.test(value) &&
    (isAbsoluteHttpUrl(value) || (paths && isSitePath(value)) || (mailto && isMailto(value)));
  if (fine) return undefined;
  const forms = [
    'https://…',
    ...(mailto ? ['mailto:…'] : []),
    ...(paths ? ['a path starting with /'] : []),
  ];
  const write = forms.length > 1 ? `${forms.slice(0, -1).join(', ')} or ${forms.at(-1)}` : forms[0];
  return `${shown(value)} is not ${paths ? 'a URL' : 'an absolute http(s) URL'}; write ${write}`;
}

/** A URL field of the content: checked by `urlProblem`, whose reason is the schema's error. */
export const ContentUrl = (rules: UrlRules = {}, maxLength = 2000) =>
  Type.Refine(
    Type.String({ maxLength }),
    (value) => urlProblem(value, rules) === undefined,
    (value) => urlProblem(value, rules) ?? '',
  );

/** Text a person must write: not empty, nor only spaces. */
export const NonBlankText = (maxLength = 2000) =>
  Type.Refine(
    Type.String({ maxLength }),
    (value) => value.trim() !== '',
    () => 'is blank; write some text',
  );

/**
 * A bare file name of the content's images/ folder, with the extension of a format the import
 * publishes (image-publication.ts), as a JSON Schema pattern: front matter and site.yaml name
 * their images by it, and post bodies are read for it (any case there: IMG_0042.JPG).
 */
export const IMAGE_FILE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]*\\.(svg|webp|png|jpe?g|gif|avif)$';

/** A field naming a file of images/. */
export const ImageFile = () =>
  Type.String({
    pattern: IMAGE_FILE_PATTERN,
    patternErrorMessage:
      'not an image file name; write the name of a file in images/ ending in .svg, .webp, .png, .jpg, .gif or .avif, e.g. cover.webp',
  });
