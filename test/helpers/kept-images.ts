import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  importContent,
  type ImportOptions,
  type ImportSummary,
} from '../../src/server/content/import.service.js';
import type { Store } from '../../src/server/db/connection.js';

/**
 * One import of the same content on each engine of a file, whose images are made once: the first
 * import keeps a copy of the IMAGES_DIR it left, and each later one starts from that copy, finding
 * each file made under its hash as a second store on one IMAGES_DIR does. The copy is taken as the
 * import ends, so what the tests then draw on request is drawn again for each engine. For files
 * whose images (photos from test/helpers/photos.ts) are fixtures, not what they test; the bytes
 * must be the same for every import (one `photo()` a file).
 */
export function importsKeepingImages(): {
  importContent(store: Store, options: ImportOptions): Promise<ImportSummary>;
  drop(): void;
} {
  let kept: string | undefined;
  return {
    async importContent(store, options) {
      if (kept) cpSync(kept, options.imagesDir, { recursive: true });
      const summary = await importContent(store, options);
      if (!kept) {
        kept = mkdtempSync(join(tmpdir(), 'postfolio-kept-images-'));
        cpSync(options.imagesDir, kept, { recursive: true });
      }
      return summary;
    },
    drop: () => {
      if (kept) rmSync(kept, { recursive: true, force: true });
    },
  };
}
