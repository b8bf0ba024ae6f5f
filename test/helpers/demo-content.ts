import { cpSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { importContent, type ImportSummary } from '../../src/server/content/import.service.js';
import type { Store } from '../../src/server/db/connection.js';
import { storeTemplates } from './stores.js';

/** The demo content that ships with the app. */
export const DEMO_CONTENT_DIR = 'content';

/**
 * Far longer than an import of the demo content takes on a loaded machine (about 6 s on a quiet
 * one); then a file makes its own, still within its hook's 120 s.
 */
const WAIT_FOR_IMAGES_MS = 60_000;

/** Waits for the file that claimed the run's demo images to keep them; false if it never does. */
async function madeByAnother(ready: string): Promise<boolean> {
  for (let waited = 0; waited < WAIT_FOR_IMAGES_MS; waited += 250) {
    if (existsSync(ready)) return true;
    await sleep(250);
  }
  return false;
}

/**
 * Imports the demo content into `store`, its images into the empty folder `imagesDir`. Encoding
 * the demo's photographs and drawing its brand takes most of an import's CPU, so the first import
 * of a test run keeps the images folder it made, and every later one starts from a copy of it:
 * the import then finds each file made under its hash, as a second store on the same
 * IMAGES_DIR does. The tests of image making (src/server/images, brand-images) never use it.
 */
export async function importDemoContent(store: Store, imagesDir: string): Promise<ImportSummary> {
  const options = { contentDir: DEMO_CONTENT_DIR, imagesDir };
  const runDir = storeTemplates().dir;
  if (!runDir) return importContent(store, options);
  const ready = join(runDir, 'demo-images');
  const claimed = () => {
    try {
      mkdirSync(`${ready}.claimed`);
      return true;
    } catch {
      return false;
    }
  };
  const fromCopy = () => {
    cpSync(ready, imagesDir, { recursive: true });
    return importContent(store, options);
  };
  if (existsSync(ready)) return fromCopy();
  if (!claimed()) return (await madeByAnother(ready)) ? fromCopy() : importContent(store, options);
  const summary = await importContent(store, options);
  // Copied whole, then renamed: a file that sees the folder sees all of it.
  cpSync(imagesDir, `${ready}.partial`, { recursive: true });
  renameSync(`${ready}.partial`, ready);
  return summary;
}
