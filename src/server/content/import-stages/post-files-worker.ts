import { listFiles } from '../content-folder.js';
import { ImportError } from '../content-errors.js';
import { POST_FILE_SUFFIXES } from '../post-file.js';
import type { ListingReply } from './post-files.js';

/** Lists a posts folder for listPostFiles, in a process (and heap) of its own. */
async function reply(postsDir: string): Promise<ListingReply> {
  try {
    return { files: await listFiles(postsDir, POST_FILE_SUFFIXES) };
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    const refused = error.failures.map(({ file, problems, lines }) => ({ file, problems, lines }));
    return { refused };
  }
}

process.send!(await reply(process.argv[2]!), () => process.disconnect());
