// `npm run schemas`: writes docs/schema/*.schema.json from the TypeBox schemas of site.yaml and
// of post front matter. Run it after changing either; a test fails while they differ.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonSchemaFiles, SCHEMA_DIR } from '../src/server/content/json-schemas.js';

mkdirSync(SCHEMA_DIR, { recursive: true });
for (const [name, text] of Object.entries(jsonSchemaFiles())) {
  writeFileSync(join(SCHEMA_DIR, name), text);
  console.log(`wrote ${join(SCHEMA_DIR, name)}`);
}
