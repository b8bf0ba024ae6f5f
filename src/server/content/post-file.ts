import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { basename } from 'node:path';
import { Type, type Static } from 'typebox';
import { ImageFile, NonBlankText } from '../../shared/schemas/content-fields.js';
import { SLUG_MAX, slugify, slugProblem } from '../../shared/slugs.js';
import type { TocEntry } from '../../shared/schemas/api.js';
import { NO_IMAGE } from '../../shared/post-image.js';
import { renderMarkdown } from './markdown/markdown.js';
import { isDefaultPair } from './markdown/code-theme-sources.js';
import type { RenderOptions } from './markdown/extensions.js';
import { readingStats } from './markdown/reading-stats.js';
import { tableOfContents } from './markdown/toc.js';
import { containerNestingProblems, MarkdownLimitError } from './markdown/nesting-limits.js';
import { htmlToText, sanitizePostHtml } from './markdown/sanitize.js';
import { ContentFileError } from './content-errors.js';
import { validate } from './schema-errors.js';
import { FRONT_DATE_PATTERN } from './front-date.js';
import { splitFrontMatter } from './front-matter.js';
import { postExtras, type PostExtras } from './post-extras.js';
import { TAG_NAME_MAX, TAGS_MAX } from '../../shared/schemas/tags.js';
import { decodeContentText, fieldWithNul, lineAt } from './text-file.js';
import { parseYamlSource, YamlSyntaxError, type YamlSource } from './yaml-source.js';

/**
 * Bump when rendering or checking changes, so that a re-import re-renders every post. (8: tables
 * are tab stops, task list checkboxes are named by their state.)
 */
export const RENDER_VERSION = 8;

/** What a date of the front matter must look like, in words (errors and the JSON Schema). */
const DATE_WORDS = 'not a date; write 2026-05-05 or 2026-05-05T10:00:00Z';

/** The file names a post may have: `.md`, or `.markdown` as some editors save them. */
export const POST_FILE_SUFFIXES = ['.md', '.markdown'] as const;

export const FrontMatter = Type.Object(
  {
    title: NonBlankText(300),
    slug: Type.Optional(Type.String({ minLength: 1, maxLength: SLUG_MAX })),
    category: NonBlankText(80),
    summary: Type.Optional(NonBlankText(600)),
    /** The cover; without one, cards show a tile of the accent and the post's initials. */
    image: Type.Optional(ImageFile()),
    date: Type.String({
      pattern:
        '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?$',
      patternErrorMessage: DATE_WORDS,
    }),
    draft: Type.Boolean({ default: false }),
    /** Shown on the post and its card, each with a page `/tag/{slug}` (post-extras.ts). */
    tags: Type.Optional(Type.Array(NonBlankText(TAG_NAME_MAX), { maxItems: TAGS_MAX })),
    /** When the post was last revised, shown beside its date. */
    updated: Type.Optional(
      Type.String({ pattern: FRONT_DATE_PATTERN, patternErrorMessage: DATE_WORDS }),
    ),
    /** The cover's text alternative; the title when absent. */
    image_alt: Type.Optional(NonBlankText(300)),
    /** Old slugs that answer 301 to this post (checked with the others in slug-history.ts). */
    aliases: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: SLUG_MAX }), { maxItems: 100 }),
    ),
  },
  { additionalProperties: false },
);
export type FrontMatter = Static<typeof FrontMatter>;

/** A post file turned into what the store holds. */
export interface ParsedPost extends PostExtras {
  slug: string;
  title: string;
  categorySlug: string;
  summary: string;
  image: string;
  publishedAt: string;
  draft: boolean;
  html: string;
  text: string;
  /** Every image file the post needs: the cover and the body's. */
  images: string[];
  wordCount: number;
  readingMinutes: number;
  /** Empty below three headings. */
  toc: TocEntry[];
  /** Old slugs of the front matter's `aliases`, each once, as written. */
  aliases: string[];
}

export { ContentFileError };

/**
 * What a post's stored HTML was rendered from: its file and the rendering, itself and the site's
 * options; the default code themes add nothing, so that their hashes stay as they were.
 */
export function sourceHash(raw: string, options: RenderOptions = {}): string {
  const themes = options.codeThemes;
  const code = themes && !isDefaultPair(themes) ? ` code ${themes.light} ${themes.dark}` : '';
  return createHash('sha256').update(`${RENDER_VERSION}${code}\n${raw}`).digest('hex');
}

function summaryFrom(text: string): string {
  if (text.length <= 240) return text;
  const cut = text.slice(0, 240);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 160 ? cut.lastIndexOf(' ') : 240)}…`;
}

/** A post file to load: where it is, and the hash under which the store already holds it. */
export interface PostSource {
  file: string;
  /** The path relative to the content folder, as errors and the store name it. */
  path: string;
  /** When the file still hashes to this, it is not parsed again. */
  knownHash?: string;
  /** The site's options of the render (site.yaml's code themes). */
  render?: RenderOptions;
}

/** A loaded post file: its hash, and the parsed post unless the hash was already known. */
export interface LoadedPost {
  hash: string;
  post?: ParsedPost;
}

/**
 * The largest post file an import takes. A long article is tens of kilobytes; this leaves room
 * for inline data images while keeping a parser thread's heap well inside its bound.
 */
export const MAX_POST_BYTES = 4 * 1024 * 1024;

/** Rounded up, so a file just over the limit does not read as the limit itself. */
const megabytes = (bytes: number) => `${Math.ceil((bytes / 2 ** 20) * 10) / 10} MB`;

/**
 * The bytes of a post file, its size checked before any is read: the same open, fstat, read and
 * close that `readFileSync` makes, so a file of gigabytes is refused without being read.
 */
function readPostBytes(file: string, path: string): Buffer {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const { size } = fstatSync(fd);
    if (size > MAX_POST_BYTES)
      throw new ContentFileError(path, [
        `is ${megabytes(size)}; a post file may be at most ${megabytes(MAX_POST_BYTES)}`,
      ]);
    const bytes = Buffer.allocUnsafe(size);
    let read = 0;
    while (read < size) {
      const n = readSync(fd, bytes, read, size - read, null);
      if (n === 0) break; // the file shrank since fstat
      read += n;
    }
    return bytes.subarray(0, read);
  } catch (error) {
    if (error instanceof ContentFileError) throw error;
    throw new ContentFileError(path, [`cannot be read (${(error as NodeJS.ErrnoException).code})`]);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Reads, hashes and (unless unchanged) parses one post file; throws ContentFileError. */
export function loadPostFile({ file, path, knownHash, render }: PostSource): LoadedPost {
  const raw = decodeContentText(readPostBytes(file, path), path);
  const hash = sourceHash(raw, render);
  return hash === knownHash ? { hash } : { hash, post: parsePostFile(path, raw, render) };
}

/** Parses, validates, renders and sanitizes one Markdown post; throws ContentFileError. */
export function parsePostFile(file: string, raw: string, render?: RenderOptions): ParsedPost {
  try {
    return parseChecked(file, raw, render);
  } catch (error) {
    // Under the nesting limits, as a net: a parser that still runs out of stack names the file.
    if (!(error instanceof RangeError)) throw error;
    throw new ContentFileError(file, [
      /call stack/i.test(error.message)
        ? 'is nested too deeply to render (the parser ran out of stack)'
        : `could not be rendered (${error.message})`,
    ]);
  }
}

/** Where a field of the front matter was written: its line in the file, when known. */
type LineOf = (path: string[], part?: 'key' | 'value') => number | undefined;

/** The front matter's data and the body; a file without front matter or with bad YAML throws. */
function frontMatterOf(file: string, raw: string) {
  const split = splitFrontMatter(raw);
  if (split.kind === 'none') throw new ContentFileError(file, ['has no front matter (--- … ---)']);
  if (split.kind === 'not-yaml')
    throw new ContentFileError(file, [
      'front matter is not valid YAML (front matter must be YAML)',
    ]);
  if (split.kind === 'unclosed')
    throw new ContentFileError(
      file,
      ['front matter is not closed; end it with a line of --- before the text'],
      [1],
    );
  let source: YamlSource;
  try {
    // The YAML starts on the file's first line, so its lines are the file's lines.
    source = parseYamlSource(split.yaml);
  } catch (error) {
    if (error instanceof YamlSyntaxError)
      throw new ContentFileError(file, [error.describe('front matter')], [error.line]);
    throw new ContentFileError(file, [
      `front matter is not valid YAML (${(error as Error).message.split('\n')[0]})`,
    ]);
  }
  return { data: source.data ?? {}, body: split.body, lineOf: source.lineOf as LineOf };
}

/** The front matter checked against its schema, each problem on the line of its field. */
function checkedFrontMatter(file: string, data: unknown, lineOf: LineOf): FrontMatter {
  // YAML escapes ("\0") can write a NUL that the file's text does not hold.
  const nulField = fieldWithNul(data);
  if (nulField)
    throw new ContentFileError(
      file,
      [`${nulField.replaceAll('\0', '\\0')} contains a NUL character (U+0000); remove it`],
      [lineOf(nulField.split('.'))],
    );
  const result = validate<FrontMatter>(FrontMatter, data);
  if (!result.ok)
    throw new ContentFileError(
      file,
      result.problems.map((p) => p.text),
      result.problems.map((p) => lineOf(p.path, p.part)),
    );
  return result.value;
}

/** The instant of the front matter's date; one without a zone is UTC. A day that is not real throws. */
function publicationDate(file: string, date: string, lineOf: LineOf): Date {
  // A date or time without a zone is UTC, so the stored instant does not depend on the machine.
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(date);
  const publishedAt = new Date(
    date.length === 10 ? `${date}T00:00:00Z` : `${date.replace(' ', 'T')}${zoned ? '' : 'Z'}`,
  );
  // Date() rolls an impossible day over (2026-02-31 → 2026-03-03), so the calendar day is checked too.
  const [year, month, day] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (
    Number.isNaN(publishedAt.getTime()) ||
    calendar.getUTCFullYear() !== year ||
    calendar.getUTCMonth() !== month - 1 ||
    calendar.getUTCDate() !== day
  )
    throw new ContentFileError(
      file,
      [`date "${date}" is not a real date or time; check the day, month and hour`],
      [lineOf(['date'])],
    );
  return publishedAt;
}

function parseChecked(file: string, raw: string, render?: RenderOptions): ParsedPost {
  const { data, body, lineOf } = frontMatterOf(file, raw);
  const front = checkedFrontMatter(file, data, lineOf);
  const slug = front.slug ?? slugify(basename(file).replace(/\.(md|markdown)$/, ''));
  const problem = slugProblem(slug);
  if (problem) throw new ContentFileError(file, [`slug "${slug}" ${problem}`], [lineOf(['slug'])]);
  const publishedAt = publicationDate(file, front.date, lineOf);
  const extras = postExtras(file, front, publishedAt, lineOf);
  if (body.trim() === '') throw new ContentFileError(file, ['the post has no body']);

  // The body is the end of the file: its lines are counted from where it starts.
  const firstLine = raw.endsWith(body) ? lineAt(raw, raw.length - body.length) : 1;
  const tooDeep = containerNestingProblems(body, firstLine);
  if (tooDeep.length) throw new ContentFileError(file, tooDeep);
  const rendered = renderOrRefuse(file, body, firstLine, render);
  const html = sanitizePostHtml(rendered.html);
  const text = htmlToText(html);
  const { wordCount, readingMinutes } = readingStats(text, html);
  return {
    slug,
    title: front.title.trim(),
    categorySlug: front.category,
    summary: front.summary?.trim() ?? summaryFrom(text),
    image: front.image ?? NO_IMAGE,
    publishedAt: publishedAt.toISOString(),
    draft: front.draft,
    html,
    text,
    images: [...new Set([...(front.image ? [front.image] : []), ...rendered.localImages])],
    wordCount,
    readingMinutes,
    toc: tableOfContents(html),
    ...extras,
    aliases: [...new Set(front.aliases ?? [])],
  };
}

function renderOrRefuse(file: string, body: string, firstLine: number, render?: RenderOptions) {
  try {
    return renderMarkdown(body, render);
  } catch (error) {
    if (!(error instanceof MarkdownLimitError)) throw error;
    // The place: where the text's first line is first found (Marked hands text on without its
    // `>` and indents, so a line is looked for, not the whole), then lines down to the offset.
    const firstTextLine = error.near.slice(0, error.near.indexOf('\n') >>> 0).slice(0, 200);
    const at = body.indexOf(firstTextLine);
    const line =
      at === -1
        ? ''
        : `line ${firstLine + lineAt(body, at) + lineAt(error.near, error.offset) - 2}: `;
    throw new ContentFileError(file, [`${line}${error.problem}`]);
  }
}
