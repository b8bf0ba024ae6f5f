import type { TSchema } from 'typebox';
import { SiteConfig } from '../../shared/schemas/site-config.js';
import { FrontMatter } from './post-file.js';

/** Where the JSON Schemas are published, from the repository's root (and the package's). */
export const SCHEMA_DIR = 'docs/schema';

/**
 * The JSON Schema of a TypeBox schema, as editors read it: TypeBox's own keys (`~kind`,
 * `~refine`) are not enumerable and drop out; a field with a default is not required of the
 * writer; a text that must not be blank says so with a pattern an editor can check.
 */
function forEditors(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forEditors);
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = schema as Record<string, unknown> & { '~refine'?: unknown };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = forEditors(value);
  const properties = node.properties as Record<string, { default?: unknown }> | undefined;
  if (Array.isArray(node.required) && properties) {
    const required = node.required.filter(
      (name: string) => properties[name]?.default === undefined,
    );
    if (required.length) out.required = required;
    else delete out.required;
  }
  return out;
}

function document(id: string, title: string, schema: TSchema): string {
  const json = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: id,
    title,
    ...(forEditors(schema) as object),
  };
  return `${JSON.stringify(json, null, 2)}\n`;
}

/** Each published schema file and its text, generated from the schemas the import validates with. */
export function jsonSchemaFiles(): Record<string, string> {
  return {
    'site.schema.json': document(
      'site.schema.json',
      'Postfolio site.yaml: the site, the landing cards, the categories and the portfolio',
      SiteConfig,
    ),
    'post.schema.json': document(
      'post.schema.json',
      'Postfolio post front matter (the YAML between the --- lines of posts/*.md)',
      FrontMatter,
    ),
  };
}
