import { lstat, readFile } from 'node:fs/promises';
import { SiteConfig } from '../../shared/schemas/site-config.js';
import { accentProblems } from '../brand/accent.js';
import { ContentFileError } from './content-errors.js';
import { validate } from './schema-errors.js';
import { decodeContentText, fieldWithNul } from './text-file.js';
import { parseYamlSource, YamlSyntaxError, type YamlSource } from './yaml-source.js';

export const SITE_CONFIG_FILE = 'site.yaml';

/** Reads and validates the site config; every problem names the file and the field. */
export async function loadSiteConfig(file: string): Promise<SiteConfig> {
  let bytes: Buffer;
  try {
    // Like every file of the content folder, it is read only when it is in the folder.
    if ((await lstat(file)).isSymbolicLink()) throw ContentFileError.symbolicLink(file);
    bytes = await readFile(file);
  } catch (error) {
    if (error instanceof ContentFileError) throw error;
    throw new ContentFileError(file, ['cannot be read (is the content folder right?)']);
  }
  const raw = decodeContentText(bytes, file);
  try {
    return parseSiteConfig(file, raw);
  } catch (error) {
    // YAML nested deeper than the stack: a problem of the file, not a crash of the import.
    if (error instanceof RangeError)
      throw new ContentFileError(file, ['is nested too deeply to read']);
    throw error;
  }
}

function parseSiteConfig(file: string, raw: string): SiteConfig {
  let source: YamlSource;
  try {
    source = parseYamlSource(raw);
  } catch (error) {
    if (error instanceof YamlSyntaxError)
      throw new ContentFileError(file, [error.describe('the file')], [error.line]);
    throw error;
  }
  const { data } = source;
  // YAML escapes ("\0") can write a NUL that the file's text does not hold.
  const nulField = fieldWithNul(data);
  if (nulField)
    throw new ContentFileError(
      file,
      [`${nulField.replaceAll('\0', '\\0')} contains a NUL character (U+0000); remove it`],
      [source.lineOf(nulField.split('.'))],
    );
  const result = validate<SiteConfig>(SiteConfig, data);
  if (!result.ok)
    throw new ContentFileError(
      file,
      result.problems.map((p) => p.text),
      result.problems.map((p) => source.lineOf(p.path, p.part)),
    );
  const slugs = new Set<string>();
  for (const [i, category] of result.value.categories.entries()) {
    if (slugs.has(category.slug))
      throw new ContentFileError(
        file,
        [`category slug "${category.slug}" is listed twice`],
        [source.lineOf(['categories', String(i), 'slug'])],
      );
    slugs.add(category.slug);
  }
  const { student } = result.value.landing;
  if (student.link_label !== undefined && student.url === undefined)
    throw new ContentFileError(
      file,
      [
        'landing.student.link_label is set without landing.student.url; add the url or remove the label',
      ],
      [source.lineOf(['landing', 'student', 'link_label'], 'key')],
    );
  // A schema checks each colour's form; only arithmetic tells whether it can be read.
  const accents = accentProblems(result.value.brand?.accent);
  if (accents.length)
    throw new ContentFileError(
      file,
      accents.map((problem) => problem.text),
      accents.map((problem) => source.lineOf(['brand', 'accent', problem.scheme])),
    );
  return result.value;
}
