import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { SiteConfig } from '../../shared/schemas/site-config.js';
import { ContentFileError } from './content-errors.js';
import { validate } from './schema-errors.js';

export const SITE_CONFIG_FILE = 'site.yaml';

/** Reads and validates the site config; every problem names the file and the field. */
export async function loadSiteConfig(file: string): Promise<SiteConfig> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch {
    throw new ContentFileError(file, ['cannot be read (is the content folder right?)']);
  }
  let data: unknown;
  try {
    data = parseYaml(raw);
  } catch (error) {
    throw new ContentFileError(file, [
      `is not valid YAML: ${(error as Error).message.split('\n')[0]}`,
    ]);
  }
  const result = validate<SiteConfig>(SiteConfig, data);
  if (!result.ok) throw new ContentFileError(file, result.problems);
  const slugs = new Set<string>();
  for (const category of result.value.categories) {
    if (slugs.has(category.slug))
      throw new ContentFileError(file, [`category slug "${category.slug}" is listed twice`]);
    slugs.add(category.slug);
  }
  return result.value;
}
